import { useState } from 'react';
import { localDateOf, quickRangeOf } from '../../../src-shared/domain/day-end';
import { sayRich } from '../../messages/say-rich';
import { isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { formatCount, formatDate, formatTime } from '../ui/format';
import '../ui/review.css';
import './day-end.css';
import { DayEndChart } from './DayEndChart';
import { DayTables, KindSummaryTable } from './DayEndTables';
import { dayWithYearLabel, rangeProblemText } from './day-end-words';
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
  const say = useSay();
  const locale = useDeskLocale();
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const lastSyncAt = useDeskStore((state) => state.lastSyncAt);
  const start = useDeskStore((state) => state.connection?.connection?.start ?? null);
  // A connection started from a date or from now holds earlier days only in part
  // (docs/decisions/090-where-to-start.md).
  const startDay = start?.mode === 'date' ? start.date : start?.mode === 'now' ? start.at.slice(0, 10) : null;
  const [today] = useState(() => props.today ?? localDateOf(new Date()));
  const [range, setRange] = useState<DateRange>(() => quickRangeOf('last-7-days', today));
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const problem = rangeProblemText(range.from, range.to);
  const { report, isLoading, error, readMs } = useDayEnd(
    problem ? null : range.from,
    problem ? null : range.to,
  );
  // The report shown is the range's: a report of an earlier range is not shown as this one.
  const shown = report && !problem && report.from === range.from && report.to === range.to ? report : null;
  const total = shown ? shown.summary.reduce((sum, figures) => sum + figures.issued, 0) : 0;

  if (connectionId === null) return <p className="empty">{say('dayEnd.noConnection')}</p>;

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
    // The report prints from this page: it carries the clerk's language and direction with it.
    <div className="day-end" lang={locale.tag.replace(/-u-.*$/, '')} dir={locale.direction}>
      <div className="toolbar day-end-tools" role="toolbar" aria-label={say('dayEnd.tools')}>
        <RangePicker range={range} today={today} onChange={setRange} />
        <div className="actions">
          <button type="button" disabled={!shown} onClick={() => void exportXlsx()}>
            {say('dayEnd.exportXlsx')}
          </button>
          <button type="button" disabled={!shown} onClick={() => window.print()}>
            {say('dayEnd.print')}
          </button>
          <FileNoteText note={exportNote} />
        </div>
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {error !== null && (
        <p className="error-text" role="alert">
          {say('dayEnd.readError', { cause: isolate.ltr(error) })}
        </p>
      )}
      <section
        className="day-end-report"
        aria-label={say('dayEnd.report')}
        aria-busy={isLoading || (!shown && !problem && !error)}
      >
        <p className="report-range">
          <strong>
            {range.to === range.from
              ? dayWithYearLabel(range.from)
              : say('dayEnd.report.range', {
                  from: dayWithYearLabel(range.from),
                  to: dayWithYearLabel(range.to),
                })}
          </strong>
          {shown && <> · {say('dayEnd.report.documents', { count: total })}</>}
        </p>
        <p className="report-note">
          {sayRich('dayEnd.report.note', {
            // The date and time read left to right and stay on one line (a break at a hyphen of the
            // date scrambled it inside an Arabic sentence).
            lastSync: lastSyncAt ? (
              <bdi dir="ltr" className="moment">
                {formatTime(lastSyncAt)}
              </bdi>
            ) : (
              say('dayEnd.report.notSynced')
            ),
            em: (chunks) => <em>{chunks}</em>,
          })}
          {readMs !== null && shown && (
            <span className="muted"> {say('dayEnd.report.readIn', { ms: formatCount(readMs) })}</span>
          )}
        </p>
        {startDay && range.from < startDay && (
          <p className="warn-text" role="note">
            {say('dayEnd.partialStart', { start: isolate.ltr(formatDate(startDay)) })}
          </p>
        )}
        {shown && (
          <>
            <SeqGaps report={shown} />
            {total === 0 && <p className="empty">{say('dayEnd.nothingStaged')}</p>}
            <KindSummaryTable report={shown} />
            <DayEndChart series={shown.series} />
            <DayTables report={shown} />
          </>
        )}
      </section>
    </div>
  );
}
