/**
 * A view in one order: an index, the key prefixes of the view's states and a direction, and a reader
 * that merges the states' ranges, a chunk at a time, from a position (README.md).
 */
import type { ReviewState } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import { db } from '../db';
import type { ReviewRow } from '../rows';
import { keySeparator as S, keyTop, keyedStates, orderKeyOf, type ReviewView } from './keys';
import type { ReviewQuery } from './query';
import { skipChunk } from './read-limits';

/** A view in one order: the ranges (one a state) of one index, merged by what follows the prefix. */
export interface Order {
  kind: FeedKind;
  index: (typeof orderKeyOf)[keyof typeof orderKeyOf] | 'kCust';
  prefixes: string[];
  isDescending: boolean;
  /**
   * What follows a prefix in every key read: from `lower` to `upper` (both included). A query ordered by
   * date with a range of days reads only those days (no row outside them can match): a walk for a rep's
   * week starts at the week and ends with it, however many days the view holds around it.
   */
  within: { lower: string; upper: string };
}

export function statesOf(view: ReviewView): readonly ReviewState[] {
  return view === 'all' ? keyedStates : [view];
}

/**
 * The states a query's rows can be in: its view's, less pending when it filters by who answered (a
 * pending row has no answer: `ackedByOf` in projection.ts). A walk for "answered elsewhere" in the view
 * of every document then never crosses the pending rows, nine in ten of a desk's.
 */
export function statesOfQuery(query: ReviewQuery): readonly ReviewState[] {
  const states = statesOf(query.view);
  return query.filters.some((filter) => filter.column === 'ackedBy')
    ? states.filter((state) => state !== 'pending')
    : states;
}

export function orderOf(query: ReviewQuery): Order {
  return {
    kind: query.kind,
    index: orderKeyOf[query.sort.column],
    prefixes: statesOfQuery(query).map((state) => `${state}${S}`),
    isDescending: query.sort.direction === 'desc',
    within: query.sort.column === 'date' ? daysWithin(query) : { lower: '', upper: keyTop },
  };
}

/**
 * A query ordered by date read through some customers' rows instead of the view's: `kCust`'s ranges
 * (`<customerId>␁<state>␁`), each in date order, merged as a view's states are.
 */
export function customersOrderOf(query: ReviewQuery, prefixes: string[]): Order {
  return { ...orderOf(query), index: 'kCust', prefixes };
}

/** The days every date filter of a query allows, as what follows a prefix of a date key. */
function daysWithin(query: ReviewQuery): Order['within'] {
  let from = '';
  let to = '';
  for (const filter of query.filters) {
    if (filter.column !== 'date') continue;
    if (filter.from > from) from = filter.from;
    if (filter.to !== '' && (to === '' || filter.to < to)) to = filter.to;
  }
  return { lower: from, upper: to === '' ? keyTop : `${to}${S}${keyTop}` };
}

/** Where a reader stands in an order: per prefix, the last key it handed out (null: none yet). */
export type Position = ReadonlyArray<string | null>;

export function startOf(order: Order): Position {
  return order.prefixes.map(() => null);
}

/** What each range of an order of many ranges reads first, at least. */
const manyRangesFirst = 10;

/** A range of a feed's rows, as Dexie reads it. */
type RowCollection = ReturnType<ReturnType<typeof db.rowsOf>['toCollection']>;

/** An order's keys under one prefix, after `after` (from the prefix's start if null). */
function rangeAfter(order: Order, prefix: string, after: string | null): RowCollection {
  const index = db.rowsOf(order.kind).where(order.index);
  const lower = prefix + order.within.lower;
  const upper = prefix + order.within.upper;
  return order.isDescending
    ? index.between(lower, after ?? upper, true, after === null).reverse()
    : index.between(after ?? lower, upper, after === null, true);
}

/** A key or a row of an order, as a reader hands it out. */
export interface Entry {
  key: string;
  row: ReviewRow | null;
}

/**
 * Reads an order from a position, its prefixes' ranges merged: keys only (`withRows` false: skipping,
 * walking among candidates) or rows. Each range is read a chunk at a time as the merge needs it.
 */
export class OrderReader {
  readonly #order: Order;
  readonly #withRows: boolean;
  readonly #heads: Array<{
    entries: Entry[];
    at: number;
    lastRead: string | null;
    isDone: boolean;
    /** Reads so far: a range of many (a name's customers) reads a few at first, more each time. */
    reads: number;
  }>;
  readonly #handed: Array<string | null>;

  constructor(order: Order, from: Position, withRows: boolean) {
    this.#order = order;
    this.#withRows = withRows;
    this.#heads = from.map((key) => ({ entries: [], at: 0, lastRead: key, isDone: false, reads: 0 }));
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
    // A view's states are few: each reads the chunk. The ranges of a name's customers (tens of them)
    // read their share of it at first, twice as many each time one runs out (it holds what comes next).
    const heads = this.#heads.length;
    const size =
      heads <= keyedStates.length
        ? chunk
        : Math.min(chunk, Math.max(manyRangesFirst, Math.ceil(chunk / heads)) * 2 ** head.reads);
    head.reads += 1;
    const range = rangeAfter(this.#order, this.#order.prefixes[index]!, head.lastRead).limit(size);
    const entries: Entry[] = this.#withRows
      ? (await range.toArray()).map((row) => ({ key: String(row[this.#order.index]), row }))
      : (await range.keys()).map((key) => ({ key: String(key), row: null }));
    head.entries = entries;
    head.at = 0;
    if (entries.length < size) head.isDone = true;
    const last = entries.at(-1);
    if (last) head.lastRead = last.key;
  }
}

/** The rows of an order in memory, compared as its index orders them. */
export function compareRows(order: Order): (a: ReviewRow, b: ReviewRow) => number {
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
