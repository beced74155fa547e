/**
 * The ack outbox: batches of acks stored with their `Idempotency-Key` before the first send, and
 * what came back, written together with the documents' rows and the audit log.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents (batch `POST /acks`, at most
 * 500 items, per-item results) and Limits (same key and body replays the first answer). A batch's
 * items never change once stored, so every send of it is the same call.
 */
import type { AckReceipt } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { checkQueuedAck, splitIntoBatches, type QueuedAckCheck } from '../../src-shared/domain/acks';
import type { BatchAckItem, BatchAckItemResult, FeedKind, ItemError } from '../../src-shared/wire';
import { db } from './db';
import {
  type AckProblemFact,
  type AuditEntry,
  type OutboxBatch,
  type ReviewRow,
  type StoredDocument,
} from './rows';
import { chunksOf, rowOf } from './review-rows/projection';
import { compareText, queuedAckKey } from './review-rows/keys';
import { mapStored } from './document-versions';
import { putReviewRows, reviewRowTables } from './review-rows/writer';
import { readStoredDocuments, storedDocumentTables, writeStoredDocuments } from './stored-documents';

/** A row's ack fields when no ack of the clerk's is pending or unsettled. */
const noAck = {
  answerState: '',
  answerOutcome: '',
  answerError: '',
  ackProblem: null,
} as const satisfies Pick<ReviewRow, 'answerState' | 'answerOutcome' | 'answerError' | 'ackProblem'>;

/** The rows found by id (missing ones left out), by id: what `putReviewRows` replaces. */
function byId(rows: readonly (ReviewRow | undefined)[]): Map<string, ReviewRow> {
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/**
 * Stores answers as batches of at most 500 (spec, Acknowledge documents), each with a new id that is
 * its `Idempotency-Key`, and marks their rows queued: one transaction, before anything is sent.
 *
 * The answers are grouped by the chunk their documents are stored in (stored-documents.ts) before they
 * are split, so that recording a batch's results reads the chunks of about as many documents as it
 * answers (each slice of it, taken in id order by `applyBatchResponses`, those of its whole batch: at
 * most twice as many): "select all, accept" over 10,000 documents would otherwise read most chunks for
 * every batch.
 */
export async function queueAckBatches(input: {
  connectionId: string;
  kind: FeedKind;
  items: readonly BatchAckItem[];
  nowIso: string;
  newId: () => string;
}): Promise<OutboxBatch[]> {
  const rows = db.rowsOf(input.kind);
  return db.transaction('rw', [db.outbox, ...reviewRowTables(input.kind)], async () =>
    storeAckBatches(input, byId(await rows.bulkGet(input.items.map((item) => item.id)))),
  );
}

/**
 * `queueAckBatches`' work inside the caller's transaction, on the rows it has read there (by id): a
 * page of a walk reads its rows once, to leave out those already queued and to store the rest.
 */
async function storeAckBatches(
  input: Parameters<typeof queueAckBatches>[0],
  rowsById: ReadonlyMap<string, ReviewRow>,
): Promise<OutboxBatch[]> {
  const itemOf = new Map(input.items.map((item) => [item.id, item]));
  const found = [...itemOf.keys()].map((id) => rowsById.get(id));
  const chunkOf = chunksOf(found);
  // The version each answer is to: the one the clerk saw in the grid (the staged row).
  const versionOf = new Map(found.flatMap((row) => (row ? [[row.id, row.version] as const] : [])));
  // A stable sort: answers keep the clerk's order within a chunk.
  const ordered = [...itemOf.values()].sort((a, b) =>
    compareText(chunkOf.get(a.id) ?? '', chunkOf.get(b.id) ?? ''),
  );
  const batches: OutboxBatch[] = splitIntoBatches(ordered).map((items) => ({
    id: input.newId(),
    connectionId: input.connectionId,
    kind: input.kind,
    items,
    versions: items.map((item) => versionOf.get(item.id) ?? 0),
    createdAt: input.nowIso,
    state: 'queued',
    attempts: 0,
    lastAttemptAt: null,
    lastError: null,
    results: null,
  }));
  await db.outbox.bulkAdd(batches);
  const batchOf = new Map(
    batches.flatMap((batch) => batch.items.map((item) => [item.id, batch.id] as const)),
  );
  const updated = found
    .filter((row): row is ReviewRow => row !== undefined)
    .map((row): ReviewRow => {
      const item = itemOf.get(row.id);
      return {
        ...row,
        answerState: 'queued',
        ...(batchOf.has(row.id) ? { ackBatch: batchOf.get(row.id) } : {}),
        answerOutcome: item?.outcome ?? '',
        answerError: '',
        ackProblem: null,
        externalNumber:
          item?.outcome === 'ACCEPTED' ? (item.external_number ?? row.externalNumber) : row.externalNumber,
      };
    });
  await putReviewRows(input.kind, updated, byId(found));
  return batches;
}

/**
 * Queues one page of answers (at most 500: one batch) of a walk over a whole view, leaving out the
 * documents whose answer is already queued: read and written in the transaction that stores the batch,
 * so a walk stopped and run again, or two walks at once, never queue a document twice.
 * docs/decisions/101-review-exports-and-selection.md. Answers the batches stored and the ids left out.
 */
export async function queueAckPage(input: {
  connectionId: string;
  kind: FeedKind;
  items: readonly BatchAckItem[];
  nowIso: string;
  newId: () => string;
}): Promise<{ batches: OutboxBatch[]; alreadyQueued: string[] }> {
  const rows = db.rowsOf(input.kind);
  return db.transaction('rw', [db.outbox, ...reviewRowTables(input.kind)], async () => {
    const found = await rows.bulkGet(input.items.map((item) => item.id));
    const alreadyQueued = new Set(found.flatMap((row) => (row?.answerState === 'queued' ? [row.id] : [])));
    const items = input.items.filter((item) => !alreadyQueued.has(item.id));
    const batches = items.length === 0 ? [] : await storeAckBatches({ ...input, items }, byId(found));
    return { batches, alreadyQueued: [...alreadyQueued] };
  });
}

/** Every batch of a connection in a state, oldest first. */
export async function listBatches(connectionId: string, state: OutboxBatch['state']): Promise<OutboxBatch[]> {
  return db.outbox.where('[connectionId+state]').equals([connectionId, state]).sortBy('createdAt');
}

/** What every audit entry of a batch says: when, which connection and call, which documents. */
function auditHead(
  batch: OutboxBatch,
  nowIso: string,
): Pick<AuditEntry, 'at' | 'connectionId' | 'call' | 'kind' | 'batchId' | 'docIds'> {
  return {
    at: nowIso,
    connectionId: batch.connectionId,
    call: 'POST /acks',
    kind: batch.kind,
    batchId: batch.id,
    docIds: batch.items.map((item) => item.id),
  };
}

/** Why the service did not apply an item it answered for: its error, else that it sent no result. */
function itemProblemOf(error: ItemError | null | undefined): AckProblemFact {
  return error
    ? { kind: 'refused', code: error.code, message: error.message, details: error.details }
    : { kind: 'no-result' };
}

/** Outcome of one item for the audit log: what came back, and why it failed as facts. */
function auditItems(
  batch: OutboxBatch,
  results: readonly BatchAckItemResult[] | null,
  batchProblem: AckProblemFact | null,
): AuditEntry['items'] {
  return batch.items.map((item, index) => {
    const result = results?.[index];
    return {
      id: item.id,
      outcome: item.outcome,
      externalNumber: item.external_number ?? null,
      reasonCode: item.reason_code ?? null,
      result: result?.result ?? 'refused',
      error: null,
      problem: result?.error ? itemProblemOf(result.error) : batchProblem,
    };
  });
}

/**
 * Records the service's answer to a batch: its response kept with the batch and in the audit log
 * (`keepBatchResponse`), then each document's row and stored copy take the item's result
 * (`applyBatchResponses`). Two transactions, the first a small one.
 */
export async function recordBatchResponse(
  batch: OutboxBatch,
  receipt: AckReceipt,
  nowIso: string,
): Promise<void> {
  await applyBatchResponses([await keepBatchResponse(batch, receipt, nowIso)]);
}

/**
 * Keeps the service's answer to a batch, before anything else is sent: the batch becomes `responded`
 * with the per-item results, and the audit log gets its entry. One small transaction: an ack pass sends
 * the next batch once it is done, so a batch the service answered is never sent again, and writes the
 * rows behind the sends (`applyBatchResponses`). Answers the batch as kept.
 */
export async function keepBatchResponse(
  batch: OutboxBatch,
  receipt: AckReceipt,
  nowIso: string,
): Promise<OutboxBatch> {
  const kept: OutboxBatch = {
    ...batch,
    state: 'responded',
    attempts: batch.attempts + 1,
    lastAttemptAt: nowIso,
    lastError: null,
    results: receipt.response.data,
  };
  await db.transaction('rw', [db.outbox, db.audit], async () => {
    await db.outbox.put(kept);
    await db.audit.add({
      ...auditHead(batch, nowIso),
      outcome: receipt.isReplay ? 'replayed' : 'answered',
      applied: receipt.response.meta.applied,
      unchanged: receipt.response.meta.unchanged,
      failed: receipt.response.meta.failed,
      requestId: receipt.requestId,
      error: null,
      items: auditItems(batch, receipt.response.data, null),
    });
  });
  return kept;
}

/**
 * Documents written onto a slice a transaction by `applyBatchResponses`: an ack pass keeps the next
 * response (a small write) while these are written, and a keep waits for the commit in progress, so
 * a slice is kept short (half a batch of 500).
 */
export const applySliceSize = 250;

/**
 * Writes what the service answered to `responded` batches of one feed (kept by `keepBatchResponse`)
 * onto their documents, `applySliceSize` items a transaction: each document's row and stored copy take
 * the item's result (its ack, status and version when applied or unchanged; the service's error as
 * facts when failed); then the batches become `sent`. Several at once when an ack pass sends faster than
 * the store writes. Should the app stop between slices, the batches are still `responded`, and the next
 * pass writes the same results again, which changes nothing.
 *
 * A batch's items are written in the order of their ids, so that a slice's rows still queued in the
 * batch are one range of `kHeld` (keys.ts `queuedAckKey`), read in one request: reading them one by id
 * cost as much of the page's time as writing them, and the service answers a batch faster than that.
 */
export async function applyBatchResponses(batches: readonly OutboxBatch[]): Promise<void> {
  const kind = batches[0]?.kind;
  if (kind === undefined) return;
  if (batches.some((batch) => batch.kind !== kind))
    throw new Error('applyBatchResponses: batches of one feed only');
  const entries = batches.flatMap((batch) =>
    batch.items
      .map((item, index) => ({
        batch: batch.id,
        item,
        // spec, Acknowledge documents: one result per item, in order; `id` is optional, so order decides.
        result: batch.results?.[index],
      }))
      .sort((a, b) => compareText(a.item.id, b.item.id)),
  );
  for (let start = 0; start < entries.length; start += applySliceSize)
    await applyResults(kind, entries.slice(start, start + applySliceSize));
  // Marked written in a small write of their own: should it not happen, the next pass writes the same
  // results again, which changes nothing.
  await db.outbox.bulkPut(batches.map((batch) => ({ ...batch, state: 'sent' as const })));
}

/**
 * Writes the results of some items onto their documents' rows and stored copies, in one transaction.
 * Not the outbox: an ack pass keeps the next response (`keepBatchResponse`) while this writes.
 */
async function applyResults(
  kind: FeedKind,
  entries: readonly { batch: string; item: BatchAckItem; result: BatchAckItemResult | undefined }[],
): Promise<void> {
  await db.transaction('rw', [...reviewRowTables(kind), ...storedDocumentTables], async () => {
    const currentRows = await readQueuedRows(kind, entries);
    const storedDocs = await readStoredDocuments(kind, currentRows);
    const newRows: ReviewRow[] = [];
    const newDocs: StoredDocument[] = [];
    for (const [index, { item, result }] of entries.entries()) {
      const stored = storedDocs[index];
      const row = currentRows[index];
      if (!row) continue;
      if (!result || result.error || result.result === 'failed') {
        newRows.push({
          ...row,
          answerState: 'failed',
          answerOutcome: item.outcome,
          answerError: '',
          ackProblem: itemProblemOf(result?.error),
        });
        continue;
      }
      const ack = result.ack;
      const version = result.version;
      if (stored && ack && (version === null || version === undefined || version >= stored.version)) {
        const updated = mapStored(stored, (doc) => ({
          ...doc,
          ack,
          status: result.status ?? doc.status,
          version: version ?? doc.version,
        }));
        newDocs.push(updated);
        // Its new chunk is put on the row below, once the new versions are chunked.
        // The service holds this desk's ack now: the row says it was answered here.
        newRows.push(rowOf(updated, { ...row, ...noAck, ackedHereVersion: ack.acked_version }, ''));
      } else {
        newRows.push({ ...row, ...noAck });
      }
    }
    // An ack's result changes a document's ack, status and version: it names the records it named.
    const { chunkOf, written } = writeStoredDocuments(kind, newDocs, chunksOf(currentRows), true);
    await Promise.all([
      written,
      putReviewRows(
        kind,
        newRows.map((row) => ({ ...row, chunk: chunkOf.get(row.id) ?? row.chunk })),
        byId(currentRows),
      ),
    ]);
  });
}

/**
 * The current rows of `entries`' documents, in the same order (undefined for a missing row), read inside
 * the caller's transaction: those still queued in their entry's batch as one range of `kHeld` a batch
 * (from the lowest id to the highest), the others (re-queued in another batch, answered meanwhile, queued
 * by an earlier build) by id.
 */
async function readQueuedRows(
  kind: FeedKind,
  entries: readonly { batch: string; item: BatchAckItem }[],
): Promise<(ReviewRow | undefined)[]> {
  const rows = db.rowsOf(kind);
  const idsOf = new Map<string, string[]>();
  for (const { batch, item } of entries) {
    const ids = idsOf.get(batch);
    if (ids) ids.push(item.id);
    else idsOf.set(batch, [item.id]);
  }
  const ranges = await Promise.all(
    [...idsOf].map(([batch, ids]) => {
      const sorted = [...ids].sort(compareText);
      return rows
        .where('kHeld')
        .between(queuedAckKey(batch, sorted[0]!), queuedAckKey(batch, sorted.at(-1)!), true, true)
        .toArray();
    }),
  );
  // A row in a batch's range is queued in that batch (its `kHeld` is derived from it on every write).
  const found = byId(ranges.flat());
  const missing = entries.flatMap(({ item }) => (found.has(item.id) ? [] : [item.id]));
  if (missing.length > 0) for (const row of await rows.bulkGet(missing)) if (row) found.set(row.id, row);
  return entries.map(({ item }) => found.get(item.id));
}

/**
 * Records an attempt that got no answer to keep: when `settle` the batch is failed for good (the
 * service refused the call itself, e.g. a malformed batch) and its rows show why (the error as
 * facts), so they can be answered again; otherwise it stays queued with the reason (offline, token
 * refused) and is sent again later with the same key. `words`: the error as the audit entry's line.
 */
export async function recordAttemptFailed(
  batch: OutboxBatch,
  error: DeskError,
  words: string,
  nowIso: string,
  settle: boolean,
): Promise<void> {
  const rows = db.rowsOf(batch.kind);
  await db.transaction('rw', [db.outbox, ...reviewRowTables(batch.kind), db.audit], async () => {
    await db.outbox.put({
      ...batch,
      state: settle ? 'failed' : 'queued',
      attempts: batch.attempts + 1,
      lastAttemptAt: nowIso,
      lastError: error,
    });
    if (!settle) return;
    const ids = batch.items.map((item) => item.id);
    const found = await rows.bulkGet(ids);
    const problem: AckProblemFact = {
      kind: 'batch',
      code: error.code,
      message: error.message,
      requestId: error.requestId ?? null,
    };
    await putReviewRows(
      batch.kind,
      found
        .filter((row): row is ReviewRow => row !== undefined)
        .map((row) => ({ ...row, answerState: 'failed' as const, answerError: '', ackProblem: problem })),
      byId(found),
    );
    await db.audit.add({
      ...auditHead(batch, nowIso),
      outcome: 'refused',
      applied: 0,
      unchanged: 0,
      failed: ids.length,
      requestId: error.requestId ?? null,
      error: words,
      items: auditItems(batch, null, problem),
    });
  });
}

/** One queued ack judged against its document as staged now. */
export interface CheckedAck {
  item: BatchAckItem;
  /** The version the clerk answered. */
  ackedVersion: number;
  check: QueuedAckCheck;
  /** The document as staged now (null when the store does not hold it). */
  stored: StoredDocument | null;
}

/**
 * Judges every item of some batches against its document as staged now (checkQueuedAck), reading each
 * feed's rows and stored documents once, in one transaction: a pass checks what it is about to send in
 * one read, before the writes of its sends take the store. The caller makes sure the feeds were just
 * brought up to date. A batch stored without versions is judged against the staged version; a document
 * the store does not hold is sent (the service answers for it).
 */
export async function checkBatches(batches: readonly OutboxBatch[]): Promise<CheckedAck[][]> {
  if (batches.length === 0) return [];
  const kinds = [...new Set(batches.map((batch) => batch.kind))];
  const tables = [...new Set(kinds.flatMap((kind) => [db.rowsOf(kind), ...storedDocumentTables]))];
  return db.transaction('r', tables, async () => {
    const read = new Map<
      FeedKind,
      { rows: (ReviewRow | undefined)[]; stored: Awaited<ReturnType<typeof readStoredDocuments>> }
    >();
    for (const kind of kinds) {
      const ofKind = batches.filter((batch) => batch.kind === kind);
      const rows = await db
        .rowsOf(kind)
        .bulkGet(ofKind.flatMap((batch) => batch.items.map((item) => item.id)));
      read.set(kind, { rows, stored: await readStoredDocuments(kind, rows) });
    }
    const taken = new Map<FeedKind, number>();
    return batches.map((batch) => {
      const { rows, stored } = read.get(batch.kind)!;
      const start = taken.get(batch.kind) ?? 0;
      taken.set(batch.kind, start + batch.items.length);
      return batch.items.map((item, index) => {
        const doc = stored[start + index] ?? null;
        const ackedVersion = batch.versions?.[index] ?? rows[start + index]?.version ?? 0;
        const check: QueuedAckCheck = doc
          ? checkQueuedAck(item, ackedVersion, { version: doc.version, ack: doc.doc.ack })
          : { verdict: 'send' };
        return { item, ackedVersion, check, stored: doc };
      });
    });
  });
}

/** What settling does to one item's row: its ack state and why it was not sent (null: applied, sent). */
export interface SettledItem {
  id: string;
  state: '' | 'elsewhere' | 'changed';
  problem: AckProblemFact | null;
  /** For the audit log: applied, elsewhere, held, or sent again (in the new batch). */
  result: 'applied' | 'elsewhere' | 'held' | 'requeued';
}

/**
 * Settles a batch from what the service holds instead of sending it: the batch is `settled`, each
 * item's row takes its state and words, the items still to send go into a new batch (a new id, so a
 * new `Idempotency-Key`, stored before it is sent, with the versions carried over), and the audit log
 * gets one entry. One transaction. Answers the new batch, if any.
 */
export async function settleCheckedBatch(
  batch: OutboxBatch,
  settled: readonly SettledItem[],
  nowIso: string,
  newId: () => string,
): Promise<OutboxBatch | null> {
  const rows = db.rowsOf(batch.kind);
  return db.transaction('rw', [db.outbox, ...reviewRowTables(batch.kind), db.audit], async () => {
    const resultOf = new Map(settled.map((item) => [item.id, item]));
    const again = batch.items.flatMap((item, index) =>
      resultOf.get(item.id)?.result === 'requeued' ? [{ item, version: batch.versions?.[index] ?? 0 }] : [],
    );
    const next: OutboxBatch | null =
      again.length === 0
        ? null
        : {
            id: newId(),
            connectionId: batch.connectionId,
            kind: batch.kind,
            items: again.map((entry) => entry.item),
            versions: again.map((entry) => entry.version),
            createdAt: nowIso,
            state: 'queued',
            attempts: 0,
            lastAttemptAt: null,
            lastError: null,
            results: null,
          };
    await db.outbox.put({ ...batch, state: 'settled', lastAttemptAt: nowIso });
    if (next) await db.outbox.add(next);
    const ids = batch.items.map((item) => item.id);
    const found = await rows.bulkGet(ids);
    await putReviewRows(
      batch.kind,
      found.flatMap((row) => {
        const item = resultOf.get(row?.id ?? '');
        if (!row || !item || item.result === 'requeued') return [];
        // An ack found applied was this desk's (sent before, its answer lost): the version it answered
        // is the one the batch carried.
        const sentVersion = batch.versions?.[batch.items.findIndex((sent) => sent.id === row.id)];
        const ackedHere =
          item.result === 'applied' && sentVersion !== undefined
            ? {
                ackedHereVersion: sentVersion,
                ackedBy: row.review === 'pending' ? row.ackedBy : ('here' as const),
              }
            : {};
        return [
          {
            ...row,
            ...ackedHere,
            answerState: item.state,
            answerOutcome: item.state === '' ? ('' as const) : row.answerOutcome,
            answerError: '',
            ackProblem: item.problem,
          },
        ];
      }),
      byId(found),
    );
    const count = (result: SettledItem['result']): number =>
      settled.filter((item) => item.result === result).length;
    await db.audit.add({
      ...auditHead(batch, nowIso),
      outcome: 'settled',
      applied: count('applied'),
      unchanged: 0,
      failed: count('elsewhere') + count('held'),
      requestId: null,
      error: next ? `Not sent; ${again.length} ack(s) go out in batch ${next.id}.` : 'Not sent.',
      items: batch.items.map((item) => {
        const result = resultOf.get(item.id);
        return {
          id: item.id,
          outcome: item.outcome,
          externalNumber: item.external_number ?? null,
          reasonCode: item.reason_code ?? null,
          result: result?.result ?? 'requeued',
          error: null,
          problem: result && result.result !== 'requeued' ? result.problem : null,
        };
      }),
    });
    return next;
  });
}

/**
 * Drops the held acks (changed since the clerk answered) of some rows: the rows show the document as
 * it stands, pending, to be answered afresh. Rows in any other state are left alone. Answers how many.
 */
export async function dropHeldAcks(kind: FeedKind, ids: readonly string[]): Promise<number> {
  const rows = db.rowsOf(kind);
  return db.transaction('rw', reviewRowTables(kind), async () => {
    const held = (await rows.bulkGet([...ids])).filter(
      (row): row is ReviewRow => row?.answerState === 'changed',
    );
    await putReviewRows(
      kind,
      held.map((row) => ({ ...row, ...noAck })),
      byId(held),
    );
    return held.length;
  });
}

/** A document's answer history on this computer, newest first. */
export async function ackHistory(docId: string): Promise<AuditEntry[]> {
  const entries = await db.audit.where('docIds').equals(docId).toArray();
  return entries.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0));
}
