/**
 * The one writer of review rows and of the counters kept with them (README.md): every write of rows
 * goes through `putReviewRows` or `clearReviewRows`, in the caller's transaction, so the counters always
 * equal a recount of the rows and the search tables hold every row's words. `reviewDataVersion` moves
 * with every write, so a reader that keeps what it read (pages.ts) knows to read again.
 */
import Dexie from 'dexie';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { db } from '../db';
import type { KnownStored } from '../known-stored';
import type { ReviewRow } from '../rows';
import { countRowIn, countsAlike, emptyViewCounts, type ViewCounts } from './keys';
import { withRowKeys } from './projection';
import { addToSearchTables, clearSearchTables, searchFieldsAlike } from './search-tables';

/** The tables a write of a feed's rows touches (`putReviewRows`): for the caller's transaction. */
export function reviewRowTables(
  kind: FeedKind,
): [ReturnType<typeof db.rowsOf>, typeof db.viewCounters, typeof db.customerTokens, typeof db.numberWords] {
  return [db.rowsOf(kind), db.viewCounters, db.customerTokens, db.numberWords];
}

let dataVersion = 0;
let createdGeneration = 0;

/**
 * Moves with every write of review rows (when it starts and again when its transaction is done), so a
 * reader that keeps what it read (pages.ts, matches.ts) knows to read again.
 */
export function reviewDataVersion(): number {
  return dataVersion;
}

/** Moves whenever rows are created (not only changed): StagingMemory's ids are then read again. */
export function rowsCreated(): number {
  return createdGeneration;
}

/** Marks the review rows changed: now, and once the current transaction (if any) is done. */
export function markReviewRowsChanged(): void {
  dataVersion += 1;
  const transaction = Dexie.currentTransaction;
  if (transaction) {
    const after = (): void => {
      dataVersion += 1;
    };
    transaction.on('complete', after);
    transaction.on('abort', after);
  }
}

/**
 * The counters' adjustments queued in each transaction, one chain a feed: two writes of rows in one
 * transaction (staging's writes run side by side) must not both read the counters before either writes.
 */
const counterChains = new WeakMap<object, Map<FeedKind, Promise<unknown>>>();

/** Applies `change` to a feed's counters in the current transaction, after any adjustment before it. */
function adjustCounters(kind: FeedKind, change: (views: ViewCounts) => void): Promise<unknown> {
  const transaction = Dexie.currentTransaction;
  const chains = transaction
    ? (counterChains.get(transaction) ?? new Map<FeedKind, Promise<unknown>>())
    : null;
  if (transaction && chains) counterChains.set(transaction, chains);
  const step = (chains?.get(kind) ?? Promise.resolve()).then(async () => {
    const views = (await db.viewCounters.get(kind))?.views ?? emptyViewCounts();
    change(views);
    await db.viewCounters.put({ kind, views });
  });
  chains?.set(kind, step);
  return step;
}

/**
 * The one writer of review rows (README.md): writes `rows` with their
 * derived keys (order keys, keys by customer, serial and amount), adds its customers' and numbers' words
 * to the search tables, and moves the feed's view counters by what replacing
 * `previous` with them changes, in the caller's transaction, which must include
 * `reviewRowTables(kind)`. `previous` holds each row as stored now, read in the same transaction (a row
 * it does not hold is new); every write of rows goes through here, so the counters always equal a
 * recount of the rows. `known`: a sync run's (known-stored.ts), sparing reads of the search tables.
 */
export async function putReviewRows(
  kind: FeedKind,
  rows: readonly ReviewRow[],
  previous: ReadonlyMap<string, ReviewRow>,
  known?: KnownStored,
): Promise<void> {
  if (rows.length === 0) return;
  // One row an id: should one come twice, the last is what is stored.
  const latest = [...new Map(rows.map((row) => [row.id, row])).values()];
  const moved = latest.filter((row) => {
    const before = previous.get(row.id);
    return !before || !countsAlike(before, row);
  });
  // A row's search keys went in when it was written with them: only new customers or numbers add any.
  const searchable = latest.filter((row) => {
    const before = previous.get(row.id);
    return !before || !searchFieldsAlike(before, row);
  });
  if (latest.some((row) => !previous.has(row.id))) createdGeneration += 1;
  markReviewRowsChanged();
  await Promise.all([
    db.rowsOf(kind).bulkPut(latest.map(withRowKeys)),
    searchable.length === 0 ? null : addToSearchTables(db, searchable, known),
    moved.length === 0
      ? null
      : adjustCounters(kind, (views) => {
          for (const row of moved) {
            const before = previous.get(row.id);
            if (before) countRowIn(views, before, -1);
            countRowIn(views, row, 1);
          }
        }),
  ]);
}

/** Forgets every row of the feeds named and their counters (the caller's transaction: `reviewRowTables`). */
export async function clearReviewRows(kinds: readonly FeedKind[]): Promise<void> {
  markReviewRowsChanged();
  createdGeneration += 1;
  await Promise.all([
    ...kinds.map((kind) => db.rowsOf(kind).clear()),
    db.viewCounters.bulkDelete([...kinds]),
  ]);
  // The customers' and numbers' words go with the last feed's rows (while one keeps rows, a word too
  // many costs only a check).
  if (feedKinds.every((kind) => kinds.includes(kind))) await clearSearchTables(db);
}
