/**
 * Batch accept and reject: acks are checked, stored in the ack outbox (IndexedDB) with a new
 * `Idempotency-Key` per batch of at most 500 and the document version each one answers, and then sent
 * in order, two at a time (`sendsAtOnce`), with `POST /acks` through the bridge. A batch that gets no
 * response (offline, the service busy, the token refused) stays queued and is sent again later, with
 * the same key and body, also after the app was closed in between: the service applies each batch once
 * (spec, Limits: same key and body replays the first response).
 *
 * Before a batch leaves, its feed is brought up to date and each item is judged against its document
 * as the service now holds it (checkQueuedAck): an ack is never sent to a version the clerk did not see.
 * A batch with a moved or elsewhere-answered item, or one that was tried and whose key may be past the
 * service's retention, is settled from what the service holds; what still needs sending goes into a
 * new batch with a new key (docs/decisions/041-acks-carry-the-answered-version.md).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents, Ack and Limits.
 */
import { maxDocumentIds, type AckReceipt, type DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../src-shared/bridge/result';
import {
  checkAck,
  checkQueuedAck,
  splitIntoBatches,
  toAckItem,
  type AckCheck,
  type AckDraft,
} from '../../src-shared/domain/acks';
import { isKeyPastRetention } from '../../src-shared/domain/idempotency-key';
import { moveFactsOf } from '../../src-shared/domain/review';
import type { AnyFeedPage } from '../../src-shared/domain/feeds';
import type { Ack, FeedKind } from '../../src-shared/wire';
import type { OutboxBatch } from '../data/rows';
import {
  checkBatches,
  listBatches,
  queueAckBatches,
  recordAttemptFailed,
  applyBatchResponses,
  keepBatchResponse,
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

/**
 * Batches sent at once: two, so the service answers one while the desk keeps the response of the one
 * before and sends the next (10,000 acceptances reach it about 2 s sooner here, docs/benchmarks.md).
 * Each batch keeps its own key, so a batch sent beside one that meets a wall is simply sent again under
 * it, and the service applies it once.
 */
export const sendsAtOnce = 2;

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

/** The outcome of a pass before it has done anything. */
export function emptySendOutcome(): SendOutcome {
  return {
    batchesSent: 0,
    applied: 0,
    unchanged: 0,
    failed: 0,
    batchesFailed: 0,
    held: 0,
    elsewhere: 0,
    stoppedBy: null,
  };
}

/** What sending acks needs of the bridge: the send itself, and documents read by id to check them. */
export interface AckDesk {
  acks: Pick<DeskApi['acks'], 'send'>;
  feeds: Pick<DeskApi['feeds'], 'documents' | 'pull'>;
}

/** Documents as a pass read them from the service: each one's version and ack, by id. */
type OnService = Map<string, { version: number; ack: Ack | null }>;

/** Notes the version and ack of every document of a page read from the service. */
function noteOnService(onService: OnService, page: AnyFeedPage): void {
  for (const doc of page.data) onService.set(doc.id, { version: doc.version, ack: doc.ack ?? null });
}

/**
 * Reads documents as the service holds them now (`filter[id]`, 100 ids a call) and stages them, so
 * the check sees their current version and ack, and the grid shows them; null when done, else why not.
 */
async function refreshByIds(
  desk: AckDesk,
  kind: FeedKind,
  ids: readonly string[],
  onService: OnService,
): Promise<DeskError | null> {
  for (const part of splitIntoBatches(ids, maxDocumentIds)) {
    const result = await desk.feeds.documents(kind, part);
    if (!result.ok) return result.error;
    noteOnService(onService, result.value);
    await stageCurrentDocuments(result.value);
  }
  return null;
}

/**
 * Reads every document of a feed the service holds as pending (`filter[ack]=pending`, 500 a call):
 * those among `queued` are staged as they stand now (a moved one at its new version), and those not
 * pending any more (answered, on this desk or elsewhere) are read by id. Cheaper than reading them by
 * id when they are many and the feed's pending few: 10,000 acks cost 100 calls by id, and a feed with
 * 12,000 pending documents 24 this way. A document pending at the very version its queued ack answers
 * is as the store holds it (that version was staged, and an ack would have taken it off the list): it
 * is noted, not staged again (a 10,000-document pass reads no row or document for those). Null when
 * done, else why not.
 */
async function refreshByPendingList(
  desk: AckDesk,
  kind: FeedKind,
  queued: ReadonlyMap<string, number | null>,
  onService: OnService,
): Promise<DeskError | null> {
  const seen = new Set<string>();
  const error = await readPendingList(desk, kind, async (page) => {
    const wanted = pageOf(page, (id) => queued.has(id));
    for (const doc of wanted.data) seen.add(doc.id);
    noteOnService(onService, wanted);
    const moved = new Set(
      wanted.data.filter((doc) => doc.version !== queued.get(doc.id)).map((doc) => doc.id),
    );
    if (moved.size > 0) await stageCurrentDocuments(pageOf(wanted, (id) => moved.has(id)));
  });
  if (error) return error;
  return refreshByIds(
    desk,
    kind,
    [...queued.keys()].filter((id) => !seen.has(id)),
    onService,
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
  onService: OnService,
): Promise<{ ids: Set<string>; error: DeskError | null }> {
  const queued = (await listBatches(connectionId, 'queued')).filter((batch) => batch.kind === kind);
  // Each queued document and the version its ack answers (null: a batch stored before versions were).
  const versions = new Map(
    queued.flatMap((batch) =>
      batch.items.map((item, index) => [item.id, batch.versions?.[index] ?? null] as const),
    ),
  );
  const ids = new Set(versions.keys());
  const pending = await countPending(kind);
  const byIdCalls = Math.ceil(ids.size / maxDocumentIds);
  const byListCalls = Math.ceil(pending / pendingPageSize) + 1;
  const error =
    byListCalls < byIdCalls
      ? await refreshByPendingList(desk, kind, versions, onService)
      : await refreshByIds(desk, kind, [...ids], onService);
  return { ids, error };
}

/**
 * Judges a batch from what the pass read of the service (checkQueuedAck against each document's version
 * and ack there), without reading the store: null when a document was not read or the batch stored no
 * versions, or when an item is not simply to be sent (then `checkBatches` judges it against the staged
 * documents, which the reading staged, and names what moved).
 */
function judgedOnService(batch: OutboxBatch, onService: OnService): CheckedAck[] | null {
  const versions = batch.versions;
  if (!versions || versions.length !== batch.items.length) return null;
  const checked: CheckedAck[] = [];
  for (const [index, item] of batch.items.entries()) {
    const current = onService.get(item.id);
    if (!current) return null;
    const check = checkQueuedAck(item, versions[index]!, current);
    if (check.verdict !== 'send') return null;
    checked.push({ item, ackedVersion: versions[index]!, check, stored: null });
  }
  return checked;
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
  const outcome = emptySendOutcome();
  // Every page read to check the batches names their connection (connection-pulls.ts).
  const desk = pullingFor(options.desk, options.connectionId);
  const tried = new Set<string>();
  // The documents brought up to date in this pass: each batch is checked against the service as it
  // stands during the pass, read once per feed (refreshQueued), and again when a batch holds more.
  const fresh = new Set<string>();
  const onService: OnService = new Map();
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
    // Each response is kept with its batch as soon as it comes (keepBatchResponse: one small write),
    // so a batch the service answered is never sent again; its documents are written behind the sends
    // (a few hundred ms of store writes, a send a tenth of that), the batches that came back meanwhile
    // together, a slice of documents a transaction (applyBatchResponses). Batches kept but not written
    // when the app stopped are written at the start of the next pass.
    const responded: OutboxBatch[] = [];
    let recording: Promise<void> = Promise.resolve();
    let isRecording = false;
    /** The store refused a record: nothing more is sent, and the pass ends with that refusal. */
    let refusal: { thrown: unknown } | null = null;
    const drain = async (): Promise<void> => {
      try {
        while (responded.length > 0 && refusal === null) {
          const kind = responded[0]!.kind;
          const other = responded.findIndex((batch) => batch.kind !== kind);
          await applyBatchResponses(responded.splice(0, other < 0 ? responded.length : other));
        }
      } catch (thrown) {
        refusal = { thrown };
        responded.length = 0;
      } finally {
        isRecording = false;
      }
    };
    const record = (batch: OutboxBatch): void => {
      if (refusal !== null) return;
      responded.push(batch);
      if (isRecording) return;
      isRecording = true;
      recording = drain();
    };
    /** Every response recorded, or the store's refusal thrown (the catch above turns it into a stop). */
    const recorded = async (): Promise<void> => {
      await recording;
      if (refusal !== null) throw refusal.thrown;
    };
    /** Ends the pass once every response is recorded. */
    const done = async (): Promise<SendOutcome> => {
      await recorded();
      return outcome;
    };
    /** A batch that could not be checked or sent: kept queued (the pass stops) or failed for good. */
    const attemptFailed = async (batch: OutboxBatch, error: DeskError): Promise<boolean> => {
      const keep = isKeptQueued(error);
      await recorded();
      await recordAttemptFailed(batch, error, deskErrorWords(error), now().toISOString(), !keep);
      if (keep) outcome.stoppedBy = error;
      else outcome.batchesFailed += 1;
      return keep;
    };
    // Sends under way, oldest first: the next batch goes out while the service answers the one before
    // (sendsAtOnce), so the service is never idle waiting for the desk to keep a response and send.
    // Each response is kept the moment it comes, whichever comes first.
    const sending: { batch: OutboxBatch; sent: Promise<Result<AckReceipt>> }[] = [];
    /** Sends a batch and keeps its response as soon as it comes (the failure is handled in turn). */
    const sendAndKeep = async (batch: OutboxBatch): Promise<Result<AckReceipt>> => {
      // The stored batch, as stored: same id (the key) and same items on every send.
      const result = await desk.acks.send({ id: batch.id, kind: batch.kind, items: batch.items });
      if (result.ok) record(await keepBatchResponse(batch, result.value, now().toISOString()));
      return result;
    };
    /** Counts the oldest send's response, or handles its failure; true when that failure stops the pass. */
    const handleOldestSend = async (): Promise<boolean> => {
      const { batch, sent } = sending.shift()!;
      const result = await sent;
      if (!result.ok) return attemptFailed(batch, result.error);
      const { meta } = result.value.response;
      outcome.batchesSent += 1;
      outcome.applied += meta.applied;
      outcome.unchanged += meta.unchanged;
      outcome.failed += meta.failed;
      return false;
    };
    /**
     * Ends the pass after a stop: the sends still under way are answered and kept first (a batch the
     * service applied is recorded; one that met the same wall stays queued with its key).
     */
    const stopAfterSends = async (): Promise<SendOutcome> => {
      while (sending.length > 0) await handleOldestSend();
      return done();
    };
    try {
      // Responses kept but not yet written onto their documents (the app stopped in between).
      for (const batch of await listBatches(options.connectionId, 'responded')) record(batch);
      for (;;) {
        // A round: the batches queued now, checked together against the service as just read (the
        // store's reads would otherwise wait behind the records of the batches sent before them), then
        // sent in order, two at a time. A batch settled in a round may leave a new batch for the next.
        await recorded();
        const round = (await listBatches(options.connectionId, 'queued')).filter(
          (batch) => !tried.has(batch.id),
        );
        if (round.length === 0) return done();
        const ready: OutboxBatch[] = [];
        // A check that got no response stops the checking; the batches checked before it still go.
        let isStopped = false;
        for (const batch of round) {
          tried.add(batch.id);
          let error: DeskError | null = null;
          if (batch.items.some((item) => !fresh.has(item.id))) {
            const refreshed = await refreshQueued(desk, options.connectionId, batch.kind, onService);
            error = refreshed.error;
            if (!error) for (const id of refreshed.ids) fresh.add(id);
            if (!error && batch.items.some((item) => !fresh.has(item.id)))
              error = await refreshByIds(
                desk,
                batch.kind,
                batch.items.map((item) => item.id),
                onService,
              );
          }
          // Not checked, so not sent: it stays queued with its key, like any batch that got no response.
          if (error) {
            if (await attemptFailed(batch, error)) {
              isStopped = true;
              break;
            }
            continue;
          }
          ready.push(batch);
        }
        // The round is judged from what was just read of the service; a batch that may not simply go
        // (or was not read whole) against the store, in one read before the records of the sends.
        const judged = ready.map((batch) => judgedOnService(batch, onService));
        const inStore = await checkBatches(ready.filter((_, index) => judged[index] === null));
        for (const [index, batch] of ready.entries()) {
          if (refusal !== null) return stopAfterSends();
          const checked = judged[index] ?? inStore.shift()!;
          if (needsSettling(batch, checked, now().getTime())) {
            const settled = settledItems(checked);
            await recorded();
            await settleCheckedBatch(batch, settled, now().toISOString(), newId);
            outcome.held += settled.filter((item) => item.result === 'held').length;
            outcome.elsewhere += settled.filter((item) => item.result === 'elsewhere').length;
            outcome.applied += settled.filter((item) => item.result === 'applied').length;
            continue;
          }
          const sent = sendAndKeep(batch);
          // Awaited in turn below, and by the pass's end whatever ends it; a failure waits its turn.
          sent.catch(() => undefined);
          sending.push({ batch, sent });
          if (sending.length >= sendsAtOnce && (await handleOldestSend())) return stopAfterSends();
        }
        while (sending.length > 0) if (await handleOldestSend()) return stopAfterSends();
        if (isStopped) return done();
      }
    } finally {
      // A pass ended by a throw (the store refused a write) ends only once its sends have, their
      // responses kept or not: nothing of it runs on behind it, beside the next pass.
      await Promise.allSettled(sending.map(({ sent }) => sent));
    }
  }
}
