import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { clerkWorkTables } from '../../../src-renderer/data/durability';
import { saveCount } from '../../../src-renderer/data/cash-ups';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { listBatches, recordBatchResponse } from '../../../src-renderer/data/ack-outbox';
import { queueAcks } from '../../../src-renderer/sync/send-acks';
import { invoice, meta } from '../../support/wire-documents';

type Opened = { stores: string[]; mode: string; durability: string };

/** The transactions being recorded, while `transactionsOf` runs. */
let recording: Opened[] | null = null;
const { transaction } = globalThis.IDBDatabase.prototype;

/** Every IndexedDB transaction opened while `run` runs: its stores, mode and durability as asked. */
async function transactionsOf(run: () => Promise<unknown>): Promise<Opened[]> {
  const opened: Opened[] = [];
  recording = opened;
  try {
    await run();
  } finally {
    recording = null;
  }
  return opened;
}

beforeEach(async () => {
  // Before the store opens: Dexie binds the database's `transaction` when it opens.
  globalThis.IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    stores: string | string[],
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ) {
    recording?.push({
      stores: [stores].flat(),
      mode: mode ?? 'readonly',
      durability: options?.durability ?? 'default',
    });
    return transaction.call(this, stores, mode, options);
  };
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
  globalThis.IDBDatabase.prototype.transaction = transaction;
});

describe("the clerk's work reaches the disk before it is reported done", () => {
  it('queues an Accept, its key and its recorded response as strict writes; staging keeps the default', async () => {
    const docs = [invoice('i1', 1), invoice('i2', 2)];
    const staged = await transactionsOf(() =>
      stageFeedPage(
        { kind: 'invoices', data: docs, meta: meta(docs.length) },
        toVersionCursor(0),
        '2025-03-04T08:00:00.000Z',
      ),
    );
    expect(staged.some((opened) => opened.mode === 'readwrite')).toBe(true);
    // Staged pages come again with the next sync: no flush for them (the sync's speed).
    expect(staged.filter((opened) => opened.durability === 'strict')).toEqual([]);

    const queued = await transactionsOf(() =>
      queueAcks({
        connectionId: 'conn-1',
        kind: 'invoices',
        drafts: docs.map((doc) => ({ id: doc.id, outcome: 'ACCEPTED', externalNumber: `ERP-${doc.id}` })),
        newId: () => 'batch-1',
      }),
    );
    const writes = queued.filter((opened) => opened.mode === 'readwrite');
    expect(writes.length).toBeGreaterThan(0);
    // The batch, its Idempotency-Key and the rows marked queued: one strict transaction.
    for (const write of writes) {
      expect(write.stores).toContain('outbox');
      expect(write.durability).toBe('strict');
    }

    const [batch] = await listBatches('conn-1', 'queued');
    const recorded = await transactionsOf(() =>
      recordBatchResponse(
        batch!,
        {
          batchId: batch!.id,
          isReplay: false,
          requestId: 'req-1',
          response: {
            data: docs.map((doc) => ({ id: doc.id, result: 'applied' as const })),
            meta: { applied: docs.length, unchanged: 0, failed: 0 },
          },
        },
        '2025-03-04T09:00:00.000Z',
      ),
    );
    const recordedWrites = recorded.filter((opened) => opened.mode === 'readwrite');
    // The response kept (before anything else is sent) and the batch marked written: strict. The rows
    // written between them are not, and need not be: the strict commit after them flushes them too, and
    // a batch not yet marked written has its results written again by the next pass.
    expect(recordedWrites.map((opened) => [opened.stores.includes('outbox'), opened.durability])).toEqual([
      [true, 'strict'],
      [false, 'default'],
      [true, 'strict'],
    ]);
    // Reads are never asked to flush.
    expect(recorded.filter((opened) => opened.mode === 'readonly' && opened.durability === 'strict')).toEqual(
      [],
    );
  });

  it("keeps a cashier's count as a strict write", async () => {
    const opened = await transactionsOf(() =>
      saveCount(
        'conn-1',
        '2025-03-04',
        { repKey: 'R01', repCode: 'R01' },
        { countedCents: { EGP: 1_000_00 }, chequesIn: [], note: '' },
        '2025-03-04T18:00:00.000Z',
      ),
    );
    const writes = opened.filter((transaction) => transaction.mode === 'readwrite');
    expect(writes.map((write) => [write.stores, write.durability])).toEqual([[['cashUps'], 'strict']]);
  });

  it("names every table of the store: the clerk's work, or what the service gives again", () => {
    // What a sync, a lookup or the desk's own upgrade fills again: committed with Chromium's default.
    const refetchable = [
      'orders',
      'invoices',
      'payments',
      'returns',
      'documentChunks',
      'chunkLive',
      'cursors',
      'references',
      'meta',
      'customerNames',
      'viewCounters',
      'orderRows',
      'invoiceRows',
      'paymentRows',
      'returnRows',
      'customerTokens',
      'numberWords',
      'recordNames',
      'recordRefs',
    ];
    const tables = db.tables.map((table) => table.name).sort();
    expect(tables).toEqual([...refetchable, ...clerkWorkTables].sort());
  });
});
