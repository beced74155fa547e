// The records staged documents name (store version 10, recordRefs): written with the documents, cleared
// with them, and read once from chunks stored before the version.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import type { Invoice } from '../../../src-shared/wire';
import { bindConnection } from '../../../src-renderer/data/binding';
import { db } from '../../../src-renderer/data/db';
import { readRecordRefs, refScanKey, scanChunksForRefs } from '../../../src-renderer/data/record-refs';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { invoice, invoiceLine, meta, payment } from '../../support/wire-documents';

const now = '2025-03-04T08:00:00.000Z';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An invoice with lines of products in units. */
function invoiceOf(id: string, version: number, lines: Array<[string, string]>): Invoice {
  const doc = invoice(id, version);
  doc.lines = lines.map(([product, unit], index) => invoiceLine(product, unit, index + 1));
  return doc;
}

/** Every stored record as `entity:id:code`. */
async function stored(): Promise<string[]> {
  return (await db.recordRefs.toArray()).map((row) => `${row.entity}:${row.id}:${row.code ?? ''}`);
}

describe('the records staged documents name', () => {
  it('are written with every page staged, each once, with the code the documents give', async () => {
    await stageFeedPage(
      {
        kind: 'invoices',
        data: [
          invoiceOf('a', 1, [
            ['prd-1', 'pc'],
            ['prd-2', 'pc'],
          ]),
          invoiceOf('b', 2, [['prd-1', 'ctn']]),
        ],
        meta: meta(2, true),
      },
      toVersionCursor(0),
      now,
    );
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 1)], meta: meta(1) },
      toVersionCursor(0),
      now,
    );
    // The payment gives the branch no code but its id: the newest document's word is kept.
    expect((await stored()).sort()).toEqual([
      'branch:br-1:br-1',
      'product:prd-1:PRD-1',
      'product:prd-2:PRD-2',
      'sales_rep:rep-1:R01',
      'unit:ctn:CTN',
      'unit:pc:PC',
    ]);
    expect((await readRecordRefs('product')).map((row) => row.id)).toEqual(['prd-1', 'prd-2']);
    expect(await readRecordRefs('warehouse')).toEqual([]);
  });

  it('are cleared with the staged documents when the store is bound to another connection', async () => {
    await bindConnection('conn-1');
    await stageFeedPage(
      { kind: 'invoices', data: [invoiceOf('a', 1, [])], meta: meta(1) },
      toVersionCursor(0),
      now,
    );
    expect(await db.recordRefs.count()).toBeGreaterThan(0);
    await bindConnection('conn-2');
    expect(await db.recordRefs.count()).toBe(0);
  });

  it('are read from chunks stored before version 10, a few at a time, and then never again', async () => {
    await stageFeedPage(
      {
        kind: 'invoices',
        data: Array.from({ length: 120 }, (_, n) => invoiceOf(`i-${n}`, n + 1, [[`prd-${n}`, 'pc']])),
        meta: meta(120),
      },
      toVersionCursor(0),
      now,
    );
    // As a store staged before version 10 holds them: documents in chunks, no record of what they name.
    await db.recordRefs.clear();
    expect(await db.documentChunks.count()).toBe(3);
    expect(await scanChunksForRefs(2)).toBe(false);
    const afterTwo = (await readRecordRefs('product')).length;
    expect(afterTwo).toBeGreaterThanOrEqual(50);
    expect(afterTwo).toBeLessThan(120);
    expect(await scanChunksForRefs(2)).toBe(true);
    expect((await readRecordRefs('product')).length).toBe(120);
    expect(await db.meta.get(refScanKey)).toEqual({ key: refScanKey, value: 'done' });
    await db.recordRefs.clear();
    expect(await scanChunksForRefs(2)).toBe(true);
    expect(await db.recordRefs.count()).toBe(0);
  });
});
