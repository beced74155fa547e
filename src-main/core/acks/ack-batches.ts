/**
 * The core side of answers: one stored batch of acks sent with `POST /acks`, and the code lists the
 * clerk picks reasons from.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents (batch `POST /acks`, at most
 * 500 items, each applied on its own, HTTP 200 with per-item results) and Limits (`Idempotency-Key`:
 * the same key and body replays the first answer with `Idempotent-Replayed: true`).
 *
 * The batch's id was created and stored by the renderer (its IndexedDB outbox) before the first send,
 * and is the key of every send of that batch: a retry here (api/retry.ts), a resend after the app or
 * the connection came back, a resend after a restart. So the service applies each batch once.
 */
import type { AckBatch, AckReceipt } from '../../../src-shared/bridge/contract';
import { ackEntityFor, type ReferenceEntry, type ReferenceKind } from '../../../src-shared/wire';
import type { ApiClient, CallOptions } from '../api/client';
import { toIdempotencyKey } from '../../../src-shared/domain/idempotency-key';

/** What answers need of the API client. */
export type AckClient = Pick<ApiClient, 'batchAck' | 'reference'>;

/**
 * Sends one batch with its own id as the `Idempotency-Key`; a replayed answer is a success like the
 * first (spec, Limits).
 */
export async function sendAckBatch(
  client: AckClient,
  batch: AckBatch,
  options?: CallOptions,
): Promise<AckReceipt> {
  const key = toIdempotencyKey(batch.id);
  const response = await client.batchAck(
    { entity: ackEntityFor(batch.kind), items: batch.items },
    key,
    options,
  );
  return {
    batchId: batch.id,
    isReplay: response.replayed,
    requestId: response.requestId,
    response: { data: response.data, meta: response.meta },
  };
}

/** A code list (`GET /reference/{kind}`), e.g. `return-reasons` for a rejected return. */
export async function readReferenceList(
  client: AckClient,
  kind: ReferenceKind,
  options?: CallOptions,
): Promise<ReferenceEntry[]> {
  return (await client.reference(kind, options)).data;
}
