/**
 * A filtered query resolved: its few matches read whole and ordered in memory, or a walk over the
 * view's order that finds matches as a page asks for them (README.md). Kept per query until the rows
 * change (`reviewDataVersion`).
 */
import { idOfKey, searchWords } from './keys';
import { db } from '../db';
import type { ReviewRow } from '../rows';
import {
  conditionsOf,
  customerPrefixesOf,
  idsOf,
  matchesQuery,
  rowsOfCondition,
  rowsWithin,
  type Condition,
} from './filters';
import { compareRows, customersOrderOf, OrderReader, orderOf, startOf } from './orders';
import type { ReviewQuery } from './query';
import { readViewCounters } from './reads';
import { reviewReadLimits, walkChunkMax, walkChunkMin } from './read-limits';
import { reviewDataVersion } from './writer';

/** A filter with few candidates: every match, in the query's order (a snapshot of when it was read). */
interface FewMatches {
  type: 'few';
  rows: ReviewRow[];
}

/** A filter with many candidates: the matches found so far walking the view's order, and where it stands. */
export interface Walk {
  type: 'walk';
  /**
   * The ids a row must be among (a condition read whole), or null: every row its reader reads is read
   * (the view's, or the rows of the customers a condition names, for a walk of customers).
   */
  among: ReadonlySet<string> | null;
  reader: OrderReader;
  ids: string[];
  isDone: boolean;
  chunk: number;
  /** Rows read by the walk's last steps, by id (so a page just found is not read again). */
  fresh: Map<string, ReviewRow>;
  /** The count a whole walk found (forEachReviewPage), when it is known. */
  exactCount: number | null;
  /** The keys or rows the walk has passed so far (matching or not). */
  passed: number;
  /**
   * How many keys or rows a count may walk on to the walk's end (`walkToCount`): a walk bounded by a
   * range of days ends with them, and a walk of some customers' rows with theirs, so its count can be
   * made exact without waiting for a whole walk; 0 for a walk of the whole view, or of customers whose
   * rows are thought too many (its count stays "at least" until a whole walk).
   */
  countUpTo: number;
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
export function resolveQuery(query: ReviewQuery): Promise<Resolved> {
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

async function readCandidates(query: ReviewQuery): Promise<Resolved> {
  const order = orderOf(query);
  // The view's size is read beside the conditions (one wait for the store, not two).
  const [found, counters] = await Promise.all([conditionsOf(query), readViewCounters(query.kind)]);
  // A view ordered by date with a range of days reads only those days (`orders.ts`): the range bounds
  // the walk, and is not read as ids first. A rep's week at 1,000,000 documents is 17,000 rows of which
  // a page needs a few hundred: reading the week's ids (or rows) whole before the first page took 1.2 s.
  const isDayBound = query.sort.column === 'date' && found.some((condition) => condition?.isDays);
  const conditions = found.filter(
    (condition): condition is Condition => !!condition && !(isDayBound && condition.isDays),
  );
  // Rows a walk reads first: enough for a block at the density the conditions' customers suggest.
  const density = Math.min(
    1,
    ...conditions.flatMap((condition) => (condition.share > 0 ? [condition.share] : [])),
  );
  const firstChunk = Math.max(walkChunkMin, Math.min(walkChunkMax, Math.ceil((1.25 * 100) / density)));
  const walk = (among: ReadonlySet<string> | null): Walk => ({
    type: 'walk',
    among,
    reader: new OrderReader(order, startOf(order), among === null),
    ids: [],
    isDone: false,
    chunk: among === null ? firstChunk : walkChunkMin,
    fresh: new Map(),
    exactCount: null,
    passed: 0,
    countUpTo: isDayBound ? reviewReadLimits.candidatesUpTo : 0,
    queue: Promise.resolve(),
  });
  /** A condition's rows read whole: those the query matches, in its order. */
  const few = (rows: readonly ReviewRow[]): FewMatches => ({
    type: 'few',
    rows: rows.filter((row) => matchesQuery(row, query)).sort(compareRows(order)),
  });
  if (conditions.length === 0) return walk(null);
  // Ordered by date, a condition of customers (a name, a branch) is walked through those customers' rows
  // in date order (`kCust`'s ranges merged), not the view's: at 100,000 documents a name whose customers'
  // rows are all months old read 27,000 newer rows before its first page (1 s), and a branch at 1,000,000
  // its customer's 2,250 rows whole. Such a walk passes only the customers' rows, so its count walks on
  // to their end, a step at a time, while it has passed at most `candidatesUpTo` of them (exact).
  const viewCount = counters[query.view].count;
  const customers =
    query.sort.column === 'date'
      ? conditions
          .flatMap((condition) => {
            const prefixes = customerPrefixesOf(condition);
            return prefixes && prefixes.length <= reviewReadLimits.customerRangesUpTo
              ? [{ condition, prefixes }]
              : [];
          })
          .sort((a, b) => a.prefixes.length - b.prefixes.length)[0]
      : undefined;
  if (customers) {
    const order = customersOrderOf(query, customers.prefixes);
    // Counted to the end only when the customers' rows are thought few enough (by their share) to be.
    const isCountable = customers.condition.share * viewCount <= reviewReadLimits.candidatesUpTo;
    return {
      ...walk(null),
      reader: new OrderReader(order, startOf(order), true),
      chunk: walkChunkMin,
      countUpTo: isCountable ? reviewReadLimits.candidatesUpTo : 0,
    };
  }
  // One condition of a few customers' rows (a branch, a name): its rows read at once, not its ids first.
  const only = conditions.length === 1 ? conditions[0]! : null;
  if (only && only.share > 0 && only.share * viewCount <= reviewReadLimits.rowsReadUpTo) {
    const rows = await rowsWithin(query.kind, only, reviewReadLimits.rowsReadUpTo);
    if (rows) return few(rows);
  }
  // First a few ids of each condition (cheap): one that names few rows settles it. A condition whose
  // customers alone hold more than that many of the view's rows (by their share of the customers) is
  // not read: it is dense.
  const idsRead = await Promise.all(
    conditions.map((condition) =>
      condition.share * viewCount > reviewReadLimits.rowsReadUpTo
        ? null
        : idsOf(query.kind, condition, reviewReadLimits.rowsReadUpTo),
    ),
  );
  const smallest = idsRead
    .flatMap((ids, index) => (ids ? [{ ids, condition: conditions[index]! }] : []))
    .sort((a, b) => a.ids.size - b.ids.size)[0];
  if (smallest) return few(await rowsOfCondition(query.kind, smallest.condition, smallest.ids));
  // Every condition names many rows. One sparse in the view: walk the view's keys among its ids. Dense
  // (a common name): walking the view's rows fills a page at once.
  const sparse = conditions.filter((condition) => condition.share < reviewReadLimits.denseShare);
  if (sparse.length === 0 || viewCount * reviewReadLimits.denseShare <= reviewReadLimits.rowsReadUpTo)
    return walk(null);
  for (const condition of sparse) {
    const ids = await idsOf(query.kind, condition, reviewReadLimits.candidatesUpTo);
    if (ids && ids.size < viewCount * reviewReadLimits.denseShare) return walk(ids);
  }
  return walk(null);
}

/** Walks on until the walk has `wanted` matches or has read the whole view. */
export function walkUntil(query: ReviewQuery, walk: Walk, wanted: number): Promise<unknown> {
  walk.queue = walk.queue.then(async () => {
    // The rows of the last steps only: what a page just found asks for.
    if (walk.fresh.size > walkChunkMax * 2) walk.fresh.clear();
    while (!walk.isDone && walk.ids.length < wanted) await walkStep(query, walk);
  });
  return walk.queue;
}

/**
 * Walks a walk bounded by days on to its end, to count it exactly, while it has passed fewer than its
 * `countUpTo` keys or rows. A step at a time, each queued on its own: a page asked meanwhile is read
 * between two steps, not after the count.
 */
export async function walkToCount(query: ReviewQuery, walk: Walk): Promise<void> {
  while (!walk.isDone && walk.passed < walk.countUpTo) {
    walk.queue = walk.queue.then(() =>
      walk.isDone || walk.passed >= walk.countUpTo ? undefined : walkStep(query, walk),
    );
    await walk.queue;
  }
}

function walkStep(query: ReviewQuery, walk: Walk): Promise<void> {
  return walk.among ? walkIds(query, walk, walk.among) : walkRows(query, walk);
}

/** One step of a walk over the view's rows: the next rows in order, those that match kept. */
async function walkRows(query: ReviewQuery, walk: Walk): Promise<void> {
  const entries = await walk.reader.take(walk.chunk);
  if (entries.length < walk.chunk) walk.isDone = true;
  walk.passed += entries.length;
  let found = 0;
  for (const { row } of entries) {
    if (!row || !matchesQuery(row, query)) continue;
    walk.ids.push(row.id);
    walk.fresh.set(row.id, row);
    found += 1;
  }
  // Sparse matches: read more at a time.
  if (found * 4 < entries.length) walk.chunk = Math.min(walkChunkMax, walk.chunk * 2);
}

/**
 * One step of a walk over the view's keys (no row): the next keys in order whose ids are among the
 * candidates, whose rows are then read and checked.
 */
async function walkIds(query: ReviewQuery, walk: Walk, among: ReadonlySet<string>): Promise<void> {
  const chunk = walk.chunk * 10;
  const entries = await walk.reader.take(chunk);
  if (entries.length < chunk) walk.isDone = true;
  walk.passed += entries.length;
  const picked = entries.map(({ key }) => idOfKey(key)).filter((id) => among.has(id));
  const rows = await db.rowsOf(query.kind).bulkGet(picked);
  for (const row of rows) {
    if (!row || !matchesQuery(row, query)) continue;
    walk.ids.push(row.id);
    walk.fresh.set(row.id, row);
  }
  if (picked.length * 4 < walk.chunk) walk.chunk = Math.min(walkChunkMax, walk.chunk * 2);
}
