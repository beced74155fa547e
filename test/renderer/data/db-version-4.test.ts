import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../src-renderer/data/db';

const name = 'desk-migration-v4';

afterEach(async () => {
  await Dexie.delete(name);
});

describe('DeskDb version 4 (only the row indexes a query uses)', () => {
  it('keeps every review row and cursor and drops the indexes no query reads', async () => {
    // A database as version 3 left it: review rows with ten indexes.
    const rows = 'id, review, status, date, customerId, rep, amountCents, number, answerState, pendingAgain';
    const old = new Dexie(name);
    old.version(3).stores({
      orders: rows,
      invoices: rows,
      payments: rows,
      returns: rows,
      documents: '[kind+id]',
      cursors: 'kind',
      customerNames: 'id',
    });
    await old.open();
    await old.table('invoices').bulkPut([
      { id: 'a', review: 'pending', date: '2026-03-01', customerId: 'cu-1', answerState: 'queued' },
      { id: 'b', review: 'accepted', date: '2026-03-02', customerId: 'cu-2', answerState: '' },
    ]);
    await old
      .table('cursors')
      .put({ kind: 'invoices', versionAfter: 12, highWater: 12, caughtUpAt: null, staged: 2 });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBe(4);
    for (const table of [db.orders, db.invoices, db.payments, db.returns]) {
      expect(table.schema.indexes.map((index) => index.name).sort()).toEqual(['customerId', 'date', 'review']);
    }
    expect(await db.invoices.where('review').equals('pending').primaryKeys()).toEqual(['a']);
    expect(await db.invoices.orderBy('date').reverse().primaryKeys()).toEqual(['b', 'a']);
    expect(await db.invoices.get('a')).toMatchObject({ customerId: 'cu-1', answerState: 'queued' });
    expect((await db.cursors.get('invoices'))?.versionAfter).toBe(12);
    db.close();

    // The indexes are gone from IndexedDB itself, not only from Dexie's view of it.
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = raw.transaction('invoices').objectStore('invoices');
    expect([...store.indexNames].sort()).toEqual(['customerId', 'date', 'review']);
    raw.close();
  });
});
