import { useMemo, useState } from 'react';
import {
  buildPushPlan,
  findRemovals,
  maxItemsPerCall,
  replaceablePriceLists,
  type ImportFile,
  type KnownKeys,
  type PushPlan,
} from '../../../src-shared/domain/master-data';
import { Dialog } from '../ui/Dialog';
import type { ImportSettings } from './use-import';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { planProblemWords } from './master-data-words';

/**
 * The push step: how dates are read, the balance file's `as_of`, price lists to replace (after a
 * warning), removals from a full export (after a confirmation listing them), and the push itself.
 */
export function PushPanel({
  files,
  settings,
  onSettings,
  known,
  isBusy,
  onPush,
}: {
  files: ImportFile[];
  settings: ImportSettings;
  onSettings: (settings: ImportSettings) => void;
  known: KnownKeys;
  isBusy: boolean;
  onPush: (plan: PushPlan, files: string[]) => Promise<boolean>;
}) {
  const say = useSay();
  const [label, setLabel] = useState('');
  const [replace, setReplace] = useState<string[]>([]);
  const [askReplace, setAskReplace] = useState<string | null>(null);
  const [fullExport, setFullExport] = useState<{ customers: boolean; branches: boolean }>({
    customers: false,
    branches: false,
  });
  const [removalsConfirmed, setRemovalsConfirmed] = useState(false);
  const hasKind = (kind: ImportFile['kind']): boolean => files.some((file) => file.kind === kind);
  const lists = useMemo(() => replaceablePriceLists(files), [files]);
  const removeCustomers = useMemo(
    () => (fullExport.customers ? findRemovals('customers', files, known.customers ?? []) : []),
    [fullExport.customers, files, known],
  );
  const removeBranches = useMemo(
    () => (fullExport.branches ? findRemovals('branches', files, known.branches ?? []) : []),
    [fullExport.branches, files, known],
  );
  const removalCount = removeCustomers.length + removeBranches.length;
  // Said in the clerk's language, so a switch makes the plan again (its default name with it).
  const removalsFile = say('masterData.push.removalsFile');
  const built = useMemo(
    () =>
      buildPushPlan(files, {
        // The run's name, kept with it: said in the clerk's language of the moment the plan is made.
        label:
          label.trim() ||
          say('masterData.push.defaultLabel', {
            time: new Date().toISOString().slice(0, 16).replace('T', ' '),
          }),
        replacePriceLists: replace.filter((ref) =>
          lists.some((list) => list.ref === ref && list.isReplaceable),
        ),
        removeCustomers: removalsConfirmed ? removeCustomers : [],
        removeBranches: removalsConfirmed
          ? removeBranches.map((key) => {
              const [customerRef = '', branchRef = ''] = key.split(' / ');
              return { customerRef, branchRef };
            })
          : [],
        removalsFile,
      }),
    [files, label, replace, lists, removalsConfirmed, removeCustomers, removeBranches, removalsFile, say],
  );
  const needsAsOf = hasKind('balances') && settings.asOfLocal === '';

  return (
    <section className="push-panel" aria-labelledby="md-push">
      <h3 id="md-push">{say('masterData.push.title')}</h3>
      <div className="push-options">
        <label>
          {say('masterData.push.dates')}{' '}
          <select
            aria-label={say('masterData.push.datesAria')}
            value={settings.dateOrder}
            onChange={(event) =>
              onSettings({ ...settings, dateOrder: event.target.value === 'mdy' ? 'mdy' : 'dmy' })
            }
          >
            <option value="dmy">{say('masterData.push.dates.dmy')}</option>
            <option value="mdy">{say('masterData.push.dates.mdy')}</option>
          </select>
        </label>
        {hasKind('balances') ? (
          <label>
            {say('masterData.push.asOf')}{' '}
            <input
              type="datetime-local"
              aria-label={say('masterData.push.asOfAria')}
              value={settings.asOfLocal}
              onChange={(event) => onSettings({ ...settings, asOfLocal: event.target.value })}
            />
            {needsAsOf ? <span className="error-text"> {say('masterData.push.asOfMissing')}</span> : null}
          </label>
        ) : null}
        <label>
          {say('masterData.push.name')}{' '}
          <input
            aria-label={say('masterData.push.name')}
            value={label}
            maxLength={200}
            placeholder={say('masterData.push.namePlaceholder')}
            onChange={(event) => setLabel(event.target.value)}
          />
        </label>
      </div>

      {lists.length > 0 ? (
        <fieldset className="price-modes">
          <legend>{say('masterData.prices.title')}</legend>
          <p className="hint">{say('masterData.prices.hint')}</p>
          {lists.map((list) => (
            <label key={list.ref} className="inline">
              <input
                type="checkbox"
                checked={replace.includes(list.ref)}
                disabled={!list.isReplaceable}
                onChange={(event) =>
                  event.target.checked
                    ? setAskReplace(list.ref)
                    : setReplace(replace.filter((ref) => ref !== list.ref))
                }
              />{' '}
              {say('masterData.prices.replace', {
                list: isolate.ltr(list.ref),
                rows: list.rows,
                replaceable: list.isReplaceable ? 'yes' : 'no',
                max: maxItemsPerCall,
              })}
            </label>
          ))}
        </fieldset>
      ) : null}

      {hasKind('customers') || hasKind('branches') ? (
        <fieldset className="removals">
          <legend>{say('masterData.fullExport.title')}</legend>
          {(['customers', 'branches'] as const).filter(hasKind).map((kind) => (
            <label key={kind} className="inline">
              <input
                type="checkbox"
                checked={fullExport[kind]}
                onChange={(event) => {
                  setFullExport({ ...fullExport, [kind]: event.target.checked });
                  setRemovalsConfirmed(false);
                }}
              />{' '}
              {say(`masterData.fullExport.${kind}`)}
            </label>
          ))}
          {fullExport.customers || fullExport.branches ? (
            removalCount === 0 ? (
              <p className="muted">{say('masterData.fullExport.nothing')}</p>
            ) : (
              <div
                className="removal-list"
                role="group"
                aria-label={say('masterData.fullExport.removalsAria')}
              >
                <p>{say('masterData.fullExport.removals', { count: removalCount })}</p>
                <ul>
                  {removeCustomers.map((key) => (
                    <li key={`c-${key}`}>
                      {say('masterData.fullExport.customer', { key: isolate.ltr(key) })}
                    </li>
                  ))}
                  {removeBranches.map((key) => (
                    <li key={`b-${key}`}>{say('masterData.fullExport.branch', { key: isolate.ltr(key) })}</li>
                  ))}
                </ul>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={removalsConfirmed}
                    onChange={(event) => setRemovalsConfirmed(event.target.checked)}
                  />{' '}
                  {say('masterData.fullExport.confirm', { count: removalCount })}
                </label>
              </div>
            )
          ) : null}
        </fieldset>
      ) : null}

      {built.ok ? (
        <p role="status" aria-label={say('masterData.push.summaryAria')}>
          {say('masterData.push.summary', {
            records: built.records,
            calls: built.plan.calls.length,
            skipped: built.skippedRows,
          })}
        </p>
      ) : (
        <ul className="problems" aria-label={say('masterData.push.problemsAria')}>
          {built.problems.map((problem, index) => (
            <li key={index}>{planProblemWords(problem)}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="primary"
        disabled={!built.ok || isBusy || needsAsOf}
        onClick={() => {
          if (built.ok) void onPush(built.plan, [...new Set(files.map((file) => file.fileName))]);
        }}
      >
        {built.ok
          ? say('masterData.push.button', { count: built.records })
          : say('masterData.push.buttonNoPlan')}
      </button>

      {askReplace !== null ? (
        <Dialog
          title={say('masterData.prices.replaceTitle', { list: isolate.ltr(askReplace) })}
          onClose={() => setAskReplace(null)}
        >
          <p>{say('masterData.prices.replaceBody', { list: isolate.ltr(askReplace) })}</p>
          <div className="dialog-foot">
            <span />
            <button type="button" onClick={() => setAskReplace(null)}>
              {say('masterData.prices.keepMerge')}
            </button>
            <button
              type="button"
              className="primary danger"
              onClick={() => {
                setReplace([...replace, askReplace]);
                setAskReplace(null);
              }}
            >
              {say('masterData.prices.replaceList')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
