import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { emptySeqLedger } from '../../../src-shared/domain/seq-ledger';
import {
  defaultReconcileSettings,
  suggestRegisterMapping,
  type RegisterLine,
} from '../../../src-shared/domain/reconcile';
import { DeskDb } from '../../../src-renderer/data/db';
import { withRowKeys } from '../../../src-renderer/data/review-rows/projection';
import {
  type ChunkLiveRow,
  type CustomerAliasRow,
  type CustomerNameRow,
  type RecordNameRow,
  type RepNameRow,
  type DocumentChunk,
  type FeedCursorRow,
  type ImportLayoutRow,
  type OutboxBatch,
  type ReconciliationRow,
  type RegisterLayoutRow,
} from '../../../src-renderer/data/rows';
import { row } from '../review/fixtures';
import { invoice } from '../../support/wire-documents';
import { openDeskVersion, version10Tables, version8Indexes, viewIds } from './upgrades/old-schemas';

const name = 'desk-migration-v6';

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

/** A register line of an invoice, 100.00 EGP. */
function line(id: string, serviceRef: string | null): RegisterLine {
  return {
    id,
    line: 2,
    kind: 'invoices',
    erpNumber: id,
    erpKey: null,
    serviceRef,
    customer: 'C-1',
    date: '2025-03-01',
    amountCents: 10000,
    currency: 'EGP',
    chequeNumber: null,
  };
}

/** A stored reconciliation of one connection and feed. */
function reconciliation(id: string, connectionId: string, createdAt: string): ReconciliationRow {
  const headers = ['Document No.', 'External Document No.', 'Amount Including VAT'];
  return {
    id,
    connectionId,
    kind: 'invoices',
    fileName: 'invoices.csv',
    format: 'CSV, UTF-8, comma',
    createdAt,
    updatedAt: createdAt,
    headers,
    mapping: suggestRegisterMapping(headers),
    options: { kind: 'invoices', dateOrder: 'ymd', defaultCurrency: 'EGP' },
    register: { lines: [line('SI-1', 'INV-a'), line('SI-2', null)], isTaxIncluded: true },
    settings: { ...defaultReconcileSettings, toleranceCents: 5 },
    decisions: [{ action: 'discard', rule: 'amount-date', documentKeys: ['invoices:b'], lineIds: ['SI-2'] }],
  };
}

describe('DeskDb version 6 (reconciliations and register layouts)', () => {
  it('keeps everything version 5 stored, and adds the two tables', async () => {
    const old = await openDeskVersion(name, 5);
    const rows = [
      row('a', { chunk: 'chunk-1' }),
      row('b', { review: 'accepted', externalNumber: 'ERP-7', chunk: 'chunk-1' }),
      row('c', { answerState: 'queued', answerOutcome: 'ACCEPTED', chunk: 'chunk-1' }),
    ];
    const chunk: DocumentChunk = {
      key: 'chunk-1',
      kind: 'invoices',
      docs: ['a', 'b', 'c'].map((id, index) => ({
        kind: 'invoices' as const,
        id,
        version: index + 1,
        doc: invoice(id, index + 1),
        answered: null,
      })),
    };
    const live: ChunkLiveRow = { key: 'chunk-1', live: 3 };
    const cursor: FeedCursorRow = {
      kind: 'invoices',
      versionAfter: 3,
      highWater: 3,
      caughtUpAt: '2025-03-04T08:00:00.000Z',
      staged: 3,
    };
    const batch: OutboxBatch = {
      id: 'batch-1',
      connectionId: 'conn-1',
      kind: 'invoices',
      items: [{ id: 'c', outcome: 'ACCEPTED', external_number: 'ERP-8' }],
      versions: [3],
      createdAt: '2025-03-04T08:00:00.000Z',
      state: 'queued',
      attempts: 0,
      lastAttemptAt: null,
      lastError: null,
      results: null,
    };
    const layout: ImportLayoutRow = {
      signature: 'customers:code|name',
      kind: 'customers',
      headers: ['Code', 'Name'],
      mapping: { kind: 'customers', fields: { code: 0 }, names: { en: 1 } },
      savedAt: '2025-03-01T00:00:00.000Z',
    };
    const names: CustomerNameRow = { id: 'cu-1', code: 'C-1', name: { en: 'Al Noor' }, fetchedAt: 'now' };
    await old.table('invoices').bulkPut(rows);
    await old.table('documentChunks').put(chunk);
    await old.table('chunkLive').put(live);
    await old.table('cursors').put(cursor);
    await old.table('outbox').put(batch);
    await old.table('importLayouts').put(layout);
    await old.table('customerNames').put(names);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect({
      rows: await db.rowsOf('invoices').toArray(),
      chunks: await db.documentChunks.toArray(),
      live: await db.chunkLive.toArray(),
      cursors: await db.cursors.toArray(),
      outbox: await db.outbox.toArray(),
      layouts: await db.importLayouts.toArray(),
      names: await db.customerNames.toArray(),
      meta: await db.meta.toArray(),
      queued: await db.outbox.where('[connectionId+state]').equals(['conn-1', 'queued']).primaryKeys(),
      accepted: await viewIds(db.rowsOf('invoices'), 'accepted'),
    }).toEqual({
      // Version 7 gives each row its document's seq (none here) and the cursor its seq ledger.
      // Version 8 its sort and search keys; version 13 its document's branch and nobody's answer.
      rows: rows.map((stored) => ({ ...withRowKeys({ ...stored, seq: 0 }), branch: 'C-1-1', ackedBy: '' })),
      chunks: [chunk],
      live: [live],
      cursors: [{ ...cursor, seq: emptySeqLedger(0) }],
      outbox: [batch],
      layouts: [layout],
      names: [names],
      meta: [{ key: 'connectionId', value: 'conn-1' }],
      queued: ['batch-1'],
      accepted: ['b'],
    });

    // The new tables hold a reconciliation, found by connection and feed, and a register layout.
    const first = reconciliation('rec-1', 'conn-1', '2025-03-05T08:00:00.000Z');
    const second = reconciliation('rec-2', 'conn-1', '2025-03-06T08:00:00.000Z');
    const other = reconciliation('rec-3', 'conn-2', '2025-03-06T09:00:00.000Z');
    await db.reconciliations.bulkAdd([first, second, other]);
    expect(await db.reconciliations.get('rec-1')).toEqual(first);
    expect(
      await db.reconciliations.where('[connectionId+kind]').equals(['conn-1', 'invoices']).primaryKeys(),
    ).toEqual(['rec-1', 'rec-2']);
    expect(await db.reconciliations.orderBy('createdAt').primaryKeys()).toEqual(['rec-1', 'rec-2', 'rec-3']);
    await expect(db.reconciliations.add(first)).rejects.toThrow();
    const registerLayout: RegisterLayoutRow = {
      signature: 'erp-register:documentno|externaldocumentno|amountincludingvat',
      headers: first.headers,
      mapping: first.mapping,
      savedAt: '2025-03-05T08:00:00.000Z',
    };
    await db.registerLayouts.put(registerLayout);
    await db.registerLayouts.put({ ...registerLayout, savedAt: '2025-03-06T08:00:00.000Z' });
    expect(await db.registerLayouts.toArray()).toEqual([
      { ...registerLayout, savedAt: '2025-03-06T08:00:00.000Z' },
    ]);
    db.close();

    // In IndexedDB itself: the two new stores with their indexes, and nothing else touched.
    const raw = await openRaw();
    const stores = [...raw.objectStoreNames];
    expect(stores).toEqual(expect.arrayContaining(['reconciliations', 'registerLayouts', 'invoiceRows']));
    expect(stores).not.toContain('documents');
    const tx = raw.transaction(['reconciliations', 'registerLayouts', 'invoiceRows']);
    expect([...tx.objectStore('reconciliations').indexNames].sort()).toEqual([
      '[connectionId+kind]',
      'createdAt',
    ]);
    expect(tx.objectStore('registerLayouts').keyPath).toBe('signature');
    expect([...tx.objectStore('invoiceRows').indexNames].sort()).toEqual(version8Indexes);
    raw.close();
  });

  it('opens a new computer at version 6 with empty reconciliations', async () => {
    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect(await db.reconciliations.count()).toBe(0);
    expect(await db.registerLayouts.count()).toBe(0);
    db.close();
  });
});

describe('DeskDb version 9 (customer aliases)', () => {
  it('keeps everything version 8 stored, and adds the aliases table, read by connection and by name', async () => {
    const old = await openDeskVersion(name, 8);
    const rows = [withRowKeys(row('a', { seq: 1 })), withRowKeys(row('b', { review: 'accepted', seq: 2 }))];
    const counters = { kind: 'invoices', views: { pending: { rows: 1, cents: { EGP: 123450 } } } };
    const tokens = { id: 'cu-1', tokens: ['al', 'noor', 'c-1'] };
    const names: CustomerNameRow = { id: 'cu-1', code: 'C-1', name: { en: 'Al Noor' }, fetchedAt: 'now' };
    const stored = reconciliation('rec-1', 'conn-1', '2025-03-05T08:00:00.000Z');
    await old.table('invoiceRows').bulkPut(rows);
    await old.table('viewCounters').put(counters);
    await old.table('customerTokens').put(tokens);
    await old.table('customerNames').put(names);
    await old.table('reconciliations').put(stored);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(9);
    expect({
      rows: await db.rowsOf('invoices').toArray(),
      counters: await db.viewCounters.toArray(),
      tokens: await db.customerTokens.toArray(),
      names: await db.customerNames.toArray(),
      reconciliations: await db.reconciliations.toArray(),
      meta: await db.meta.toArray(),
      aliases: await db.customerAliases.count(),
      accepted: await viewIds(db.rowsOf('invoices'), 'accepted'),
    }).toEqual({
      // Version 13 gives each row its document's branch (these rows name no stored document) and nobody's answer.
      rows: rows.map((stored) => ({ ...stored, branch: '', ackedBy: '' })),
      counters: [counters],
      // Its pass writes the search keys of the rows it passes, as the writer does: the keys of the rows'
      // customer these hand-made ones lacked.
      tokens: [{ ...tokens, tokens: [...tokens.tokens, 'trading', 'النور', 'للتجارة', 'c', '1'] }],
      names: [names],
      reconciliations: [stored],
      meta: [{ key: 'connectionId', value: 'conn-1' }],
      aliases: 0,
      accepted: ['b'],
    });

    const alias = (connectionId: string, customerId: string): CustomerAliasRow => ({
      connectionId,
      name: 'alnour',
      shownName: 'Al Nour',
      customerId,
      state: 'confirmed',
      savedAt: '2025-03-06T08:00:00.000Z',
    });
    await db.customerAliases.bulkPut([
      alias('conn-1', 'cu-1'),
      alias('conn-1', 'cu-2'),
      alias('conn-2', 'cu-1'),
    ]);
    await db.customerAliases.put({ ...alias('conn-1', 'cu-1'), state: 'refused' });
    expect(await db.customerAliases.where('connectionId').equals('conn-1').toArray()).toEqual([
      { ...alias('conn-1', 'cu-1'), state: 'refused' },
      alias('conn-1', 'cu-2'),
    ]);
    db.close();

    const raw = await openRaw();
    const store = raw.transaction('customerAliases').objectStore('customerAliases');
    expect([store.keyPath, [...store.indexNames]]).toEqual([
      ['connectionId', 'name', 'customerId'],
      ['connectionId'],
    ]);
    raw.close();
  });
});

describe('DeskDb version 10 (names, not codes)', () => {
  it('keeps everything version 9 stored, and adds the record names, the records documents name and reps’ names', async () => {
    const old = await openDeskVersion(name, 9);
    const rows = [withRowKeys(row('a', { seq: 1, chunk: 'chunk-1' }))];
    const chunk: DocumentChunk = {
      key: 'chunk-1',
      kind: 'invoices',
      docs: [{ kind: 'invoices', id: 'a', version: 1, doc: invoice('a', 1), answered: null }],
    };
    const names: CustomerNameRow = { id: 'cu-1', code: 'C-1', name: { en: 'Al Noor' }, fetchedAt: 'now' };
    const alias: CustomerAliasRow = {
      connectionId: 'conn-1',
      name: 'alnour',
      shownName: 'Al Nour',
      customerId: 'cu-1',
      state: 'confirmed',
      savedAt: '2025-03-06T08:00:00.000Z',
    };
    const references = {
      kind: 'payment-methods',
      entries: [
        { code: 'CHEQUE', name: { en: 'Cheque', ar: 'شيك' }, attributes: { needs_reference: 'true' } },
      ],
      fetchedAt: '2025-03-06T08:00:00.000Z',
    };
    await old.table('invoiceRows').bulkPut(rows);
    await old.table('documentChunks').put(chunk);
    await old.table('customerNames').put(names);
    await old.table('customerAliases').put(alias);
    await old.table('references').put(references);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(10);
    expect({
      rows: await db.rowsOf('invoices').toArray(),
      chunks: await db.documentChunks.toArray(),
      names: await db.customerNames.toArray(),
      aliases: await db.customerAliases.toArray(),
      references: await db.references.toArray(),
      meta: await db.meta.toArray(),
      recordNames: await db.recordNames.count(),
      recordRefs: await db.recordRefs.count(),
      repNames: await db.repNames.count(),
    }).toEqual({
      // Version 13 gives each row its stored document's branch and who answered it (nobody).
      rows: rows.map((stored) => ({ ...stored, branch: 'C-1-1', ackedBy: '' })),
      chunks: [chunk],
      names: [names],
      aliases: [alias],
      references: [references],
      meta: [{ key: 'connectionId', value: 'conn-1' }],
      recordNames: 0,
      recordRefs: 0,
      repNames: 0,
    });

    const product: RecordNameRow = {
      connectionId: 'conn-1',
      entity: 'product',
      id: 'prd-1',
      code: 'PRD-1',
      name: { en: 'Juhayna Milk 1L', ar: 'لبن جهينة ١ لتر' },
      deleted: false,
      fetchedAt: '2025-03-07T08:00:00.000Z',
    };
    await db.recordNames.bulkPut([product, { ...product, connectionId: 'conn-2' }]);
    expect(await db.recordNames.get(['conn-1', 'product', 'prd-1'])).toEqual(product);
    await db.recordRefs.put({ entity: 'unit', id: 'u-1', code: 'PC', externalRef: null });
    expect(await db.recordRefs.get(['unit', 'u-1'])).toMatchObject({ code: 'PC' });
    const rep: RepNameRow = {
      connectionId: 'conn-1',
      repId: '',
      code: 'R01',
      name: { ar: 'أحمد حسن' },
      source: { kind: 'imported', fileName: 'sales-persons.xlsx' },
      savedAt: '2025-03-07T08:00:00.000Z',
    };
    await db.repNames.put(rep);
    expect(await db.repNames.get(['conn-1', '', 'R01'])).toEqual(rep);
    db.close();

    const raw = await openRaw();
    const tx = raw.transaction(['recordNames', 'recordRefs', 'repNames']);
    expect(
      ['recordNames', 'recordRefs', 'repNames'].map((table) => [
        tx.objectStore(table).keyPath,
        [...tx.objectStore(table).indexNames],
      ]),
    ).toEqual([
      [['connectionId', 'entity', 'id'], []],
      [['entity', 'id'], []],
      [['connectionId', 'repId', 'code'], []],
    ]);
    raw.close();
  });
});

describe('DeskDb version 11 (row facts, written once)', () => {
  /** A row as versions 8 to 10 first stored it: its note and changes in English words, no facts. */
  function rowInWords(id: string, note: string, changes: string[]): Record<string, unknown> {
    const {
      noteFacts: _note,
      changeFacts: _changes,
      ackProblem: _problem,
      ...rest
    } = withRowKeys(row(id, { seq: 1 }));
    return { ...rest, note, changes };
  }
  const lines = { noteFacts: { kind: 'lines', count: 2 }, changeFacts: [], ackProblem: null };

  it('writes every row in words with its facts on opening, a batch a transaction, and leaves rows with facts as they were', async () => {
    const old = await openDeskVersion(name, 10);
    // More rows than a batch, so the pass goes on past its first mark.
    const inWords = Array.from({ length: 2_500 }, (_, i) =>
      rowInWords(`o${String(i).padStart(5, '0')}`, '2 lines', []),
    );
    const withFacts = withRowKeys(row('p1', { seq: 1 }));
    await old.table('orderRows').bulkPut(inWords);
    await old.table('paymentRows').put(withFacts);
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    const told: unknown[] = [];
    db.onUpgrade((progress) => told.push(progress));
    await db.open();
    expect(db.verno).toBe(14);
    db.close();
    expect(told).toEqual([
      { moved: 0, total: 2_501 },
      { moved: 2_000, total: 2_501 },
      { moved: 2_500, total: 2_501 },
      { moved: 2_501, total: 2_501 },
      // Then version 13's pass over the same rows (upgrades/v13-row-branches.ts), and version 14's
      // (upgrades/v14-customer-dates.ts).
      { moved: 0, total: 2_501 },
      { moved: 2_000, total: 2_501 },
      { moved: 2_500, total: 2_501 },
      { moved: 2_501, total: 2_501 },
      { moved: 0, total: 2_501 },
      { moved: 2_000, total: 2_501 },
      { moved: 2_500, total: 2_501 },
      { moved: 2_501, total: 2_501 },
      null,
    ]);
    // Read as another reader of the store finds them: the facts are on the disk, the words gone.
    const raw = new Dexie(name);
    await raw.open();
    const stored = (await raw.table('orderRows').toArray()) as Record<string, unknown>[];
    expect(stored).toHaveLength(2_500);
    expect(stored.every((found) => 'noteFacts' in found && !('note' in found) && !('changes' in found))).toBe(
      true,
    );
    expect(stored[2_499]).toMatchObject(lines);
    // A row with facts keeps them as they were; version 13 adds its branch (it names no stored document).
    expect(await raw.table('paymentRows').get('p1')).toEqual({ ...withFacts, branch: '', ackedBy: '' });
    expect(await raw.table('meta').toArray()).toEqual([{ key: 'connectionId', value: 'conn-1' }]);
    raw.close();
  });

  it('goes on after the last batch written when the app was closed during the pass', async () => {
    const old = await openDeskVersion(name, 10);
    await old.table('orderRows').bulkPut([rowInWords('a', '2 lines', []), rowInWords('b', '2 lines', [])]);
    old.close();
    // Version 11's store as an app closed after the batch that ended with `a` left it.
    const stopped = new Dexie(name);
    stopped.version(11).stores(version10Tables);
    await stopped.open();
    await stopped.table('meta').put({ key: 'rowFacts:orders', value: 'a' });
    stopped.close();

    const db = new DeskDb(name);
    await db.open();
    db.close();
    const raw = new Dexie(name);
    await raw.open();
    // `a` was written by the batch before (here: left as it was); `b` is written now, and the mark gone.
    expect(await raw.table('orderRows').get('a')).toMatchObject({ note: '2 lines' });
    expect(await raw.table('orderRows').get('b')).toMatchObject(lines);
    expect(await raw.table('meta').get('rowFacts:orders')).toBeUndefined();
    raw.close();
  });

  it('has nothing to write in a store it creates', async () => {
    const db = new DeskDb(name);
    const told: unknown[] = [];
    db.onUpgrade((progress) => told.push(progress));
    await db.open();
    expect(await db.meta.toArray()).toEqual([]);
    // No store-upgrade note at all.
    expect(told).toEqual([]);
    db.close();
  });
});
