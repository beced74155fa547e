import { useState } from 'react';
import { nameLabel } from '../../../src-shared/domain/names';
import { nameMapOfText } from '../../../src-shared/domain/rep-names';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { RepRow } from './RepRow';
import { RepsImport } from './RepsImport';
import { writeFailureWords } from './reps-words';
import { useReps } from './use-reps';
import '../master-data/master-data.css';
import './reps.css';

/**
 * The Sales reps section (docs/decisions/107-names-not-codes.md, "On screen: naming reps"): every rep
 * the staged documents name, with the name the clerk gave it and where it came from; a name typed or
 * cleared here, or imported from the ERP's salesperson list, is the one every screen shows.
 */
export function RepsScreen() {
  const say = useSay();
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const reps = useReps(connectionId);
  // What the last write came to, said when shown: a switch of language says it again.
  const [note, setNote] = useState<{ words: () => string; isFailure: boolean } | null>(null);
  const [isBusy, setBusy] = useState(false);

  if (connectionId === null) return <p className="empty">{say('reps.noConnection')}</p>;
  const list = reps.list;
  const named = list ? list.reps.filter((rep) => rep.named !== null).length : 0;
  const codeOf = (code: string): string => (code ? isolate.ltr(code) : say('reps.row.noCode'));

  return (
    <div className="master-data reps">
      <p className="muted">{say('reps.intro')}</p>
      {note ? (
        <p className={note.isFailure ? 'error-text' : 'reps-note'} role={note.isFailure ? 'alert' : 'status'}>
          {note.words()}
        </p>
      ) : null}
      <section aria-labelledby="reps-list-title">
        <h3 id="reps-list-title">{say('reps.list.title')}</h3>
        {list === null ? null : list.reps.length === 0 ? (
          <p className="empty">{say('reps.list.none')}</p>
        ) : (
          <>
            <p className="muted">{say('reps.list.count', { count: list.reps.length, named })}</p>
            <div className="issues-frame reps-frame">
              <table className="issues reps-table" aria-label={say('reps.list.aria')}>
                <thead>
                  <tr>
                    <th>{say('reps.list.code')}</th>
                    <th>{say('reps.list.id')}</th>
                    <th>{say('reps.list.name')}</th>
                    <th>{say('reps.list.source')}</th>
                    <th>{say('reps.list.newName')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.reps.map((rep) => (
                    <RepRow
                      key={rep.id}
                      rep={rep}
                      isBusy={isBusy}
                      onName={async (typed) => {
                        setBusy(true);
                        const write = await reps.name(rep, typed);
                        setBusy(false);
                        setNote(
                          write.ok
                            ? {
                                words: () =>
                                  say('reps.done.named', {
                                    code: codeOf(rep.code),
                                    name: isolate.name(nameLabel(nameMapOfText(typed))),
                                  }),
                                isFailure: false,
                              }
                            : { words: () => writeFailureWords(write), isFailure: true },
                        );
                        return write.ok;
                      }}
                      onClear={async () => {
                        setBusy(true);
                        const write = await reps.clear(rep);
                        setBusy(false);
                        setNote(
                          write.ok
                            ? {
                                words: () => say('reps.done.cleared', { code: codeOf(rep.code) }),
                                isFailure: false,
                              }
                            : { words: () => writeFailureWords(write), isFailure: true },
                        );
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {list && list.namedElsewhere > 0 ? (
          <p className="muted">{say('reps.list.namedElsewhere', { count: list.namedElsewhere })}</p>
        ) : null}
      </section>
      <RepsImport
        refs={reps.refs}
        onImport={reps.importNames}
        onDone={(words, isFailure) => setNote({ words, isFailure })}
      />
    </div>
  );
}
