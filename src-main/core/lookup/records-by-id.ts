/**
 * Records by the service's ids, for `lookup.records`: the renderer asks for up to 100 ids of one entity
 * in one bridge call, so the desk shows products, branches, units and warehouses by name
 * (docs/decisions/107-names-not-codes.md), and the core asks `GET /lookup?entity=…&id=…` once per id
 * (the interface looks up one record a call), through the connection's pacer and retries like any other
 * call, as background work: each lookup only while the rate window has budget to spare beyond what the
 * clerk's work keeps (api/pacing.ts, `tryAcquireSpare`), so names never push the desk's feeds and acks,
 * or another program on the same client, into 429.
 *
 * docs/decisions/004-lookup-parameters-and-answer.md: an unknown id is 404 `NOT_FOUND`; a client without
 * a scope of the entity's family is 403 `SCOPE_MISSING`.
 */
import type { RecordById } from '../../../src-shared/bridge/contract';
import { fail, ok } from '../../../src-shared/bridge/result';
import type { LookupEntity } from '../../../src-shared/wire';
import type { ApiClient, CallOptions } from '../api/client';
import { toDeskError } from '../dispatch';

/** What id lookups need of the API client. */
type RecordClient = Pick<ApiClient, 'lookup'>;

/**
 * Each id's record or failure, in order. An id the service does not know is `NOT_FOUND`, that id's
 * alone. Any other failure would refuse the ids after it too (no answer, a missing scope, the rate window
 * spent): it ends the list, and they are not asked. No budget to spare is such a failure,
 * `BUDGET_NOT_SPARE` on the first id not asked.
 */
export async function readRecordsById(
  client: RecordClient,
  entity: LookupEntity,
  ids: readonly string[],
  options?: CallOptions,
): Promise<RecordById[]> {
  const found: RecordById[] = [];
  for (const id of ids) {
    try {
      const { data } = await client.lookup({ entity, id }, { ...options, isBackground: true });
      found.push({ id, result: ok(data) });
    } catch (error) {
      const refusal = toDeskError(error);
      found.push({ id, result: fail(refusal) });
      if (refusal.code !== 'NOT_FOUND') break;
    }
  }
  return found;
}
