// Version 11 (row facts, once): rows stored before rows kept facts (store versions 8 to 10 as first
// shipped) hold their note, changes and ack problem as English words. Version 10's build read them back
// into facts on every read (a reading hook), which made every read of every row pay for it: half again
// the day end's reading. Version 11 writes each such row with its facts once. Its upgrade only marks each
// feed's rows as to be written (a version change holds the whole database: a pass over 1,000,000 rows in
// it would be lost if the app were closed); the rows are written once the database is open and before
// any other query runs (Dexie's `ready`, as version 8's row move: review-rows/row-move.ts), a batch a
// transaction, each batch marking the last id written, so an app closed meanwhile goes on from there.
// Rows moved from version 7's tables get their facts as they move (row-move.ts), so a store that old
// meets an empty pass.
import type Dexie from 'dexie';
import type { Transaction } from 'dexie';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../rows';
import { reviewRowTableNames } from '../review-rows/layout';
import type { RowMoveProgress } from '../review-rows/row-move';
import { rowWithFacts } from './row-facts-from-words';

/** Rows read (and those in words written) a transaction. */
const rowFactsBatch = 2_000;

/** The `meta` key of the last id a feed's pass has written ('' before the first): there while it runs. */
function markKey(kind: FeedKind): string {
  return `rowFacts:${kind}`;
}

/**
 * Version 11's upgrade: the rows of every feed that has any in version 8's tables are to be read, and
 * those in words written with facts (a store older than version 8 has none there yet: its rows get their
 * facts as they move).
 */
export async function markRowFactsToWrite(tx: Transaction): Promise<void> {
  const held = await Promise.all(
    feedKinds.map(
      async (kind) => (await tx.table(reviewRowTableNames[kind]).limit(1).primaryKeys()).length > 0,
    ),
  );
  await tx
    .table('meta')
    .bulkPut(feedKinds.filter((_, index) => held[index]).map((kind) => ({ key: markKey(kind), value: '' })));
}

/**
 * Writes every row still in words with its facts, for each feed its upgrade marked, telling `onProgress`
 * after each batch; unmarks each feed as it ends. Nothing to do (no mark) costs one read of `meta`.
 */
export async function writeRowFacts(
  database: Dexie,
  onProgress: (progress: RowMoveProgress) => void,
): Promise<void> {
  const meta = database.table<{ key: string; value: string }, string>('meta');
  const marks = await meta.bulkGet(feedKinds.map(markKey));
  const marked = feedKinds.flatMap((kind, index) => {
    const mark = marks[index];
    return mark ? [{ kind, after: mark.value === '' ? null : mark.value }] : [];
  });
  if (marked.length === 0) return;
  const rowsAfter = (kind: FeedKind, after: string | null) => {
    const table = database.table<ReviewRow, string>(reviewRowTableNames[kind]);
    return after === null ? table.toCollection() : table.where(':id').above(after);
  };
  const counts = await Promise.all(marked.map(({ kind, after }) => rowsAfter(kind, after).count()));
  const progress = { moved: 0, total: counts.reduce((sum, count) => sum + count, 0) };
  if (progress.total > 0) onProgress({ ...progress });
  for (const { kind, after: from } of marked) {
    const table = database.table<ReviewRow, string>(reviewRowTableNames[kind]);
    let after = from;
    for (;;) {
      const done = await database.transaction('rw', [table, meta], async () => {
        const rows = await rowsAfter(kind, after).limit(rowFactsBatch).toArray();
        const last = rows.at(-1);
        if (!last) {
          await meta.delete(markKey(kind));
          return null;
        }
        const inWords = rows.flatMap((row) => {
          const withFacts = rowWithFacts(kind, row)!;
          return withFacts === row ? [] : [withFacts];
        });
        await Promise.all([
          inWords.length > 0 ? table.bulkPut(inWords) : null,
          meta.put({ key: markKey(kind), value: last.id }),
        ]);
        return { id: last.id, count: rows.length };
      });
      if (done === null) break;
      after = done.id;
      progress.moved += done.count;
      onProgress({ ...progress });
    }
  }
}
