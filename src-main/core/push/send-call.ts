/**
 * One call of a push plan sent through the API client, its answer in the results' words.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push master data (the calls and their answers;
 * a batch answers 200 with per-item results). The write is rebuilt from the stored call the same
 * way every time, so each resend is byte-equal and the service replays instead of applying twice
 * (spec, Limits: "same key and body replays the first answer").
 */
import type { CallOutcome, PushCall } from '../../../src-shared/domain/master-data';
import { writes, type ApiClient, type CallOptions } from '../api/client';
import type { IdempotencyKey } from '../../../src-shared/domain/idempotency-key';

/** What a push needs of the API client. */
export type PushClient = Pick<ApiClient, 'send'>;

/** Sends one call with its key; throws what the client throws (ServiceError, NetworkError, …). */
export async function sendPushCall(
  client: PushClient,
  call: PushCall,
  key: IdempotencyKey,
  options?: CallOptions,
): Promise<CallOutcome> {
  switch (call.call) {
    case 'units-batch': {
      const response = await client.send(
        writes.batchPush('units', { items: call.items.map(({ ref, body }) => ({ ref, body })) }),
        key,
        options,
      );
      return { type: 'batch', data: response.data, isReplay: response.replayed };
    }
    case 'products-batch': {
      const response = await client.send(
        writes.batchPush('products', { items: call.items.map(({ ref, body }) => ({ ref, body })) }),
        key,
        options,
      );
      return { type: 'batch', data: response.data, isReplay: response.replayed };
    }
    case 'balances-batch': {
      const response = await client.send(
        writes.batchPush('balances', { items: call.items.map(({ ref, body }) => ({ ref, body })) }),
        key,
        options,
      );
      return { type: 'batch', data: response.data, isReplay: response.replayed };
    }
    case 'prices': {
      const response = await client.send(writes.putPrices(call.ref, call.body, call.mode), key, options);
      return { type: 'prices', data: response.data, isReplay: response.replayed };
    }
    case 'price-list': {
      const response = await client.send(writes.putPriceList(call.ref, call.body), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
    case 'product-units': {
      const response = await client.send(writes.putProductUnits(call.ref, call.body), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
    case 'customer': {
      const response = await client.send(writes.putCustomer(call.ref, call.body), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
    case 'branch': {
      const response = await client.send(writes.putBranch(call.ref, call.branchRef, call.body), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
    case 'customer-delete': {
      const response = await client.send(writes.deleteCustomer(call.ref), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
    case 'branch-delete': {
      const response = await client.send(writes.deleteBranch(call.ref, call.branchRef), key, options);
      return { type: 'push', data: response.data, isReplay: response.replayed };
    }
  }
}
