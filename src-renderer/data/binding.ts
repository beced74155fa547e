/**
 * Which saved connection the staged documents came from. Documents of a live company and of its
 * sandbox must never mix: when the active connection changes, the staged feeds are dropped and synced
 * again. The outbox and the audit log are kept: each batch names its connection and is only ever sent
 * through it.
 */
import { db } from './db';
import { feedKinds } from '../../src-shared/wire';
import { smallTablesWritten } from './known-stored';
import { clearReviewRows, reviewRowTables } from './review-rows/writer';
import { storedDocumentTables } from './stored-documents';

const bindingKey = 'connectionId';

/**
 * Binds the store to a connection; when it was bound to another one, clears the staged documents,
 * rows, cursors and code lists first (one transaction). Answers whether anything was cleared.
 */
export async function bindConnection(connectionId: string): Promise<boolean> {
  // What belongs to a connection's service; meta also holds the binding itself, and is not cleared. The
  // rows go with their view counters (review-rows/writer.ts: clearReviewRows).
  const staged = [...storedDocumentTables, db.cursors, db.references];
  const rows = [...new Set(feedKinds.flatMap((kind) => reviewRowTables(kind)))];
  return db.transaction('rw', [...staged, ...rows, db.meta], async () => {
    const current = (await db.meta.get(bindingKey))?.value ?? null;
    if (current === connectionId) return false;
    if (current !== null) {
      // The records documents name go too: a sync run's memory of them is then wrong (known-stored.ts).
      smallTablesWritten();
      await Promise.all([...staged.map((table) => table.clear()), clearReviewRows(feedKinds)]);
    }
    await db.meta.put({ key: bindingKey, value: connectionId });
    return current !== null;
  });
}
