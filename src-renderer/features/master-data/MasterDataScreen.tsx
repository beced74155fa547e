import { useCallback, useState } from 'react';
import { openFiles } from '../files/file-actions';
import { useDeskStore } from '../../state/store';
import { say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { ImportFileCard } from './ImportFileCard';
import { PushPanel } from './PushPanel';
import { RunsPanel } from './RunsPanel';
import { useImport } from './use-import';
import { usePushRuns } from './use-push-runs';
import '../ui/review.css';
import './master-data.css';

/** The exports the Open dialog offers: CSV (or tab-separated text) and Excel workbooks. */
function exportFilters() {
  return [
    { name: say('masterData.open.filter.any'), extensions: ['csv', 'txt', 'tsv', 'xlsx'] },
    { name: say('masterData.open.filter.csv'), extensions: ['csv', 'txt', 'tsv'] },
    { name: say('masterData.open.filter.excel'), extensions: ['xlsx'] },
  ];
}

/**
 * Master data from ERP exports: add CSV or Excel files, check their columns and rows, push them in
 * the order the service needs, and review what happened to each record.
 */
export function MasterDataScreen() {
  const say = useSay();
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
    const opened = await openFiles(say('masterData.open.title'), exportFilters());
    setOpenError(opened.ok ? '' : opened.message);
    if (opened.ok && opened.files.length > 0) await addFiles(opened.files);
  }, [addFiles, say]);

  if (connectionId === null) return <p className="empty">{say('masterData.noConnection')}</p>;
  return (
    <div className="master-data">
      <section className="import-panel" aria-labelledby="md-files">
        <h3 id="md-files">{say('masterData.files.title')}</h3>
        <p className="hint">{say('masterData.files.hint')}</p>
        <div className="file-button" role="group" aria-label={say('masterData.files.add')}>
          {say('masterData.files.add')}{' '}
          <button type="button" disabled={imports.isReading} onClick={() => void addChosenFiles()}>
            {say('masterData.files.choose')}
          </button>
        </div>
        {imports.isReading ? <span className="muted"> {say('masterData.files.reading')}</span> : null}
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
