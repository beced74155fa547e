import { db } from '../../../src-renderer/data/db';
import { type ReviewRow } from '../../../src-renderer/data/rows';
import { putReviewRows, reviewRowTables } from '../../../src-renderer/data/review-rows/writer';
import type { FeedKind } from '../../../src-shared/wire';

/**
 * Stores review rows as the app's one writer does (review-rows/writer.ts `putReviewRows`): with their keys, in
 * their feed's counters and the search tables, so the paged views find them.
 */
export async function putRows(kind: FeedKind, rows: readonly ReviewRow[]): Promise<void> {
  await db.transaction('rw', reviewRowTables(kind), async () => {
    const stored = await db.rowsOf(kind).bulkGet(rows.map((row) => row.id));
    const previous = new Map(stored.flatMap((row) => (row ? [[row.id, row] as const] : [])));
    await putReviewRows(kind, rows, previous);
  });
}
