/**
 * Paged reading of review views (review-query.ts has the contract, docs/decisions/100-paged-review-views.md
 * the design): whatever the store holds, a page is a range read of one string-key index (the ranges of
 * a view's states merged for the view of every document), resumed after the last key read, never by
 * offset; a count is a counter; a filter reads its few candidates through the keys that find rows by
 * customer, serial and amount, or the view's order until the page is full. Nothing here holds a whole
 * view: at most a filter's candidate ids (`reviewReadLimits`).
 */
import type { ReviewState } from '../../src-shared/domain/review';
import {
  addToTotals,
  amountRangeOfWord,
  type HeldAckState,
  amountSortKey,
  idOfKey,
  keySeparator as S,
  keyTop,
  keyedStates,
  matchesWords,
  orderKeyOf,
  searchKeysOf,
  searchWords,
  textKeysOf,
  withoutLeadingZeros,
} from '../../src-shared/domain/review-keys';
import type { FeedKind } from '../../src-shared/wire';
import { db, type ReviewRow } from './db';
import { readViewCounters, reviewDataVersion, type ReviewView } from './documents';
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

export { reviewDataVersion } from './documents';

/**
 * How filters are read. Each condition (a filter word, an amount filter) names the ranges that hold
 * its rows, or none when a word starts a word most numbers share (then only the view's order finds its
 * rows). First at most `rowsReadUpTo` ids of each condition; when one has that few, its rows are read,
 * checked and ordered in memory (the count exact). Else, when a condition looks sparse in the view
 * (under `denseShare` of it: by the share of customers it names), at most `candidatesUpTo` of its ids are
 * read and the view's keys walked in order among them; else the view's rows are walked in order,
 * filtering as they go (matches are dense). A word naming more than `customersUpTo` customers names
 * too many ranges to read: it is left to the walk. A page far (`jumpFromEndAfter` rows) from any page
 * read before and nearer the other end of its view is read from that end. Tests lower them to reach
 * each way on small stores.
 */
export const reviewReadLimits = {
  denseShare: 0.01,
  candidatesUpTo: 20_000,
  rowsReadUpTo: 2_000,
  customersUpTo: 100,
  jumpFromEndAfter: 10_000,
};

/** Rows a walk reads at a time, at first; it doubles (up to `walkChunkMax`) while matches are sparse. */
const walkChunkMin = 200;
const walkChunkMax = 5_000;

/** Keys read at a time when a page is reached by skipping (no row read). */
const skipChunk = 5_000;

// ---------------------------------------------------------------------------------------------------
// Orders: an index, the key prefixes of the view's states, a direction; a reader that merges them.

/** A view in one order: the ranges (one a state) of one index, merged by what follows the prefix. */
interface Order {
  kind: FeedKind;
  index: (typeof orderKeyOf)[keyof typeof orderKeyOf];
  prefixes: string[];
  isDescending: boolean;
}

function statesOf(view: ReviewView): readonly ReviewState[] {
  return view === 'all' ? keyedStates : [view];
}

function orderOf(query: ReviewQuery): Order {
  return {
    kind: query.kind,
    index: orderKeyOf[query.sort.column],
    prefixes: statesOf(query.view).map((state) => `${state}${S}`),
    isDescending: query.sort.direction === 'desc',
  };
}

/** Where a reader stands in an order: per prefix, the last key it handed out (null: none yet). */
type Position = ReadonlyArray<string | null>;

function startOf(order: Order): Position {
  return order.prefixes.map(() => null);
}

/** An order's keys under one prefix, after `after` (from the prefix's start if null). */
/** A range of a feed's rows, as Dexie reads it. */
type RowCollection = ReturnType<ReturnType<typeof db.rowsOf>['toCollection']>;

function rangeAfter(order: Order, prefix: string, after: string | null): RowCollection {
  const index = db.rowsOf(order.kind).where(order.index);
  return order.isDescending
    ? index.between(prefix, after ?? prefix + keyTop, true, after === null).reverse()
    : index.between(after ?? prefix, prefix + keyTop, after === null, true);
}

/** A key or a row of an order, as a reader hands it out. */
interface Entry {
  key: string;
  row: ReviewRow | null;
}

/**
 * Reads an order from a position, its prefixes' ranges merged: keys only (`withRows` false: skipping,
 * walking among candidates) or rows. Each range is read a chunk at a time as the merge needs it.
 */
class OrderReader {
  readonly #order: Order;
  readonly #withRows: boolean;
  readonly #heads: Array<{ entries: Entry[]; at: number; lastRead: string | null; isDone: boolean }>;
  readonly #handed: Array<string | null>;

  constructor(order: Order, from: Position, withRows: boolean) {
    this.#order = order;
    this.#withRows = withRows;
    this.#heads = from.map((key) => ({ entries: [], at: 0, lastRead: key, isDone: false }));
    this.#handed = [...from];
  }

  /** Where the reader stands: a new reader from here hands out what this one would next. */
  position(): Position {
    return [...this.#handed];
  }

  /** The next `count` entries of the order (fewer at its end). */
  async take(count: number): Promise<Entry[]> {
    const taken: Entry[] = [];
    const chunk = Math.max(50, Math.min(count, this.#withRows ? 2_000 : skipChunk));
    while (taken.length < count) {
      await Promise.all(
        this.#heads.map((head, index) =>
          head.at < head.entries.length || head.isDone ? null : this.#refill(index, chunk),
        ),
      );
      let best = -1;
      let bestSuffix = '';
      this.#heads.forEach((head, index) => {
        const entry = head.entries[head.at];
        if (!entry) return;
        const suffix = entry.key.slice(this.#order.prefixes[index]!.length);
        if (best === -1 || (this.#order.isDescending ? suffix > bestSuffix : suffix < bestSuffix)) {
          best = index;
          bestSuffix = suffix;
        }
      });
      if (best === -1) break;
      const head = this.#heads[best]!;
      const entry = head.entries[head.at]!;
      head.at += 1;
      this.#handed[best] = entry.key;
      taken.push(entry);
    }
    return taken;
  }

  async #refill(index: number, chunk: number): Promise<void> {
    const head = this.#heads[index]!;
    const range = rangeAfter(this.#order, this.#order.prefixes[index]!, head.lastRead).limit(chunk);
    const entries: Entry[] = this.#withRows
      ? (await range.toArray()).map((row) => ({ key: String(row[this.#order.index]), row }))
      : (await range.keys()).map((key) => ({ key: String(key), row: null }));
    head.entries = entries;
    head.at = 0;
    if (entries.length < chunk) head.isDone = true;
    const last = entries.at(-1);
    if (last) head.lastRead = last.key;
  }
}

/** The rows of an order in memory, compared as its index orders them. */
function compareRows(order: Order): (a: ReviewRow, b: ReviewRow) => number {
  const suffix = (row: ReviewRow): string => {
    const key = String(row[order.index] ?? '');
    return key.slice(key.indexOf(S) + 1);
  };
  const sign = order.isDescending ? -1 : 1;
  return (a, b) => {
    const [x, y] = [suffix(a), suffix(b)];
    return x === y ? 0 : x < y ? -sign : sign;
  };
}

// ---------------------------------------------------------------------------------------------------
// Filters: the exact rule a row must meet, and the ranges that hold each condition's rows.

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

/**
 * Whether a row is one of the query's: in its view, every quick-filter word starting a key or the
 * amount, every filter met.
 */
export function matchesQuery(row: ReviewRow, query: ReviewQuery): boolean {
  return (
    isInView(row, query.view) &&
    (query.quickFilter.trim() === '' ||
      matchesWords(searchKeysOf(row), query.quickFilter, row.amountCents)) &&
    query.filters.every((filter) => matchesColumnFilter(row, filter))
  );
}

/** Whether a query filters its view at all. */
function isFiltered(query: ReviewQuery): boolean {
  return searchWords(query.quickFilter).length > 0 || query.filters.length > 0;
}

/** A range of an index whose keys name rows of a condition; `states` keeps those of the view's states. */
interface Source {
  index: string;
  lower: string;
  upper: string;
  /** For keys `<value>␁<review>␁<id>`: the states kept (the range spans every state). */
  states?: ReadonlySet<string>;
}

/** The ranges holding a condition's rows (every one of them, perhaps more), and its share estimated. */
interface Condition {
  sources: Source[];
  /** A share of the view its rows are thought to be (from the customers it names), or 0 when unknown. */
  share: number;
}

/** Cents within what an amount key holds. */
function clampCents(cents: number): number {
  return Math.max(-(5e14 - 1), Math.min(5e14 - 1, cents));
}

/** The `kAmount` ranges of amounts from `from` to `to` cents in the view's states. */
function amountSources(states: readonly ReviewState[], from: number, to: number): Source[] {
  if (from > to) return [];
  return states.map((state) => ({
    index: 'kAmount',
    lower: `${state}${S}${amountSortKey(clampCents(from))}`,
    upper: `${state}${S}${amountSortKey(clampCents(to))}${S}${keyTop}`,
  }));
}

/**
 * The ranges holding the rows a filter word can match in the view's states: its customers' (by their
 * search keys), by serial (a word of digits), by amount (a start of one); null when a word of numbers
 * most rows share starts with it (or it names too many customers) and only a walk finds its rows.
 */
async function wordCondition(word: string, states: readonly ReviewState[]): Promise<Condition | null> {
  const isDigits = /^\p{N}+$/u.test(word);
  if (isDigits && /^0+$/u.test(word)) return null;
  const [customerIds, sharedWords, customerCount] = await Promise.all([
    db.customerTokens
      .where('tokens')
      .startsWith(word)
      .distinct()
      .limit(reviewReadLimits.customersUpTo + 1)
      .primaryKeys(),
    db.numberWords.where('word').startsWith(word).limit(1).primaryKeys(),
    db.customerTokens.count(),
  ]);
  if (customerIds.length > reviewReadLimits.customersUpTo || sharedWords.length > 0) return null;
  const sources: Source[] = customerIds.flatMap((id) =>
    states.map((state) => ({
      index: 'kCust',
      lower: `${id}${S}${state}${S}`,
      upper: `${id}${S}${state}${S}${keyTop}`,
    })),
  );
  if (isDigits) {
    const serial = withoutLeadingZeros(word);
    const kept = new Set<string>(states);
    for (const index of ['kSerial', 'kErp'])
      sources.push({ index, lower: serial, upper: serial + keyTop, states: kept });
  }
  const amounts = amountRangeOfWord(word);
  if (amounts) {
    const [from, to] = amounts;
    sources.push(...amountSources(states, from, to), ...amountSources(states, -to, -from));
  }
  return { sources, share: customerCount > 0 ? customerIds.length / customerCount : 0 };
}

/** Every condition a row of the query meets: a word (the quick filter's and text filters'), an amount. */
async function conditionsOf(query: ReviewQuery): Promise<Array<Condition | null>> {
  const states = statesOf(query.view);
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
  const conditions = await Promise.all([...words].map((word) => wordCondition(word, states)));
  if (amount) conditions.push({ sources: amountSources(states, amount[0], amount[1]), share: 0 });
  return conditions;
}

/** The ids a condition's ranges hold in the view, read up to `upTo` (keys only); null when it holds more. */
async function idsOf(kind: FeedKind, condition: Condition, upTo: number): Promise<Set<string> | null> {
  const ids = new Set<string>();
  for (const source of condition.sources) {
    let after: string | null = null;
    for (;;) {
      const chunk = Math.min(skipChunk, upTo + 1 - ids.size + (source.states ? 100 : 0));
      const index = db.rowsOf(kind).where(source.index);
      const keys: string[] = (
        await (
          after === null
            ? index.between(source.lower, source.upper, true, true)
            : index.between(after, source.upper, false, true)
        )
          .limit(chunk)
          .keys()
      ).map(String);
      for (const key of keys) {
        if (source.states && !source.states.has(key.split(S)[1] ?? '')) continue;
        ids.add(idOfKey(key));
      }
      if (ids.size > upTo) return null;
      if (keys.length < chunk) break;
      after = keys.at(-1)!;
    }
  }
  return ids;
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
  /** The ids a row must be among (a condition read whole), or null: every row of the view is read. */
  among: ReadonlySet<string> | null;
  reader: OrderReader;
  ids: string[];
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

async function readCandidates(query: ReviewQuery): Promise<Resolved> {
  const order = orderOf(query);
  const conditions = (await conditionsOf(query)).filter((condition): condition is Condition => !!condition);
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
    queue: Promise.resolve(),
  });
  if (conditions.length === 0) return walk(null);
  // First a few ids of each condition (cheap): one that names few rows settles it. A condition whose
  // customers alone hold more than that many of the view's rows (by their share of the customers) is
  // not read: it is dense.
  const viewCount = (await readViewCounters(query.kind))[query.view].count;
  const few = await Promise.all(
    conditions.map((condition) =>
      condition.share * viewCount > reviewReadLimits.rowsReadUpTo
        ? null
        : idsOf(query.kind, condition, reviewReadLimits.rowsReadUpTo),
    ),
  );
  const smallest = few.flatMap((ids) => (ids ? [ids] : [])).sort((a, b) => a.size - b.size)[0];
  if (smallest) {
    const rows = (await db.rowsOf(query.kind).bulkGet([...smallest])).filter(
      (row): row is ReviewRow => row !== undefined && matchesQuery(row, query),
    );
    return { type: 'few', rows: rows.sort(compareRows(order)) };
  }
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
  const entries = await walk.reader.take(walk.chunk);
  if (entries.length < walk.chunk) walk.isDone = true;
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
  const picked = entries.map(({ key }) => idOfKey(key)).filter((id) => among.has(id));
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
    statesOf(query.view).map((review) => {
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
