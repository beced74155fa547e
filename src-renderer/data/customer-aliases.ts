/**
 * The clerk's word on the customer names of a connection's registers (IndexedDB `customerAliases`,
 * version 9): a name is a customer (`confirmed`), or is not (`refused`). The matching itself is
 * src-shared/domain/reconcile/customer-names.ts; why aliases are kept per connection and what a refusal
 * does is docs/decisions/105-customer-names-and-aliases.md.
 */
import Dexie from 'dexie';
import { db } from './db';
import type { CustomerAliasRow } from './rows';

/** One name and one customer of a connection, as the clerk decided on them. */
export type CustomerAliasPair = Pick<CustomerAliasRow, 'connectionId' | 'name' | 'shownName' | 'customerId'>;

/** Every confirmed and refused pair of a connection. */
export function readCustomerAliases(connectionId: string): Promise<CustomerAliasRow[]> {
  return db.customerAliases.where('connectionId').equals(connectionId).toArray();
}

/** The pairs of one name of a connection (its primary keys' range). */
function pairsOfName(connectionId: string, name: string) {
  return db.customerAliases
    .where('[connectionId+name+customerId]')
    .between([connectionId, name, Dexie.minKey], [connectionId, name, Dexie.maxKey]);
}

/**
 * Remembers that the name is this customer: the name's one confirmed pair (another confirmed customer
 * of the name is forgotten, a refusal of this customer replaced), in one transaction.
 */
export async function confirmCustomerAlias(pair: CustomerAliasPair, nowIso: string): Promise<void> {
  await db.transaction('rw', db.customerAliases, async () => {
    await pairsOfName(pair.connectionId, pair.name)
      .filter((row) => row.state === 'confirmed' && row.customerId !== pair.customerId)
      .delete();
    await db.customerAliases.put({ ...pair, state: 'confirmed', savedAt: nowIso });
  });
}

/** Remembers that the name is not this customer (a confirmation of the pair is replaced). */
export async function refuseCustomerAlias(pair: CustomerAliasPair, nowIso: string): Promise<void> {
  await db.customerAliases.put({ ...pair, state: 'refused', savedAt: nowIso });
}
