import { useMemo, useState } from 'react';
import { countOutcomes, pushOutcomes, type PushOutcome } from '../../../src-shared/domain/master-data';
import type { DeskError } from '../../../src-shared/bridge/result';
import type { PushRecordRow, PushRunRow } from '../../data/rows';
import { useDeskStore } from '../../state/store';
import { csvBytes, csvFilter, runExport, saveFile, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { Dialog } from '../ui/Dialog';
import { outcomeFilterWords, runReasonWords, runStateWords } from './master-data-words';
import { ResultsGrid } from './ResultsGrid';
import { maxComparedBalances } from '../../sync/push-runs';
import { formatters, isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatTime } from '../ui/format';
import { resultsCsv } from './export-results';

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
  const say = useSay();
  const digits = formatters().digits;
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
      <h3 id="md-runs">{say('masterData.runs.title')}</h3>
      {error ? (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      ) : null}
      {runs.length === 0 ? (
        <p className="muted">{say('masterData.runs.none')}</p>
      ) : (
        <table className="runs" aria-label={say('masterData.runs.aria')}>
          <thead>
            <tr>
              <th>{say('masterData.runs.push')}</th>
              <th>{say('masterData.runs.started')}</th>
              <th>{say('masterData.runs.state')}</th>
              <th>{say('masterData.runs.calls')}</th>
              <th>{say('masterData.runs.failed')}</th>
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
                    <bdi>{run.label}</bdi>
                  </button>
                </td>
                <td>
                  <bdi dir="ltr">{formatTime(run.createdAt)}</bdi>
                </td>
                <td>{runStateWords(run.summary.state)}</td>
                <td>
                  {say('masterData.runs.callsDone', {
                    done: run.summary.callsDone,
                    total: run.summary.callsTotal,
                  })}
                </td>
                <td>{digits(run.summary.counts.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {selected && summary ? (
        <div
          className="run"
          aria-label={say('masterData.run.aria', { label: isolate.name(selected.label) })}
          role="region"
        >
          <div className="run-head">
            <h4>
              <bdi>{selected.label}</bdi>
            </h4>
            <span role="status" aria-label={say('masterData.run.stateAria')}>
              {say('masterData.run.state', {
                state: runStateWords(summary.state),
                done: summary.callsDone,
                total: summary.callsTotal,
              })}
            </span>
            <progress
              max={summary.callsTotal}
              value={summary.callsDone}
              aria-label={say('masterData.run.progressAria')}
            />
            {summary.state === 'running' || summary.state === 'queued' ? (
              <button type="button" onClick={() => void onControl(summary.runId, 'pause')}>
                {say('masterData.run.pause')}
              </button>
            ) : null}
            {summary.state === 'paused' || summary.state === 'stopped' ? (
              <button
                type="button"
                className="primary"
                onClick={() => void onControl(summary.runId, 'resume')}
              >
                {say('masterData.run.resume')}
              </button>
            ) : null}
          </div>
          {summary.reason && summary.state !== 'done' ? (
            <p className="hint">{runReasonWords(summary.reason)}</p>
          ) : null}

          <div className="toolbar">
            <div className="views" role="group" aria-label={say('masterData.filter.aria')}>
              {(['all', ...pushOutcomes] as const).map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  aria-pressed={filter === outcome}
                  onClick={() => setFilter(outcome)}
                >
                  {outcomeFilterWords(outcome)}{' '}
                  <span className="count">
                    {digits(outcome === 'all' ? records.length : counts[outcome])}
                  </span>
                </button>
              ))}
            </div>
            <div className="actions">
              {offers.length > 0 ? (
                <button type="button" disabled={chosen.length === 0} onClick={() => setAdopting(true)}>
                  {say('masterData.adopt.button', { count: chosen.length })}
                </button>
              ) : null}
              {hasBalances ? (
                <button type="button" onClick={() => void onCompareBalances(summary.runId)}>
                  {balanceRecords > maxComparedBalances
                    ? say('masterData.balances.compareFirst', { count: maxComparedBalances })
                    : say('masterData.balances.compare')}
                </button>
              ) : null}
              {hasBalances ? (
                <button
                  type="button"
                  title={say('masterData.balances.explainTitle')}
                  onClick={() => setSection('balances')}
                >
                  {say('masterData.balances.explain')}
                </button>
              ) : null}
              <button
                type="button"
                disabled={records.length === 0}
                onClick={() =>
                  void exportResults(
                    `push-${selected.label.replace(/[^\w-]+/g, '-')}.csv`,
                    resultsCsv(shown),
                  ).then(setExportNote)
                }
              >
                {say('masterData.export.button')}
              </button>
              <FileNoteText note={exportNote} />
            </div>
          </div>
          {offers.length > 0 ? (
            <p className="hint">{say('masterData.adopt.hint', { count: offers.length })}</p>
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
        <Dialog title={say('masterData.adopt.title')} onClose={() => setAdopting(false)} wide>
          <p>{say('masterData.adopt.body')}</p>
          <ul>
            {chosen.map((record) => (
              <li key={record.seq}>
                {say('masterData.adopt.link', {
                  key: isolate.ltr(record.key),
                  serviceId: isolate.ltr(record.adoptServiceId ?? ''),
                })}
              </li>
            ))}
          </ul>
          <div className="dialog-foot">
            <span />
            <button type="button" onClick={() => setAdopting(false)}>
              {say('masterData.adopt.cancel')}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => {
                setAdopting(false);
                void onAdopt(selected.runId, chosen);
              }}
            >
              {say('masterData.adopt.confirm', { count: chosen.length })}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
