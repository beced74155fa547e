// Moving version 7's review rows into version 8's paged tables (README.md):
// once the database is open and before any other query runs (Dexie's `ready`), a batch at a time in id
// order, each batch one transaction that writes the rows with their keys, counts them into their feed's
// counters, adds them to the search tables and marks the last id moved (in `meta`). A batch is moved
// whole or not at all, so an app closed meanwhile resumes after the mark and no row is counted twice;
// the old tables are emptied at the end in one go (deleting each row as it moved costs its index entries
// a second write).
import type Dexie from 'dexie';
import { countRowIn, emptyViewCounts } from './keys';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import type { ReviewRow, ViewCounterRow } from '../rows';
import { withRowKeys } from './projection';
import { addToSearchTables } from './search-tables';
import { reviewRowTableNames } from './layout';
import { rowWithFacts } from '../upgrades/row-facts-from-words';
import { rowBranchesPass } from '../upgrades/v13-row-branches';
import type { RowMoveProgress } from '../upgrades/upgrade-progress';

export type { RowMoveProgress } from '../upgrades/upgrade-progress';

/** Rows moved a transaction. */
const rowMoveBatch = 1_000;

/** The `meta` key of the last id moved from a feed's version-7 table. */
function markKey(kind: FeedKind): string {
  return `rowMove:${kind}`;
}

/** Moves every row left in version 7's tables, telling `onProgress` after each batch. */
export async function moveRowsToPagedTables(
  database: Dexie,
  onProgress: (progress: RowMoveProgress) => void,
): Promise<void> {
  const meta = database.table<{ key: string; value: string }, string>('meta');
  const marks = await meta.bulkGet(feedKinds.map(markKey));
  const after = new Map(feedKinds.map((kind, index) => [kind, marks[index]?.value ?? null]));
  const rowsAfter = (kind: FeedKind) => {
    const mark = after.get(kind);
    const table = database.table<ReviewRow, string>(kind);
    return mark === null || mark === undefined ? table.toCollection() : table.where(':id').above(mark);
  };
  const left = (
    await Promise.all(
      feedKinds.map(async (kind) =>
        (await rowsAfter(kind).limit(1).primaryKeys()).length > 0 ? kind : null,
      ),
    )
  ).filter((kind): kind is FeedKind => kind !== null);
  // A move that ended but for emptying the old tables, or none at all.
  const moved = feedKinds.filter((kind) => after.get(kind) !== null && !left.includes(kind));
  if (left.length === 0) {
    if (moved.length > 0) await endMove(database, moved);
    return;
  }
  const counts = await Promise.all(left.map((kind) => rowsAfter(kind).count()));
  const progress = { moved: 0, total: counts.reduce((sum, count) => sum + count, 0) };
  onProgress({ ...progress });
  for (const kind of left) {
    for (;;) {
      const last = await moveBatch(database, kind, after.get(kind) ?? null);
      if (last === null) break;
      after.set(kind, last.id);
      progress.moved += last.count;
      onProgress({ ...progress });
    }
  }
  await endMove(
    database,
    feedKinds.filter((kind) => after.get(kind) !== null),
  );
}

/**
 * Moves the batch of a feed's rows after id `after` (in id order) and marks the last id moved, in one
 * transaction; answers the last id and how many moved, or null when none was left.
 */
async function moveBatch(
  database: Dexie,
  kind: FeedKind,
  after: string | null,
): Promise<{ id: string; count: number } | null> {
  const from = database.table<ReviewRow, string>(kind);
  const to = database.table<ReviewRow, string>(reviewRowTableNames[kind]);
  const counters = database.table<ViewCounterRow, FeedKind>('viewCounters');
  const meta = database.table<{ key: string; value: string }, string>('meta');
  // The pass's tables hold the search tables the move writes too.
  return database.transaction('rw', [from, to, counters, meta, ...rowBranchesPass.tables], async () => {
    // Version 7's rows hold their note and changes in words: they move with their facts (v11-row-facts.ts),
    // and with their branch and who answered them, read from their documents (v13-row-branches.ts): a
    // pass of version 13 over the moved rows would read and write every one of them once more.
    const rows = await rowBranchesPass.rewrite(
      kind,
      (
        await (after === null ? from.toCollection() : from.where(':id').above(after))
          .limit(rowMoveBatch)
          .toArray()
      ).map((row) => rowWithFacts(kind, row)!),
      database,
    );
    const last = rows.at(-1);
    if (!last) return null;
    const views = (await counters.get(kind))?.views ?? emptyViewCounts();
    for (const row of rows) countRowIn(views, row, 1);
    await Promise.all([
      to.bulkPut(rows.map(withRowKeys)),
      counters.put({ kind, views }),
      meta.put({ key: markKey(kind), value: last.id }),
      addToSearchTables(database, rows),
    ]);
    return { id: last.id, count: rows.length };
  });
}

/** Empties version 7's tables once their rows have all moved, and forgets the marks. */
async function endMove(database: Dexie, kinds: readonly FeedKind[]): Promise<void> {
  const meta = database.table('meta');
  await database.transaction('rw', [...kinds.map((kind) => database.table(kind)), meta], async () => {
    await Promise.all([
      ...kinds.map((kind) => database.table(kind).clear()),
      meta.bulkDelete(kinds.map(markKey)),
    ]);
  });
}
