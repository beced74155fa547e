import { useCallback, useState } from 'react';
import { openFiles } from '../files/file-actions';
import { useDeskStore } from '../../state/store';
import { ImportFileCard } from './ImportFileCard';
import { PushPanel } from './PushPanel';
import { RunsPanel } from './RunsPanel';
import { useImport } from './use-import';
import { usePushRuns } from './use-push-runs';
import '../ui/review.css';
import './master-data.css';

/** The exports the Open dialog offers: CSV (or tab-separated text) and Excel workbooks. */
const exportFilters = [
  { name: 'CSV or Excel', extensions: ['csv', 'txt', 'tsv', 'xlsx'] },
  { name: 'CSV file', extensions: ['csv', 'txt', 'tsv'] },
  { name: 'Excel workbook', extensions: ['xlsx'] },
];

/**
 * Master data from ERP exports: add CSV or Excel files, check their columns and rows, push them in
 * the order the service needs, and review what happened to each record.
 */
export function MasterDataScreen() {
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const imports = useImport(connectionId);
  const { reloadKnown } = imports;
  const onSettled = useCallback(() => void reloadKnown(), [reloadKnown]);
  const runs = usePushRuns(connectionId, onSettled);
  const [openError, setOpenError] = useState('');
  const { addFiles } = imports;
  // A day's exports in one Open dialog, each read and shown as a card
  // (docs/decisions/102-files-and-shortcuts.md).
  const addChosenFiles = useCallback(async () => {
    const opened = await openFiles('ERP exports', exportFilters);
    setOpenError(opened.ok ? '' : opened.message);
    if (opened.ok && opened.files.length > 0) await addFiles(opened.files);
  }, [addFiles]);

  if (connectionId === null)
    return (
      <p className="empty">Add a connection first: pushes go to the active connection&apos;s service.</p>
    );
  return (
    <div className="master-data">
      <section className="import-panel" aria-labelledby="md-files">
        <h3 id="md-files">1. Files</h3>
        <p className="hint">
          Add ERP exports (CSV or Excel): units, price lists, products, product units, prices, customers,
          branches, balances. Nothing is sent before you press Push.
        </p>
        <div className="file-button" role="group" aria-label="Add files">
          Add files{' '}
          <button type="button" disabled={imports.isReading} onClick={() => void addChosenFiles()}>
            Choose files…
          </button>
        </div>
        {imports.isReading ? <span className="muted"> Reading…</span> : null}
        {openError ? (
          <p className="error-text" role="alert">
            {openError}
          </p>
        ) : null}
        {imports.readErrors.length > 0 ? (
          <ul className="problems" role="alert">
            {imports.readErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {imports.drafts.map((draft) => (
          <ImportFileCard
            key={draft.id}
            draft={draft}
            file={imports.files.find((file) => file.id === draft.id)}
            onKind={(kind) => void imports.setKind(draft.id, kind)}
            onMapping={(mapping) => void imports.setMapping(draft.id, mapping)}
            onRemove={() => imports.removeFile(draft.id)}
          />
        ))}
      </section>
      {imports.drafts.length > 0 ? (
        <PushPanel
          files={imports.files}
          settings={imports.settings}
          onSettings={imports.setSettings}
          known={imports.known}
          isBusy={false}
          onPush={async (plan, files) => {
            const started = await runs.start(plan, files);
            if (started) imports.clear();
            return started;
          }}
        />
      ) : null}
      <RunsPanel
        runs={runs.runs}
        selected={runs.selected}
        records={runs.records}
        error={runs.error}
        onSelect={runs.select}
        onControl={runs.control}
        onAdopt={runs.adopt}
        onCompareBalances={runs.compareBalances}
      />
    </div>
  );
}
