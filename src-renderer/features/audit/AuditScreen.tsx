import { useState } from 'react';
import { auditKeepDays, auditMaxBytes, type AuditCall } from '../../../src-shared/bridge/contract';
import { localDateOf } from '../../../src-shared/domain/day-end';
import { writeCsv } from '../../../src-shared/domain/master-data';
import { formatters, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { csvBytes, csvFilter, runExport, saveFile, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { formatDate } from '../ui/format';
import { actionWords, statusWords } from './audit-words';
import { auditQueryOf, readAllCalls, useAuditTrail, type AuditFilters } from './use-audit-trail';
import '../master-data/master-data.css';
import './audit.css';

/** A call's cells as the table and the export show them, in the columns' order. */
function cellsOf(call: AuditCall): string[] {
  return [
    formatters().timeToSecond(call.at),
    call.connection,
    actionWords(call.action),
    `${call.method} ${call.path}`,
    statusWords(call),
    call.code ?? '',
    call.requestId ?? '',
    call.idempotencyKey ?? '',
    say('audit.duration', { ms: call.durationMs }),
    String(call.attempt),
  ];
}

/** The columns' headers. */
function headers(): string[] {
  return [
    say('audit.column.at'),
    say('audit.column.connection'),
    say('audit.column.action'),
    say('audit.column.call'),
    say('audit.column.status'),
    say('audit.column.code'),
    say('audit.column.requestId'),
    say('audit.column.key'),
    say('audit.column.duration'),
    say('audit.column.attempt'),
  ];
}

/** Columns whose text is left to right whatever the desk's direction (paths, ids, keys). */
const ltrColumns = new Set([3, 5, 6, 7]);

/** Columns of words, which wrap; the rest (times, paths, ids) keep to one line. */
const wrappedColumns = new Set([1, 2]);

/**
 * The audit trail (docs/decisions/110-audit-trail.md): every call the desk made, newest first, found by
 * day, connection, outcome and words, and exported as CSV as filtered.
 */
export function AuditScreen() {
  const say = useSay();
  const connections = useDeskStore((state) => state.connections);
  // The last 7 days on this computer's calendar, today included.
  const [filters, setFilters] = useState<AuditFilters>(() => {
    const now = new Date();
    return {
      fromDay: localDateOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6)),
      toDay: localDateOf(now),
      connectionId: '',
      outcome: 'all',
      text: '',
    };
  });
  const trail = useAuditTrail(filters);
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const set = (patch: Partial<AuditFilters>): void => setFilters((current) => ({ ...current, ...patch }));

  const exportCsv = async (): Promise<void> => {
    setExportNote(null);
    const note = await runExport(async () => {
      const calls = await readAllCalls(auditQueryOf(filters));
      return saveFile({
        // Named like the other exports: what it is and its days, the same in every language.
        suggestedName: `audit-trail-${filters.fromDay}-to-${filters.toDay}.csv`,
        filter: csvFilter,
        bytes: csvBytes(writeCsv([headers(), ...calls.map(cellsOf)])),
      });
    });
    setExportNote(note);
  };

  const page = trail.page;
  return (
    <div className="master-data audit">
      <p className="muted">
        {say('audit.intro', { days: auditKeepDays, megabytes: Math.round(auditMaxBytes / 1024 / 1024) })}
      </p>
      <section aria-labelledby="audit-filters-title" className="audit-filters">
        <h3 id="audit-filters-title">{say('audit.filter.title')}</h3>
        <label>
          {say('audit.filter.from')}
          <input
            type="date"
            value={filters.fromDay}
            onChange={(event) => set({ fromDay: event.target.value })}
          />
        </label>
        <label>
          {say('audit.filter.to')}
          <input type="date" value={filters.toDay} onChange={(event) => set({ toDay: event.target.value })} />
        </label>
        <label>
          {say('audit.filter.connection')}
          <select
            value={filters.connectionId}
            onChange={(event) => set({ connectionId: event.target.value })}
          >
            <option value="">{say('audit.filter.anyConnection')}</option>
            {connections.map((connection) => (
              <option key={connection.id} value={connection.id}>
                {connection.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {say('audit.filter.outcome')}
          <select
            value={filters.outcome}
            onChange={(event) => set({ outcome: event.target.value as AuditFilters['outcome'] })}
          >
            <option value="all">{say('audit.filter.outcome.all')}</option>
            <option value="failed">{say('audit.filter.outcome.failed')}</option>
            <option value="writes">{say('audit.filter.outcome.writes')}</option>
          </select>
        </label>
        <label>
          {say('audit.filter.text')}
          <input
            type="search"
            value={filters.text}
            placeholder={say('audit.filter.textHint')}
            onChange={(event) => set({ text: event.target.value })}
          />
        </label>
        <button type="button" onClick={() => void exportCsv()}>
          {say('audit.export')}
        </button>
      </section>
      {exportNote && <FileNoteText note={exportNote} />}
      {trail.error && (
        <p className="error-text" role="alert">
          {trail.error}
        </p>
      )}
      {page && page.unwritten > 0 && (
        <p className="error-text" role="alert">
          {say('audit.unwritten', { count: page.unwritten })}
        </p>
      )}
      {page && page.unreadable > 0 && (
        <p className="muted">{say('audit.unreadable', { count: page.unreadable })}</p>
      )}
      {page && (
        <p className="muted" role="status">
          {trail.calls.length === 0
            ? say('audit.none')
            : say('audit.count', {
                count: trail.calls.length,
                hasMore: page.next === null ? 'no' : 'yes',
              })}{' '}
          {page.keptFrom ? say('audit.keptFrom', { day: formatDate(page.keptFrom) }) : null}
        </p>
      )}
      {trail.calls.length > 0 && (
        <div className="issues-frame audit-frame">
          <table className="issues audit-table" aria-label={say('audit.table')}>
            <thead>
              <tr>
                {headers().map((header) => (
                  <th key={header}>{header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {trail.calls.map((call) => (
                <tr
                  key={`${call.at}-${call.requestId ?? ''}-${call.attempt}-${call.path}`}
                  className={call.status === null || call.status >= 400 ? 'audit-failed' : undefined}
                >
                  {cellsOf(call).map((cell, index) => (
                    <td key={index} className={wrappedColumns.has(index) ? 'audit-wrap' : undefined}>
                      {ltrColumns.has(index) ? <bdi dir="ltr">{cell}</bdi> : cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.next != null && (
        <button type="button" onClick={trail.showMore} disabled={trail.isLoading}>
          {say('audit.more')}
        </button>
      )}
    </div>
  );
}
