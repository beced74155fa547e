/**
 * The seq ledgers of the issued feeds (invoices, payments, returns), kept with each feed's version
 * cursor: what the desk knows of the gap-free issue sequence (docs/decisions/091-seq-gaps.md).
 * Staging writes them (staging.ts); the gap check (sync/seq-gaps.ts) and the day-end report read them.
 */
import type { SeqLedger } from '../../src-shared/domain/seq-ledger';
import type { FeedKind } from '../../src-shared/wire';
import { db } from './db';

/** A feed's seq ledger, or null when the feed was never synced here (or carries no seq: orders). */
export async function readSeqLedger(kind: FeedKind): Promise<SeqLedger | null> {
  return (await db.cursors.get(kind))?.seq ?? null;
}

/**
 * Changes a feed's seq ledger in one transaction (the check's settled `from`, its time and the
 * service's `last_seq`); answers the ledger written, or null when the feed has none.
 */
export async function changeSeqLedger(
  kind: FeedKind,
  change: (ledger: SeqLedger) => SeqLedger,
): Promise<SeqLedger | null> {
  return db.transaction('rw', db.cursors, async () => {
    const cursor = await db.cursors.get(kind);
    if (!cursor?.seq) return null;
    const seq = change(cursor.seq);
    await db.cursors.put({ ...cursor, seq });
    return seq;
  });
}
