import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb, type ReviewRow } from '../../../src-renderer/data/db';
import { row } from '../review/fixtures';
import { openDeskVersion, version8Indexes, viewIds } from './old-schemas';

const name = 'desk-migration-v8';

afterEach(async () => {
  await Dexie.delete(name);
});

describe('DeskDb version 8 (rows read in pages: sort and search keys, view counters)', () => {
  it('gives every stored row its customer sort key and search keys, and each feed its counters', async () => {
    const old = await openDeskVersion(name, 7);
    // 2,500 invoices (more than one 2,000-row step of the upgrade), in both currencies and every state.
    const states = ['pending', 'pending', 'accepted', 'rejected', 'not-awaiting'] as const;
    const invoices: ReviewRow[] = Array.from({ length: 2_500 }, (_, index) =>
      row(`i${String(index).padStart(5, '0')}`, {
        review: states[index % states.length]!,
        currency: index % 10 === 0 ? 'USD' : 'EGP',
        amountCents: 1_000 + index,
        seq: index + 1,
      }),
    );
    const named = row('p-1', {
      number: 'RCT-2026-000123',
      customer: 'CUST-0042',
      customerName: 'Al Noor Trading · النور للتجارة',
      externalNumber: 'ERP/7.001',
      amountCents: 123_456,
      review: 'accepted',
      seq: 1,
    });
    const unnamed = row('p-2', { customer: 'C-9', customerName: '', amountCents: -5_000, seq: 2 });
    await old.table('invoices').bulkPut(invoices);
    await old.table('payments').bulkPut([named, unnamed]);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    let told = 0;
    db.onUpgrade((isUpgrading) => (told += isUpgrading ? 1 : 0));
    await db.open();
    expect(db.verno).toBe(8);
    expect(told).toBe(1);

    // Keys worked out by hand: words of both languages, the code and the numbers with and without
    // their leading zeros, the ERP number's parts, the amount.
    const payments = await db.payments.toArray();
    expect(payments).toEqual([
      {
        ...named,
        customerSort: 'al noor trading · النور للتجارة',
        search: [
          'al',
          'noor',
          'trading',
          'النور',
          'للتجارة',
          'cust',
          '0042',
          '42',
          'rct',
          '2026',
          '000123',
          '123',
          'erp',
          '7.001',
          '7',
          '001',
          '1',
          '1234.56',
        ],
      },
      { ...unnamed, customerSort: 'c-9', search: ['c', '9', 'inv', 'p', '2', '50.00'] },
    ]);
    // Counters: counted from the rows as stored.
    const egp = (review: string) =>
      invoices
        .filter((stored) => stored.currency === 'EGP' && (review === 'all' || stored.review === review))
        .reduce((sum, stored) => sum + stored.amountCents, 0);
    const usd = (review: string) =>
      invoices
        .filter((stored) => stored.currency === 'USD' && (review === 'all' || stored.review === review))
        .reduce((sum, stored) => sum + stored.amountCents, 0);
    // A currency with no money in a view is left out (USD invoices are all pending here).
    const views = (review: string, count: number) => ({
      count,
      centsByCurrency: usd(review) === 0 ? { EGP: egp(review) } : { EGP: egp(review), USD: usd(review) },
    });
    expect(await db.viewCounters.get('invoices')).toEqual({
      kind: 'invoices',
      views: {
        pending: views('pending', 1_000),
        accepted: views('accepted', 500),
        rejected: views('rejected', 500),
        all: views('all', 2_500),
      },
    });
    expect((await db.viewCounters.get('payments'))?.views).toEqual({
      pending: { count: 1, centsByCurrency: { EGP: -5_000 } },
      accepted: { count: 1, centsByCurrency: { EGP: 123_456 } },
      rejected: { count: 0, centsByCurrency: {} },
      all: { count: 2, centsByCurrency: { EGP: 118_456 } },
    });
    expect((await db.viewCounters.get('orders'))?.views.all).toEqual({ count: 0, centsByCurrency: {} });

    // The new indexes answer: a view in amount order, a search key, the day-end's date range.
    expect(
      (
        await db.invoices
          .where('[review+amountCents+id]')
          .between(['rejected', 0, Dexie.minKey], ['rejected', 1_020, [[]]], true, true)
          .primaryKeys()
      ).map(String),
    ).toEqual(['i00003', 'i00008', 'i00013', 'i00018']);
    expect((await db.payments.where('search').startsWith('النو').primaryKeys()).map(String)).toEqual(['p-1']);
    expect((await db.payments.where('search').equals('123').primaryKeys()).map(String)).toEqual(['p-1']);
    expect(await db.invoices.where('date').between('2025-03-01', '2025-03-01', true, true).count()).toBe(
      2_500,
    );
    expect(await viewIds(db.payments, 'accepted')).toEqual(['p-1']);
    expect(await db.meta.toArray()).toEqual([{ key: 'connectionId', value: 'conn-1' }]);
    db.close();

    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect([...raw.transaction('invoices').objectStore('invoices').indexNames].sort()).toEqual(
      version8Indexes,
    );
    raw.close();
  });

  it('opens a new computer at version 8 with no counters', async () => {
    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.viewCounters.count()).toBe(0);
    db.close();
  });
});
