/**
 * Fills in the names of the customers the staged documents name, a few at a time through the bridge
 * (`reference.customerNames`, one `GET /lookup` per customer, paced by the core). Stops at the first
 * refusal (a client without a customers scope keeps showing codes). The other records documents name,
 * and the code lists, are named by record-names.ts after it.
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { customersWithoutNames, storeCustomerNames } from '../data/names';

/** Ids per bridge call (the bridge takes at most 100). */
const chunkSize = 25;

/** Looks up every customer without a name; answers how many were stored, or the refusal. */
export async function fillCustomerNames(
  desk: { reference: Pick<DeskApi['reference'], 'customerNames'> },
  now: () => Date = () => new Date(),
): Promise<{ stored: number; error: DeskError | null }> {
  let stored = 0;
  for (;;) {
    const ids = await customersWithoutNames(chunkSize);
    if (ids.length === 0) return { stored, error: null };
    const result = await desk.reference.customerNames(ids);
    if (!result.ok) return { stored, error: result.error };
    await storeCustomerNames(result.value, now().toISOString());
    stored += result.value.length;
  }
}
