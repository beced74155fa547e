import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../../src-renderer/data/db';
import { withRowKeys } from '../../../../src-renderer/data/review-rows/projection';
import { type ReviewRow } from '../../../../src-renderer/data/rows';
import type { RowMoveProgress } from '../../../../src-renderer/data/review-rows/row-move';
import { amountSortKey } from '../../../../src-renderer/data/review-rows/keys';
import { row } from '../../review/fixtures';
import { openDeskVersion, version8Indexes, viewIds } from '../upgrades/old-schemas';

const name = 'desk-migration-v8';

/**
 * A row as it is once moved: its keys (version 8), and what version 13's pass gives it from its stored
 * document: these stores hold no documents, so no branch and nobody's answer.
 */
function passed(stored: ReviewRow): ReviewRow {
  return { ...withRowKeys(stored), branch: '', ackedBy: '' };
}

afterEach(async () => {
  await Dexie.delete(name);
});

describe('DeskDb version 8 (rows read in pages: paged tables with string keys, search tables, counters)', () => {
  it('moves rows stored in words (version 7 held notes and changes in English) with their facts', async () => {
    const old = await openDeskVersion(name, 7);
    const {
      noteFacts: _note,
      changeFacts: _changes,
      ackProblem: _problem,
      ...rest
    } = row('r-1', {
      seq: 1,
    });
    await old.table('returns').put({ ...rest, note: 'DAMAGED · invoice INV-9', changes: [] });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    db.close();
    const raw = new Dexie(name);
    await raw.open();
    const moved = (await raw.table('returnRows').get('r-1')) as Record<string, unknown>;
    raw.close();
    expect(moved).toMatchObject({
      noteFacts: { kind: 'reason', reason: 'DAMAGED', invoice: 'INV-9' },
      changeFacts: [],
      ackProblem: null,
    });
    expect(moved).not.toHaveProperty('note');
  });

  it("moves a row with its branch and who answered it, read from its document and this desk's ack log", async () => {
    const old = await openDeskVersion(name, 7);
    const document = (id: string, ackedVersion: number) => ({
      kind: 'invoices',
      id,
      version: 4,
      doc: {
        id,
        version: 4,
        number: `INV-${id}`,
        branch: { id: 'br-7', code: 'C-1-7' },
        customer: { id: 'cu-1', code: 'C-1' },
        ack: {
          acked_at: '2025-03-04T09:00:00.000Z',
          acked_version: ackedVersion,
          outcome: 'ACCEPTED',
          external_number: 'ERP-1',
        },
      },
      answered: null,
    });
    await old
      .table('documentChunks')
      .put({ key: 'chunk-1', kind: 'invoices', docs: [document('i-1', 4), document('i-2', 4)] });
    const stripped = (id: string) => {
      const {
        branch: _branch,
        ackedBy: _by,
        noteFacts: _note,
        changeFacts: _changes,
        ackProblem: _problem,
        ...rest
      } = row(id, { review: 'accepted', chunk: 'chunk-1', seq: 1 });
      return { ...rest, note: '', changes: [] };
    };
    await old.table('invoices').bulkPut([stripped('i-1'), stripped('i-2')]);
    // This desk's ack of i-1 was applied; i-2 was answered elsewhere.
    await old.table('audit').add({
      at: '2025-03-04T09:00:00.000Z',
      kind: 'invoices',
      batchId: 'batch-1',
      docIds: ['i-1'],
      items: [
        {
          id: 'i-1',
          outcome: 'ACCEPTED',
          externalNumber: 'ERP-1',
          reasonCode: null,
          result: 'applied',
          error: null,
        },
      ],
    });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    const rows = await db.rowsOf('invoices').toArray();
    db.close();
    expect(rows.map((moved) => [moved.id, moved.branch, moved.ackedBy, moved.ackedHereVersion])).toEqual([
      ['i-1', 'C-1-7', 'here', 4],
      ['i-2', 'C-1-7', 'elsewhere', undefined],
    ]);
  });

  it('moves every stored row into the paged tables with its keys, a batch at a time, and counts each feed', async () => {
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
    const told: Array<RowMoveProgress | null> = [];
    db.onUpgrade((upgrade) => told.push(upgrade));
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    // The move tells how far it has come, a batch at a time, then that it is done: the rows moved with
    // what version 13 gives them (upgrades/v13-row-branches.ts), so no pass reads them again.
    expect(told).toEqual([
      { moved: 0, total: 2_502 },
      { moved: 1_000, total: 2_502 },
      { moved: 2_000, total: 2_502 },
      { moved: 2_500, total: 2_502 },
      { moved: 2_502, total: 2_502 },
      null,
    ]);
    expect(await db.meta.get('rowBranches:invoices')).toBeUndefined();

    // Every row moved, with its keys; version 7's tables are empty.
    for (const kind of ['orders', 'invoices', 'payments', 'returns'] as const)
      expect(await db.table(kind).count(), kind).toBe(0);
    expect(await db.rowsOf('payments').toArray()).toEqual([passed(named), passed(unnamed)]);
    expect(await db.rowsOf('invoices').count()).toBe(2_500);
    // Keys worked out by hand: the orders, the customer, the number's serial (the ERP number `ERP/7.001`
    // has none: no word of it is all digits).
    const S = '\u0001';
    expect(await db.rowsOf('payments').get('p-1')).toMatchObject({
      kDate: `accepted${S}2025-03-01${S}p-1`,
      kNumber: `accepted${S}RCT-2026-000123${S}p-1`,
      kCustomer: `accepted${S}al noor trading · النور للتجارة${S}p-1`,
      kAmount: `accepted${S}0500000000123456${S}p-1`,
      kCust: `cu-1${S}accepted${S}2025-03-01${S}p-1`,
      kSerial: `123${S}accepted${S}p-1`,
    });
    expect((await db.rowsOf('payments').get('p-2'))?.kAmount).toBe(`pending${S}0499999999995000${S}p-2`);
    // The customers' search keys and the words numbers share.
    expect((await db.customerTokens.get('cu-1'))?.tokens).toEqual(
      expect.arrayContaining(['al', 'noor', 'النور', 'cust', '0042', '42', 'c', '1', '9']),
    );
    // (The fixtures' invoice numbers `INV-i00001` have no serial: each word `i00001` is kept.)
    expect(await db.numberWords.toCollection().primaryKeys()).toEqual(
      expect.arrayContaining(['001', '1', '2026', '7', '7.001', 'erp', 'inv', 'p', 'rct', 'i00001']),
    );
    expect(await db.numberWords.count()).toBe(9 + 2_500);

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
    expect(await db.viewCounters.get('orders')).toBeUndefined();

    // The new indexes answer: a view in amount order, a customer, a serial, the day-end's date range.
    const ids = (keys: unknown[]) => keys.map((key) => String(key).split(S).at(-1));
    expect(
      ids(
        await db
          .rowsOf('invoices')
          .where('kAmount')
          .between(`rejected${S}`, `rejected${S}${amountSortKey(1_020)}${S}\uffff`, true, true)
          .keys(),
      ),
    ).toEqual(['i00003', 'i00008', 'i00013', 'i00018']);
    expect(ids(await db.rowsOf('payments').where('kSerial').startsWith(`123${S}`).keys())).toEqual(['p-1']);
    let dated = 0;
    for (const state of ['pending', 'accepted', 'rejected', 'not-awaiting'])
      dated += await db
        .rowsOf('invoices')
        .where('kDate')
        .between(`${state}${S}2025-03-01`, `${state}${S}2025-03-01${S}\uffff`, true, true)
        .count();
    expect(dated).toBe(2_500);
    expect(await viewIds(db.rowsOf('payments'), 'accepted')).toEqual(['p-1']);
    expect(await db.meta.toArray()).toEqual([{ key: 'connectionId', value: 'conn-1' }]);
    db.close();

    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect([...raw.transaction('invoiceRows').objectStore('invoiceRows').indexNames].sort()).toEqual(
      version8Indexes,
    );
    raw.close();
  });

  it('goes on where it stopped when the app closed during the move: each row once, counted once', async () => {
    const old = await openDeskVersion(name, 7);
    const invoices = Array.from({ length: 2_500 }, (_, index) =>
      row(`i${String(index).padStart(5, '0')}`, {
        review: index % 3 === 0 ? 'accepted' : 'pending',
        amountCents: 100 + index,
        seq: index + 1,
      }),
    );
    await old.table('invoices').bulkPut(invoices);
    old.close();

    // The app stops after the first batch has moved (the listener throws where a quit would).
    const first = new DeskDb(name);
    first.onUpgrade((upgrade) => {
      if (upgrade && upgrade.moved > 0) throw new Error('closed');
    });
    await expect(first.open()).rejects.toThrow();
    first.close();

    const db = new DeskDb(name);
    const told: Array<RowMoveProgress | null> = [];
    db.onUpgrade((upgrade) => told.push(upgrade));
    await db.open();
    // What was left: 1,500 rows.
    expect(told[0]).toEqual({ moved: 0, total: 1_500 });
    expect(await db.table('invoices').count()).toBe(0);
    expect(await db.rowsOf('invoices').toArray()).toEqual(invoices.map(passed));
    const cents = (review: string) =>
      invoices
        .filter((stored) => review === 'all' || stored.review === review)
        .reduce((sum, r) => sum + r.amountCents, 0);
    expect((await db.viewCounters.get('invoices'))?.views).toEqual({
      pending: { count: 1_666, centsByCurrency: { EGP: cents('pending') } },
      accepted: { count: 834, centsByCurrency: { EGP: cents('accepted') } },
      rejected: { count: 0, centsByCurrency: {} },
      all: { count: 2_500, centsByCurrency: { EGP: cents('all') } },
    });
    db.close();
  });

  it('opens a new computer at version 8 with no counters', async () => {
    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    expect(await db.viewCounters.count()).toBe(0);
    db.close();
  });
});
