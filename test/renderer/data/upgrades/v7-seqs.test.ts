import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../../src-renderer/data/db';
import { withRowKeys } from '../../../../src-renderer/data/review-rows/projection';
import {
  type ChunkLiveRow,
  type DocumentChunk,
  type FeedCursorRow,
  type StoredDocument,
} from '../../../../src-renderer/data/rows';
import { readSeqLedger } from '../../../../src-renderer/data/seq-ledger';
import type { FeedKind } from '../../../../src-shared/wire';
import { row } from '../../review/fixtures';
import { invoice, payment } from '../../../support/wire-documents';
import { openDeskVersion } from './old-schemas';

const name = 'desk-migration-v7';

afterEach(async () => {
  await Dexie.delete(name);
});

/** A payment at a version with its issue seq, as version 6 stored it. */
function storedPayment(id: string, version: number, seq: number): StoredDocument {
  return { kind: 'payments', id, version, doc: { ...payment(id, version), seq }, answered: null };
}

function cursorOf(kind: FeedKind, versionAfter: number): FeedCursorRow {
  return { kind, versionAfter, highWater: versionAfter, caughtUpAt: '2025-03-04T08:00:00.000Z', staged: 5 };
}

describe('DeskDb version 7 (seq on rows, a seq ledger with each issued feed)', () => {
  it('gives each row its document seq and builds each issued feed ledger from the stored chunks', async () => {
    const old = await openDeskVersion(name, 6);
    // Payments with seqs 1, 2, 4 and 7 (3, 5 and 6 never arrived); p2 has an older version in an older
    // chunk, with another seq: only the version its row names counts.
    const oldChunk: DocumentChunk = {
      key: 'chunk-a',
      kind: 'payments',
      docs: [storedPayment('p1', 1, 1), storedPayment('p2', 2, 99)],
    };
    const newChunk: DocumentChunk = {
      key: 'chunk-b',
      kind: 'payments',
      docs: [storedPayment('p2', 6, 2), storedPayment('p4', 4, 4), storedPayment('p7', 7, 7)],
    };
    const invoiceChunk: DocumentChunk = {
      key: 'chunk-c',
      kind: 'invoices',
      docs: [
        { kind: 'invoices', id: 'i1', version: 3, doc: { ...invoice('i1', 3), seq: 5 }, answered: null },
      ],
    };
    const paymentRows = [
      row('p1', { chunk: 'chunk-a', number: 'PAY-1' }),
      row('p2', { chunk: 'chunk-b', number: 'PAY-2', version: 6 }),
      row('p4', { chunk: 'chunk-b', number: 'PAY-4' }),
      row('p7', { chunk: 'chunk-b', number: 'PAY-7' }),
    ];
    const live: ChunkLiveRow[] = [
      { key: 'chunk-a', live: 1 },
      { key: 'chunk-b', live: 3 },
      { key: 'chunk-c', live: 1 },
    ];
    await old.table('payments').bulkPut(paymentRows);
    await old.table('invoices').put(row('i1', { chunk: 'chunk-c' }));
    await old.table('documentChunks').bulkPut([oldChunk, newChunk, invoiceChunk]);
    await old.table('chunkLive').bulkPut(live);
    // The payments and orders were synced; the invoices have rows but no cursor (never caught up).
    await old.table('cursors').bulkPut([cursorOf('payments', 7), cursorOf('orders', 2)]);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    let upgrading = 0;
    let told: unknown = null;
    db.onUpgrade((upgrade) => {
      if (upgrade && !told) upgrading += 1;
      told = upgrade;
    });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    expect(upgrading).toBe(1);
    expect({
      payments: await db.rowsOf('payments').toArray(),
      invoices: await db.rowsOf('invoices').toArray(),
      cursors: await db.cursors.toArray(),
      chunks: await db.documentChunks.toArray(),
      live: await db.chunkLive.toArray(),
      meta: await db.meta.toArray(),
    }).toEqual({
      // Version 8 adds each row's sort and search keys (review-rows/row-move.test.ts); version 13 the
      // branch its stored document names and who answered it (none: each is pending).
      payments: [
        { ...withRowKeys({ ...paymentRows[0]!, seq: 1 }), branch: 'br-1', ackedBy: '' },
        { ...withRowKeys({ ...paymentRows[1]!, seq: 2 }), branch: 'br-1', ackedBy: '' },
        { ...withRowKeys({ ...paymentRows[2]!, seq: 4 }), branch: 'br-1', ackedBy: '' },
        { ...withRowKeys({ ...paymentRows[3]!, seq: 7 }), branch: 'br-1', ackedBy: '' },
      ],
      invoices: [
        { ...withRowKeys({ ...row('i1', { chunk: 'chunk-c' }), seq: 5 }), branch: 'C-1-1', ackedBy: '' },
      ],
      cursors: [
        // Orders carry no seq: no ledger.
        cursorOf('orders', 2),
        {
          ...cursorOf('payments', 7),
          seq: {
            from: 0,
            highest: 7,
            missing: [
              [3, 3],
              [5, 6],
            ],
            filled: [],
            checkedAt: null,
            serviceLastSeq: null,
          },
        },
      ],
      chunks: [oldChunk, newChunk, invoiceChunk],
      live,
      meta: [{ key: 'connectionId', value: 'conn-1' }],
    });
    db.close();
  });

  it('opens a new computer with no ledgers', async () => {
    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(7);
    expect(await db.cursors.count()).toBe(0);
    db.close();
  });
});

describe('readSeqLedger', () => {
  it('answers null for a feed never synced', async () => {
    expect(await readSeqLedger('payments')).toBeNull();
  });
});
