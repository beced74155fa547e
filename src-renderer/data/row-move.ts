// Moving version 7's review rows into version 8's paged tables (docs/decisions/100-paged-review-views.md):
// once the database is open and before any other query runs (Dexie's `ready`), a batch at a time, each
// batch one transaction that writes the rows with their keys, counts them into their feed's counters,
// adds them to the search tables and deletes them from the old table. A batch is moved whole or not at
// all, so an app closed meanwhile resumes where it stopped, and no row is ever in both tables or none.
import type Dexie from 'dexie';
import { countRowIn, emptyViewCounts } from '../../src-shared/domain/review-keys';
import { feedKinds, type FeedKind } from '../../src-shared/wire';
import { withRowKeys, type ReviewRow, type ViewCounterRow } from './db';
import { addToSearchTables, searchTableNames } from './search-tables';
import { reviewRowTableNames } from './store-layout';

/** How far a move has come: rows moved of the rows there were to move (0 of 0: a version's own upgrade). */
export interface RowMoveProgress {
  moved: number;
  total: number;
}

/** Rows moved a transaction. */
export const rowMoveBatch = 1_000;

/** Moves every row left in version 7's tables, telling `onProgress` after each batch. */
export async function moveRowsToPagedTables(
  database: Dexie,
  onProgress: (progress: RowMoveProgress) => void,
): Promise<void> {
  const left = (
    await Promise.all(
      feedKinds.map(async (kind) =>
        (await database.table(kind).limit(1).primaryKeys()).length > 0 ? kind : null,
      ),
    )
  ).filter((kind): kind is FeedKind => kind !== null);
  if (left.length === 0) return;
  const counts = await Promise.all(left.map((kind) => database.table(kind).count()));
  const progress = { moved: 0, total: counts.reduce((sum, count) => sum + count, 0) };
  onProgress({ ...progress });
  for (const kind of left) {
    for (;;) {
      const moved = await moveBatch(database, kind);
      if (moved === 0) break;
      progress.moved += moved;
      onProgress({ ...progress });
    }
  }
}

/** Moves the next batch of a feed's rows (in id order); answers how many moved. */
async function moveBatch(database: Dexie, kind: FeedKind): Promise<number> {
  const from = database.table<ReviewRow, string>(kind);
  const to = database.table<ReviewRow, string>(reviewRowTableNames[kind]);
  const counters = database.table<ViewCounterRow, FeedKind>('viewCounters');
  return database.transaction('rw', [from, to, counters, ...searchTableNames], async () => {
    const rows = await from.limit(rowMoveBatch).toArray();
    if (rows.length === 0) return 0;
    const views = (await counters.get(kind))?.views ?? emptyViewCounts();
    for (const row of rows) countRowIn(views, row, 1);
    await Promise.all([
      to.bulkPut(rows.map(withRowKeys)),
      from.bulkDelete(rows.map((row) => row.id)),
      counters.put({ kind, views }),
      addToSearchTables(database, rows),
    ]);
    return rows.length;
  });
}
