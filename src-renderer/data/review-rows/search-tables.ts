// The small tables a filter word is looked up in before any row is read
// (README.md): each customer's search keys, and the words of document
// and ERP numbers other than their serial. Written with the rows, in the writer's transaction.
import type Dexie from 'dexie';
import { branchKeysOf, customerKeysOf, numberWordsOf } from './keys';
import type { CustomerTokensRow, NumberWordRow, ReviewRow } from '../rows';
import { smallTablesWritten, type KnownStored } from '../known-stored';

/** The search tables' names (layout.ts: searchTableIndexes). */
export const searchTableNames = ['customerTokens', 'numberWords'] as const;

/**
 * Whether a row gives the search tables what another gave them: the same customer, customer name,
 * branch and numbers, the fields `addToSearchTables` reads. The tables only grow, so a row rewritten with these
 * unchanged (an ack rewrites 500 rows and changes none) adds nothing.
 */
export function searchFieldsAlike(
  a: Pick<ReviewRow, 'customerId' | 'customer' | 'customerName' | 'number' | 'externalNumber' | 'branch'>,
  b: Pick<ReviewRow, 'customerId' | 'customer' | 'customerName' | 'number' | 'externalNumber' | 'branch'>,
): boolean {
  return (
    a.customerId === b.customerId &&
    a.branch === b.branch &&
    a.customer === b.customer &&
    a.customerName === b.customerName &&
    a.number === b.number &&
    a.externalNumber === b.externalNumber
  );
}

/** A customer's search keys and branch keys as one list for a sync run's memory (branch keys marked apart). */
function knownKeysOf(tokens: Iterable<string>, branches: Iterable<string>): string[] {
  return [...tokens, ...[...branches].map((key) => `\u0000${key}`)];
}

/**
 * Adds the keys of `rows`' customers, of their branches, and the words of their numbers to the search
 * tables, in the caller's transaction (which must include `searchTableNames`). A key once added stays: a
 * customer renamed is found by its old name's words too until the filter's own check drops the row.
 * `known` (a sync run's, known-stored.ts) spares reading back the customers and words it has seen
 * stored with these keys; a customer with a key it has not seen is read and merged as before.
 */
export async function addToSearchTables(
  database: Dexie,
  rows: readonly ReviewRow[],
  known?: KnownStored,
): Promise<void> {
  const customers = database.table<CustomerTokensRow, string>('customerTokens');
  const numberWords = database.table<NumberWordRow, string>('numberWords');
  const keysOf = new Map<string, Set<string>>();
  const branchesOf = new Map<string, Set<string>>();
  // Rows of one customer mostly share its code and name: their keys are worked out once.
  const customerKeysSeen = new Set<string>();
  const branchesSeen = new Set<string>();
  const words = new Set<string>();
  for (const row of rows) {
    const keys = keysOf.get(row.customerId) ?? new Set<string>();
    const customerSeen = `${row.customerId}\u0000${row.customer}\u0000${row.customerName}`;
    if (!customerKeysSeen.has(customerSeen)) {
      customerKeysSeen.add(customerSeen);
      for (const key of customerKeysOf(row)) keys.add(key);
    }
    keysOf.set(row.customerId, keys);
    const branches = branchesOf.get(row.customerId) ?? new Set<string>();
    const branchSeen = `${row.customerId}\u0000${row.branch ?? ''}`;
    if (!branchesSeen.has(branchSeen)) {
      branchesSeen.add(branchSeen);
      for (const key of branchKeysOf(row.branch)) branches.add(key);
    }
    branchesOf.set(row.customerId, branches);
    for (const word of numberWordsOf(row.number)) words.add(word);
    for (const word of numberWordsOf(row.externalNumber)) words.add(word);
  }
  const ids = [...keysOf.keys()].filter(
    (id) => !known?.hasCustomerKeys(id, knownKeysOf(keysOf.get(id)!, branchesOf.get(id)!)),
  );
  const wordList = [...words].filter((word) => !known?.hasWord(word));
  if (ids.length === 0 && wordList.length === 0) return;
  const [stored, storedWords] = await Promise.all([customers.bulkGet(ids), numberWords.bulkGet(wordList)]);
  const grown: CustomerTokensRow[] = [];
  ids.forEach((id, index) => {
    const before = stored[index]?.tokens ?? [];
    const all = new Set(before);
    for (const key of keysOf.get(id)!) all.add(key);
    const branchesBefore = stored[index]?.branches ?? [];
    const branches = new Set(branchesBefore);
    for (const key of branchesOf.get(id)!) branches.add(key);
    if (all.size > before.length || branches.size > branchesBefore.length)
      grown.push({ id, tokens: [...all], ...(branches.size > 0 ? { branches: [...branches] } : {}) });
    known?.sawCustomerKeys(id, new Set(knownKeysOf(all, branches)));
  });
  const added = wordList.filter((_, index) => !storedWords[index]).map((word) => ({ word }));
  for (const word of wordList) known?.sawWord(word);
  await Promise.all([
    grown.length > 0 ? customers.bulkPut(grown) : null,
    added.length > 0 ? numberWords.bulkPut(added) : null,
  ]);
  if (grown.length > 0 || added.length > 0) smallTablesWritten(known);
}

/**
 * Every customer id named by a staged document of any feed (the customers' search keys are kept for
 * each, so no row is read), sorted.
 */
export async function stagedCustomerIds(database: Dexie): Promise<string[]> {
  const ids = await database.table<CustomerTokensRow, string>('customerTokens').toCollection().primaryKeys();
  return ids
    .map(String)
    .filter((id) => id !== '')
    .sort();
}

/** Empties the search tables (the caller's transaction): once no feed has a staged row left. */
export async function clearSearchTables(database: Dexie): Promise<void> {
  smallTablesWritten();
  await Promise.all(searchTableNames.map((name) => database.table(name).clear()));
}
