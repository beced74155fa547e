/**
 * The desk's local store (IndexedDB through Dexie): the four feeds as the service sent them, the light
 * rows the grids read, per-feed cursors, the answer outbox, a local audit log and cached code lists.
 *
 * Versions are appended, never edited (STYLE: Dexie versions, each with a migration test in
 * test/renderer/data/). A write touching two tables runs in one `db.transaction('rw', …)`.
 */
import type {
  CustomerKeys,
  ReadRegisterOptions,
  ReconcileDecision,
  ReconcileSettings,
  Register,
  RegisterMapping,
} from '../../src-shared/domain/reconcile';
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { DeskError } from '../../src-shared/bridge/result';
import type { FeedDocuments } from '../../src-shared/domain/feeds';
import type { ReviewState } from '../../src-shared/domain/review';
import type { SeqLedger } from '../../src-shared/domain/seq-ledger';
import type {
  AckOutcome,
  BatchAckItem,
  BatchAckItemResult,
  FeedKind,
  NameMap,
  ReferenceEntry,
  ReferenceKind,
} from '../../src-shared/wire';
import type {
  ColumnMapping,
  PushPlan,
  PushRecordResult,
  PushRunSummary,
  RecordKind,
} from '../../src-shared/domain/master-data';
import { documentSeq } from '../../src-shared/domain/feeds';
import { rowKeysOf, type RowKeys, type ViewCounts } from '../../src-shared/domain/review-keys';
import { ledgerOfSeqs } from '../../src-shared/domain/seq-ledger';
import { moveRowsToPagedTables, type RowMoveProgress } from './row-move';
import {
  documentChunkSize,
  newChunkKey,
  reviewRowIndexes,
  reviewRowTableNames,
  searchTableIndexes,
} from './store-layout';
import { feedKinds } from '../../src-shared/wire';

/** Where a clerk's own answer to a document stands on this computer. */
/**
 * The clerk's ack on this computer: none settled-or-pending (''), queued, failed (the service refused
 * it), elsewhere (never sent: that version was already answered differently, on another desk or by
 * the ERP), or changed (held: the document moved after the clerk answered it, so the ack is never sent;
 * docs/decisions/041-acks-carry-the-answered-version.md).
 */
export type LocalAckState = '' | 'queued' | 'failed' | 'elsewhere' | 'changed';

/**
 * One row of a review grid: the few facts the grids index, sort, filter and total, and nothing else,
 * so that 100,000 of them load fast. The document itself is in `documents`.
 */
/**
 * A document as the review grids show it, with its keys (version 8: src-shared/domain/review-keys.ts
 * `rowKeysOf`), kept by the one writer of rows (documents.ts `putReviewRows`).
 */
export interface ReviewRow extends Partial<RowKeys> {
  /** The service's id. */
  id: string;
  version: number;
  review: ReviewState;
  /** 1 when an answered payment or return changed since (spec, Ack); IndexedDB cannot index booleans. */
  pendingAgain: 0 | 1;
  /** What changed since it was answered, in plain words. */
  changes: string[];
  status: string;
  /** The document's own number (invoice number, receipt number, …). */
  number: string;
  /** Order, issue, collection or return date, `YYYY-MM-DD`. */
  date: string;
  /** The customer's code (or ERP key, or id) as the document names it. */
  customer: string;
  customerId: string;
  /** The customer's name in English and Arabic once looked up (version 3); empty until then. */
  customerName: string;
  rep: string;
  currency: string;
  /** One short fact of the kind: an invoice's order, a payment's method and cheque, a return's reason. */
  note: string;
  /** The document's amount in cents (exact totals). */
  amountCents: number;
  /** The ERP's number once accepted (from the document's ack, or the clerk's queued answer). */
  externalNumber: string;
  answerState: LocalAckState;
  /** The clerk's last answer not yet settled: what was queued, or why it failed. */
  answerOutcome: AckOutcome | '';
  answerError: string;
  /** The key of the chunk holding the document's newest stored version (stored-documents.ts). */
  chunk: string;
  /** The document's issue `seq` (invoices, payments, returns); 0 when it has none (orders). */
  seq?: number;
}

/**
 * A feed's view counters (version 8, docs/decisions/100-paged-review-views.md): per view, its rows and
 * their cents per currency, kept in the transaction that writes the rows (documents.ts `putReviewRows`).
 */
export interface ViewCounterRow {
  kind: FeedKind;
  views: ViewCounts;
}

/** A document exactly as the service sent it, and as it was when it was last answered. */
export type StoredDocument = {
  [K in FeedKind]: {
    kind: K;
    id: string;
    version: number;
    doc: FeedDocuments[K];
    /** The document at its answered version, kept to tell what changed when it is pending again. */
    answered: FeedDocuments[K] | null;
  };
}[FeedKind];

/** Up to 50 stored documents of one feed, written together and never changed (stored-documents.ts). */
export interface DocumentChunk {
  key: string;
  kind: FeedKind;
  docs: StoredDocument[];
}

/** How many documents of a chunk are still their rows' newest stored version. */
export interface ChunkLiveRow {
  key: string;
  live: number;
}

/** Where a feed's sync stands. */
export interface FeedCursorRow {
  kind: FeedKind;
  /** The version the next page is pulled after (spec, Pull documents: `filter[version_after]`). */
  versionAfter: number;
  /** The feed's `meta.high_water` at the last page. */
  highWater: number;
  /** When the feed was last caught up (no `has_more`), ISO time; null until then. */
  caughtUpAt: string | null;
  /** Documents staged over the feed's life on this computer. */
  staged: number;
  /** The issue-sequence ledger of an issued feed (docs/decisions/091-seq-gaps.md); absent for orders. */
  seq?: SeqLedger;
  /**
   * The day (`YYYY-MM-DD`) of a start from a date (docs/decisions/090-where-to-start.md): the feed's first
   * page is asked for with `filter[updated_after]` from it, and until the first load is caught up each
   * document issued on or after it lowers the ledger's `from` to the seq before its own.
   */
  startDate?: string;
}

/**
 * Where a batch of acks stands in the outbox: waiting, answered by the service, refused as a whole,
 * or settled from what the service holds without being sent (some of its documents moved or were
 * answered elsewhere, or its key may be past the service's retention; the rest went into a new batch).
 */
export type OutboxState = 'queued' | 'sent' | 'failed' | 'settled';

/**
 * One batch of answers: created with its id (the `Idempotency-Key`) and items before the first send,
 * and never changed after, so every resend is the same call (spec, Limits).
 */
export interface OutboxBatch {
  /** The `Idempotency-Key` of every send of this batch. */
  id: string;
  /** The saved connection the answers belong to; they are never sent through another. */
  connectionId: string;
  kind: FeedKind;
  items: BatchAckItem[];
  /**
   * The document version the clerk answered, per item (same order): an item whose document no longer
   * stands there is held, never sent. Absent on batches stored by earlier builds, which are checked
   * against the version staged when they are sent.
   */
  versions?: number[];
  createdAt: string;
  state: OutboxState;
  attempts: number;
  lastAttemptAt: string | null;
  /** Why the last attempt did not settle the batch (offline, refused). */
  lastError: DeskError | null;
  /** The service's per-item results, once answered. */
  results: BatchAckItemResult[] | null;
}

/** One call that changed something, and its answer: the local audit log. */
export interface AuditEntry {
  seq?: number;
  at: string;
  connectionId: string;
  /** The call as the spec names it, e.g. `POST /acks`. */
  call: string;
  kind: FeedKind;
  batchId: string;
  /** The documents it answered (multi-entry index: a document's answer history). */
  docIds: string[];
  outcome: 'answered' | 'replayed' | 'refused' | 'settled';
  applied: number;
  unchanged: number;
  failed: number;
  requestId: string | null;
  error: string | null;
  /** Per document: what was sent and what came back. */
  items: Array<{
    id: string;
    outcome: AckOutcome;
    externalNumber: string | null;
    reasonCode: string | null;
    result: string;
    error: string | null;
  }>;
}

/** A cached code list, so that reasons can be chosen offline. */
export interface ReferenceListRow {
  kind: ReferenceKind;
  entries: ReferenceEntry[];
  fetchedAt: string;
}

/** A customer's name as `GET /lookup` answered it (null: the service does not know the id). */
export interface CustomerNameRow {
  id: string;
  code: string | null;
  name: NameMap | null;
  fetchedAt: string;
}

/**
 * The meta key bumped with every customer name stored (names.ts), so that a sync run that remembers the
 * names it read knows when to read them again (documents.ts: StagingMemory).
 */
export const namesGenerationKey = 'namesGeneration';

/** Small facts of the store itself (which connection its documents came from). */
export interface MetaRow {
  key: string;
  value: string;
}

/** A master-data push run as this computer remembers it: the plan it sent and its last summary. */
export interface PushRunRow {
  runId: string;
  connectionId: string;
  label: string;
  createdAt: string;
  /** The files the run came from, for the history list. */
  files: string[];
  plan: PushPlan;
  summary: PushRunSummary;
}

/** One record of a push run and what happened to it, with the service's balance when it was compared. */
export interface PushRecordRow extends PushRecordResult {
  runId: string;
  connectionId: string;
  /** A balance record: the service's current balance, once looked up (spec, Push master data: Balances). */
  serviceBalance: number | null;
}

/** A column mapping remembered for a file layout (its kind and headers). */
export interface ImportLayoutRow {
  signature: string;
  kind: RecordKind;
  headers: string[];
  mapping: ColumnMapping;
  savedAt: string;
}

/**
 * One reconciliation of an ERP register: the file as read, its mapping and reading options, the
 * engine's settings and the clerk's decisions. The result is computed again from these and the
 * documents staged now, so it follows every sync (src-renderer/data/reconciliations.ts).
 */
export interface ReconciliationRow {
  id: string;
  connectionId: string;
  kind: FeedKind;
  fileName: string;
  /** "CSV, UTF-8, comma", "Excel, sheet Invoices". */
  format: string;
  createdAt: string;
  updatedAt: string;
  headers: string[];
  mapping: RegisterMapping;
  options: ReadRegisterOptions;
  register: Register;
  settings: ReconcileSettings;
  decisions: ReconcileDecision[];
  /** Customers the register names by an ERP key no staged document carries, as the service answered. */
  customerKeys?: CustomerKeys;
}

/** A register mapping remembered for a file layout (`registerLayoutSignature`). */
export interface RegisterLayoutRow {
  signature: string;
  headers: string[];
  mapping: RegisterMapping;
  savedAt: string;
}

/** A key the service has answered for on a connection: live (pushed) or tombstoned (deleted). */
export interface PushedKeyRow {
  connectionId: string;
  kind: RecordKind;
  key: string;
  /** 1 while the record is live, 0 once deleted (IndexedDB cannot index booleans). */
  isLive: 0 | 1;
  at: string;
}

/** The row indexes of versions 1 to 3: one for every column a grid might have queried. */
const reviewRowIndexesV1 =
  'id, review, status, date, customerId, rep, amountCents, number, answerState, pendingAgain';

/** The row indexes of versions 4 to 7: `review`, `date`, `customerId` (store-layout.ts has today's). */
const reviewRowIndexesV4 = 'id, review, date, customerId';

/** A row with its version-8 keys derived from its fields (documents.ts `putReviewRows` writes it). */
export function withRowKeys(row: ReviewRow): ReviewRow {
  const keyed: ReviewRow = { ...row };
  // A serial the number or ERP number no longer has, or an answer no longer held, is not kept.
  delete keyed.kSerial;
  delete keyed.kErp;
  delete keyed.kHeld;
  return Object.assign(keyed, rowKeysOf(row));
}

/** A customer's search keys, every one its rows have had (src-shared/domain/review-keys.ts). */
export interface CustomerTokensRow {
  id: string;
  tokens: string[];
}

/** A word of document and ERP numbers other than their serial (`inv`, `2026`): kept once. */
export interface NumberWordRow {
  word: string;
}

/**
 * Told when opening the database starts moving stored data (a one-time wait): how far a move of rows
 * has come (`total` 0 while a version's own upgrade runs), and null once the database is open.
 */
export type StoreUpgradeListener = (upgrade: RowMoveProgress | null) => void;

/** The desk's IndexedDB database. */
export class DeskDb extends Dexie {
  /** Version 7's row tables: empty once their rows have moved to the paged tables (row-move.ts). */
  orders!: EntityTable<ReviewRow, 'id'>;
  invoices!: EntityTable<ReviewRow, 'id'>;
  payments!: EntityTable<ReviewRow, 'id'>;
  returns!: EntityTable<ReviewRow, 'id'>;
  documentChunks!: EntityTable<DocumentChunk, 'key'>;
  chunkLive!: EntityTable<ChunkLiveRow, 'key'>;
  cursors!: EntityTable<FeedCursorRow, 'kind'>;
  outbox!: EntityTable<OutboxBatch, 'id'>;
  audit!: EntityTable<AuditEntry, 'seq'>;
  references!: EntityTable<ReferenceListRow, 'kind'>;
  meta!: EntityTable<MetaRow, 'key'>;
  pushRuns!: EntityTable<PushRunRow, 'runId'>;
  pushRecords!: Table<PushRecordRow, [string, number]>;
  importLayouts!: EntityTable<ImportLayoutRow, 'signature'>;
  pushedKeys!: Table<PushedKeyRow, [string, RecordKind, string]>;
  customerNames!: EntityTable<CustomerNameRow, 'id'>;
  reconciliations!: EntityTable<ReconciliationRow, 'id'>;
  registerLayouts!: EntityTable<RegisterLayoutRow, 'signature'>;
  viewCounters!: EntityTable<ViewCounterRow, 'kind'>;
  orderRows!: EntityTable<ReviewRow, 'id'>;
  invoiceRows!: EntityTable<ReviewRow, 'id'>;
  paymentRows!: EntityTable<ReviewRow, 'id'>;
  returnRows!: EntityTable<ReviewRow, 'id'>;
  customerTokens!: EntityTable<CustomerTokensRow, 'id'>;
  numberWords!: EntityTable<NumberWordRow, 'word'>;

  constructor(name = 'reconciliation-desk') {
    super(name);
    // Version 1: the four feeds, their documents and cursors, the outbox, the audit log, code lists.
    this.version(1).stores({
      orders: reviewRowIndexesV1,
      invoices: reviewRowIndexesV1,
      payments: reviewRowIndexesV1,
      returns: reviewRowIndexesV1,
      documents: '[kind+id]',
      cursors: 'kind',
      outbox: 'id, state, createdAt, [connectionId+state]',
      audit: '++seq, at, batchId, *docIds',
      references: 'kind',
      meta: 'key',
    });
    // Version 2 (issue 7, master data): push runs and their per-record results, the column mappings
    // remembered per file layout, and the keys each connection's service has answered for.
    this.version(2).stores({
      pushRuns: 'runId, connectionId, createdAt',
      pushRecords: '[runId+seq], runId, [runId+outcome]',
      importLayouts: 'signature, kind',
      pushedKeys: '[connectionId+kind+key], [connectionId+kind]',
    });
    // Version 3: customers' names (looked up once each); every review row gets `customerName`.
    this.version(3)
      .stores({ customerNames: 'id' })
      .upgrade(async (tx) => {
        for (const table of ['orders', 'invoices', 'payments', 'returns']) {
          await tx
            .table<ReviewRow, string>(table)
            .toCollection()
            .modify((row) => {
              row.customerName ??= '';
            });
        }
      });
    // Version 4: only the indexes a query uses (see store-layout.ts; the grids sort and filter in
    // memory, so the six others only slowed every staged page), and documents move into chunks of 50
    // (stored-documents.ts), each row naming its chunk. Version 5 then drops the old table (Dexie reads
    // a table it deletes only in an earlier version's upgrade).
    this.version(4)
      .stores({
        orders: reviewRowIndexesV4,
        invoices: reviewRowIndexesV4,
        payments: reviewRowIndexesV4,
        returns: reviewRowIndexesV4,
        documentChunks: 'key',
        chunkLive: 'key',
      })
      .upgrade(async (tx) => {
        this.#tellUpgrade({ moved: 0, total: 0 });
        const documents = tx.table<StoredDocument, [FeedKind, string]>('documents');
        const chunks = tx.table<DocumentChunk, string>('documentChunks');
        for (const kind of feedKinds) {
          const rows = tx.table<ReviewRow, string>(kind);
          // In id order, 2,000 at a time (range reads: one request each, not one a document).
          let after: string | null = null;
          for (;;) {
            const lower = [kind, after ?? Dexie.minKey];
            const found: StoredDocument[] = await documents
              .where('[kind+id]')
              .between(lower, [kind, Dexie.maxKey], after === null, true)
              .limit(40 * documentChunkSize)
              .toArray();
            const last = found.at(-1);
            if (!last) break;
            after = last.id;
            const named = new Map(
              (await rows.where('id').between(found[0]!.id, last.id, true, true).toArray()).map((row) => [
                row.id,
                row,
              ]),
            );
            // Only documents with a row: a chunk no row names would never be let go.
            const kept = found.filter((stored) => named.has(stored.id));
            const slices: StoredDocument[][] = [];
            for (let start = 0; start < kept.length; start += documentChunkSize) {
              slices.push(kept.slice(start, start + documentChunkSize));
            }
            const keys = slices.map(() => newChunkKey());
            await chunks.bulkPut(slices.map((docs, index) => ({ key: keys[index]!, kind, docs })));
            await tx
              .table<ChunkLiveRow, string>('chunkLive')
              .bulkPut(slices.map((docs, index) => ({ key: keys[index]!, live: docs.length })));
            await rows.bulkPut(
              slices.flatMap((docs, index) =>
                docs.flatMap((stored) => {
                  const row = named.get(stored.id);
                  return row ? [{ ...row, chunk: keys[index]! }] : [];
                }),
              ),
            );
          }
        }
      });
    this.version(5).stores({ documents: null });
    // Version 6: reconciliations of ERP registers (docs/reconciliation.md), and the register
    // mappings remembered per file layout. New tables only: nothing moves.
    this.version(6).stores({
      reconciliations: 'id, [connectionId+kind], createdAt',
      registerLayouts: 'signature',
    });
    // Version 7 (the day end, docs/decisions/091-seq-gaps.md): every row gets its document's `seq` (0
    // when none), and each issued feed's cursor its seq ledger, built from the documents stored, from
    // 0 (every connection saved before the start choice synced everything). No index: the ledger
    // answers which seqs are missing.
    this.version(7).upgrade(async (tx) => {
      this.#tellUpgrade({ moved: 0, total: 0 });
      const chunks = tx.table<DocumentChunk, string>('documentChunks');
      const seqs = new Map<FeedKind, number[]>(feedKinds.map((kind) => [kind, []]));
      // Each chunk once, in key order, 40 at a time; a document counts where its row names its chunk
      // (an older chunk may still hold an older version of it).
      let after: string | null = null;
      for (;;) {
        const found: DocumentChunk[] = await (
          after === null ? chunks.toCollection() : chunks.where(':id').above(after)
        )
          .limit(40)
          .toArray();
        const last = found.at(-1);
        if (!last) break;
        after = last.key;
        for (const kind of feedKinds) {
          const ofKind = found.filter((chunk) => chunk.kind === kind);
          const docs = ofKind.flatMap((chunk) => chunk.docs.map((stored) => ({ chunk: chunk.key, stored })));
          if (docs.length === 0) continue;
          const rows = tx.table<ReviewRow, string>(kind);
          const named = await rows.bulkGet(docs.map(({ stored }) => stored.id));
          const changed: ReviewRow[] = [];
          docs.forEach(({ chunk, stored }, index) => {
            const row = named[index];
            if (!row || row.chunk !== chunk) return;
            const seq = documentSeq(stored) ?? 0;
            if (seq > 0) seqs.get(kind)!.push(seq);
            changed.push({ ...row, seq });
          });
          await rows.bulkPut(changed);
        }
      }
      const cursors = tx.table<FeedCursorRow, FeedKind>('cursors');
      for (const kind of feedKinds) {
        if (kind === 'orders') continue;
        const cursor = await cursors.get(kind);
        if (cursor) await cursors.put({ ...cursor, seq: ledgerOfSeqs(0, seqs.get(kind)!) });
      }
    });
    // Version 8 (issue 17, docs/decisions/100-paged-review-views.md): a view is read a page at a time in
    // the order of a plain string key, filtered through keys that find its rows by customer, serial and
    // amount, and counted by counters kept with the rows. The rows get new tables with those indexes:
    // adding indexes to version 7's tables would make IndexedDB read every stored row once an index
    // inside the version change (minutes at 1,000,000 rows, all lost if the app is closed meanwhile).
    // Here the change only creates empty tables; the rows move once the database is open, in small
    // transactions that each move a batch whole (row-move.ts), before any other query runs.
    this.version(8).stores({
      ...Object.fromEntries(Object.values(reviewRowTableNames).map((table) => [table, reviewRowIndexes])),
      viewCounters: 'kind',
      ...searchTableIndexes,
    });
    this.on(
      'ready',
      async (vip: Dexie) => {
        await moveRowsToPagedTables(vip, (progress) => this.#tellUpgrade(progress));
        this.#tellUpgrade(null);
      },
      true,
    );
  }

  /** Who hears of an upgrade that moves stored data (the store-upgrade note). */
  readonly #upgradeListeners = new Set<StoreUpgradeListener>();

  /** What listeners were last told (several versions' upgrades tell "under way" once). */
  #told: RowMoveProgress | null = null;

  #tellUpgrade(upgrade: RowMoveProgress | null): void {
    if (upgrade === this.#told || (upgrade?.total === 0 && this.#told?.total === 0)) return;
    this.#told = upgrade;
    for (const listener of this.#upgradeListeners) listener(upgrade);
  }

  /** Listens for a version upgrade that moves stored data; answers the unsubscribe. */
  onUpgrade(listener: StoreUpgradeListener): () => void {
    this.#upgradeListeners.add(listener);
    return () => this.#upgradeListeners.delete(listener);
  }

  /** The review rows of a feed. */
  rowsOf(kind: FeedKind): EntityTable<ReviewRow, 'id'> {
    switch (kind) {
      case 'orders':
        return this.orderRows;
      case 'invoices':
        return this.invoiceRows;
      case 'payments':
        return this.paymentRows;
      case 'returns':
        return this.returnRows;
    }
  }
}

/** The app's one database. */
export const db = new DeskDb();

/** Listens for a version upgrade of the app's database that moves stored data; answers the unsubscribe. */
export function onStoreUpgrade(listener: StoreUpgradeListener): () => void {
  return db.onUpgrade(listener);
}
