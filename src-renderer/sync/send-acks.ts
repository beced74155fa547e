/**
 * Batch accept and reject: acks are checked, stored in the ack outbox (IndexedDB) with a new
 * `Idempotency-Key` per batch of at most 500 and the document version each one answers, and then sent
 * in order with `POST /acks` through the bridge. A batch that gets no response (offline, the service
 * busy, the token refused) stays queued and is sent again later, with the same key and body, also after
 * the app was closed in between: the service applies each batch once (spec, Limits: same key and body
 * replays the first response).
 *
 * Before a batch leaves, its feed is brought up to date and each item is judged against its document
 * as the service now holds it (checkQueuedAck): an ack is never sent to a version the clerk did not see.
 * A batch with a moved or elsewhere-answered item, or one that was tried and whose key may be past the
 * service's retention, is settled from what the service holds; what still needs sending goes into a
 * new batch with a new key (docs/decisions/041-acks-carry-the-answered-version.md).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents, Ack and Limits.
 */
import { maxDocumentIds, type DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import {
  checkAck,
  splitIntoBatches,
  toAckItem,
  type AckCheck,
  type AckDraft,
} from '../../src-shared/domain/acks';
import { isKeyPastRetention } from '../../src-shared/domain/idempotency-key';
import { moveFactsOf } from '../../src-shared/domain/review';
import type { FeedKind } from '../../src-shared/wire';
import type { OutboxBatch } from '../data/rows';
import {
  checkBatch,
  listBatches,
  nextQueuedBatch,
  queueAckBatches,
  recordAttemptFailed,
  recordBatchResponse,
  settleCheckedBatch,
  type CheckedAck,
  type SettledItem,
} from '../data/ack-outbox';
import { countPending } from '../data/review-rows/reads';
import { pageOf, stageCurrentDocuments } from '../data/staging';
import { storageDeskError } from '../data/storage-problem';
import { isKeptQueued } from '../../src-shared/domain/write-errors';
import { deskErrorWords } from '../words/problem-words';
import { pullingFor } from './connection-pulls';
import { pendingPageSize, readPendingList } from './pending-list';

/** A draft the clerk must fix before anything is queued. */
export interface DraftProblem {
  id: string;
  problem: AckCheck;
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
  /** Acks held because their document moved after the clerk answered (never sent). */
  held: number;
  /** Acks not sent because their version was already answered differently (another desk, the ERP). */
  elsewhere: number;
  /** Why sending stopped with batches still queued (offline, token refused), if it did. */
  stoppedBy: DeskError | null;
}

/** What sending acks needs of the bridge: the send itself, and documents read by id to check them. */
export interface AckDesk {
  acks: Pick<DeskApi['acks'], 'send'>;
  feeds: Pick<DeskApi['feeds'], 'documents' | 'pull'>;
}

/**
 * Reads documents as the service holds them now (`filter[id]`, 100 ids a call) and stages them, so
 * the check sees their current version and ack, and the grid shows them; null when done, else why not.
 */
async function refreshByIds(
  desk: AckDesk,
  kind: FeedKind,
  ids: readonly string[],
): Promise<DeskError | null> {
  for (const part of splitIntoBatches(ids, maxDocumentIds)) {
    const result = await desk.feeds.documents(kind, part);
    if (!result.ok) return result.error;
    await stageCurrentDocuments(result.value);
  }
  return null;
}

/**
 * Reads every document of a feed the service holds as pending (`filter[ack]=pending`, 500 a call):
 * those among `ids` are staged as they stand now (a moved one at its new version), and those of `ids`
 * not pending any more (answered, on this desk or elsewhere) are read by id. Cheaper than reading
 * `ids` by id when they are many and the feed's pending few: 10,000 acks cost 100 calls by id, and a
 * feed with 12,000 pending documents 24 this way. Null when done, else why not.
 */
async function refreshByPendingList(
  desk: AckDesk,
  kind: FeedKind,
  ids: ReadonlySet<string>,
): Promise<DeskError | null> {
  const seen = new Set<string>();
  const error = await readPendingList(desk, kind, async (page) => {
    const wanted = pageOf(page, (id) => ids.has(id));
    for (const doc of wanted.data) seen.add(doc.id);
    if (wanted.data.length > 0) await stageCurrentDocuments(wanted);
  });
  if (error) return error;
  return refreshByIds(
    desk,
    kind,
    [...ids].filter((id) => !seen.has(id)),
  );
}

/**
 * Brings the documents of every batch queued for a connection up to date once a pass, per feed, by
 * whichever costs fewer calls: by id, or through the feed's pending list. Answers the ids refreshed.
 */
async function refreshQueued(
  desk: AckDesk,
  connectionId: string,
  kind: FeedKind,
): Promise<{ ids: Set<string>; error: DeskError | null }> {
  const queued = (await listBatches(connectionId, 'queued')).filter((batch) => batch.kind === kind);
  const ids = new Set(queued.flatMap((batch) => batch.items.map((item) => item.id)));
  const pending = await countPending(kind);
  const byIdCalls = Math.ceil(ids.size / maxDocumentIds);
  const byListCalls = Math.ceil(pending / pendingPageSize) + 1;
  const error =
    byListCalls < byIdCalls
      ? await refreshByPendingList(desk, kind, ids)
      : await refreshByIds(desk, kind, [...ids]);
  return { ids, error };
}

/** Whether a checked batch is settled from the service's state rather than sent as stored. */
function needsSettling(batch: OutboxBatch, checked: readonly CheckedAck[], nowMs: number): boolean {
  if (checked.some((entry) => entry.check.verdict === 'moved' || entry.check.verdict === 'elsewhere'))
    return true;
  // spec, Limits: keys are kept 7 days. A batch sent before (its response lost) whose key the service
  // may have forgotten is never sent again under it: what the service holds decides.
  return batch.attempts > 0 && isKeyPastRetention(batch.createdAt, nowMs);
}

/**
 * What settling does to each item, and why one is not sent as facts (data/rows.ts `AckProblemFact`),
 * worded where the clerk reads them.
 */
function settledItems(checked: readonly CheckedAck[]): SettledItem[] {
  return checked.map(({ item, check, stored }): SettledItem => {
    switch (check.verdict) {
      case 'applied':
        return { id: item.id, state: '', problem: null, result: 'applied' };
      case 'elsewhere':
        return {
          id: item.id,
          state: 'elsewhere',
          problem: {
            kind: 'elsewhere',
            outcome: check.ack.outcome,
            externalNumber: check.ack.external_number ?? null,
            reasonCode: check.ack.reason_code ?? null,
          },
          result: 'elsewhere',
        };
      case 'moved':
        return {
          id: item.id,
          state: 'changed',
          problem: {
            kind: 'moved',
            ackedVersion: check.ackedVersion,
            changes: stored ? moveFactsOf(stored, check.ackedVersion) : [],
          },
          result: 'held',
        };
      case 'send':
        return { id: item.id, state: '', problem: null, result: 'requeued' };
    }
  });
}

/**
 * Sends a connection's queued batches, oldest first, until none is left or one gets no response to
 * keep (then it stays queued and sending stops: the next batches would meet the same wall). The
 * store's scheduler runs one pass per connection at a time (state/scheduler.ts).
 */
export async function sendQueuedAcks(options: {
  desk: AckDesk;
  connectionId: string;
  now?: () => Date;
  newId?: () => string;
}): Promise<SendOutcome> {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const outcome: SendOutcome = {
    batchesSent: 0,
    applied: 0,
    unchanged: 0,
    failed: 0,
    batchesFailed: 0,
    held: 0,
    elsewhere: 0,
    stoppedBy: null,
  };
  // Every page read to check the batches names their connection (connection-pulls.ts).
  const desk = pullingFor(options.desk, options.connectionId);
  const tried = new Set<string>();
  // The documents brought up to date in this pass: each batch is checked against the service as it
  // stands during the pass, read once per feed (refreshQueued), and again when a batch holds more.
  const fresh = new Set<string>();
  try {
    return await sendBatches();
  } catch (thrown) {
    // The store refused a write (the documents read to check a batch, a response, a settlement): each
    // is one transaction, so the batch is as it was, queued with its key. The pass stops and says why;
    // the next one (a retry is set, as for any stop) checks and sends it, once.
    const stored = await storageDeskError(thrown);
    if (stored === null) throw thrown;
    outcome.stoppedBy = stored;
    return outcome;
  }

  async function sendBatches(): Promise<SendOutcome> {
    for (;;) {
      const batch = await nextQueuedBatch(options.connectionId);
      if (!batch || tried.has(batch.id)) return outcome;
      tried.add(batch.id);
      let error: DeskError | null = null;
      if (batch.items.some((item) => !fresh.has(item.id))) {
        const refreshed = await refreshQueued(desk, options.connectionId, batch.kind);
        error = refreshed.error;
        if (!error) for (const id of refreshed.ids) fresh.add(id);
        if (!error && batch.items.some((item) => !fresh.has(item.id)))
          error = await refreshByIds(
            desk,
            batch.kind,
            batch.items.map((item) => item.id),
          );
      }
      if (error) {
        // Not checked, so not sent: it stays queued with its key, like any batch that got no response.
        const keep = isKeptQueued(error);
        await recordAttemptFailed(batch, error, deskErrorWords(error), now().toISOString(), !keep);
        if (keep) {
          outcome.stoppedBy = error;
          return outcome;
        }
        outcome.batchesFailed += 1;
        continue;
      }
      const checked = await checkBatch(batch);
      if (needsSettling(batch, checked, now().getTime())) {
        const settled = settledItems(checked);
        await settleCheckedBatch(batch, settled, now().toISOString(), newId);
        outcome.held += settled.filter((item) => item.result === 'held').length;
        outcome.elsewhere += settled.filter((item) => item.result === 'elsewhere').length;
        outcome.applied += settled.filter((item) => item.result === 'applied').length;
        continue;
      }
      // The stored batch, as stored: same id (the key) and same items on every send.
      const result = await desk.acks.send({ id: batch.id, kind: batch.kind, items: batch.items });
      if (result.ok) {
        await recordBatchResponse(batch, result.value, now().toISOString());
        outcome.batchesSent += 1;
        outcome.applied += result.value.response.meta.applied;
        outcome.unchanged += result.value.response.meta.unchanged;
        outcome.failed += result.value.response.meta.failed;
        continue;
      }
      const keep = isKeptQueued(result.error);
      await recordAttemptFailed(
        batch,
        result.error,
        deskErrorWords(result.error),
        now().toISOString(),
        !keep,
      );
      if (keep) {
        outcome.stoppedBy = result.error;
        return outcome;
      }
      outcome.batchesFailed += 1;
    }
  }
}
