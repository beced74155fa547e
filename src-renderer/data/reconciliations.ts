/**
 * Reconciliations kept on this computer: an imported ERP register with its mapping, the engine's
 * settings and the clerk's decisions (IndexedDB, `reconciliations`), and the register mappings
 * remembered per file layout (`registerLayouts`). The result itself is never stored: it is computed
 * again from these and the documents staged now (src-shared/domain/reconcile), so it follows every
 * sync and every answer.
 */
import {
  mergeRegisters,
  reversedPaymentStatuses,
  type Register,
  type RegisterMerge,
  type CustomerKeys,
  type ReconcileDecision,
  type ReconcileSettings,
  type ServiceDocument,
} from '../../src-shared/domain/reconcile';
import type { FeedKind } from '../../src-shared/wire';
import { db } from './db';
import { type ReconciliationRow, type RegisterLayoutRow, type ReviewRow } from './rows';

/** Stores a new reconciliation (one record: the register, its mapping, settings and decisions). */
export async function addReconciliation(row: ReconciliationRow): Promise<void> {
  await db.reconciliations.add(row);
}

/** One reconciliation, or undefined. */
export function readReconciliation(id: string): Promise<ReconciliationRow | undefined> {
  return db.reconciliations.get(id);
}

/** A connection's reconciliations of one feed, newest first, without their registers' lines. */
export async function listReconciliations(
  connectionId: string,
  kind: FeedKind,
): Promise<Array<Omit<ReconciliationRow, 'register'> & { lineCount: number }>> {
  const rows = await db.reconciliations.where('[connectionId+kind]').equals([connectionId, kind]).toArray();
  return rows
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .map(({ register, ...rest }) => ({ ...rest, lineCount: register.lines.length }));
}

/** Saves a reconciliation's settings or decisions (the clerk's work survives a restart). */
export async function updateReconciliation(
  id: string,
  patch: { settings?: ReconcileSettings; decisions?: ReconcileDecision[]; customerKeys?: CustomerKeys },
  nowIso: string,
): Promise<void> {
  await db.reconciliations.update(id, { ...patch, updatedAt: nowIso });
}

/**
 * Lays a newer import of the same register over a reconciliation (src-shared/domain/reconcile/
 * register-merge.ts): nothing is added twice, and its settings and decisions stay. Read and written in
 * one transaction, so two imports at once cannot lose each other's lines. Undefined when the
 * reconciliation is gone.
 */
export async function mergeIntoReconciliation(
  id: string,
  incoming: Register,
  file: { fileName: string; format: string },
  nowIso: string,
): Promise<RegisterMerge | undefined> {
  return db.transaction('rw', db.reconciliations, async () => {
    const row = await db.reconciliations.get(id);
    if (!row) return undefined;
    const merged = mergeRegisters(row.register, incoming);
    await db.reconciliations.update(id, { register: merged.register, ...file, updatedAt: nowIso });
    return merged;
  });
}

/** Forgets a reconciliation (its answers already queued or sent are not touched). */
export async function deleteReconciliation(id: string): Promise<void> {
  await db.reconciliations.delete(id);
}

/** The register mapping saved for a file layout, if any. */
export function findRegisterLayout(signature: string): Promise<RegisterLayoutRow | undefined> {
  return db.registerLayouts.get(signature);
}

/** Remembers a register mapping for its file layout. */
export async function saveRegisterLayout(row: RegisterLayoutRow): Promise<void> {
  await db.registerLayouts.put(row);
}

/**
 * A grid row as the reconciliation engine reads a document (src-shared/domain/reconcile/model.ts
 * `ServiceDocument`), from the row alone: no stored document is read, so 100,000 documents cost one
 * table read. The answer is the service's (`review`, `externalNumber`), or the clerk's queued one
 * laid over it: a queued document is not pending any more, so it is never offered twice.
 */
export function serviceDocumentOf(kind: FeedKind, row: ReviewRow): ServiceDocument {
  const queued = row.answerState === 'queued' && row.answerOutcome !== '';
  const outcome = queued
    ? row.answerOutcome
    : row.review === 'accepted'
      ? 'ACCEPTED'
      : row.review === 'rejected'
        ? 'REJECTED'
        : null;
  return {
    id: row.id,
    kind,
    number: row.number,
    customerId: row.customerId,
    customerCode: row.customer || null,
    date: row.date,
    amountCents: row.amountCents,
    currency: row.currency,
    ack: outcome ? { outcome, externalNumber: row.externalNumber || null } : null,
    isPending: row.review === 'pending' && !queued,
    // A reversed, bounced or voided payment counts 0: the ERP books it and its reversal.
    isReversed: kind === 'payments' && reversedPaymentStatuses.includes(row.status),
  };
}

/** Rows read at a time for the engine: each page is turned into the engine's documents and let go. */
const serviceDocumentPage = 5_000;

/**
 * Every staged document of a feed as the engine reads it, read in pages of rows by id (each page its
 * own short read), so that only the engine's light documents are held, never the rows with their sort
 * and search keys (src-renderer/data/review-rows/README.md). The engine matches a register against
 * every document of the feed, so the documents themselves are all in memory.
 */
export async function serviceDocuments(kind: FeedKind): Promise<ServiceDocument[]> {
  const documents: ServiceDocument[] = [];
  let after: string | null = null;
  for (;;) {
    const rows: ReviewRow[] = await (
      after === null ? db.rowsOf(kind).toCollection() : db.rowsOf(kind).where(':id').above(after)
    )
      .limit(serviceDocumentPage)
      .toArray();
    for (const row of rows) documents.push(serviceDocumentOf(kind, row));
    const last = rows.at(-1);
    if (!last || rows.length < serviceDocumentPage) return documents;
    after = last.id;
  }
}
