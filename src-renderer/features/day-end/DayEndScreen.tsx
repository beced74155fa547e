import { useState } from 'react';
import { checkRange, localDateOf, quickRangeOf } from '../../../src-shared/domain/day-end';
import { useDeskStore } from '../../state/store';
import { formatCount, formatTime } from '../ui/format';
import '../ui/review.css';
import './day-end.css';
import { DayEndChart } from './DayEndChart';
import { DayTables, KindSummaryTable } from './DayEndTables';
import { dayLabel } from './day-end-words';
import { exportDayEndAsXlsx } from './export-day-end';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { RangePicker, type DateRange } from './RangePicker';
import { SeqGaps } from './SeqGaps';
import { useDayEnd } from './use-day-end';

/**
 * The day-end report (issue: the day-end): per day and kind, the documents issued and where they stand
 * now, who answered them, and the seq check; a chart, an XLSX export and a printable page. Computed
 * from the local store (docs/decisions/092-day-end-report.md). `today` is the app's clock's date
 * unless given.
 */
export function DayEndScreen(props: { today?: string }) {
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const lastSyncAt = useDeskStore((state) => state.lastSyncAt);
  const start = useDeskStore((state) => state.connection?.connection?.start ?? null);
  // A connection started from a date or from now holds earlier days only in part
  // (docs/decisions/090-where-to-start.md).
  const startDay = start?.mode === 'date' ? start.date : start?.mode === 'now' ? start.at.slice(0, 10) : null;
  const [today] = useState(() => props.today ?? localDateOf(new Date()));
  const [range, setRange] = useState<DateRange>(() => quickRangeOf('last-7-days', today));
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const problem = checkRange(range.from, range.to);
  const { report, isLoading, error, readMs } = useDayEnd(
    problem ? null : range.from,
    problem ? null : range.to,
  );
  // The report shown is the range's: a report of an earlier range is not shown as this one.
  const shown = report && !problem && report.from === range.from && report.to === range.to ? report : null;
  const total = shown ? shown.summary.reduce((sum, figures) => sum + figures.issued, 0) : 0;

  if (connectionId === null)
    return <p className="empty">No connection yet. Add the service address and token in Connections.</p>;

  async function exportXlsx(): Promise<void> {
    if (!shown) return;
    setExportNote(null);
    setExportNote(
      await runExport(() =>
        exportDayEndAsXlsx(shown, `day-end-${shown.from}-to-${shown.to}.xlsx`, new Date().toISOString()),
      ),
    );
  }

  return (
    <div className="day-end">
      <div className="toolbar day-end-tools" role="toolbar" aria-label="Day-end tools">
        <RangePicker range={range} today={today} onChange={setRange} />
        <div className="actions">
          <button type="button" disabled={!shown} onClick={() => void exportXlsx()}>
            Export XLSX
          </button>
          <button type="button" disabled={!shown} onClick={() => window.print()}>
            Print
          </button>
          <FileNoteText note={exportNote} />
        </div>
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <section
        className="day-end-report"
        aria-label="Day-end report"
        aria-busy={isLoading || (!shown && !problem && !error)}
      >
        <p className="report-range">
          <strong>
            {dayLabel(range.from)} {range.from.slice(0, 4)}
            {range.to !== range.from && (
              <>
                {' '}
                to {dayLabel(range.to)} {range.to.slice(0, 4)}
              </>
            )}
          </strong>
          {shown && <> · {formatCount(total)} documents</>}
        </p>
        <p className="report-note">
          Each document counts on its own date (issue, collection, return or order date). Accepted, rejected
          and pending say where those documents stand <em>now</em>, as of the last sync (
          {lastSyncAt ? formatTime(lastSyncAt) : 'not synced in this session'}), not what happened on that
          day.
          {readMs !== null && shown && <span className="muted"> Read in {formatCount(readMs)} ms.</span>}
        </p>
        {startDay && range.from < startDay && (
          <p className="warn-text" role="note">
            This connection started from {startDay}: documents of earlier days are here only when they changed
            since, so those days are not complete. Choose days from {startDay} on.
          </p>
        )}
        {shown && (
          <>
            <SeqGaps report={shown} />
            {total === 0 && (
              <p className="empty">Nothing is staged for these days. Sync, or choose other days.</p>
            )}
            <KindSummaryTable report={shown} />
            <DayEndChart series={shown.series} />
            <DayTables report={shown} />
          </>
        )}
      </section>
    </div>
  );
}
