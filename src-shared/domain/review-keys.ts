/**
 * What a review row is ordered, searched and counted by (docs/decisions/100-paged-review-views.md): pure
 * rules the store applies when it writes a row, and again when it reads one, so that an index and the
 * row it points at can never disagree.
 *
 * - Search keys: the lowercase words of the customer's name (both languages) and code, of the number
 *   and the ERP number, each numeric word also without its leading zeros ("123" finds
 *   "INV-2026-000123"), and the amount as `1234.56`. A filter word matches a row when it starts one of
 *   its keys.
 * - The customer's sort key: the name as the grid shows it (or the code until the name is known),
 *   lowercase, so that "al Noor" and "Al Noor" sit together.
 * - View counters: per view, the rows and their cents per currency.
 */
import type { ReviewState, ReviewViewState } from './review';

/** The fields of a review row its keys are derived from. */
export interface KeyedRowFields {
  review: ReviewState;
  number: string;
  customer: string;
  customerName: string;
  externalNumber: string;
  amountCents: number;
  currency: string;
}

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

/** The amount as a search key: `1234.56` (no sign, no thousands separators). */
export function amountKey(amountCents: number): string {
  return (Math.abs(amountCents) / 100).toFixed(2);
}

/** The keys a word of a field gives: itself, and a number also without its leading zeros and by its parts. */
function keysOfWord(word: string, keys: Set<string>): void {
  keys.add(word);
  for (const part of word.includes('.') ? word.split('.') : [word]) {
    keys.add(part);
    if (/^0+\p{N}/u.test(part)) keys.add(part.replace(/^0+(?=\p{N})/u, ''));
  }
}

/** The keys of texts: their words, numbers also without leading zeros and by their dotted parts. */
export function textKeysOf(texts: readonly string[]): string[] {
  const keys = new Set<string>();
  // A row stored by an early version may lack a field: nothing to find it by.
  for (const text of texts) for (const word of searchWords(text ?? '')) keysOfWord(word, keys);
  return [...keys];
}

/** A row's search keys, each once (the `search` index of docs/decisions/100-paged-review-views.md). */
export function searchKeysOf(row: KeyedRowFields): string[] {
  const keys = new Set(textKeysOf([row.customerName, row.customer, row.number, row.externalNumber]));
  if (Number.isFinite(row.amountCents)) keys.add(amountKey(row.amountCents));
  return [...keys];
}

/** The customer's sort key: the name as shown (the code until the name is known), lowercase. */
export function customerSortOf(row: Pick<KeyedRowFields, 'customer' | 'customerName'>): string {
  return (row.customerName || row.customer || '').toLowerCase();
}

/** Whether every word of `text` starts one of `keys` (the quick filter's rule). */
export function matchesWords(keys: readonly string[], text: string): boolean {
  return searchWords(text).every((word) => keys.some((key) => key.startsWith(word)));
}

/** A review view: one review state, or every document. */
export type CountedView = ReviewViewState | 'all';

/** The views a feed keeps counters for. */
export const countedViews: readonly CountedView[] = ['pending', 'accepted', 'rejected', 'all'];

/** Rows and their money: how many, and the cents per currency (a currency whose cents sum to 0 left out). */
export interface RowTotals {
  count: number;
  centsByCurrency: Record<string, number>;
}

/** A feed's counters: per view, its rows and their money. */
export type ViewCounts = Record<CountedView, RowTotals>;

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
