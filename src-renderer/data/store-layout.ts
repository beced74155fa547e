/**
 * The shape of what a staged page writes, in its own module so that the write-floor benchmark
 * (test/bench/app-harness.ts) writes exactly what the app does.
 */

/**
 * The indexes of every review-row table (Dexie schema syntax), each one there because a query uses it:
 * - `review`: a view's rows and counts (documents.ts: loadRows, countRows);
 * - `date`: a view's newest rows first, painted before the whole view is read (documents.ts: loadFirstRows);
 * - `customerId`: the customers whose names to look up (names.ts).
 *
 * Every index costs each staged page a write, so one that no query reads is not kept (the grids sort and
 * filter in memory).
 */
export const reviewRowIndexes = 'id, review, date, customerId';

/** Documents a chunk holds at most (stored-documents.ts). */
export const documentChunkSize = 50;

/** A new chunk's key, made before the chunk is written so that rows can name it in the same breath. */
export function newChunkKey(): string {
  return crypto.randomUUID();
}
