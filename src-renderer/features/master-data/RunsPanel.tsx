import { useMemo, useState } from 'react';
import {
  countOutcomes,
  pushOutcomes,
  resultsToCsv,
  type PushOutcome,
} from '../../../src-shared/domain/master-data';
import type { DeskError } from '../../../src-shared/bridge/result';
import type { PushRecordRow, PushRunRow } from '../../data/rows';
import { useDeskStore } from '../../state/store';
import { csvBytes, csvFilter, runExport, saveFile, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { Dialog } from '../ui/Dialog';
import { outcomeWords, runStateWords } from './master-data-words';
import { ResultsGrid } from './ResultsGrid';
import { maxComparedBalances } from '../../sync/push-runs';

/** Saves a run's results as CSV (a Save dialog, or a download in browser mode). */
function exportResults(fileName: string, text: string): Promise<FileNote | null> {
  return runExport(() => saveFile({ suggestedName: fileName, filter: csvFilter, bytes: csvBytes(text) }));
}

/** The history of pushes and the selected run: progress, pause and resume, results by outcome, export, adoption, balances. */
export function RunsPanel({
  runs,
  selected,
  records,
  error,
  onSelect,
  onControl,
  onAdopt,
  onCompareBalances,
}: {
  runs: PushRunRow[];
  selected: PushRunRow | null;
  records: PushRecordRow[];
  error: DeskError | null;
  onSelect: (runId: string) => void;
  onControl: (runId: string, action: 'pause' | 'resume') => Promise<void>;
  onAdopt: (runId: string, records: PushRecordRow[]) => Promise<boolean>;
  onCompareBalances: (runId: string) => Promise<void>;
}) {
  const [filter, setFilter] = useState<PushOutcome | 'all'>('all');
  const [chosen, setChosen] = useState<PushRecordRow[]>([]);
  const [isAdopting, setAdopting] = useState(false);
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const counts = useMemo(() => countOutcomes(records), [records]);
  const shown = useMemo(
    () => (filter === 'all' ? records : records.filter((record) => record.outcome === filter)),
    [records, filter],
  );
  const balanceRecords = records.filter((record) => record.kind === 'balances').length;
  const hasBalances = balanceRecords > 0;
  const setSection = useDeskStore((state) => state.setSection);
  const offers = records.filter((record) => record.adoptServiceId !== null);
  const summary = selected?.summary;

  return (
    <section className="runs-panel" aria-labelledby="md-runs">
      <h3 id="md-runs">3. Results</h3>
      {error ? (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      ) : null}
      {runs.length === 0 ? (
        <p className="muted">No push yet from this computer on this connection.</p>
      ) : (
        <table className="runs" aria-label="Pushes">
          <thead>
            <tr>
              <th>Push</th>
              <th>Started</th>
              <th>State</th>
              <th>Calls</th>
              <th>Failed</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr
                key={run.runId}
                aria-selected={run.runId === selected?.runId}
                className={run.runId === selected?.runId ? 'selected' : undefined}
              >
                <td>
                  <button type="button" className="link" onClick={() => onSelect(run.runId)}>
                    {run.label}
                  </button>
                </td>
                <td>{run.createdAt.slice(0, 16).replace('T', ' ')}</td>
                <td>{runStateWords(run.summary.state)}</td>
                <td>
                  {run.summary.callsDone} / {run.summary.callsTotal}
                </td>
                <td>{run.summary.counts.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {selected && summary ? (
        <div className="run" aria-label={`Push ${selected.label}`} role="region">
          <div className="run-head">
            <h4>{selected.label}</h4>
            <span role="status" aria-label="Push state">
              {runStateWords(summary.state)} · {summary.callsDone} of {summary.callsTotal} calls answered
            </span>
            <progress max={summary.callsTotal} value={summary.callsDone} aria-label="Push progress" />
            {summary.state === 'running' || summary.state === 'queued' ? (
              <button type="button" onClick={() => void onControl(summary.runId, 'pause')}>
                Pause
              </button>
            ) : null}
            {summary.state === 'paused' || summary.state === 'stopped' ? (
              <button
                type="button"
                className="primary"
                onClick={() => void onControl(summary.runId, 'resume')}
              >
                Resume
              </button>
            ) : null}
          </div>
          {summary.reason && summary.state !== 'done' ? (
            <p className="hint">{summary.reason.message}</p>
          ) : null}

          <div className="toolbar">
            <div className="views" role="group" aria-label="Filter by result">
              {(['all', ...pushOutcomes] as const).map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  aria-pressed={filter === outcome}
                  onClick={() => setFilter(outcome)}
                >
                  {outcome === 'all' ? 'All' : outcomeWords(outcome).replace(/ \(.*\)$/, '')}{' '}
                  <span className="count">{outcome === 'all' ? records.length : counts[outcome]}</span>
                </button>
              ))}
            </div>
            <div className="actions">
              {offers.length > 0 ? (
                <button type="button" disabled={chosen.length === 0} onClick={() => setAdopting(true)}>
                  Link {chosen.length || ''} to existing customers…
                </button>
              ) : null}
              {hasBalances ? (
                <button type="button" onClick={() => void onCompareBalances(summary.runId)}>
                  {balanceRecords > maxComparedBalances
                    ? `Compare the first ${maxComparedBalances} with service balances`
                    : 'Compare with service balances'}
                </button>
              ) : null}
              {hasBalances ? (
                <button
                  type="button"
                  title="Every customer, each difference explained by the documents staged here"
                  onClick={() => setSection('balances')}
                >
                  Explain in Balances
                </button>
              ) : null}
              <button
                type="button"
                disabled={records.length === 0}
                onClick={() =>
                  void exportResults(
                    `push-${selected.label.replace(/[^\w-]+/g, '-')}.csv`,
                    resultsToCsv(shown),
                  ).then(setExportNote)
                }
              >
                Export CSV
              </button>
              <FileNoteText note={exportNote} />
            </div>
          </div>
          {offers.length > 0 ? (
            <p className="hint">
              {offers.length} customer{offers.length === 1 ? ' has' : 's have'} a key the service already
              knows as another customer&apos;s code. Tick them in the grid to link each ERP key to that
              customer.
            </p>
          ) : null}
          <ResultsGrid
            records={shown}
            hasBalances={hasBalances}
            canChoose={offers.length > 0}
            onSelection={setChosen}
          />
        </div>
      ) : null}

      {isAdopting && selected ? (
        <Dialog title="Link ERP keys to existing customers?" onClose={() => setAdopting(false)} wide>
          <p>
            Each ERP key below is pushed again with the service id of the customer the service already has.
            From then on that customer answers to the ERP key.
          </p>
          <ul>
            {chosen.map((record) => (
              <li key={record.seq}>
                ERP key {record.key} → service customer {record.adoptServiceId}
              </li>
            ))}
          </ul>
          <div className="dialog-foot">
            <span />
            <button type="button" onClick={() => setAdopting(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => {
                setAdopting(false);
                void onAdopt(selected.runId, chosen);
              }}
            >
              Link {chosen.length} customer{chosen.length === 1 ? '' : 's'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
