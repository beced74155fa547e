/**
 * Paged reading of review views (review-query.ts has the contract and docs/decisions/100-paged-review-views.md
 * the design).
 *
 * FIRST CUT: correct but reads the whole view; being replaced by indexed reading, maintained counters
 * and search keys (Dexie version 8).
 */
import type { FeedKind } from '../../src-shared/wire';
import type { ReviewRow } from './db';
import { compareText, countRows, loadRows, type ReviewView } from './documents';
import type {
  CountReview,
  ForEachReviewPage,
  ReadReviewPage,
  ReadViewCounts,
  ReviewColumnFilter,
  ReviewQuery,
  ReviewTotals,
  ReviewTotalsOf,
} from './review-query';

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((word) => word !== '');
}

function keysOf(row: ReviewRow): string[] {
  return [
    ...words(`${row.customerName} ${row.customer}`),
    row.number.toLowerCase(),
    ...words(row.number),
    row.externalNumber.toLowerCase(),
    ...words(row.externalNumber),
    (row.amountCents / 100).toFixed(2),
  ];
}

function matchesFilter(row: ReviewRow, filter: ReviewColumnFilter): boolean {
  if (filter.column === 'amount') {
    if (filter.type === 'inRange')
      return row.amountCents >= filter.fromCents && row.amountCents <= filter.toCents;
    if (filter.type === 'equals') return row.amountCents === filter.cents;
    return filter.type === 'greaterThan' ? row.amountCents > filter.cents : row.amountCents < filter.cents;
  }
  const value =
    filter.column === 'customer'
      ? `${row.customerName} ${row.customer}`
      : filter.column === 'number'
        ? row.number
        : row.externalNumber;
  const text = filter.text.toLowerCase();
  if (filter.type === 'equals') return value.toLowerCase() === text;
  return [value.toLowerCase(), ...words(value)].some((word) => word.startsWith(text));
}

function matches(row: ReviewRow, query: ReviewQuery): boolean {
  const keys = keysOf(row);
  return (
    words(query.quickFilter).every((term) => keys.some((key) => key.startsWith(term))) &&
    query.filters.every((filter) => matchesFilter(row, filter))
  );
}

function sortValue(row: ReviewRow, query: ReviewQuery): string | number {
  switch (query.sort.column) {
    case 'date':
      return row.date;
    case 'number':
      return row.number;
    case 'customer':
      return row.customerName || row.customer;
    case 'amount':
      return row.amountCents;
  }
}

async function allRows(query: ReviewQuery): Promise<ReviewRow[]> {
  const rows = (await loadRows(query.kind, query.view)).filter((row) => matches(row, query));
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const [x, y] = [sortValue(a, query), sortValue(b, query)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y));
    return order !== 0 ? sign * order : compareText(a.id, b.id);
  });
}

/** The rows of a query from `offset`, at most `limit`. */
export const readReviewPage: ReadReviewPage = async (query, offset, limit) =>
  (await allRows(query)).slice(offset, offset + limit);

/** How many rows a query has. */
export const countReview: CountReview = async (query) => ({
  count: (await allRows(query)).length,
  isExact: true,
});

/** The count of every view of a feed. */
export const readViewCounts: ReadViewCounts = (kind: FeedKind): Promise<Record<ReviewView, number>> =>
  countRows(kind);

/** Every row of a query, a page at a time. */
export const forEachReviewPage: ForEachReviewPage = async (query, onPage, pageSize = 500) => {
  const rows = await allRows(query);
  for (let offset = 0; offset < rows.length; offset += pageSize) {
    if ((await onPage(rows.slice(offset, offset + pageSize))) === false) return;
  }
};

/** The count and per-currency totals of a query, less `except`. */
export const reviewTotalsOf: ReviewTotalsOf = async (query, except) => {
  const totals: ReviewTotals = { count: 0, centsByCurrency: {} };
  await forEachReviewPage(query, (rows) => {
    for (const row of rows) {
      if (except?.has(row.id)) continue;
      totals.count += 1;
      totals.centsByCurrency[row.currency] = (totals.centsByCurrency[row.currency] ?? 0) + row.amountCents;
    }
  });
  return totals;
};
