// The audit trail as the screen reads it: a page of calls for the filters, and the pages after it on
// request (the core reads its files; the renderer keeps only what is shown).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditCall, AuditPage, AuditQuery } from '../../../src-shared/bridge/contract';
import { say } from '../../messages/intl';
import { auditTrailJobs } from '../../state/desk-jobs';
import { deskErrorWords } from '../../words/problem-words';

/** The screen's filters: local dates (`YYYY-MM-DD`, both included), and the rest as the query has them. */
export interface AuditFilters {
  fromDay: string;
  toDay: string;
  connectionId: string;
  outcome: NonNullable<AuditQuery['outcome']>;
  text: string;
}

/** The query of the filters: from the start of the first local day to the end of the last. */
export function auditQueryOf(filters: AuditFilters): AuditQuery {
  const startOf = (day: string, plusDays = 0): string => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year!, month! - 1, date! + plusDays).toISOString();
  };
  const query: AuditQuery = { outcome: filters.outcome };
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.fromDay)) query.from = startOf(filters.fromDay);
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.toDay)) query.to = startOf(filters.toDay, 1);
  if (filters.connectionId !== '') query.connectionId = filters.connectionId;
  if (filters.text.trim() !== '') query.text = filters.text.trim();
  return query;
}

/** Every call of a query (an export); throws the reason, worded, when the trail cannot be read. */
export async function readAllCalls(query: AuditQuery): Promise<AuditCall[]> {
  const read = await auditTrailJobs.all(query);
  if (!read.ok) throw new Error(say('audit.readFailed', { reason: deskErrorWords(read.error) }));
  return read.value;
}

/** What the screen shows of the trail for one query. */
interface Shown {
  key: string;
  calls: AuditCall[];
  page: AuditPage | null;
  error: string | null;
}

export interface AuditTrailView {
  calls: AuditCall[];
  /** What the last page said of the trail (its next page, lines it could not read, calls not kept). */
  page: AuditPage | null;
  error: string | null;
  isLoading: boolean;
  showMore(): void;
}

/** The calls of the filters, newest first, read again when a filter changes. */
export function useAuditTrail(filters: AuditFilters): AuditTrailView {
  const key = JSON.stringify(auditQueryOf(filters));
  const [shown, setShown] = useState<Shown>({ key: '', calls: [], page: null, error: null });
  const [isMoreLoading, setMoreLoading] = useState(false);
  // The query last asked for: a page of an earlier one that comes back late is dropped.
  const asked = useRef(key);

  /** Reads a page of the query `key` (after `after`, added to what is shown) and shows it, if still asked. */
  const read = useCallback(async (readKey: string, after: string | null): Promise<void> => {
    const query = JSON.parse(readKey) as AuditQuery;
    const result = await auditTrailJobs.page(after === null ? query : { ...query, after });
    setShown((current) => {
      if (readKey !== asked.current || (after !== null && current.key !== readKey)) return current;
      if (!result.ok)
        return {
          ...current,
          key: readKey,
          error: say('audit.readFailed', { reason: deskErrorWords(result.error) }),
        };
      return {
        key: readKey,
        calls: after === null ? result.value.calls : [...current.calls, ...result.value.calls],
        page: result.value,
        error: null,
      };
    });
  }, []);

  useEffect(() => {
    asked.current = key;
    void read(key, null);
  }, [key, read]);

  const next = shown.key === key ? (shown.page?.next ?? null) : null;
  const showMore = useCallback(() => {
    if (next === null) return;
    setMoreLoading(true);
    void read(key, next).finally(() => setMoreLoading(false));
  }, [key, next, read]);

  const isCurrent = shown.key === key;
  return {
    calls: isCurrent ? shown.calls : [],
    page: isCurrent ? shown.page : null,
    error: shown.error,
    isLoading: !isCurrent || isMoreLoading,
    showMore,
  };
}
