/**
 * What a review row is ordered, searched and counted by (README.md): pure
 * rules the store applies when it writes a row, and again when it reads one, so that an index and the
 * row it points at can never disagree.
 *
 * - Order keys: one string a sort order, `<review>␁<value>␁<id>` (`kDate`, `kNumber`, `kCustomer`,
 *   `kAmount`), so that a view in any order is one range of one index and a page resumes after a key.
 * - Search: a filter word matches a row when it starts one of the row's text keys (the words of the
 *   customer's name in both languages and code, of the number and of the ERP number, numbers also without
 *   their leading zeros), or when it is the start of the amount written `1234.56` from its whole part on
 *   (`1234`, `1234.5`, `1234.56`). The store finds a word's rows without reading the view: by customer
 *   (`kCust`, the customers whose keys a word starts, each customer's rows of a state in date order), by
 *   the number's and the ERP number's serial
 *   (`kSerial`, `kErp`: their last group of digits) and by amount (`kAmount`); the other words of numbers
 *   (`inv`, `2026`), which most rows share, are kept once in a small list instead.
 * - The customer's sort key: the name as the grid shows it (or the code until the name is known),
 *   lowercase, so that "al Noor" and "Al Noor" sit together.
 * - View counters: per view, the rows and their cents per currency.
 */
import type { ReviewState, ReviewViewState } from '../../../src-shared/domain/review';

/** The fields of a review row its keys are derived from. */
export interface KeyedRowFields {
  id: string;
  review: ReviewState;
  date: string;
  number: string;
  customer: string;
  customerId: string;
  customerName: string;
  externalNumber: string;
  amountCents: number;
  currency: string;
  /** The clerk's answer's state on this desk (`failed`, `changed`: a held answer; '' for none). */
  answerState: string;
  /** The outbox batch holding the clerk's queued answer (only while `answerState` is `queued`). */
  ackBatch?: string;
}

/** Separates the parts of a key: below every character a value holds, so a prefix is a range. */
export const keySeparator = '\u0001';

/** Above every character a value holds: `prefix` to `prefix + keyTop` is every key that starts with it. */
export const keyTop = '\uffff';

/** The review states a row can be in, each a key prefix. */
export const keyedStates: readonly ReviewState[] = ['pending', 'accepted', 'rejected', 'not-awaiting'];

/**
 * A word: letters (with their marks) and digits, or digits with dots between them (an amount, `1234.56`).
 * Anything else separates words.
 */
const wordPattern = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{M}\p{N}]+/gu;

/** The lowercase words of a text, in order (a filter's words, or a field's). */
export function searchWords(text: string): string[] {
  // "1,234.56" is an amount, not the words "1" and "234.56".
  return (
    text
      .toLowerCase()
      .replace(/(\p{N}),(?=\p{N}{3}(?!\p{N}))/gu, '$1')
      .match(wordPattern) ?? []
  );
}

/** Digits without their leading zeros ("000123" is "123"; "000" is "0"). */
export function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\p{N})/u, '');
}

/** The keys a word of a field gives: itself, and a number also without its leading zeros and by its parts. */
function keysOfWord(word: string, keys: Set<string>): void {
  keys.add(word);
  for (const part of word.includes('.') ? word.split('.') : [word]) {
    keys.add(part);
    if (/^0+\p{N}/u.test(part)) keys.add(withoutLeadingZeros(part));
  }
}

/** The keys of texts: their words, numbers also without leading zeros and by their dotted parts. */
export function textKeysOf(texts: readonly string[]): string[] {
  const keys = new Set<string>();
  // A row stored by an early version may lack a field: nothing to find it by.
  for (const text of texts) for (const word of searchWords(text ?? '')) keysOfWord(word, keys);
  return [...keys];
}

/** A branch's search keys: its code whole and its words, lowercase ('' has none). */
export function branchKeysOf(branch: string | undefined): string[] {
  const whole = (branch ?? '').trim().toLowerCase();
  return whole === '' ? [] : [...new Set([whole, ...textKeysOf([whole])])];
}

/** A customer's search keys: the words of its name (both languages) and of its code. */
export function customerKeysOf(row: Pick<KeyedRowFields, 'customer' | 'customerName'>): string[] {
  return textKeysOf([row.customerName, row.customer]);
}

/** A row's text search keys, each once: its customer's, its number's and its ERP number's. */
export function searchKeysOf(
  row: Pick<KeyedRowFields, 'customer' | 'customerName' | 'number' | 'externalNumber'>,
): string[] {
  return textKeysOf([row.customerName, row.customer, row.number, row.externalNumber]);
}

/** The last word of a number that is all digits (its serial), without leading zeros; '' when none. */
export function serialOf(number: string): string {
  const word = searchWords(number ?? '').findLast((found) => /^\p{N}+$/u.test(found));
  return word === undefined ? '' : withoutLeadingZeros(word);
}

/**
 * The keys of a number other than its serial's (`inv`, `2026` of `INV-2026-000123`): the words many
 * rows share, kept once in the store's list of number words (a filter word one of them starts is read
 * by walking the view, not by serial).
 */
export function numberWordsOf(number: string): string[] {
  const words = searchWords(number ?? '');
  const serialAt = words.findLastIndex((found) => /^\p{N}+$/u.test(found));
  return textKeysOf(words.filter((_, index) => index !== serialAt));
}

/**
 * The amounts (in cents, not signed) a filter word is the start of, as the amount is written `1234.56`
 * from its whole part on: `1234` is 1234.00-1234.99, `1234.5` is 1234.50-1234.59; null when the word is
 * not such a start.
 */
export function amountRangeOfWord(word: string): [number, number] | null {
  // An amount is written without leading zeros: `0500001` is a serial, not an amount.
  const match = /^(0|[1-9]\d{0,12})(?:\.(\d{0,2}))?$/.exec(word);
  if (!match) return null;
  const whole = Number(match[1]) * 100;
  const cents = match[2] ?? '';
  if (cents.length === 2) return [whole + Number(cents), whole + Number(cents)];
  if (cents.length === 1) return [whole + Number(cents) * 10, whole + Number(cents) * 10 + 9];
  return [whole, whole + 99];
}

/** Whether a filter word is the start of an amount (amountRangeOfWord). */
function matchesAmountWord(word: string, amountCents: number): boolean {
  const range = amountRangeOfWord(word);
  const cents = Math.abs(amountCents);
  return range !== null && cents >= range[0] && cents <= range[1];
}

/** Whether every word of `text` starts one of `keys` or is the start of the amount (the quick filter's rule). */
export function matchesWords(keys: readonly string[], text: string, amountCents?: number): boolean {
  return searchWords(text).every(
    (word) =>
      keys.some((key) => key.startsWith(word)) ||
      (amountCents !== undefined && matchesAmountWord(word, amountCents)),
  );
}

/** The customer's sort key: the name as shown (the code until the name is known), lowercase. */
function customerSortOf(row: Pick<KeyedRowFields, 'customer' | 'customerName'>): string {
  return (row.customerName || row.customer || '').toLowerCase();
}

/** Cents as a key that sorts as the amounts do, negative ones first: 16 digits, offset by 5·10^14. */
export function amountSortKey(cents: number): string {
  return String(Math.round(cents) + 5e14).padStart(16, '0');
}

/** A row's keys: the order keys of its view and the keys that find it by customer, serial and amount. */
export interface RowKeys {
  kDate: string;
  kNumber: string;
  kCustomer: string;
  kAmount: string;
  /** `<customerId>␁<review>␁<id>`. */
  kCust: string;
  /** `<serial>␁<review>␁<id>`, absent when the number has no digits. */
  kSerial?: string;
  /** `<ERP serial>␁<review>␁<id>`, absent until the row has an ERP number with digits. */
  kErp?: string;
  /**
   * `<answer state>␁<review>␁<id>` for an answer that failed or is held (changed): they are few; and
   * `queued␁<batch>␁<id>` for an answer queued in an outbox batch, so that a batch's rows are one range.
   */
  kHeld?: string;
}

/** The answer states a row's `kHeld` key names. */
const heldAckStates = ['failed', 'changed'] as const;

/** An answer state `kHeld` names. */
export type HeldAckState = (typeof heldAckStates)[number];

/** The index each sort column is read by. */
export const orderKeyOf = {
  date: 'kDate',
  number: 'kNumber',
  customer: 'kCustomer',
  amount: 'kAmount',
} as const;

/** A row's keys (the store writes them with the row: writer.ts `putReviewRows`). */
export function rowKeysOf(row: KeyedRowFields): RowKeys {
  const S = keySeparator;
  const state = `${row.review}${S}`;
  const tail = `${S}${row.id}`;
  const serial = serialOf(row.number);
  const erpSerial = serialOf(row.externalNumber);
  return {
    kDate: `${state}${row.date}${tail}`,
    kNumber: `${state}${row.number}${tail}`,
    kCustomer: `${state}${customerSortOf(row)}${tail}`,
    kAmount: `${state}${amountSortKey(row.amountCents)}${tail}`,
    kCust: `${row.customerId}${S}${row.review}${S}${row.date}${tail}`,
    ...(serial ? { kSerial: `${serial}${S}${row.review}${tail}` } : {}),
    ...(erpSerial ? { kErp: `${erpSerial}${S}${row.review}${tail}` } : {}),
    ...((heldAckStates as readonly string[]).includes(row.answerState)
      ? { kHeld: `${row.answerState}${S}${row.review}${tail}` }
      : row.answerState === 'queued' && row.ackBatch
        ? { kHeld: queuedAckKey(row.ackBatch, row.id) }
        : {}),
  };
}

/**
 * A queued answer's `kHeld` key: `queued␁<batch>␁<id>` (never a held state's prefix, which names a
 * review state). A batch's rows are the range of `queuedAckKey(batch, '')` to `queuedAckKey(batch, keyTop)`.
 */
export function queuedAckKey(batch: string, id: string): string {
  return `queued${keySeparator}${batch}${keySeparator}${id}`;
}

/** The id a key ends with. */
export function idOfKey(key: string): string {
  return key.slice(key.lastIndexOf(keySeparator) + 1);
}

/** A review grid's view: one review state, or every document. */
export type ReviewView = ReviewViewState | 'all';

/** Rows and their money: how many, and the cents per currency (a currency whose cents sum to 0 left out). */
export interface RowTotals {
  count: number;
  centsByCurrency: Record<string, number>;
}

/** A feed's counters: per view, its rows and their money. */
export type ViewCounts = Record<ReviewView, RowTotals>;

/** Counters of a feed with no rows. */
export function emptyViewCounts(): ViewCounts {
  return {
    pending: { count: 0, centsByCurrency: {} },
    accepted: { count: 0, centsByCurrency: {} },
    rejected: { count: 0, centsByCurrency: {} },
    all: { count: 0, centsByCurrency: {} },
  };
}

/** Adds one row (`sign` 1) to totals or takes it away (-1), in place. */
export function addToTotals(
  totals: RowTotals,
  row: Pick<KeyedRowFields, 'currency' | 'amountCents'>,
  sign: 1 | -1,
): void {
  totals.count += sign;
  const cents = (totals.centsByCurrency[row.currency] ?? 0) + sign * row.amountCents;
  if (cents === 0) delete totals.centsByCurrency[row.currency];
  else totals.centsByCurrency[row.currency] = cents;
}

/** Counts a row into (`sign` 1) or out of (-1) the views it belongs to, in place. */
export function countRowIn(
  counts: ViewCounts,
  row: Pick<KeyedRowFields, 'review' | 'currency' | 'amountCents'>,
  sign: 1 | -1,
): void {
  addToTotals(counts.all, row, sign);
  if (row.review !== 'not-awaiting') addToTotals(counts[row.review], row, sign);
}

/** Whether a row counts the same in every view as another (so replacing one by the other moves no counter). */
export function countsAlike(
  a: Pick<KeyedRowFields, 'review' | 'currency' | 'amountCents'>,
  b: Pick<KeyedRowFields, 'review' | 'currency' | 'amountCents'>,
): boolean {
  return a.review === b.review && a.currency === b.currency && a.amountCents === b.amountCents;
}

/** Code-unit order, as IndexedDB orders string keys. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
