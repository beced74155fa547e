/**
 * Where each feed's sync stands (its cursor row): read, and written once when a feed starts on a
 * connection. A staged page moves its cursor in staging.ts, in the page's own transaction.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents (feeds resumed by
 * `filter[version_after]`); docs/decisions/090-where-to-start.md.
 */
import type { StartPoint } from '../../src-shared/bridge/contract';
import { emptySeqLedger } from '../../src-shared/domain/seq-ledger';
import type { FeedCursor, FeedKind } from '../../src-shared/wire';
import { db } from './db';
import type { FeedCursorRow } from './rows';

/** The cursor of a feed as stored; a feed never synced starts at version 0. */
export async function readCursor(kind: FeedKind): Promise<FeedCursorRow> {
  return (await db.cursors.get(kind)) ?? { kind, versionAfter: 0, highWater: 0, caughtUpAt: null, staged: 0 };
}

/** Whether a feed has a cursor (it was started on this store). */
export async function hasCursor(kind: FeedKind): Promise<boolean> {
  return (await db.cursors.get(kind)) !== undefined;
}

/** Every feed's cursor. */
export async function readCursors(): Promise<FeedCursorRow[]> {
  return db.cursors.toArray();
}

/**
 * The cursor row a feed starts with on a connection (docs/decisions/090-where-to-start.md): from
 * everything, version 0 and a ledger from seq 0; from a date, version 0 (the first page is asked for
 * with `filter[updated_after]`), the day kept, and a ledger whose `from` the first load learns; from
 * now, the feed's `high_water` and `last_seq` as the service told them when the connection was added
 * (`cursor`). Orders carry no seq, so no ledger.
 */
function startCursorRow(kind: FeedKind, start: StartPoint, cursor: FeedCursor | null): FeedCursorRow {
  const row: FeedCursorRow = { kind, versionAfter: 0, highWater: 0, caughtUpAt: null, staged: 0 };
  const isIssued = kind !== 'orders';
  switch (start.mode) {
    case 'everything':
      return isIssued ? { ...row, seq: emptySeqLedger(0) } : row;
    case 'date':
      return { ...row, startDate: start.date, ...(isIssued ? { seq: emptySeqLedger(null) } : {}) };
    case 'now': {
      const at = cursor ?? { high_water: 0, last_seq: 0 };
      return {
        ...row,
        versionAfter: at.high_water,
        highWater: at.high_water,
        ...(isIssued ? { seq: emptySeqLedger(at.last_seq) } : {}),
      };
    }
  }
}

/**
 * Writes a feed's start cursor (`startCursorRow`) unless the feed already has a cursor, and answers the
 * cursor the feed stands at. A store cleared for another connection (binding.ts) has none, so it starts
 * again from that connection's start.
 */
export async function ensureStartCursor(
  kind: FeedKind,
  start: StartPoint,
  cursor: FeedCursor | null,
): Promise<FeedCursorRow> {
  return db.transaction('rw', db.cursors, async () => {
    const stored = await db.cursors.get(kind);
    if (stored) return stored;
    const row = startCursorRow(kind, start, cursor);
    await db.cursors.put(row);
    return row;
  });
}
