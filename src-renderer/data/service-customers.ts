/**
 * The service's customers as a register's customer names are matched to them
 * (src-shared/domain/reconcile/customer-names.ts): every customer a staged document names, with the
 * name looked up for it (names.ts) and what the documents call it.
 */
import type { ServiceCustomer, ServiceDocument } from '../../src-shared/domain/reconcile';
import { db } from './db';
import { stagedCustomerIds } from './review-rows/search-tables';

/**
 * Every customer a staged document of any feed names (customers of another feed make a name ambiguous
 * as much as this feed's), as its documents of the reconciled feed name it (`customerCode`, else its
 * code as looked up), with the ERP key the service answered for it (`erpKeys`, by customer id) and its
 * name once looked up. The names table also holds customers of connections used before; only staged
 * ones are read.
 */
export async function serviceCustomers(
  documents: readonly ServiceDocument[],
  erpKeys: Readonly<Record<string, string>>,
): Promise<ServiceCustomer[]> {
  const named = new Map<string, { code: string | null; erpKey: string | null }>();
  for (const doc of documents)
    if (!named.has(doc.customerId))
      named.set(doc.customerId, { code: doc.customerCode, erpKey: doc.customerErpKey ?? null });
  const ids = [...new Set([...named.keys(), ...(await stagedCustomerIds(db))])];
  const names = await db.customerNames.bulkGet(ids);
  return ids.map((id, index) => {
    const looked = names[index];
    const staged = named.get(id);
    return {
      id,
      code: staged?.code ?? looked?.code ?? null,
      erpKey: erpKeys[id] ?? staged?.erpKey ?? null,
      name: looked?.name ?? null,
    };
  });
}
