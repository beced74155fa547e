import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../../src-renderer/data/db';
import { documentChunkSize } from '../../../../src-renderer/data/chunk-layout';
import { invoice } from '../../../support/wire-documents';
import { openOldDesk, version8Indexes, viewIds } from './old-schemas';

const name = 'desk-migration-v5';

afterEach(async () => {
  await Dexie.delete(name);
});

/** Opens the database as IndexedDB itself sees it (not through Dexie's schema). */
function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

describe('DeskDb versions 4 and 5 (fewer row indexes, documents in chunks)', () => {
  it('moves every stored document into chunks its row names, keeps rows and cursors, and drops what no query reads', async () => {
    // A database as version 3 left it: ten row indexes, one record a document.
    const old = await openOldDesk(name, 3, { customerNames: 'id' });
    // More than the upgrade reads at once (2,000), so that it has to go on from where it stopped.
    const count = 80 * documentChunkSize + 7;
    // Chunks have random keys: compared in size order.
    const chunkSizes = [7, ...Array.from({ length: 80 }, () => documentChunkSize)];
    const bySize = (a: number, b: number): number => a - b;
    const ids = Array.from({ length: count }, (_, index) => `inv-${String(index).padStart(5, '0')}`);
    await old.table('invoices').bulkPut(
      ids.map((id, index) => ({
        id,
        version: index + 1,
        review: index === 0 ? 'accepted' : 'pending',
        date: `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
        customerId: 'cu-1',
        answerState: index === 1 ? 'queued' : '',
      })),
    );
    await old.table('documents').bulkPut(
      ids.map((id, index) => ({
        kind: 'invoices',
        id,
        version: index + 1,
        doc: invoice(id, index + 1),
        answered: null,
      })),
    );
    await old
      .table('cursors')
      .put({ kind: 'invoices', versionAfter: count, highWater: count, caughtUpAt: null, staged: count });
    // A document without a row (none should be) is not carried over: no row would ever let its chunk go.
    await old.table('documents').put({ kind: 'payments', id: 'orphan', version: 1, doc: {}, answered: null });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(5);
    for (const table of [db.orderRows, db.invoiceRows, db.paymentRows, db.returnRows]) {
      // Version 8's indexes since (review-rows/row-move.test.ts).
      expect(table.schema.indexes.map((index) => index.name).sort()).toEqual(version8Indexes);
    }
    expect(await viewIds(db.rowsOf('invoices'), 'accepted')).toEqual(['inv-00000']);
    expect(await db.rowsOf('invoices').get('inv-00001')).toMatchObject({
      customerId: 'cu-1',
      answerState: 'queued',
    });
    expect((await db.cursors.get('invoices'))?.versionAfter).toBe(count);

    // Every row names a chunk that holds its document; the chunks hold each document once.
    const chunks = await db.documentChunks.toArray();
    expect(chunks.map((chunk) => chunk.docs.length).sort(bySize)).toEqual(chunkSizes);
    const chunkOf = new Map(chunks.flatMap((chunk) => chunk.docs.map((stored) => [stored.id, chunk.key])));
    for (const row of await db.rowsOf('invoices').toArray()) {
      expect(row.chunk, row.id).toBe(chunkOf.get(row.id));
    }
    expect((await db.chunkLive.toArray()).map((live) => live.live).sort(bySize)).toEqual(chunkSizes);
    expect(chunks.find((chunk) => chunk.docs.length === 7)?.docs.at(-1)).toMatchObject({
      id: ids.at(-1),
      version: count,
      doc: { id: ids.at(-1) },
    });
    db.close();

    // In IndexedDB itself: the old documents table and the six unread indexes are gone.
    const raw = await openRaw();
    expect([...raw.objectStoreNames]).not.toContain('documents');
    expect([...raw.transaction('invoiceRows').objectStore('invoiceRows').indexNames].sort()).toEqual(
      version8Indexes,
    );
    raw.close();
  });
});
