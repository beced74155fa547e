/**
 * Which customer each ERP key names, asked of the core at most 100 keys a bridge call
 * (`lookup.customers`; the core asks `GET /lookup?entity=customer&ref=…` once per key). The balance
 * worksheet, a push run's balance comparison and a reconciliation's register keys all ask through here.
 */
import { maxCustomerRefs, type CustomerByRef, type DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { splitIntoBatches } from '../../src-shared/domain/acks';

/**
 * Looks `refs` up in order. `lookups` are the keys the service answered for, each with its customer or
 * `NOT_FOUND` (a key it does not know); the first other failure (no answer, a missing scope, a key that
 * cannot be one) ends the asking and is `error`, after the keys looked up before it. `onLookedUp` is told
 * each call's lookups before the next call is made.
 */
export async function lookUpCustomerKeys(
  desk: { lookup: Pick<DeskApi['lookup'], 'customers'> },
  refs: readonly string[],
  onLookedUp?: (lookups: CustomerByRef[]) => Promise<void> | void,
): Promise<{ lookups: CustomerByRef[]; error: DeskError | null }> {
  const lookups: CustomerByRef[] = [];
  for (const part of splitIntoBatches(refs, maxCustomerRefs)) {
    const result = await desk.lookup.customers(part);
    if (!result.ok) return { lookups, error: result.error };
    const stop = result.value.findIndex(
      (lookup) => !lookup.result.ok && lookup.result.error.code !== 'NOT_FOUND',
    );
    const kept = stop < 0 ? result.value : result.value.slice(0, stop);
    lookups.push(...kept);
    await onLookedUp?.(kept);
    const failed = stop < 0 ? undefined : result.value[stop]?.result;
    if (failed && !failed.ok) return { lookups, error: failed.error };
  }
  return { lookups, error: null };
}
