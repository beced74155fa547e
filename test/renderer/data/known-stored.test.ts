// A sync run's memory of the small tables written with every page (known-stored.ts): later pages read
// back only what they name anew, and the memory is never trusted after anything else wrote or cleared
// those tables, nor for a page whose transaction failed.
import 'fake-indexeddb/auto';
import type { Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import type { Invoice } from '../../../src-shared/wire';
import { bindConnection } from '../../../src-renderer/data/binding';
import { db } from '../../../src-renderer/data/db';
import { readRecordRefs } from '../../../src-renderer/data/record-refs';
import { stageFeedPage, StagingMemory } from '../../../src-renderer/data/staging';
import { putReviewRows } from '../../../src-renderer/data/review-rows/writer';
import { invoice, invoiceLine, meta } from '../../support/wire-documents';

const now = '2025-03-04T08:00:00.000Z';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  db.close();
  await db.delete();
});

/** An invoice of customer `customer` (code `C-<customer>`) with a line of each product named. */
function invoiceOf(id: string, version: number, customer: string, products: string[]): Invoice {
  const doc = invoice(id, version, { customer });
  doc.customer = { id: customer, code: `C-${customer}` };
  // As the service numbers them: the serial is not a search word, the rest is the same on every page.
  doc.number = `INV-2025-${String(version).padStart(6, '0')}`;
  doc.lines = products.map((product, index) => invoiceLine(product, 'u-1', index + 1));
  return doc;
}

/** Counts the keys each small table is asked for by `bulkGet` from now on (by any of its Table objects). */
function countReads(): Record<'refs' | 'customers' | 'words', string[]> {
  const asked = { refs: [] as string[], customers: [] as string[], words: [] as string[] };
  const into: Record<string, string[]> = {
    recordRefs: asked.refs,
    customerTokens: asked.customers,
    numberWords: asked.words,
  };
  const prototype = Object.getPrototypeOf(db.recordRefs) as Table;
  const original = prototype.bulkGet;
  vi.spyOn(prototype, 'bulkGet').mockImplementation(function (this: Table, keys) {
    into[this.name]?.push(...keys.map((key) => String(key)));
    return original.call(this, keys);
  });
  return asked;
}

async function stage(
  docs: Invoice[],
  after: number,
  memory: StagingMemory,
): Promise<{ written: number; versionAfter: number }> {
  const last = docs.at(-1)?.version ?? after;
  const staged = await stageFeedPage(
    { kind: 'invoices', data: docs, meta: meta(last, true) },
    toVersionCursor(after),
    now,
    memory,
  );
  return { written: staged.written, versionAfter: staged.cursor.versionAfter };
}

describe("a sync run's memory of the small tables", () => {
  it('reads back none of the records, customers or number words earlier pages of the run stored', async () => {
    const memory = new StagingMemory();
    await stage([invoiceOf('a', 1, 'cu-1', ['p-1', 'p-2']), invoiceOf('b', 2, 'cu-2', ['p-1'])], 0, memory);
    const asked = countReads();
    await stage([invoiceOf('c', 3, 'cu-1', ['p-2']), invoiceOf('d', 4, 'cu-2', ['p-1'])], 2, memory);
    expect(asked).toEqual({ refs: [], customers: [], words: [] });
    // A record and a customer the run has not seen are read (and written) as before.
    await stage([invoiceOf('e', 5, 'cu-3', ['p-1', 'p-3'])], 4, memory);
    expect(asked.refs).toEqual(['product,p-3']);
    expect(asked.customers).toEqual(['cu-3']);
    expect((await readRecordRefs('product')).map((row) => row.id)).toEqual(['p-1', 'p-2', 'p-3']);
    expect((await db.customerTokens.get('cu-3'))?.tokens).toContain('c');
  });

  it('forgets what it knew when the store was cleared for another connection during the run', async () => {
    await bindConnection('one');
    const memory = new StagingMemory();
    await stage([invoiceOf('a', 1, 'cu-1', ['p-1'])], 0, memory);
    await bindConnection('two');
    expect(await readRecordRefs('product')).toEqual([]);
    // The same records named again after the clear are written again, read from the store, not memory.
    await stage([invoiceOf('b', 1, 'cu-1', ['p-1'])], 0, memory);
    expect((await readRecordRefs('product')).map((row) => row.id)).toEqual(['p-1']);
    expect((await db.customerTokens.get('cu-1'))?.tokens).toEqual(expect.arrayContaining(['c', '1']));
  });

  it('keeps nothing it saw in a page whose transaction failed', async () => {
    const memory = new StagingMemory();
    await stage([invoiceOf('a', 1, 'cu-1', ['p-1'])], 0, memory);
    // The disk refuses the cursor's write once the page's records were read and written: they are
    // rolled back with it.
    const refused = async (): Promise<never> => {
      for (let read = 0; read < 10; read += 1) await db.meta.get('connectionId');
      expect(await db.recordRefs.get(['product', 'p-2'])).toBeDefined();
      throw new Error('QuotaExceededError');
    };
    vi.spyOn(db.cursors, 'put').mockImplementationOnce(refused as never);
    await expect(stage([invoiceOf('b', 2, 'cu-2', ['p-2'])], 1, memory)).rejects.toThrow(
      'QuotaExceededError',
    );
    expect((await readRecordRefs('product')).map((row) => row.id)).toEqual(['p-1']);
    // The page staged again (as the next sync does) writes them.
    await stage([invoiceOf('b', 2, 'cu-2', ['p-2'])], 1, memory);
    expect((await readRecordRefs('product')).map((row) => row.id)).toEqual(['p-1', 'p-2']);
    expect(await db.customerTokens.get('cu-2')).toBeDefined();
  });

  it("never overwrites a customer's keys another writer added during the run", async () => {
    const memory = new StagingMemory();
    await stage([invoiceOf('a', 1, 'cu-1', [])], 0, memory);
    // The name fill writes the row with its customer's name between two pages of the run.
    const row = await db.rowsOf('invoices').get('a');
    await db.transaction(
      'rw',
      [db.rowsOf('invoices'), db.viewCounters, db.customerTokens, db.numberWords],
      () => putReviewRows('invoices', [{ ...row!, customerName: 'الأمل' }], new Map([['a', row!]])),
    );
    // A later page of the run names the same customer with another branch.
    const next = invoiceOf('b', 2, 'cu-1', []);
    next.branch = { id: 'br-9', code: 'C-1-9' };
    await stage([next], 1, memory);
    const stored = await db.customerTokens.get('cu-1');
    expect(stored?.tokens).toContain('الأمل');
    expect(stored?.branches).toContain('c-1-9');
  });
});
