/**
 * Paged reading of review views (review-query.ts has the contract, docs/decisions/100-paged-review-views.md
 * the design): whatever the store holds, a page is one indexed range read, a count is a counter, and a
 * filter reads either its few candidates or the view's order until the page is full. Nothing here holds
 * a whole view: at most a filter's candidates (`reviewReadLimits`) or the ids a walk has passed.
 */
import Dexie, { cmp, type IndexableType } from 'dexie';
import {
  customerSortOf,
  matchesWords,
  addToTotals,
  searchKeysOf,
  searchWords,
  textKeysOf,
} from '../../src-shared/domain/review-keys';
import type { FeedKind } from '../../src-shared/wire';
import { db, type ReviewRow } from './db';
import { readViewCounters, reviewDataVersion, topKey, type ReviewView } from './documents';
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
import { sortFields } from './store-layout';

export { reviewDataVersion } from './documents';

/** A range of a feed's rows, as Dexie reads it. */
type RowCollection = ReturnType<ReturnType<typeof db.rowsOf>['toCollection']>;

/**
 * How filters are read: first at most `rowsReadUpTo` ids of each indexed condition; when the ids the
 * conditions read whole share are that few, their rows are read and ordered in memory (the count
 * exact). Else, when every condition names at least `denseShare` of the view, the view's rows are
 * walked in its order, filtering as they go (matches are dense). Else at most `candidatesUpTo` ids of
 * each are read, and the view's ids walked in its order among those the conditions read whole share
 * (no row read but a page's); when none could be read whole, the view's rows are walked. A page far (`jumpFromEndAfter` rows) from any page read before and nearer the
 * other end of its view is read from that end. Tests lower them to reach each way on small stores.
 */
export const reviewReadLimits = {
  denseShare: 0.05,
  candidatesUpTo: 20_000,
  rowsReadUpTo: 2_000,
  jumpFromEndAfter: 10_000,
};

/** Rows a walk reads at a time, at first; it doubles (up to `walkChunkMax`) while matches are sparse. */
const walkChunkMin = 200;
const walkChunkMax = 5_000;

// ---------------------------------------------------------------------------------------------------
// Orders: the view's index, a row's key in it, the range from a key on.

/** The index a query's rows are read in (store-layout.ts: reviewRowIndexes). */
function indexOf(query: ReviewQuery): string {
  const field = sortFields[query.sort.column];
  return query.view === 'all' ? `[${field}+id]` : `[review+${field}+id]`;
}

function sortValueOf(row: ReviewRow, query: ReviewQuery): string | number {
  switch (query.sort.column) {
    case 'date':
      return row.date;
    case 'number':
      return row.number;
    case 'customer':
      return row.customerSort ?? customerSortOf(row);
    case 'amount':
      return row.amountCents;
  }
}

/** A row's key in the query's index. */
function keyOf(row: ReviewRow, query: ReviewQuery): IndexableType {
  return query.view === 'all'
    ? [sortValueOf(row, query), row.id]
    : [row.review, sortValueOf(row, query), row.id];
}

/** The query's order on rows in memory: exactly the index's (IndexedDB's own comparison). */
function compareRows(query: ReviewQuery): (a: ReviewRow, b: ReviewRow) => number {
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  return (a, b) => sign * cmp(keyOf(a, query), keyOf(b, query));
}

/** The view's rows in the query's order, after the row whose key is `after` (from the start if null). */
function rowsAfter(query: ReviewQuery, after: IndexableType | null): RowCollection {
  const [lower, upper] =
    query.view === 'all'
      ? [
          [Dexie.minKey, Dexie.minKey],
          [topKey(), topKey()],
        ]
      : [
          [query.view, Dexie.minKey, Dexie.minKey],
          [query.view, topKey(), topKey()],
        ];
  const index = db.rowsOf(query.kind).where(indexOf(query));
  return query.sort.direction === 'asc'
    ? index.between(after ?? lower, upper, after === null, true)
    : index.between(lower, after ?? upper, true, after === null).reverse();
}

// ---------------------------------------------------------------------------------------------------
// Filters: the exact rule a row must meet, and the indexed conditions that name its candidates.

function isInView(row: ReviewRow, view: ReviewView): boolean {
  return view === 'all' || row.review === view;
}

/** A text column's values as a filter reads them. */
function textValues(row: ReviewRow, column: 'customer' | 'number' | 'externalNumber'): string[] {
  switch (column) {
    case 'customer':
      return [row.customerName, row.customer, `${row.customerName} ${row.customer}`];
    case 'number':
      return [row.number];
    case 'externalNumber':
      return [row.externalNumber];
  }
}

/** An amount filter's cents, both ends included. */
function amountRange(filter: ReviewColumnFilter & { column: 'amount' }): [number, number] {
  switch (filter.type) {
    case 'equals':
      return [filter.cents, filter.cents];
    case 'greaterThan':
      return [filter.cents + 1, Number.MAX_SAFE_INTEGER];
    case 'lessThan':
      return [Number.MIN_SAFE_INTEGER, filter.cents - 1];
    case 'inRange':
      return [Math.min(filter.fromCents, filter.toCents), Math.max(filter.fromCents, filter.toCents)];
  }
}

/**
 * Whether a row meets a column filter: a text column whose value starts with the text, or whose words
 * each word of the text starts (leading zeros or not), or (`equals`) whose value is the text; an amount
 * in its range.
 */
export function matchesColumnFilter(row: ReviewRow, filter: ReviewColumnFilter): boolean {
  if (filter.column === 'amount') {
    const [from, to] = amountRange(filter);
    return row.amountCents >= from && row.amountCents <= to;
  }
  const text = filter.text.trim().toLowerCase();
  const values = textValues(row, filter.column).map((value) => value.toLowerCase());
  if (filter.type === 'equals') return values.includes(text);
  return values.some((value) => value.startsWith(text)) || matchesWords(textKeysOf(values), text);
}

/** Whether a row is one of the query's: in its view, every quick-filter word starting a key, every filter met. */
export function matchesQuery(row: ReviewRow, query: ReviewQuery): boolean {
  return (
    isInView(row, query.view) &&
    (query.quickFilter.trim() === '' || matchesWords(searchKeysOf(row), query.quickFilter)) &&
    query.filters.every((filter) => matchesColumnFilter(row, filter))
  );
}

/** Whether a query filters its view at all. */
function isFiltered(query: ReviewQuery): boolean {
  return searchWords(query.quickFilter).length > 0 || query.filters.length > 0;
}

/**
 * The indexed conditions every row of the query meets: each word that must start a search key (the
 * quick filter's, and each text filter's: a value that starts with a text has keys its words start),
 * and the amount's range in the view.
 */
function candidateSources(query: ReviewQuery): Array<RowCollection> | null {
  const rows = db.rowsOf(query.kind);
  const words = new Set(searchWords(query.quickFilter));
  let amount: [number, number] | null = null;
  for (const filter of query.filters) {
    if (filter.column !== 'amount') {
      for (const word of searchWords(filter.text)) words.add(word);
      continue;
    }
    const [from, to] = amountRange(filter);
    amount = amount ? [Math.max(amount[0], from), Math.min(amount[1], to)] : [from, to];
  }
  const sources = [...words].map((word) => rows.where('search').startsWith(word));
  if (amount) {
    const [from, to] = amount;
    // Ranges that do not meet: no row.
    if (from > to) return null;
    sources.push(
      query.view === 'all'
        ? rows.where('[amountCents+id]').between([from, Dexie.minKey], [to, topKey()], true, true)
        : rows
            .where('[review+amountCents+id]')
            .between([query.view, from, Dexie.minKey], [query.view, to, topKey()], true, true),
    );
  }
  return sources;
}

// ---------------------------------------------------------------------------------------------------
// A filtered query, resolved: its few matches in order, or a walk over the view.

/** A filter with few candidates: every match, in the query's order (a snapshot of when it was read). */
interface FewMatches {
  type: 'few';
  rows: ReviewRow[];
}

/** A filter with many candidates: the matches found so far walking the view's order, and where it stands. */
interface Walk {
  type: 'walk';
  /** The ids a row must be among (the conditions read whole), or null: every row of the view is read. */
  among: ReadonlySet<string> | null;
  /** How many of the view's ids a walk `among` ids has passed. */
  passed: number;
  ids: string[];
  /** The key of the last row the walk read (null before the first). */
  resume: IndexableType | null;
  isDone: boolean;
  chunk: number;
  /** Rows read by the walk's last steps, by id (so a page just found is not read again). */
  fresh: Map<string, ReviewRow>;
  /** The count a whole walk found (forEachReviewPage), when it is known. */
  exactCount: number | null;
  /** Steps run one after another, whoever asks. */
  queue: Promise<unknown>;
}

type Resolved = FewMatches | Walk;

/** The last few queries resolved, with the data version they were read at. */
const resolvedCache = new Map<string, { version: number; resolved: Promise<Resolved> }>();
const resolvedCacheSize = 4;

function queryKey(query: ReviewQuery): string {
  return JSON.stringify([query.kind, query.view, query.sort, searchWords(query.quickFilter), query.filters]);
}

/** The query resolved at the current data version (read once, then kept until the rows change). */
function resolveQuery(query: ReviewQuery): Promise<Resolved> {
  const key = queryKey(query);
  const version = reviewDataVersion();
  const cached = resolvedCache.get(key);
  if (cached && cached.version === version) {
    resolvedCache.delete(key);
    resolvedCache.set(key, cached);
    return cached.resolved;
  }
  const resolved = readCandidates(query);
  resolvedCache.set(key, { version, resolved });
  while (resolvedCache.size > resolvedCacheSize) resolvedCache.delete(resolvedCache.keys().next().value!);
  resolved.catch(() => resolvedCache.delete(key));
  return resolved;
}

/** The ids of each condition read whole with at most `upTo` ids, smallest first. */
async function fullyRead(
  sources: readonly RowCollection[],
  upTo: number,
): Promise<Array<{ ids: Set<string>; index: number }>> {
  const keyLists = await Promise.all(
    sources.map(async (source) =>
      (
        await source
          .clone()
          .limit(upTo + 1)
          .primaryKeys()
      ).map(String),
    ),
  );
  return keyLists
    .flatMap((keys, index) => (keys.length <= upTo ? [{ ids: new Set(keys), index }] : []))
    .sort((a, b) => a.ids.size - b.ids.size);
}

async function readCandidates(query: ReviewQuery): Promise<Resolved> {
  const sources = candidateSources(query);
  if (!sources) return { type: 'few', rows: [] };
  // First a few ids of each condition (cheap): one that names few rows settles it.
  let few = await fullyRead(sources, reviewReadLimits.rowsReadUpTo);
  if (few.length === 0) {
    // Every condition names many rows. Dense in the view (a common name): walking the view's rows fills
    // a page at once. Sparse: read the conditions' ids further, to walk only among them.
    const viewCount = (await readViewCounters(query.kind))[query.view].count;
    if (viewCount * reviewReadLimits.denseShare <= reviewReadLimits.rowsReadUpTo) few = [];
    else few = await fullyRead(sources, reviewReadLimits.candidatesUpTo);
    if (few[0] && few[0].ids.size >= viewCount * reviewReadLimits.denseShare) few = [];
  }
  const smallest = few[0];
  const walk = (among: ReadonlySet<string> | null): Walk => ({
    type: 'walk',
    among,
    passed: 0,
    ids: [],
    resume: null,
    isDone: false,
    chunk: walkChunkMin,
    fresh: new Map(),
    exactCount: null,
    queue: Promise.resolve(),
  });
  if (!smallest) return walk(null);
  const ids = [...smallest.ids].filter((id) => few.every((list) => list.ids.has(id)));
  if (ids.length > reviewReadLimits.rowsReadUpTo) return walk(new Set(ids));
  const rows = (await db.rowsOf(query.kind).bulkGet(ids)).filter(
    (row): row is ReviewRow => row !== undefined,
  );
  return { type: 'few', rows: rows.filter((row) => matchesQuery(row, query)).sort(compareRows(query)) };
}

/** Walks on until the walk has `wanted` matches or has read the whole view. */
function walkUntil(query: ReviewQuery, walk: Walk, wanted: number): Promise<unknown> {
  walk.queue = walk.queue.then(async () => {
    // The rows of the last steps only: what a page just found asks for.
    if (walk.fresh.size > walkChunkMax * 2) walk.fresh.clear();
    while (!walk.isDone && walk.ids.length < wanted) {
      if (walk.among) await walkIds(query, walk, walk.among);
      else await walkRows(query, walk);
    }
  });
  return walk.queue;
}

/** One step of a walk over the view's rows: the next rows in order, those that match kept. */
async function walkRows(query: ReviewQuery, walk: Walk): Promise<void> {
  const rows = await rowsAfter(query, walk.resume).limit(walk.chunk).toArray();
  const last = rows.at(-1);
  if (rows.length < walk.chunk) walk.isDone = true;
  if (last) walk.resume = keyOf(last, query);
  let found = 0;
  for (const row of rows) {
    if (!matchesQuery(row, query)) continue;
    walk.ids.push(row.id);
    walk.fresh.set(row.id, row);
    found += 1;
  }
  // Sparse matches: read more at a time.
  if (found * 4 < rows.length) walk.chunk = Math.min(walkChunkMax, walk.chunk * 2);
}

/**
 * One step of a walk over the view's ids (keys only, no row): the next ids in order among the
 * candidates, whose rows are then read and checked.
 */
async function walkIds(query: ReviewQuery, walk: Walk, among: ReadonlySet<string>): Promise<void> {
  const chunk = walk.chunk * 10;
  const ids = (await rowsAfter(query, null).offset(walk.passed).limit(chunk).primaryKeys()).map(String);
  walk.passed += ids.length;
  if (ids.length < chunk) walk.isDone = true;
  const picked = ids.filter((id) => among.has(id));
  const rows = await db.rowsOf(query.kind).bulkGet(picked);
  for (const row of rows) {
    if (!row || !matchesQuery(row, query)) continue;
    walk.ids.push(row.id);
    walk.fresh.set(row.id, row);
  }
  if (picked.length * 4 < walk.chunk) walk.chunk = Math.min(walkChunkMax, walk.chunk * 2);
}

// ---------------------------------------------------------------------------------------------------
// Pages of a view with no filter: one range read, from the nearest place a page ended before.

/** Where earlier pages of an order ended (offset to the key of the row before it), per data version. */
const pageEnds = new Map<string, { version: number; ends: Map<number, IndexableType> }>();
const pageEndsKept = 64;

function endsOf(query: ReviewQuery): Map<number, IndexableType> {
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

async function readPlainPage(query: ReviewQuery, offset: number, limit: number): Promise<ReviewRow[]> {
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
      const rows = await rowsAfter(reversed(query), null)
        .offset(Math.max(0, fromEnd))
        .limit(fromEnd < 0 ? limit + fromEnd : limit)
        .toArray();
      return rows.reverse();
    }
  }
  const rows = await rowsAfter(query, start === 0 ? null : ends.get(start)!)
    .offset(skip)
    .limit(limit)
    .toArray();
  const last = rows.at(-1);
  if (last) {
    ends.set(offset + rows.length, keyOf(last, query));
    if (ends.size > pageEndsKept) ends.delete(ends.keys().next().value!);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// The contract (review-query.ts).

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
  // At least the first page's worth, so that the grid can say "at least".
  await walkUntil(query, resolved, 100);
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
  let after: IndexableType | null = null;
  let count = 0;
  let page: ReviewRow[] = [];
  for (;;) {
    const rows: ReviewRow[] = await rowsAfter(query, after).limit(readSize).toArray();
    const last = rows.at(-1);
    if (last) after = keyOf(last, query);
    for (const row of rows) {
      if (seen.has(row.id) || (filtered && !matchesQuery(row, query))) continue;
      seen.add(row.id);
      page.push(row);
    }
    const isEnd = rows.length < readSize;
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
