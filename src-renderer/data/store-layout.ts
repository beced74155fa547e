/**
 * The shape of what a staged page writes, in its own module so that the write-floor benchmark
 * (test/bench/app-harness.ts) writes exactly what the app does.
 */

/** The columns a view is ordered by, and the row field each one's index holds (review-query.ts). */
export const sortFields = {
  date: 'date',
  number: 'number',
  customer: 'customerSort',
  amount: 'amountCents',
} as const;

/**
 * The indexes of every review-row table (version 8; docs/decisions/100-paged-review-views.md), each one
 * there because a query uses it:
 * - `[review+<field>+id]` for each sort field: a view's page in its order, one range read
 *   (review-pages.ts); the id breaks ties, so a walk resumes after a row by its key. A view's ids
 *   (documents.ts: rowsInView) are read from the first of them, as a range with two new top keys, not
 *   `where('review')` (Dexie pads that with one top key twice, which IndexedDB may refuse);
 * - `[<field>+id]` for each sort field: the same for the view of every document; `where('date')` (the
 *   day-end report's range, day-end.ts) reads the first of them;
 * - `*search`: the rows whose search key starts with a filter's word (review-pages.ts);
 * - `customerId`: the customers whose names to look up (names.ts).
 *
 * Every index costs each staged page a write, so one that no query reads is not kept.
 */
export const reviewRowIndexes = [
  'id',
  ...Object.values(sortFields).map((field) => `[review+${field}+id]`),
  ...Object.values(sortFields).map((field) => `[${field}+id]`),
  '*search',
  'customerId',
].join(', ');

/**
 * The same indexes as IndexedDB creates them (name, key path, multi-entry), for code that opens a store
 * without Dexie (the write-floor benchmark) and must write exactly what the app writes.
 */
export const reviewRowIndexSpecs: ReadonlyArray<{
  name: string;
  keyPath: string | string[];
  multiEntry: boolean;
}> = reviewRowIndexes
  .split(',')
  .map((index) => index.trim())
  .slice(1)
  .map((index) =>
    index.startsWith('*')
      ? { name: index.slice(1), keyPath: index.slice(1), multiEntry: true }
      : index.startsWith('[')
        ? { name: index, keyPath: index.slice(1, -1).split('+'), multiEntry: false }
        : { name: index, keyPath: index, multiEntry: false },
  );

/** Documents a chunk holds at most (stored-documents.ts). */
export const documentChunkSize = 50;

/** A new chunk's key, made before the chunk is written so that rows can name it in the same breath. */
export function newChunkKey(): string {
  return crypto.randomUUID();
}
