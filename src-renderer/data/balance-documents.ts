/**
 * What the balance worksheet reads from the local store: which customers the desk knows, and each
 * one's staged invoices, payments and returns as the service last sent them
 * (docs/decisions/094-balance-worksheet.md).
 */
import type { BalanceDocument } from '../../src-shared/domain/balance-worksheet';
import type { FeedKind } from '../../src-shared/wire';
import { db } from './db';
import { type ReviewRow, type StoredDocument } from './rows';
import { rowsOfCustomer } from './review-rows/reads';
import { stagedCustomerIds as customerIdsOfStagedRows } from './review-rows/search-tables';
import { kindedOf } from './document-versions';
import { readStoredDocuments } from './stored-documents';

/** The feeds whose documents move a balance, or could (returns: the service never counts them). */
const balanceKinds = ['invoices', 'payments', 'returns'] as const;

/** Every customer id named by a staged document of any feed, sorted (search-tables.ts). */
export function stagedCustomerIds(): Promise<string[]> {
  return customerIdsOfStagedRows(db);
}

/**
 * The ERP keys of the customers this desk pushed on a connection and has not deleted, once each, sorted:
 * those whose record it pushed and those whose balance the service took (push-history.ts keeps them
 * under kind balances), from Master data or the worksheet. A customer this desk deleted is left out
 * even when its balance was pushed: the service keeps a tombstone's balance, but the desk removed it.
 */
export async function pushedCustomerKeys(connectionId: string): Promise<string[]> {
  const rows = await db.pushedKeys
    .where('[connectionId+kind]')
    .anyOf([
      [connectionId, 'customers'],
      [connectionId, 'balances'],
    ])
    .toArray();
  const deleted = new Set(
    rows.filter((row) => row.kind === 'customers' && row.isLive === 0).map((row) => row.key),
  );
  const live = rows.filter((row) => row.isLive === 1 && !deleted.has(row.key)).map((row) => row.key);
  return [...new Set(live)].sort();
}

// A row's `date` is the service's calendar date of the document (issue, collection, return date), which
// may fall a day either side of its UTC time; rows two days before `as_of` and later are read, and the
// worksheet places each document by its exact time.
const dateMarginMs = 2 * 86_400_000;

/** The first row date that may hold a document after `asOf` (every date when none was pushed). */
function firstDate(asOf: string | null): string {
  if (asOf === null) return '';
  const ms = Date.parse(asOf);
  return Number.isNaN(ms) ? '' : new Date(ms - dateMarginMs).toISOString().slice(0, 10);
}

function balanceDocument(stored: StoredDocument): BalanceDocument | null {
  return stored.kind === 'orders' ? null : kindedOf(stored);
}

/**
 * The staged invoices, payments and returns of each customer that may fall after its `as_of` (null:
 * every one), newest stored version each, by customer id. One read transaction.
 */
export async function readBalanceDocuments(
  customers: ReadonlyArray<{ id: string; asOf: string | null }>,
): Promise<Map<string, BalanceDocument[]>> {
  const byCustomer = new Map<string, BalanceDocument[]>(customers.map((c) => [c.id, []]));
  if (customers.length === 0) return byCustomer;
  const fromDate = new Map(customers.map((c) => [c.id, firstDate(c.asOf)]));
  const tables = [...balanceKinds.map((kind) => db.rowsOf(kind)), db.documentChunks, db.chunkLive];
  await db.transaction('r', tables, async () => {
    for (const kind of balanceKinds) {
      const rows = (await Promise.all(customers.map((c) => rowsOfCustomer(kind, c.id)))).flat();
      const wanted = rows.filter((row) => row.date >= (fromDate.get(row.customerId) ?? ''));
      await addDocuments(kind, wanted, byCustomer);
    }
  });
  return byCustomer;
}

async function addDocuments(
  kind: FeedKind,
  rows: readonly ReviewRow[],
  byCustomer: Map<string, BalanceDocument[]>,
): Promise<void> {
  const stored = await readStoredDocuments(kind, rows);
  stored.forEach((item, index) => {
    const document = item ? balanceDocument(item) : null;
    const customerId = rows[index]?.customerId ?? '';
    if (document) byCustomer.get(customerId)?.push(document);
  });
}
