/**
 * Customers' names for the review grids: documents name a customer by reference only (spec, Ref:
 * `id`, `code`, `external_ref`), so the desk asks `GET /lookup` once per customer and keeps the answer
 * (src-renderer/data/names.ts). The calls go through the connection's pacer like any other.
 *
 * docs/decisions/004-lookup-parameters-and-answer.md: `entity=customer&id=…` answers the record with
 * its `name` map; an unknown id is 404 `NOT_FOUND`.
 */
import type { CustomerBalance, CustomerName } from '../../../src-shared/bridge/contract';
import type { ApiClient, CallOptions } from '../api/client';
import { ServiceError } from '../api/errors';

/** What name lookups need of the API client. */
export type NameClient = Pick<ApiClient, 'lookup'>;

/**
 * The name of each customer id, in order; null for an id the service does not know. Any other
 * failure (a missing scope, no answer) ends the call with that failure.
 */
export async function readCustomerNames(
  client: NameClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<CustomerName[]> {
  const names: CustomerName[] = [];
  for (const id of ids) {
    try {
      const { data } = await client.lookup({ entity: 'customer', id }, options);
      names.push({ id, code: data.code, name: data.name });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND')
        names.push({ id, code: null, name: null });
      else throw error;
    }
  }
  return names;
}

/**
 * Each customer id's lookup record with its balance block (ERP balance last pushed, its `as_of`, the
 * service's current balance), in order, read at `now`; `record` is null for an id the service does not
 * know. Any other failure ends the call with that failure.
 */
export async function readCustomerBalances(
  client: NameClient,
  ids: readonly string[],
  now: () => Date,
  options?: CallOptions,
): Promise<CustomerBalance[]> {
  const balances: CustomerBalance[] = [];
  for (const id of ids) {
    try {
      const { data } = await client.lookup({ entity: 'customer', id }, options);
      balances.push({ id, record: data, readAt: now().toISOString() });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND')
        balances.push({ id, record: null, readAt: now().toISOString() });
      else throw error;
    }
  }
  return balances;
}
