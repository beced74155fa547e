/**
 * Customers' names, looked up once per customer and kept: documents name customers by reference only
 * (spec, Ref), and a clerk reads names, in English and Arabic.
 */
import type { CustomerName } from '../../src-shared/bridge/contract';
import { feedKinds } from '../../src-shared/wire';
import { db } from './db';
import type { CustomerNameRow, ReviewRow } from './rows';
import { rowsOfCustomer } from './review-rows/reads';
import { putReviewRows, reviewRowTables } from './review-rows/writer';
import { stagedCustomerIds } from './review-rows/search-tables';
import { nameLabel } from '../../src-shared/domain/names';

/**
 * The meta key bumped with every customer name stored, so that a sync run that remembers the
 * names it read knows when to read them again (staging.ts: StagingMemory).
 */
export const namesGenerationKey = 'namesGeneration';

/** Customer ids named by staged documents whose names were never looked up (at most `limit`). */
export async function customersWithoutNames(limit: number): Promise<string[]> {
  const all = await stagedCustomerIds(db);
  const known = await db.customerNames.bulkGet(all);
  return all.filter((_, index) => known[index] === undefined).slice(0, limit);
}

/**
 * Stores looked-up names and writes them into every row of those customers (one transaction), through
 * the one writer of rows, so their sort and search keys follow the name.
 */
export async function storeCustomerNames(names: readonly CustomerName[], nowIso: string): Promise<void> {
  if (names.length === 0) return;
  const tables = [db.customerNames, db.meta, ...feedKinds.flatMap((kind) => reviewRowTables(kind))];
  await db.transaction('rw', tables, async () => {
    // A sync run that remembers names it read reads them again (staging.ts: StagingMemory).
    const generation = Number((await db.meta.get(namesGenerationKey))?.value ?? '0');
    await db.meta.put({ key: namesGenerationKey, value: String(generation + 1) });
    await db.customerNames.bulkPut(
      names.map((entry) => ({ id: entry.id, code: entry.code, name: entry.name, fetchedAt: nowIso })),
    );
    for (const entry of names) {
      const text = entry.name ? nameLabel(entry.name) : '';
      if (text === '') continue;
      for (const kind of feedKinds) {
        const rows = await rowsOfCustomer(kind, entry.id);
        const named = rows.filter((row) => row.customerName !== text);
        await putReviewRows(
          kind,
          named.map((row): ReviewRow => ({ ...row, customerName: text })),
          new Map(named.map((row) => [row.id, row])),
        );
      }
    }
  });
}

/** Every customer name looked up on this computer (the names the desk shows: desk-names.ts). */
export function readCustomerNameRows(): Promise<CustomerNameRow[]> {
  return db.customerNames.toArray();
}
