import type { Page } from 'playwright-core';
import { reviewRowTableNames } from '../../../src-renderer/data/review-rows/layout';
import { openVersion7StoreSource } from '../../support/version7-store';

/**
 * What the app keeps in the page's IndexedDB (src-renderer/data/db.ts), read with the browser's own
 * IndexedDB API from a script run in the page: what a restart of the app finds. Read it only once the
 * app has opened its database.
 */

type Kind = 'orders' | 'invoices' | 'payments' | 'returns';

/** Every record of one object store of the app's database. */
async function readAll(page: Page, store: string): Promise<unknown[]> {
  const script = `(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('reconciliation-desk');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise((resolve, reject) => {
        const request = db.transaction(${JSON.stringify(store)}).objectStore(${JSON.stringify(store)}).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  })()`;
  const records: unknown = await page.evaluate(script);
  if (!Array.isArray(records)) throw new Error(`${store} did not read as a list`);
  return records;
}

function field(record: unknown, name: string): unknown {
  const value: unknown =
    record !== null && typeof record === 'object' ? Reflect.get(record, name) : undefined;
  return value;
}

/** The grid rows of a feed: id to version, review state and local answer state. */
export async function stagedRows(
  page: Page,
  kind: Kind,
): Promise<Map<string, { version: number; review: string; answerState: string }>> {
  const rows = await readAll(page, reviewRowTableNames[kind]);
  return new Map(
    rows.map((row) => [
      String(field(row, 'id')),
      {
        version: Number(field(row, 'version')),
        review: String(field(row, 'review')),
        answerState: String(field(row, 'answerState')),
      },
    ]),
  );
}

/** The feeds' stored cursors. */
export async function storedCursors(
  page: Page,
): Promise<Array<{ kind: string; versionAfter: number; caughtUpAt: string | null }>> {
  return (await readAll(page, 'cursors')).map((row) => ({
    kind: String(field(row, 'kind')),
    versionAfter: Number(field(row, 'versionAfter')),
    caughtUpAt: typeof field(row, 'caughtUpAt') === 'string' ? String(field(row, 'caughtUpAt')) : null,
  }));
}

/**
 * How many issued feeds had their seqs checked (`seq.checkedAt` of their cursor) at or after `since`
 * (ISO): the gap check is a sync's last step for a feed.
 */
export async function seqChecksSince(page: Page, since: string): Promise<number> {
  return (await readAll(page, 'cursors')).filter((cursor) => {
    const checkedAt = field(field(cursor, 'seq'), 'checkedAt');
    return typeof checkedAt === 'string' && checkedAt >= since;
  }).length;
}

/** The answer outbox: each batch's id (its Idempotency-Key), state and size. */
export async function outboxBatches(
  page: Page,
): Promise<Array<{ id: string; state: string; items: number; attempts: number }>> {
  return (await readAll(page, 'outbox')).map((batch) => {
    const items = field(batch, 'items');
    return {
      id: String(field(batch, 'id')),
      state: String(field(batch, 'state')),
      items: Array.isArray(items) ? items.length : 0,
      attempts: Number(field(batch, 'attempts')),
    };
  });
}

/** The local audit log of answers sent: batch, how it was answered (`answered`, `replayed`, `refused`) and counts. */
export async function auditEntries(
  page: Page,
): Promise<Array<{ batchId: string; outcome: string; applied: number; unchanged: number }>> {
  return (await readAll(page, 'audit')).map((entry) => ({
    batchId: String(field(entry, 'batchId')),
    outcome: String(field(entry, 'outcome')),
    applied: Number(field(entry, 'applied')),
    unchanged: Number(field(entry, 'unchanged')),
  }));
}

/** Every record of every object store of every database of the page's origin, as one JSON text. */
export async function everythingStored(page: Page): Promise<string> {
  const script = `(async () => {
    const dump = {};
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      dump[name] = {};
      for (const store of db.objectStoreNames) {
        dump[name][store] = await new Promise((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
    }
    return JSON.stringify(dump);
  })()`;
  return String(await page.evaluate(script));
}

/** A grid row's fields a review screen shows and sums. */
export interface StoredReviewRow {
  id: string;
  review: string;
  answerState: string;
  date: string;
  number: string;
  customerName: string;
  amountCents: number;
  currency: string;
}

/** Every grid row of a feed with the fields the grid shows and sums. */
export async function reviewRows(page: Page, kind: Kind): Promise<StoredReviewRow[]> {
  return (await readAll(page, reviewRowTableNames[kind])).map((row) => ({
    id: String(field(row, 'id')),
    review: String(field(row, 'review')),
    answerState: String(field(row, 'answerState')),
    date: String(field(row, 'date')),
    number: String(field(row, 'number')),
    customerName: String(field(row, 'customerName')),
    amountCents: Number(field(row, 'amountCents')),
    currency: String(field(row, 'currency')),
  }));
}

/** The answer outbox's batches with the document ids of their items, in order. */
export async function outboxItemIds(
  page: Page,
): Promise<Array<{ id: string; state: string; docIds: string[] }>> {
  return (await readAll(page, 'outbox')).map((batch) => {
    const items = field(batch, 'items');
    return {
      id: String(field(batch, 'id')),
      state: String(field(batch, 'state')),
      docIds: Array.isArray(items) ? items.map((item) => String(field(item, 'id'))) : [],
    };
  });
}

/** The customer names the seeded invoices carry, in turn. */
export const seededCustomerNames = [
  'Al Noor Trading · النور للتجارة',
  'Golden Basket · السلة الذهبية',
  'Fresh Corner · فريش كورنر',
  'Sea Breeze Minimarket · نسيم البحر',
];

/**
 * Writes `count` invoice rows into the app's IndexedDB as store version 7 kept them (what many synced
 * pages left before the store read views in pages), before the app is loaded: the app then meets the
 * store as a clerk's computer would, and its upgrade derives each row's order and search keys and the
 * views' counters. Every tenth row accepted, the others pending; dates, customers and amounts cycle.
 * `appUrl` is the app's address (its origin's IndexedDB); the page is left on a blank page of it.
 */
export async function seedInvoiceRowsBeforeOpening(page: Page, appUrl: string, count: number): Promise<void> {
  const blank = `${new URL(appUrl).origin}/seed-invoices`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seeding</title>' }),
  );
  await page.goto(blank);
  const script = `(async () => {
    const names = ${JSON.stringify(seededCustomerNames)};
    const pad = (n, size) => String(n).padStart(size, '0');
    const db = await ${openVersion7StoreSource()};
    const tx = db.transaction('invoices', 'readwrite');
    const store = tx.objectStore('invoices');
    for (let index = 0; index < ${count}; index += 1) {
      store.put({
        id: 'inv_' + pad(index, 6),
        version: index + 1,
        review: index % 10 === 0 ? 'accepted' : 'pending',
        pendingAgain: 0,
        changes: [],
        status: 'ISSUED',
        number: 'INV-2026-' + pad(index, 6),
        date: '2026-' + pad((index % 12) + 1, 2) + '-' + pad((index % 28) + 1, 2),
        customer: 'C-' + (1000 + (index % 400)),
        customerId: 'cus_' + (index % 400),
        customerName: names[index % names.length],
        rep: 'R0' + ((index % 6) + 1),
        currency: 'EGP',
        note: 'Order SO-2026-' + pad(index, 6),
        amountCents: 1000 + ((index * 7919) % 5000000),
        externalNumber: '',
        answerState: '',
        answerOutcome: '',
        answerError: '',
        chunk: '',
      });
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  })()`;
  await page.evaluate(script);
  await page.unroute(blank);
}
