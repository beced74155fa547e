/**
 * A reconciliation's register keys: customers the register names by an ERP key no staged document
 * carries are asked of the service (lookUpCustomerKeys), once a key, and what it said is kept with the
 * reconciliation (src-shared/domain/reconcile/customer-keys.ts).
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import type { CustomerKeys } from '../../src-shared/domain/reconcile';
import { updateReconciliation } from '../data/reconciliations';
import { lookUpCustomerKeys } from './customer-keys';

/** Customer keys asked of the service at most at a time (one `GET /lookup` each, one bridge call). */
const customerKeysAskedAtOnce = 100;

/**
 * Asks which customer each of `unknown` names, at most `customerKeysAskedAtOnce`, and stores the ids
 * the service answered and every key it answered for (found or not) with reconciliation `id`. Stops at
 * the first failure other than "not found" (offline, no scope, the rate window spent), keeping what was
 * answered before it. `keys` is what was stored, null when no key was answered.
 */
export async function askRegisterKeys(
  desk: { lookup: Pick<DeskApi['lookup'], 'customers'> },
  id: string,
  unknown: readonly string[],
  known: CustomerKeys,
): Promise<{ keys: CustomerKeys | null; error: DeskError | null }> {
  const { lookups, error } = await lookUpCustomerKeys(desk, unknown.slice(0, customerKeysAskedAtOnce));
  if (lookups.length === 0) return { keys: null, error };
  const byCustomerId = { ...known.byCustomerId };
  const asked = [...known.asked];
  for (const { ref, result } of lookups) {
    if (result.ok) byCustomerId[result.value.id] = result.value.external_ref ?? ref;
    asked.push(ref);
  }
  const keys = { byCustomerId, asked };
  await updateReconciliation(id, { customerKeys: keys }, new Date().toISOString());
  return { keys, error };
}
