/**
 * Customers by the ERP's keys, for `lookup.customers`: the renderer asks for up to 100 keys in one bridge
 * call, and the core asks `GET /lookup?entity=customer&ref=…` once per key (the interface looks up one
 * record a call), through the connection's pacer and retries like any other call.
 *
 * docs/decisions/004-lookup-parameters-and-answer.md: an unknown key is 404 `NOT_FOUND`.
 */
import { Compile } from 'typebox/compile';
import type { CustomerByRef } from '../../../src-shared/bridge/contract';
import { fail, ok } from '../../../src-shared/bridge/result';
import { RecordKeySchema } from '../../../src-shared/wire';
import type { ApiClient, CallOptions } from '../api/client';
import { toDeskError } from '../dispatch';
import { LocalError } from '../local-error';

/** What key lookups need of the API client. */
type KeyClient = Pick<ApiClient, 'lookup'>;

const recordKey = Compile(RecordKeySchema);

/**
 * Each key's customer or failure, in order. A key the service does not know is `NOT_FOUND`, and one that
 * cannot be a record key (spec, Push semantics: 1 to 64 characters, no `/`) is `INVALID_ARGUMENT`, as
 * `lookup.customer` refuses it; both are that key's alone. Any other failure would refuse the keys after
 * it too (no answer, a missing scope, the rate window spent): it ends the list, and they are not asked.
 */
export async function readCustomersByRef(
  client: KeyClient,
  refs: readonly string[],
  options?: CallOptions,
): Promise<CustomerByRef[]> {
  const found: CustomerByRef[] = [];
  for (const ref of refs) {
    try {
      if (!recordKey.Check(ref))
        throw new LocalError('INVALID_ARGUMENT', 'This is not an ERP key the service can hold.', false, [
          { field: 'ref', code: 'pattern' },
        ]);
      const { data } = await client.lookup({ entity: 'customer', ref }, options);
      found.push({ ref, result: ok(data) });
    } catch (error) {
      const refusal = toDeskError(error);
      found.push({ ref, result: fail(refusal) });
      if (refusal.code !== 'NOT_FOUND' && refusal.code !== 'INVALID_ARGUMENT') break;
    }
  }
  return found;
}
