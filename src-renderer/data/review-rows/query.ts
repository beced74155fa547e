/**
 * Paged reading of a review view (README.md): what a grid, a selection's
 * totals, an accept or reject of a whole view and an export read, a page at a time, whatever the store
 * holds. Nothing here reads a whole view into memory.
 *
 * - Order: by an index (`[review+<column>]`, and `<column>` for the view of every document), the row's
 *   id breaking ties, so that a page read at an offset is always the same rows.
 * - Counts of the views come from counters kept with the rows (same transaction), never from the rows.
 * - The quick filter and the column filters match words by their start (`search` keys kept with each
 *   row: customer name and code words, number and its parts, ERP number, amount); a filter that many
 *   rows match is read in the view's order, filtering as it goes, so its first page never waits for the
 *   rest; its count is then told as it becomes known.
 */
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../rows';
import type { ReviewView } from './keys';

/** The columns a view can be ordered by (each has its index). */
export type ReviewSortColumn = 'date' | 'number' | 'customer' | 'amount';

/** A view's order; the default is the newest date first. */
export interface ReviewSort {
  column: ReviewSortColumn;
  direction: 'asc' | 'desc';
}

/** The default order of every view. */
export const defaultReviewSort: ReviewSort = { column: 'date', direction: 'desc' };

/**
 * A column filter, as the grid's filter menus can express it on the columns that have one: text by the
 * start of a word (customer, number, ERP number), amounts in cents by comparison.
 */
export type ReviewColumnFilter =
  | { column: ReviewTextColumn; type: 'startsWith' | 'equals'; text: string }
  | { column: 'amount'; type: 'equals' | 'greaterThan' | 'lessThan'; cents: number }
  | { column: 'amount'; type: 'inRange'; fromCents: number; toCents: number }
  /** Documents dated from `from` to `to` (`YYYY-MM-DD`, both included; '' leaves that end open). */
  | { column: 'date'; from: string; to: string }
  /** Documents whose current answer this desk gave (`here`) or another desk or the ERP (`elsewhere`). */
  | { column: 'ackedBy'; by: 'here' | 'elsewhere' };

/**
 * The text columns a filter reads: customer, number and ERP number (found through the store's keys), and
 * the rep's code, the branch's, the status, the note's facts (a payment's method, its cheque's number and
 * state, an invoice's order, a return's reason) and a payment's cheque (its state and number), which a
 * walk over the view finds (issue 29).
 */
export type ReviewTextColumn =
  'customer' | 'number' | 'externalNumber' | 'rep' | 'branch' | 'status' | 'note' | 'cheque';

/** The text columns whose words the store's keys find rows by (the others are walked). */
export const keyedTextColumns: ReadonlySet<ReviewTextColumn> = new Set([
  'customer',
  'number',
  'externalNumber',
]);

/** Which rows of a feed, in which order. */
export interface ReviewQuery {
  kind: FeedKind;
  view: ReviewView;
  sort: ReviewSort;
  /** The quick filter as typed ('' for none): every word must start a search key of the row. */
  quickFilter: string;
  filters: ReviewColumnFilter[];
}

/** A query's count: exact, or "at least" while a filter's matches are still being counted. */
export interface ReviewCount {
  count: number;
  isExact: boolean;
}

/** Money of many rows: how many, and the total per currency in cents. */
export interface ReviewTotals {
  count: number;
  centsByCurrency: Record<string, number>;
}

/** The rows of a query from `offset`, at most `limit` (a block of the grid), in the query's order. */
export type ReadReviewPage = (query: ReviewQuery, offset: number, limit: number) => Promise<ReviewRow[]>;

/**
 * How many rows a query has. With no filter: the view's counter (no row read). With a filter: exact
 * when it could be counted within the time a keystroke allows, else a lower bound (`isExact` false),
 * which the grid shows as "at least" and grows as pages are read.
 */
export type CountReview = (query: ReviewQuery) => Promise<ReviewCount>;

/** The count of every view of a feed, from the counters kept with the rows. */
export type ReadViewCounts = (kind: FeedKind) => Promise<Record<ReviewView, number>>;

/**
 * Every row of a query, a page at a time, in the query's order: for select all, its totals, an accept or
 * reject of a whole view and an export. `onPage` is awaited before the next page is read; returning
 * false stops. Pages are read in their own short transactions, so staging goes on meanwhile; a row
 * staged during the walk may be seen or not, never twice.
 */
export type ForEachReviewPage = (
  query: ReviewQuery,
  onPage: (rows: ReviewRow[]) => Promise<boolean | void> | boolean | void,
  pageSize?: number,
) => Promise<void>;

/**
 * The count and per-currency totals of a query, less the rows `except` names (unselected after a select
 * all): from the view's counters when there is no filter and no exception, else by walking its pages.
 */
export type ReviewTotalsOf = (query: ReviewQuery, except?: ReadonlySet<string>) => Promise<ReviewTotals>;
