import { useMemo, useState } from 'react';
import {
  buildPushPlan,
  findRemovals,
  replaceablePriceLists,
  type ImportFile,
  type KnownKeys,
  type PushPlan,
} from '../../../src-shared/domain/master-data';
import { Dialog } from '../ui/Dialog';
import type { ImportSettings } from './use-import';
import { countOf } from '../../words/counts';

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
  const built = useMemo(
    () =>
      buildPushPlan(files, {
        label: label.trim() || `Master data ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
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
        removalsFile: 'full export',
      }),
    [files, label, replace, lists, removalsConfirmed, removeCustomers, removeBranches],
  );
  const needsAsOf = hasKind('balances') && settings.asOfLocal === '';

  return (
    <section className="push-panel" aria-labelledby="md-push">
      <h3 id="md-push">2. Push</h3>
      <div className="push-options">
        <label>
          Dates like 03/04/2025 are{' '}
          <select
            aria-label="Date order"
            value={settings.dateOrder}
            onChange={(event) =>
              onSettings({ ...settings, dateOrder: event.target.value === 'mdy' ? 'mdy' : 'dmy' })
            }
          >
            <option value="dmy">day first (3 April)</option>
            <option value="mdy">month first (4 March)</option>
          </select>
        </label>
        {hasKind('balances') ? (
          <label>
            Balances taken at{' '}
            <input
              type="datetime-local"
              aria-label="Balances as of"
              value={settings.asOfLocal}
              onChange={(event) => onSettings({ ...settings, asOfLocal: event.target.value })}
            />
            {needsAsOf ? (
              <span className="error-text"> Give the date and time the ERP took the balances.</span>
            ) : null}
          </label>
        ) : null}
        <label>
          Name of this push{' '}
          <input
            aria-label="Name of this push"
            value={label}
            maxLength={200}
            placeholder="e.g. March catalogue"
            onChange={(event) => setLabel(event.target.value)}
          />
        </label>
      </div>

      {lists.length > 0 ? (
        <fieldset className="price-modes">
          <legend>Price lists</legend>
          <p className="hint">
            Prices are merged: the rows sent are added or changed, the list&apos;s other prices stay.
          </p>
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
              Replace all prices of {list.ref} ({countOf(list.rows, 'row')})
              {list.isReplaceable ? '' : ' — only a list of at most 500 prices can be replaced'}
            </label>
          ))}
        </fieldset>
      ) : null}

      {hasKind('customers') || hasKind('branches') ? (
        <fieldset className="removals">
          <legend>Full export</legend>
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
              The {kind} file lists every {kind === 'customers' ? 'customer' : 'branch'}: remove the ones
              pushed before that it no longer has
            </label>
          ))}
          {fullExport.customers || fullExport.branches ? (
            removalCount === 0 ? (
              <p className="muted">Nothing pushed from this computer is missing from the files.</p>
            ) : (
              <div className="removal-list" role="group" aria-label="Records to remove">
                <p>
                  These {removalCount} records were pushed before and are not in the files. Removing one
                  leaves a tombstone in the service (phones stop showing it):
                </p>
                <ul>
                  {removeCustomers.map((key) => (
                    <li key={`c-${key}`}>Customer {key} (with its branches)</li>
                  ))}
                  {removeBranches.map((key) => (
                    <li key={`b-${key}`}>Branch {key}</li>
                  ))}
                </ul>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={removalsConfirmed}
                    onChange={(event) => setRemovalsConfirmed(event.target.checked)}
                  />{' '}
                  Yes, remove these {removalCount} records
                </label>
              </div>
            )
          ) : null}
        </fieldset>
      ) : null}

      {built.ok ? (
        <p role="status" aria-label="Push summary">
          {built.records} records in {built.plan.calls.length} calls, in the order the service needs them
          {built.skippedRows === 1
            ? '; 1 row with errors is left out'
            : built.skippedRows > 1
              ? `; ${countOf(built.skippedRows, 'row')} with errors ${built.skippedRows === 1 ? 'is' : 'are'} left out`
              : ''}
          .
        </p>
      ) : (
        <ul className="problems" aria-label="Why nothing can be pushed">
          {built.problems.map((problem) => (
            <li key={problem}>{problem}</li>
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
        {built.ok ? `Push ${built.records} record${built.records === 1 ? '' : 's'}` : 'Push'}
      </button>

      {askReplace !== null ? (
        <Dialog title={`Replace the prices of ${askReplace}?`} onClose={() => setAskReplace(null)}>
          <p>
            Replace removes every price of {askReplace} that the service has and this file does not. Phones
            stop offering those prices. Use it only when the file holds the whole list.
          </p>
          <div className="dialog-foot">
            <span />
            <button type="button" onClick={() => setAskReplace(null)}>
              Keep merge
            </button>
            <button
              type="button"
              className="primary danger"
              onClick={() => {
                setReplace([...replace, askReplace]);
                setAskReplace(null);
              }}
            >
              Replace the list
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
