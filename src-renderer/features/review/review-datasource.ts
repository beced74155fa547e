// The review grid's rows read in blocks (ag-grid's infinite row model) from the paged reading of
// data/review-rows/pages.ts: the grid's sort and filter models become a ReviewQuery, each block a page.
// src-renderer/data/review-rows/README.md (paged reading) and 101-review-exports-and-selection.md.
import type { GridApi, IDatasource, IGetRowsParams, SortModelItem } from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import type { ReviewView } from '../../data/review-rows/keys';
import {
  defaultReviewSort,
  type CountReview,
  type ReadReviewPage,
  type ReviewColumnFilter,
  type ReviewCount,
  type ReviewQuery,
  type ReviewSort,
  type ReviewSortColumn,
  type ReviewTextColumn,
} from '../../data/review-rows/query';

/** The grid's column ids that order a view, and the index column each stands for. */
const sortColumns: Record<string, ReviewSortColumn> = {
  date: 'date',
  number: 'number',
  customer: 'customer',
  amountCents: 'amount',
};

/** The grid's sort model as a view's order: its first sorted column, else the default (newest first). */
export function sortFromModel(model: readonly SortModelItem[]): ReviewSort {
  for (const item of model) {
    const column = sortColumns[item.colId];
    if (column && (item.sort === 'asc' || item.sort === 'desc')) return { column, direction: item.sort };
  }
  return defaultReviewSort;
}

/** The text columns with a filter: grid column id to the query's column. */
const textColumns: Record<string, ReviewTextColumn> = {
  customer: 'customer',
  number: 'number',
  externalNumber: 'externalNumber',
  rep: 'rep',
  branch: 'branch',
  status: 'status',
  note: 'note',
  cheque: 'cheque',
};

/** Who answered, as the "Answered" column's filter offers it (options with no text to type). */
export const ackedByFilterOptions = ['here', 'elsewhere'] as const;

/** The filter options each filtered column offers (the others have none). */
export const textFilterOptions = ['startsWith', 'equals'] as const;
export const amountFilterOptions = ['equals', 'greaterThan', 'lessThan', 'inRange'] as const;
// A range first: a week or a month is what clerks look for most.
export const dateFilterOptions = ['inRange', 'equals', 'greaterThan', 'lessThan'] as const;

/** The day (`YYYY-MM-DD`) of a date filter's value (`2026-11-20 00:00:00`), or null. */
function dayOf(value: unknown): string | null {
  const day = typeof value === 'string' ? value.slice(0, 10) : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** The day `days` after (or before) a day. */
function dayMoved(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date filter's condition as a range of days, both ends included ('' open). */
function dateFilter(type: unknown, condition: unknown): ReviewColumnFilter | null {
  const from = dayOf(readObject(condition, 'dateFrom'));
  if (from === null) return null;
  switch (type) {
    case 'equals':
      return { column: 'date', from, to: from };
    case 'inRange': {
      const to = dayOf(readObject(condition, 'dateTo'));
      return to === null
        ? null
        : { column: 'date', from: from <= to ? from : to, to: from <= to ? to : from };
    }
    case 'greaterThan':
      return { column: 'date', from: dayMoved(from, 1), to: '' };
    case 'lessThan':
      return { column: 'date', from: '', to: dayMoved(from, -1) };
    default:
      return null;
  }
}

function readObject(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined;
}

/** Money typed in the filter (2 decimals) as whole cents; null when it is no number. */
function centsOf(value: unknown): number | null {
  const amount = typeof value === 'string' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

/** One condition of a column's filter model as a column filter, or null when it cannot be one. */
function conditionFilter(colId: string, condition: unknown): ReviewColumnFilter | null {
  const type = readObject(condition, 'type');
  const textColumn = textColumns[colId];
  if (textColumn) {
    const text = readObject(condition, 'filter');
    if ((type === 'startsWith' || type === 'equals') && typeof text === 'string' && text.trim() !== '')
      return { column: textColumn, type, text: text.trim() };
    return null;
  }
  if (colId === 'date') return dateFilter(type, condition);
  if (colId === 'ackedBy')
    return type === 'here' || type === 'elsewhere' ? { column: 'ackedBy', by: type } : null;
  if (colId !== 'amountCents') return null;
  const cents = centsOf(readObject(condition, 'filter'));
  if (cents === null) return null;
  if (type === 'inRange') {
    const toCents = centsOf(readObject(condition, 'filterTo'));
    return toCents === null ? null : { column: 'amount', type, fromCents: cents, toCents };
  }
  if (type === 'equals' || type === 'greaterThan' || type === 'lessThan')
    return { column: 'amount', type, cents };
  return null;
}

/**
 * The grid's filter model as column filters: text on customer, number and ERP number (starts with,
 * equals), amounts in money converted to cents. A column's two conditions joined by AND are both kept;
 * conditions joined by OR cannot be said in a query, so the menus offer one condition only.
 */
export function filtersFromModel(model: Record<string, unknown> | null | undefined): ReviewColumnFilter[] {
  const filters: ReviewColumnFilter[] = [];
  for (const [colId, columnModel] of Object.entries(model ?? {})) {
    const conditions = readObject(columnModel, 'conditions');
    const parts = Array.isArray(conditions) ? conditions : [columnModel];
    if (Array.isArray(conditions) && readObject(columnModel, 'operator') === 'OR') continue;
    for (const part of parts) {
      const filter = conditionFilter(colId, part);
      if (filter) filters.push(filter);
    }
  }
  return filters;
}

/** The query of a view as the grid shows it. */
export function reviewQueryOf(input: {
  kind: FeedKind;
  view: ReviewView;
  quickFilter: string;
  sortModel: readonly SortModelItem[];
  filterModel: Record<string, unknown> | null | undefined;
}): ReviewQuery {
  return {
    kind: input.kind,
    view: input.view,
    sort: sortFromModel(input.sortModel),
    quickFilter: input.quickFilter.trim(),
    filters: filtersFromModel(input.filterModel),
  };
}

/** The grid's sort model as its columns' state holds it (the order of sorting kept). */
export function sortModelOf(api: GridApi<ReviewRow>): SortModelItem[] {
  return api
    .getColumnState()
    .filter((column) => column.sort === 'asc' || column.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((column) => ({ colId: column.colId, sort: column.sort === 'asc' ? 'asc' : 'desc' }));
}

/** The key of a query's rows (its order aside): two queries with one key hold the same rows. */
export function rowsKeyOf(query: ReviewQuery): string {
  return JSON.stringify([query.kind, query.view, query.quickFilter, query.filters]);
}

/** What the grid's reading tells the screen: the count as known, and the query read. */
export interface ReviewReadState {
  query: ReviewQuery;
  count: ReviewCount;
}

/**
 * The `lastRow` of a block (ag-grid: the row count once known, else -1): the exact count when known;
 * otherwise the end of the view once a block comes back short, and -1 (more to come) until then.
 */
export function lastRowOf(count: ReviewCount | null, startRow: number, endRow: number, got: number): number {
  if (count?.isExact) return count.count;
  if (got < endRow - startRow) return startRow + got;
  return -1;
}

/**
 * The row count to tell the grid when a view's exact count comes back after the blocks it raced with:
 * the grid was given -1, "more to come", and would scroll and jump with Ctrl+End only as far as the rows
 * read so far; or its end was known before a sync added or took away rows, and the blocks read again
 * came back full, which keeps the old end. The count, when it is exact, of the rows the grid shows now,
 * and the grid's end is not known yet or is another. Null otherwise (the grid's end is already the
 * count, or the count is of a query no longer shown).
 */
export function rowCountToTell(
  state: ReviewReadState,
  shown: { rowsKey: string; isLastRowKnown: boolean; rowCount: number },
): number | null {
  if (!state.count.isExact) return null;
  if (shown.isLastRowKnown && shown.rowCount === state.count.count) return null;
  return rowsKeyOf(state.query) === shown.rowsKey ? state.count.count : null;
}

/** The grid's datasource, and a way to have its queries counted again. */
export type ReviewDatasource = IDatasource & { forget(): void };

/**
 * The grid's datasource over one view (kind, view, quick filter): each block is a page of the query its
 * sort and filter models make; the query's count is asked once per query (again after `forget`) and
 * told to `onRead` with each block, an "at least" count growing to the rows seen until it is exact.
 */
export function createReviewDatasource(input: {
  kind: FeedKind;
  view: ReviewView;
  quickFilter: string;
  readPage: ReadReviewPage;
  count: CountReview;
  onRead: (state: ReviewReadState) => void;
  onRows?: (rows: ReviewRow[]) => void;
}): ReviewDatasource {
  let counted: { key: string; count: Promise<ReviewCount> } | null = null;
  // What the reads of one query over the same staged rows have seen: made anew for another query and by
  // `forget`, so a read begun before either tells no count (the grid would take a length the rows no
  // longer have).
  let seen = { key: '', rows: 0, exact: null as number | null };
  return {
    /** Forgets the count: the staged rows changed, so each query is counted again. */
    forget(): void {
      counted = null;
      seen = { key: '', rows: 0, exact: null };
    },
    getRows(params: IGetRowsParams<ReviewRow>): void {
      const query = reviewQueryOf({
        kind: input.kind,
        view: input.view,
        quickFilter: input.quickFilter,
        sortModel: params.sortModel,
        filterModel: params.filterModel as Record<string, unknown> | null,
      });
      const key = rowsKeyOf(query);
      if (counted?.key !== key) {
        const count = input.count(query);
        // Each block that awaits the count handles its failure; a block whose read failed first (the store
        // closed meanwhile) never awaits it, and its failure is not left unhandled.
        count.catch(() => undefined);
        counted = { key, count };
      }
      if (seen.key !== key) seen = { key, rows: 0, exact: null };
      const countPromise = counted.count;
      const readOf = seen;
      const isCurrent = (): boolean => seen === readOf;
      void (async () => {
        try {
          // The block is read first and given to the grid at once: its count may take longer.
          const rows = await input.readPage(query, params.startRow, params.endRow - params.startRow);
          const known = await Promise.race([countPromise, Promise.resolve(null)]);
          const lastRow = lastRowOf(known, params.startRow, params.endRow, rows.length);
          params.successCallback(rows, lastRow);
          input.onRows?.(rows);
          if (isCurrent()) {
            seen.rows = Math.max(seen.rows, params.startRow + rows.length);
            if (lastRow >= 0 && !known?.isExact) seen.exact = lastRow;
          }
          const count = await countPromise;
          if (!isCurrent()) return;
          input.onRead({
            query,
            count:
              seen.exact !== null
                ? { count: seen.exact, isExact: true }
                : count.isExact
                  ? count
                  : { count: Math.max(count.count, seen.rows), isExact: false },
          });
        } catch {
          params.failCallback();
        }
      })();
    },
  };
}
