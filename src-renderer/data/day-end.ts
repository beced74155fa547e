/**
 * The day-end report from the local store: the grid rows of a date range (through the `date` index,
 * never a whole table for a smaller range), this desk's applied answers to them (the audit log, with
 * the version each answered from its outbox batch), and the issued feeds' seq ledgers, read in one
 * transaction and computed with the pure rules of src-shared/domain/day-end.ts.
 *
 * Documents themselves are never read: the report needs only what the rows hold
 * (docs/decisions/092-day-end-report.md).
 */
import {
  buildDayEndReport,
  type DayEndReport,
  type DayEndRow,
  type DeskAck,
} from '../../src-shared/domain/day-end';
import type { SeqLedger } from '../../src-shared/domain/seq-ledger';
import { feedKinds, type FeedKind } from '../../src-shared/wire';
import { db } from './db';
import { type AuditEntry, type OutboxBatch, type ReviewRow } from './rows';
import { rowsDated } from './review-rows/reads';
import { readSeqLedger } from './seq-ledger';

/**
 * Up to this many answered documents, their audit entries are read through the `docIds` index; above
 * it the whole audit log is read (one entry per batch of up to 500 answers, so fewer records than the
 * index would visit).
 */
const auditByIndexUpTo = 2_000;

/**
 * This desk's answers the service applied, by kind and document, each with the version the clerk
 * answered and the version the service answered with (from the batch's results): an `applied` item of a batch the service answered (or replayed), and an `applied` item of a
 * batch settled from the service's state after at least one send of it (the service already held that
 * very answer: this desk's send whose answer was lost). Only the documents in `ids`.
 */
function deskAcksOf(
  entries: readonly AuditEntry[],
  batches: ReadonlyMap<string, OutboxBatch>,
  ids: ReadonlyMap<FeedKind, ReadonlySet<string>>,
): Map<FeedKind, Map<string, DeskAck[]>> {
  const out = new Map<FeedKind, Map<string, DeskAck[]>>();
  for (const entry of entries) {
    const wanted = ids.get(entry.kind);
    if (!wanted) continue;
    const batch = batches.get(entry.batchId);
    const isSent = entry.outcome === 'answered' || entry.outcome === 'replayed';
    const wasSentBefore = entry.outcome === 'settled' && (batch?.attempts ?? 0) > 0;
    if (!isSent && !wasSentBefore) continue;
    entry.items.forEach((item, index) => {
      if (item.result !== 'applied' || !wanted.has(item.id)) return;
      // The audit's items are the batch's, in order (ack-outbox.ts: auditItems), and so are the results.
      const isSameItem = batch?.items[index]?.id === item.id;
      const version = isSameItem ? (batch.versions?.[index] ?? null) : null;
      const versionAfter = isSameItem && isSent ? (batch.results?.[index]?.version ?? null) : null;
      let byId = out.get(entry.kind);
      if (!byId) out.set(entry.kind, (byId = new Map()));
      const list = byId.get(item.id) ?? [];
      list.push({ outcome: item.outcome, version, versionAfter });
      byId.set(item.id, list);
    });
  }
  return out;
}

/** What the report reads from the store, before it is computed. */
export interface DayEndSource {
  rows: Map<FeedKind, ReviewRow[]>;
  acks: Map<FeedKind, Map<string, DeskAck[]>>;
  ledgers: Map<FeedKind, SeqLedger | null>;
}

/** Reads what the report of `from`..`to` needs, in one read transaction (one consistent moment). */
export function readDayEndSource(
  from: string,
  to: string,
  kinds: readonly FeedKind[] = feedKinds,
): Promise<DayEndSource> {
  const tables = [...kinds.map((kind) => db.rowsOf(kind)), db.audit, db.outbox, db.cursors];
  return db.transaction('r', tables, async () => {
    const [rowLists, ledgerList] = await Promise.all([
      Promise.all(kinds.map((kind) => rowsDated(kind, from, to))),
      Promise.all(kinds.map((kind) => (kind === 'orders' ? null : readSeqLedger(kind)))),
    ]);
    const ackedIds = new Map<FeedKind, Set<string>>();
    let answered = 0;
    kinds.forEach((kind, index) => {
      const ids = new Set<string>();
      for (const row of rowLists[index]!) {
        if (row.review === 'accepted' || row.review === 'rejected') ids.add(row.id);
      }
      ackedIds.set(kind, ids);
      answered += ids.size;
    });
    let entries: AuditEntry[] = [];
    if (answered > auditByIndexUpTo) entries = await db.audit.toArray();
    else if (answered > 0)
      entries = await db.audit
        .where('docIds')
        .anyOf([...ackedIds.values()].flatMap((ids) => [...ids]))
        .distinct()
        .toArray();
    const batchIds = [...new Set(entries.map((entry) => entry.batchId))];
    const found = await db.outbox.bulkGet(batchIds);
    const batches = new Map(found.flatMap((batch) => (batch ? [[batch.id, batch] as const] : [])));
    return {
      rows: new Map(kinds.map((kind, index) => [kind, rowLists[index]!])),
      acks: deskAcksOf(entries, batches, ackedIds),
      ledgers: new Map(kinds.map((kind, index) => [kind, ledgerList[index] ?? null])),
    };
  });
}

/** The day-end report of `from`..`to` (both included) from the local store. */
export async function readDayEndReport(
  from: string,
  to: string,
  kinds: readonly FeedKind[] = feedKinds,
): Promise<DayEndReport> {
  const source = await readDayEndSource(from, to, kinds);
  const rows: Partial<Record<FeedKind, readonly DayEndRow[]>> = {};
  const acks: Partial<Record<FeedKind, ReadonlyMap<string, readonly DeskAck[]>>> = {};
  const ledgers: Partial<Record<FeedKind, SeqLedger | null>> = {};
  for (const kind of kinds) {
    rows[kind] = source.rows.get(kind) ?? [];
    acks[kind] = source.acks.get(kind) ?? new Map();
    ledgers[kind] = source.ledgers.get(kind) ?? null;
  }
  return buildDayEndReport({ from, to, kinds, rows, acks, ledgers });
}
