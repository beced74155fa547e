// A pass over every review row of some feeds once the database is open (versions 11 and 13): a version's
// upgrade only marks the feeds to pass (a version change holds the whole database: a pass over
// 1,000,000 rows in it would be lost if the app were closed); the rows are read once the database is open
// and before any other query runs (Dexie's `ready`, as version 8's row move: review-rows/row-move.ts), a
// batch a transaction, each batch marking the last id passed, so an app closed meanwhile goes on from
// there. Each batch writes only the rows its rewrite changed.
import type Dexie from 'dexie';
import type { Transaction } from 'dexie';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../rows';
import { reviewRowTableNames } from '../review-rows/layout';
import type { RowMoveProgress } from './upgrade-progress';

/** Rows read (and those changed written) a transaction. */
const rowPassBatch = 2_000;

/** A pass: its name in `meta` (`<name>:<kind>` holds the last id passed, '' before the first). */
export interface RowPass {
  name: string;
  /** The tables `rewrite` reads or writes besides the feed's rows and `meta`. */
  tables: readonly string[];
  /**
   * Whether rows still in version 7's tables (moved once the database is open, before any pass) are to be
   * passed too: they are when the move does not give them what the pass does.
   */
  passesMovedRows: boolean;
  /**
   * What else the changed rows of a batch write (in the batch's transaction, issued with the rows'
   * write: a transaction left with no request pending commits).
   */
  alsoWrite?: (database: Dexie, changed: ReviewRow[]) => Promise<void>;
  /** The rows of a batch as they are to be kept: a row returned as it came is not written. */
  rewrite: (kind: FeedKind, rows: ReviewRow[], database: Dexie) => Promise<ReviewRow[]>;
}

function markKey(pass: RowPass, kind: FeedKind): string {
  return `${pass.name}:${kind}`;
}

/** Whether a table holds a row. */
async function holdsRows(tx: Transaction, name: string): Promise<boolean> {
  return (await tx.table(name).limit(1).primaryKeys()).length > 0;
}

/** A version's upgrade: every feed that holds rows is marked to pass (a feed with none has none to pass). */
export async function markRowPass(tx: Transaction, pass: RowPass): Promise<void> {
  const held = await Promise.all(
    feedKinds.map(
      async (kind) =>
        (await holdsRows(tx, reviewRowTableNames[kind])) ||
        (pass.passesMovedRows && (await holdsRows(tx, kind))),
    ),
  );
  await tx
    .table('meta')
    .bulkPut(
      feedKinds.filter((_, index) => held[index]).map((kind) => ({ key: markKey(pass, kind), value: '' })),
    );
}

/**
 * Passes every row of each feed the upgrade marked, telling `onProgress` after each batch; unmarks each
 * feed as it ends. Nothing to do (no mark) costs one read of `meta`.
 */
export async function runRowPass(
  database: Dexie,
  pass: RowPass,
  onProgress: (progress: RowMoveProgress) => void,
): Promise<void> {
  const meta = database.table<{ key: string; value: string }, string>('meta');
  const marks = await meta.bulkGet(feedKinds.map((kind) => markKey(pass, kind)));
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
  const tables = pass.tables.map((name) => database.table(name));
  for (const { kind, after: from } of marked) {
    const table = database.table<ReviewRow, string>(reviewRowTableNames[kind]);
    let after = from;
    for (;;) {
      const done = await database.transaction('rw', [table, meta, ...tables], async () => {
        const rows = await rowsAfter(kind, after).limit(rowPassBatch).toArray();
        const last = rows.at(-1);
        if (!last) {
          await meta.delete(markKey(pass, kind));
          return null;
        }
        const kept = await pass.rewrite(kind, rows, database);
        const changed = kept.filter((row, index) => row !== rows[index]);
        await Promise.all([
          changed.length > 0 ? table.bulkPut(changed) : null,
          changed.length > 0 ? pass.alsoWrite?.(database, changed) : null,
          meta.put({ key: markKey(pass, kind), value: last.id }),
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
