/**
 * Batch accept and reject: answers are checked, stored in the outbox (IndexedDB) with a new
 * `Idempotency-Key` per batch of at most 500, and then sent in order with `POST /acks` through the
 * bridge. A batch that gets no answer (offline, the service busy, the token refused) stays queued and
 * is sent again later, with the same key and body, also after the app was closed in between: the
 * service applies each batch once (spec, Limits: same key and body replays the first answer).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents and Limits.
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { checkAck, toAckItem, type AckDraft } from '../../src-shared/domain/acks';
import type { FeedKind } from '../../src-shared/wire';
import type { OutboxBatch } from '../data/db';
import { nextQueuedBatch, queueAckBatches, recordBatchResponse, recordAttemptFailed } from '../data/ack-outbox';
import { isKeptQueued } from '../../src-shared/domain/write-errors';
import { deskErrorWords, itemErrorWords } from '../words/problem-words';

/** A draft the clerk must fix before anything is queued. */
export interface DraftProblem {
  id: string;
  problem: string;
}

/** What queueing did: the batches stored, or the drafts that need fixing (nothing stored then). */
export type QueueOutcome = { ok: true; batches: OutboxBatch[] } | { ok: false; problems: DraftProblem[] };

/**
 * Checks every draft (an order needs the ERP number, a rejection a reason) and, only when all pass,
 * stores them as batches in the outbox, before anything is sent.
 */
export async function queueAcks(input: {
  connectionId: string;
  kind: FeedKind;
  drafts: readonly AckDraft[];
  now?: () => Date;
  newId?: () => string;
}): Promise<QueueOutcome> {
  const problems: DraftProblem[] = [];
  for (const draft of input.drafts) {
    const problem = checkAck(input.kind, draft);
    if (problem) problems.push({ id: draft.id, problem });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (input.drafts.length === 0) return { ok: true, batches: [] };
  const batches = await queueAckBatches({
    connectionId: input.connectionId,
    kind: input.kind,
    items: input.drafts.map(toAckItem),
    nowIso: (input.now ?? (() => new Date()))().toISOString(),
    newId: input.newId ?? (() => crypto.randomUUID()),
  });
  return { ok: true, batches };
}

/** What one pass over the outbox did. */
export interface SendOutcome {
  batchesSent: number;
  applied: number;
  unchanged: number;
  failed: number;
  /** Batches refused as a whole and failed (their documents can be answered again). */
  batchesFailed: number;
  /** Why sending stopped with batches still queued (offline, token refused), if it did. */
  stoppedBy: DeskError | null;
}

/**
 * Sends a connection's queued batches, oldest first, until none is left or one gets no response to
 * keep (then it stays queued and sending stops: the next batches would meet the same wall). The
 * store's scheduler runs one pass per connection at a time (state/scheduler.ts).
 */
export async function sendQueuedAcks(options: {
  desk: { acks: Pick<DeskApi['acks'], 'send'> };
  connectionId: string;
  now?: () => Date;
}): Promise<SendOutcome> {
  const now = options.now ?? (() => new Date());
  const outcome: SendOutcome = {
    batchesSent: 0,
    applied: 0,
    unchanged: 0,
    failed: 0,
    batchesFailed: 0,
    stoppedBy: null,
  };
  const tried = new Set<string>();
  for (;;) {
    const batch = await nextQueuedBatch(options.connectionId);
    if (!batch || tried.has(batch.id)) return outcome;
    tried.add(batch.id);
    // The stored batch, as stored: same id (the key) and same items on every send.
    const result = await options.desk.acks.send({ id: batch.id, kind: batch.kind, items: batch.items });
    if (result.ok) {
      await recordBatchResponse(batch, result.value, now().toISOString(), itemErrorWords);
      outcome.batchesSent += 1;
      outcome.applied += result.value.answer.meta.applied;
      outcome.unchanged += result.value.answer.meta.unchanged;
      outcome.failed += result.value.answer.meta.failed;
      continue;
    }
    const keep = isKeptQueued(result.error);
    await recordAttemptFailed(batch, result.error, deskErrorWords(result.error), now().toISOString(), !keep);
    if (keep) {
      outcome.stoppedBy = result.error;
      return outcome;
    }
    outcome.batchesFailed += 1;
  }
}
