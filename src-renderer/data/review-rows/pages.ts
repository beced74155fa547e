/**
 * Paged reading of review views (query.ts has the contract, README.md the design): whatever the store
 * holds, a page is a range read of one string-key index (the ranges of a view's states merged for the
 * view of every document), resumed after the last key read, never by offset; a count is a counter; a
 * filter reads its few candidates through the keys that find rows by customer, serial and amount, or
 * the view's order until the page is full (matches.ts). Nothing here holds a whole view: at most a
 * filter's candidate ids (`reviewReadLimits`).
 */
import type { FeedKind } from '../../../src-shared/wire';
import { db } from '../db';
import type { ReviewRow } from '../rows';
import { addToTotals, idOfKey, keySeparator as S, keyTop, type HeldAckState } from './keys';
import { isFiltered, isInView, matchesQuery } from './filters';
import { resolveQuery, walkToCount, walkUntil } from './matches';
import { OrderReader, orderOf, startOf, statesOfQuery, type Order, type Position } from './orders';
import type {
  CountReview,
  ForEachReviewPage,
  ReadReviewPage,
  ReadViewCounts,
  ReviewQuery,
  ReviewTotals,
  ReviewTotalsOf,
} from './query';
import { readViewCounters } from './reads';
import { reviewReadLimits, skipChunk, walkChunkMax } from './read-limits';
import { reviewDataVersion } from './writer';

/** Where earlier pages of an order ended (offset to the position after it), per data version. */
const pageEnds = new Map<string, { version: number; ends: Map<number, Position> }>();
const pageEndsKept = 64;

function endsOf(query: ReviewQuery): Map<number, Position> {
  const key = JSON.stringify([query.kind, query.view, query.sort]);
  const version = reviewDataVersion();
  let entry = pageEnds.get(key);
  if (!entry || entry.version !== version) {
    entry = { version, ends: new Map() };
    pageEnds.set(key, entry);
  }
  return entry.ends;
}

/** A query reversed: the same rows in the opposite order. */
function reversed(query: ReviewQuery): ReviewQuery {
  return { ...query, sort: { ...query.sort, direction: query.sort.direction === 'asc' ? 'desc' : 'asc' } };
}

/** The rows of an order from a position, `skip` keys on (keys only), then at most `limit`. */
async function readFrom(
  order: Order,
  from: Position,
  skip: number,
  limit: number,
): Promise<{ rows: ReviewRow[]; end: Position }> {
  let position = from;
  if (skip > 0) {
    const skipper = new OrderReader(order, position, false);
    for (let left = skip; left > 0; left -= skipChunk) {
      if ((await skipper.take(Math.min(left, skipChunk))).length === 0) break;
    }
    position = skipper.position();
  }
  const reader = new OrderReader(order, position, true);
  const rows = (await reader.take(limit)).flatMap(({ row }) => (row ? [row] : []));
  return { rows, end: reader.position() };
}

async function readPlainPage(query: ReviewQuery, offset: number, limit: number): Promise<ReviewRow[]> {
  const order = orderOf(query);
  const ends = endsOf(query);
  let start = 0;
  for (const end of ends.keys()) if (end <= offset && end > start) start = end;
  const skip = offset - start;
  // Far from any page read before and nearer the other end: read from there (a jump to the last rows).
  if (skip > reviewReadLimits.jumpFromEndAfter) {
    const count = (await readViewCounters(query.kind))[query.view].count;
    const fromEnd = count - offset - limit;
    if (fromEnd < skip) {
      if (limit + Math.min(0, fromEnd) <= 0) return [];
      const back = orderOf(reversed(query));
      const { rows } = await readFrom(
        back,
        startOf(back),
        Math.max(0, fromEnd),
        fromEnd < 0 ? limit + fromEnd : limit,
      );
      return rows.reverse();
    }
  }
  const { rows, end } = await readFrom(order, ends.get(start) ?? startOf(order), skip, limit);
  if (rows.length > 0) {
    ends.set(offset + rows.length, end);
    if (ends.size > pageEndsKept) ends.delete(ends.keys().next().value!);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Held answers, and rows by id: the few rows the grid's other buttons name.

/** The rows of a query whose answer failed or is held (`changed`), through `kHeld`: they are few. */
export async function heldRowsOf(query: ReviewQuery, state: HeldAckState): Promise<ReviewRow[]> {
  const keys = await Promise.all(
    statesOfQuery(query).map((review) => {
      const prefix = `${state}${S}${review}${S}`;
      return db
        .rowsOf(query.kind)
        .where('kHeld')
        .between(prefix, prefix + keyTop, true, true)
        .keys();
    }),
  );
  const rows = await db.rowsOf(query.kind).bulkGet(keys.flat().map((key) => idOfKey(String(key))));
  return rows.filter((row): row is ReviewRow => row !== undefined && matchesQuery(row, query));
}

/** Of `ids`, those `query` holds (each row read by id and checked). */
export async function idsInQuery(query: ReviewQuery, ids: ReadonlySet<string>): Promise<Set<string>> {
  const rows = await db.rowsOf(query.kind).bulkGet([...ids]);
  return new Set(rows.flatMap((row) => (row && matchesQuery(row, query) ? [row.id] : [])));
}

// ---------------------------------------------------------------------------------------------------
// The contract (query.ts).

/** The rows of a query from `offset`, at most `limit`, in the query's order. */
export const readReviewPage: ReadReviewPage = async (query, offset, limit) => {
  if (limit <= 0) return [];
  if (!isFiltered(query)) return readPlainPage(query, offset, limit);
  const resolved = await resolveQuery(query);
  if (resolved.type === 'few') return resolved.rows.slice(offset, offset + limit);
  await walkUntil(query, resolved, offset + limit);
  // Taken at once: another reader's step of the same walk may move on meanwhile.
  const ids = resolved.ids.slice(offset, offset + limit);
  const known = new Map(ids.flatMap((id) => resolved.fresh.get(id) ?? []).map((row) => [row.id, row]));
  const unread = ids.filter((id) => !known.has(id));
  for (const row of await db.rowsOf(query.kind).bulkGet(unread)) if (row) known.set(row.id, row);
  return ids.flatMap((id) => known.get(id) ?? []);
};

/** How many rows a query has: a counter, the few matches, or at least the matches a walk found so far. */
export const countReview: CountReview = async (query) => {
  if (!isFiltered(query))
    return { count: (await readViewCounters(query.kind))[query.view].count, isExact: true };
  const resolved = await resolveQuery(query);
  if (resolved.type === 'few') return { count: resolved.rows.length, isExact: true };
  if (resolved.exactCount !== null) return { count: resolved.exactCount, isExact: true };
  // At least the first page's worth, so that the grid can say "at least"; a walk bounded by days is
  // walked on to its end, when short enough, so that its count is exact.
  await walkUntil(query, resolved, 100);
  await walkToCount(query, resolved);
  return { count: resolved.ids.length, isExact: resolved.isDone };
};

/** The count of every view of a feed, from its counters (no row read). */
export const readViewCounts: ReadViewCounts = async (kind: FeedKind) => {
  const views = await readViewCounters(kind);
  return {
    pending: views.pending.count,
    accepted: views.accepted.count,
    rejected: views.rejected.count,
    all: views.all.count,
  };
};

/**
 * Every row of a query, a page at a time, in its order: each page one short read, resuming after the
 * last row's key (never a growing offset). A row whose key moved on during the walk is not passed twice.
 */
export const forEachReviewPage: ForEachReviewPage = async (query, onPage, pageSize = 500) => {
  if (isFiltered(query)) {
    const resolved = await resolveQuery(query);
    if (resolved.type === 'few') {
      for (let offset = 0; offset < resolved.rows.length; offset += pageSize) {
        if ((await onPage(resolved.rows.slice(offset, offset + pageSize))) === false) return;
      }
      return;
    }
  }
  const filtered = isFiltered(query);
  const version = reviewDataVersion();
  const seen = new Set<string>();
  // A filter's matches may be sparse: read more rows at a time than a page holds.
  const readSize = filtered ? Math.max(pageSize, walkChunkMax) : pageSize;
  const reader = new OrderReader(orderOf(query), startOf(orderOf(query)), true);
  let count = 0;
  let page: ReviewRow[] = [];
  for (;;) {
    const entries = await reader.take(readSize);
    for (const { row } of entries) {
      if (!row || seen.has(row.id) || (filtered && !matchesQuery(row, query))) continue;
      seen.add(row.id);
      page.push(row);
    }
    const isEnd = entries.length < readSize;
    while (page.length >= pageSize || (isEnd && page.length > 0)) {
      const handed = page.slice(0, pageSize);
      page = page.slice(pageSize);
      count += handed.length;
      if ((await onPage(handed)) === false) return;
    }
    if (isEnd) break;
  }
  // A whole walk of a filter counted it: the grid's count is exact from now on (if nothing moved).
  if (filtered && reviewDataVersion() === version) {
    const resolved = await resolveQuery(query);
    if (resolved.type === 'walk') resolved.exactCount = count;
  }
};

/**
 * The count and per-currency totals of a query, less the rows `except` names: the view's counters
 * (less the excepted rows, read by id) when there is no filter, else by walking its pages. A currency
 * whose total is 0 is left out.
 */
export const reviewTotalsOf: ReviewTotalsOf = async (query, except) => {
  if (!isFiltered(query)) {
    const counted = (await readViewCounters(query.kind))[query.view];
    const totals: ReviewTotals = { count: counted.count, centsByCurrency: { ...counted.centsByCurrency } };
    const ids = [...(except ?? [])];
    for (let start = 0; start < ids.length; start += 5_000) {
      for (const row of await db.rowsOf(query.kind).bulkGet(ids.slice(start, start + 5_000))) {
        if (row && isInView(row, query.view)) addToTotals(totals, row, -1);
      }
    }
    return totals;
  }
  const totals: ReviewTotals = { count: 0, centsByCurrency: {} };
  await forEachReviewPage(query, (rows) => {
    for (const row of rows) if (!except?.has(row.id)) addToTotals(totals, row, 1);
  });
  return totals;
};
