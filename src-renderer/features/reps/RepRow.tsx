import { useState } from 'react';
import { nameLabel } from '../../../src-shared/domain/names';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import type { RepOnScreen } from './reps-to-name';
import { sourceWords } from './reps-words';

/**
 * One rep the documents name: its code and service id, its name now and where it came from, a box to
 * type a name in (Arabic or English: the part of the name is chosen by its script), and Clear.
 */
export function RepRow({
  rep,
  isBusy,
  onName,
  onClear,
}: {
  rep: RepOnScreen;
  isBusy: boolean;
  /** Keeps the typed name; answers whether it was kept. */
  onName: (typed: string) => Promise<boolean>;
  onClear: () => Promise<void>;
}) {
  const say = useSay();
  const [typed, setTyped] = useState('');
  const code = rep.code || say('reps.row.noCode');
  // The code set apart in the labels' sentences, so `R-01` never scrambles in Arabic.
  const codeInWords = rep.code ? isolate.ltr(rep.code) : code;
  const save = async (): Promise<void> => {
    if (typed.trim() === '') return;
    if (await onName(typed)) setTyped('');
  };
  return (
    <tr>
      <td>
        <bdi dir="ltr">{code}</bdi>
      </td>
      <td>
        <bdi dir="ltr">{rep.id}</bdi>
      </td>
      <td>
        {rep.named ? (
          <bdi>{nameLabel(rep.named.name)}</bdi>
        ) : (
          <span className="muted">{say('reps.list.noName')}</span>
        )}
      </td>
      <td className="muted">{rep.named ? sourceWords(rep.named) : null}</td>
      <td className="reps-edit">
        <input
          type="text"
          dir="auto"
          value={typed}
          placeholder={say('reps.list.newName')}
          aria-label={say('reps.row.input', { code: codeInWords })}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save(); // words: not shown (a key's name)
          }}
        />
        <button
          type="button"
          disabled={isBusy || typed.trim() === ''}
          aria-label={say('reps.row.saveAria', { code: codeInWords })}
          onClick={() => void save()}
        >
          {say('reps.row.save')}
        </button>
        <button
          type="button"
          className="link"
          disabled={isBusy || !rep.named}
          aria-label={say('reps.row.clearAria', { code: codeInWords })}
          onClick={() => void onClear()}
        >
          {say('reps.row.clear')}
        </button>
      </td>
    </tr>
  );
}
