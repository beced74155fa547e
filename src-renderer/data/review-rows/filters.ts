/**
 * Filters of a view: the exact rule a row must meet (`matchesQuery`), and the ranges of the store's
 * keys that hold each condition's rows, so that a filter's rows are found without reading the view
 * (README.md).
 */
import type { ReviewState } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import { db } from '../db';
import type { ReviewRow } from '../rows';
import {
  amountRangeOfWord,
  amountSortKey,
  idOfKey,
  keySeparator as S,
  keyTop,
  matchesWords,
  searchKeysOf,
  searchWords,
  textKeysOf,
  withoutLeadingZeros,
  type ReviewView,
} from './keys';
import { statesOfQuery } from './orders';
import { keyedTextColumns, type ReviewColumnFilter, type ReviewQuery, type ReviewTextColumn } from './query';
import { reviewReadLimits, skipChunk } from './read-limits';

export function isInView(row: ReviewRow, view: ReviewView): boolean {
  return view === 'all' || row.review === view;
}

/** The facts of a row's note a filter reads: a payment's method and cheque, an order number, a reason. */
function noteValues(row: ReviewRow): string[] {
  const facts = row.noteFacts;
  switch (facts?.kind) {
    case 'method':
      return [facts.method, facts.cheque?.number ?? '', facts.cheque?.status ?? ''];
    case 'order':
      return [facts.number];
    case 'reason':
      return [facts.reason, facts.invoice];
    case 'words':
      return [facts.text];
    default:
      return [];
  }
}

/** A text column's values as a filter reads them. */
function textValues(row: ReviewRow, column: ReviewTextColumn): string[] {
  switch (column) {
    case 'customer':
      return [row.customerName, row.customer, `${row.customerName} ${row.customer}`];
    case 'number':
      return [row.number];
    case 'externalNumber':
      return [row.externalNumber];
    case 'rep':
      return [row.rep];
    case 'branch':
      return [row.branch ?? ''];
    case 'status':
      return [row.status];
    case 'note':
      return noteValues(row);
    case 'cheque': {
      const cheque = row.noteFacts?.kind === 'method' ? row.noteFacts.cheque : null;
      return cheque ? [cheque.status, cheque.number] : [];
    }
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
function matchesColumnFilter(row: ReviewRow, filter: ReviewColumnFilter): boolean {
  if (filter.column === 'ackedBy') return row.ackedBy === filter.by;
  if (filter.column === 'date')
    return (filter.from === '' || row.date >= filter.from) && (filter.to === '' || row.date <= filter.to);
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
export function isFiltered(query: ReviewQuery): boolean {
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
export interface Condition {
  sources: Source[];
  /** A share of the view its rows are thought to be (from the customers it names), or 0 when unknown. */
  share: number;
  /**
   * A range of days (`kDate`): a view ordered by date reads only those days already (`orders.ts`), so
   * there it bounds the walk instead of being read as ids.
   */
  isDays?: boolean;
}

/** A condition's customers' `kCust` prefixes, when customers' rows are all it names; else null. */
export function customerPrefixesOf(condition: Condition): string[] | null {
  return condition.sources.length > 0 &&
    condition.sources.every((source) => source.index === 'kCust' && !source.states)
    ? condition.sources.map((source) => source.lower)
    : null;
}

/** Cents within what an amount key holds. */
function clampCents(cents: number): number {
  return Math.max(-(5e14 - 1), Math.min(5e14 - 1, cents));
}

/** The `kDate` ranges of the days from `from` to `to` (both included, '' open) in the view's states. */
function dateSources(states: readonly ReviewState[], from: string, to: string): Source[] {
  if (from !== '' && to !== '' && from > to) return [];
  return states.map((state) => ({
    index: 'kDate',
    lower: `${state}${S}${from}`,
    upper: `${state}${S}${to === '' ? keyTop : `${to}${S}${keyTop}`}`,
  }));
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
  const sources: Source[] = customerSources(customerIds.map(String), states);
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

/** The `kCust` ranges of customers' rows in the view's states. */
function customerSources(customerIds: readonly string[], states: readonly ReviewState[]): Source[] {
  return customerIds.flatMap((id) =>
    states.map((state) => ({
      index: 'kCust',
      lower: `${id}${S}${state}${S}`,
      upper: `${id}${S}${state}${S}${keyTop}`,
    })),
  );
}

/**
 * The rows a branch filter can match, by the customers whose documents name such a branch (their
 * search keys keep their branches': `branchKeysOf`): for `equals`, the branch whole; else a branch that
 * starts with the text, or one a word of the text (its longest) starts a word of. Null when it names
 * too many customers, and only a walk finds its rows.
 */
async function branchCondition(
  filter: { type: 'startsWith' | 'equals'; text: string },
  states: readonly ReviewState[],
): Promise<Condition | null> {
  const text = filter.text.trim().toLowerCase();
  const longest = searchWords(text).reduce((found, word) => (word.length > found.length ? word : found), '');
  const starts =
    filter.type === 'equals' ? [] : [...new Set([text, longest].filter((start) => start !== ''))];
  const tables = db.customerTokens.where('branches');
  const [customerIds, customerCount] = await Promise.all([
    (filter.type === 'equals' ? tables.equals(text) : tables.startsWithAnyOf(starts))
      .distinct()
      .limit(reviewReadLimits.customersUpTo + 1)
      .primaryKeys(),
    db.customerTokens.count(),
  ]);
  if (customerIds.length > reviewReadLimits.customersUpTo) return null;
  const ids = [...new Set(customerIds.map(String))];
  return { sources: customerSources(ids, states), share: customerCount > 0 ? ids.length / customerCount : 0 };
}

/** Every condition a row of the query meets: a word (the quick filter's and text filters'), an amount. */
export async function conditionsOf(query: ReviewQuery): Promise<Array<Condition | null>> {
  const states = statesOfQuery(query);
  const words = new Set(searchWords(query.quickFilter));
  let amount: [number, number] | null = null;
  const dates: Array<{ from: string; to: string }> = [];
  const branches: Array<Promise<Condition | null>> = [];
  for (const filter of query.filters) {
    if (filter.column === 'branch') {
      branches.push(branchCondition(filter, states));
      continue;
    }
    if (filter.column === 'date') {
      dates.push(filter);
      continue;
    }
    if (filter.column === 'ackedBy') continue; // in no key: the walk over the view finds its rows
    if (filter.column !== 'amount') {
      // The rep, status, note and cheque are in no key: the walk over the view finds their rows.
      if (keyedTextColumns.has(filter.column)) for (const word of searchWords(filter.text)) words.add(word);
      continue;
    }
    const [from, to] = amountRange(filter);
    amount = amount ? [Math.max(amount[0], from), Math.min(amount[1], to)] : [from, to];
  }
  const conditions = await Promise.all([
    ...[...words].map((word) => wordCondition(word, states)),
    ...branches,
  ]);
  if (amount) conditions.push({ sources: amountSources(states, amount[0], amount[1]), share: 0 });
  for (const { from, to } of dates)
    conditions.push({ sources: dateSources(states, from, to), share: 0, isDays: true });
  return conditions;
}

/**
 * The rows of `ids`, the ids `idsOf` read from a condition's ranges: read a range at a time (one
 * request a range) where reading them by id takes a request a row, thousands for a week's rows or a
 * branch's. A range that spans every state (a serial's) holds other rows too: its ids are read by id.
 */
export async function rowsOfCondition(
  kind: FeedKind,
  condition: Condition,
  ids: ReadonlySet<string>,
): Promise<ReviewRow[]> {
  const table = db.rowsOf(kind);
  if (condition.sources.some((source) => source.states)) {
    const rows = await table.bulkGet([...ids]);
    return rows.filter((row): row is ReviewRow => row !== undefined);
  }
  const byId = new Map<string, ReviewRow>();
  for (const source of condition.sources) {
    const rows = await table.where(source.index).between(source.lower, source.upper, true, true).toArray();
    for (const row of rows) if (ids.has(row.id)) byId.set(row.id, row);
  }
  return [...byId.values()];
}

/**
 * The rows a condition's ranges hold, read whole (every range at once), up to `upTo`; null when they
 * hold more. For a condition of a few customers' rows (a branch, a customer's name): one wait for the
 * store where reading its ids first and then its rows takes two. Not for a range that spans every state
 * (a serial's: its other rows would be read for nothing).
 */
export async function rowsWithin(
  kind: FeedKind,
  condition: Condition,
  upTo: number,
): Promise<ReviewRow[] | null> {
  if (condition.sources.some((source) => source.states)) return null;
  const table = db.rowsOf(kind);
  const read = await Promise.all(
    condition.sources.map((source) =>
      table
        .where(source.index)
        .between(source.lower, source.upper, true, true)
        .limit(upTo + 1)
        .toArray(),
    ),
  );
  const byId = new Map<string, ReviewRow>();
  for (const rows of read) for (const row of rows) byId.set(row.id, row);
  return byId.size > upTo ? null : [...byId.values()];
}

/** The ids a condition's ranges hold in the view, read up to `upTo` (keys only); null when it holds more. */
export async function idsOf(kind: FeedKind, condition: Condition, upTo: number): Promise<Set<string> | null> {
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
