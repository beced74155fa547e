import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../../src-renderer/data/db';
import { openOldDesk } from './old-schemas';

const name = 'desk-migration-v3';

afterEach(async () => {
  await Dexie.delete(name);
});

describe('DeskDb version 3 (customer names)', () => {
  it('adds the names table and gives every stored review row an empty name', async () => {
    // A database as version 2 left it: review rows without `customerName`.
    const old = await openOldDesk(name, 2);
    await old.table('invoices').put({ id: 'a', review: 'pending', customerId: 'cu-1', customer: 'C-1' });
    await old
      .table('cursors')
      .put({ kind: 'invoices', versionAfter: 12, highWater: 12, caughtUpAt: null, staged: 1 });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(3);
    expect(await db.rowsOf('invoices').get('a')).toMatchObject({
      id: 'a',
      customer: 'C-1',
      customerName: '',
    });
    expect((await db.cursors.get('invoices'))?.versionAfter).toBe(12);
    await db.customerNames.put({ id: 'cu-1', code: 'C-1', name: { ar: 'النور' }, fetchedAt: 'now' });
    expect((await db.customerNames.get('cu-1'))?.name).toEqual({ ar: 'النور' });
    db.close();
  });
});
