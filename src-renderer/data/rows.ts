/**
 * The rows the desk's local store holds, one type a table (db.ts holds the schema that indexes them).
 * Field names of rows already stored on clerks' computers keep their names (`answerState`, `answered`:
 * docs/decisions/080-who-owns-what.md).
 */
import type { ClosedReceipt, RepDay } from '../../src-shared/domain/cash-up';
import type {
  CustomerAlias,
  CustomerKeys,
  ReadRegisterOptions,
  ReconcileDecision,
  ReconcileSettings,
  Register,
  RegisterMapping,
} from '../../src-shared/domain/reconcile';
import type { DeskError } from '../../src-shared/bridge/result';
import type { FeedDocuments } from '../../src-shared/domain/feeds';
import type { NamedEntity, RecordRefEntity } from '../../src-shared/domain/named-records';
import type { ChangeFact, ReviewState } from '../../src-shared/domain/review';
import type { SeqLedger } from '../../src-shared/domain/seq-ledger';
import type {
  AckOutcome,
  BatchAckItem,
  BatchAckItemResult,
  ErrorDetail,
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
import type { RowKeys, ViewCounts } from './review-rows/keys';

/**
 * The clerk's ack on this computer: none settled-or-pending (''), queued, failed (the service refused
 * it), elsewhere (never sent: that version was already answered differently, on another desk or by
 * the ERP), or changed (held: the document moved after the clerk answered it, so the ack is never sent;
 * docs/decisions/041-acks-carry-the-answered-version.md).
 */
export type LocalAckState = '' | 'queued' | 'failed' | 'elsewhere' | 'changed';

/** Who gave a document's current answer: this desk, elsewhere (another desk, the ERP), or none yet (''). */
export type AckedBy = '' | 'here' | 'elsewhere';

/**
 * The one short fact a review row shows of its document (spec, Resources), kept as codes and values and
 * worded on screen: an order's line count, an invoice's order number, a payment's method (and cheque
 * number and status), a return's reason and invoice number. `words`: a note an earlier build stored in
 * words that no template reads back (upgrades/row-facts-from-words.ts).
 */
export type NoteFacts =
  | { kind: 'lines'; count: number }
  | { kind: 'order'; number: string }
  | { kind: 'method'; method: string; cheque: { number: string; status: string } | null }
  | { kind: 'reason'; reason: string; invoice: string }
  | { kind: 'words'; text: string };

/**
 * Why the clerk's last ack of a row did not go through, kept as facts and worded on screen in the
 * clerk's language (features/review/ack-problem-words.ts):
 *
 * - `refused`: the service refused the item (spec, Acknowledge documents: the item's `error`; Errors):
 *   its code, its own message (what the service wrote, shown as data where the desk has no words for
 *   the code) and its details.
 * - `no-result`: the service's answer held no result for the item.
 * - `batch`: the call itself was refused and the batch failed for good (a DeskError: the interface's
 *   code or the app's own, bridge/result.ts), with the request id to quote to support.
 * - `elsewhere`: never sent, the version was already answered differently (the ack the service holds).
 * - `moved`: held, never sent: the document moved after the clerk answered version `ackedVersion`
 *   (null when an earlier build's words did not tell it); `changes` say how.
 * - `words`: what an earlier build stored in words that no template reads back
 *   (upgrades/row-facts-from-words.ts).
 */
export type AckProblemFact =
  | { kind: 'refused'; code: string; message: string; details: ErrorDetail[] }
  | { kind: 'no-result' }
  | { kind: 'batch'; code: string; message: string; requestId: string | null }
  | { kind: 'elsewhere'; outcome: AckOutcome; externalNumber: string | null; reasonCode: string | null }
  | { kind: 'moved'; ackedVersion: number | null; changes: ChangeFact[] }
  | { kind: 'words'; text: string };

/**
 * One row of a review grid: the few facts the grids show, sort, filter and total, with the keys they
 * are read by (version 8: review-rows/keys.ts `rowKeysOf`), written only by the one writer of rows
 * (review-rows/writer.ts `putReviewRows`). The document itself is in a chunk (`chunk`).
 */
export interface ReviewRow extends Partial<RowKeys> {
  /** The service's id. */
  id: string;
  version: number;
  review: ReviewState;
  /** 1 when an answered payment or return changed since (spec, Ack); IndexedDB cannot index booleans. */
  pendingAgain: 0 | 1;
  /**
   * What changed since it was answered, as facts worded on screen in the clerk's language. Rows stored
   * before facts held English `changes` instead: they are read as facts (upgrades/row-facts-from-words.ts).
   */
  changeFacts: ChangeFact[];
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
  /**
   * The branch the document is of (its code, else its ERP key or id): what the branch filter reads. Rows
   * of builds before store version 13 get it from their document once (upgrades/v13-row-branches.ts).
   */
  branch?: string;
  currency: string;
  /** One short fact of the kind, worded on screen: an order's lines, an invoice's order, a payment's method. */
  noteFacts: NoteFacts;
  /** The document's amount in cents (exact totals). */
  amountCents: number;
  /** The ERP's number once accepted (from the document's ack, or the clerk's queued answer). */
  externalNumber: string;
  answerState: LocalAckState;
  /** The clerk's last answer not yet settled: what was queued, or why it failed. */
  answerOutcome: AckOutcome | '';
  /**
   * Why the clerk's last ack failed or was not sent, as English words: what earlier builds stored (read
   * as `ackProblem` by upgrades/row-facts-from-words.ts); written empty since rows keep the facts.
   */
  answerError: string;
  /** Why the clerk's last ack failed or was not sent (failed, elsewhere, changed); null otherwise. */
  ackProblem: AckProblemFact | null;
  /**
   * The outbox batch (its id, the `Idempotency-Key`) holding the clerk's queued ack; only while
   * `answerState` is `queued`. Its `kHeld` key names it, so the batch's rows are one range of that index
   * when the service's answer to the batch is written onto them (ack-outbox.ts `applyBatchResponses`).
   */
  ackBatch?: string;
  /**
   * Who gave the document's current answer (the ack the service holds): this desk (`here`), another
   * desk or the ERP itself (`elsewhere`); '' while it has none. Worked out from `ackedHereVersion`
   * whenever the row is written (projection.ts `ackedByOf`; docs/decisions/113-answered-here-or-elsewhere.md).
   */
  ackedBy?: AckedBy;
  /** The version of the document an ack of this desk was applied to (the service's `acked_version`). */
  ackedHereVersion?: number;
  /** The key of the chunk holding the document's newest stored version (stored-documents.ts). */
  chunk: string;
  /** The document's issue `seq` (invoices, payments, returns); 0 when it has none (orders). */
  seq?: number;
}

/**
 * A feed's view counters (version 8, review-rows/README.md): per view, its rows and
 * their cents per currency, kept in the transaction that writes the rows (review-rows/writer.ts `putReviewRows`).
 */
export interface ViewCounterRow {
  kind: FeedKind;
  views: ViewCounts;
}

/** A document exactly as the service sent it, and as it was when it was last answered. */
export type StoredDocument<K extends FeedKind = FeedKind> = {
  [P in K]: {
    kind: P;
    id: string;
    version: number;
    doc: FeedDocuments[P];
    /** The document at its answered version, kept to tell what changed when it is pending again. */
    answered: FeedDocuments[P] | null;
  };
}[K];

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
 * Where a batch of acks stands in the outbox: waiting; answered by the service, its response kept and
 * its documents not yet written (`responded`: the next ack pass writes them, and never sends it again);
 * answered and written (`sent`); refused as a whole; or settled from what the service holds without
 * being sent (some of its documents moved or were answered elsewhere, or its key may be past the
 * service's retention; the rest went into a new batch).
 */
export type OutboxState = 'queued' | 'responded' | 'sent' | 'failed' | 'settled';

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
    /** Why it failed or was not sent, in the words of the moment (entries written before `problem`). */
    error: string | null;
    /** Why it failed or was not sent, as facts worded where shown (entries written since). */
    problem?: AckProblemFact | null;
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
 * A record's name as `GET /lookup` answered it (version 10, docs/decisions/107-names-not-codes.md): a
 * product, branch, unit, warehouse or price list of the connection it was read from, by its service id.
 */
export interface RecordNameRow {
  connectionId: string;
  entity: NamedEntity;
  id: string;
  code: string | null;
  /** Null: the service does not know the id (404 `NOT_FOUND`). */
  name: NameMap | null;
  /** A tombstone is still found and named (docs/decisions/004-lookup-parameters-and-answer.md). */
  deleted: boolean;
  fetchedAt: string;
}

/**
 * A record a staged document names (version 10): its entity and service id, and the code and ERP key the
 * document gives it. Written with the documents (stored-documents.ts) and cleared with them, so the name
 * fill knows what to name without reading a document.
 */
export interface RecordRefRow {
  entity: RecordRefEntity;
  id: string;
  code: string | null;
  externalRef: string | null;
}

/** Where a rep's name came from: typed by the clerk, or imported from the ERP's salesperson export. */
export type RepNameSource = { kind: 'typed' } | { kind: 'imported'; fileName: string };

/**
 * A sales rep's name as the clerk gave it (version 10; v1 has no call that names a rep), per connection.
 * A name typed for a rep the documents name has its service id and code; one imported by code has no id
 * (`repId` ''). A rep without a code has `code` ''.
 */
export interface RepNameRow {
  connectionId: string;
  repId: string;
  code: string;
  name: NameMap;
  source: RepNameSource;
  savedAt: string;
}

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
  /**
   * A balance record whose customer the service did not know when its balance was looked up (404
   * `NOT_FOUND`: no customer answers to its key now; a tombstone still does). Absent on records kept
   * before there was such a mark.
   */
  serviceMissing?: boolean;
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

/**
 * The clerk's word on a customer name of a connection's registers (version 9,
 * docs/decisions/105-customer-names-and-aliases.md): this name is this customer (`confirmed`, one a
 * name), or is not (`refused`, any number a name). Kept per connection: customer ids are the service's.
 */
export interface CustomerAliasRow extends CustomerAlias {
  connectionId: string;
  /** The name as the register wrote it when the clerk decided (`name` is its folded key). */
  shownName: string;
  savedAt: string;
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

/** A customer's search keys, every one its rows have had (review-rows/keys.ts). */
export interface CustomerTokensRow {
  id: string;
  tokens: string[];
  /**
   * The search keys of the branches the customer's documents name (store version 13): each branch code
   * whole and its words, lowercase (review-rows/keys.ts `branchKeysOf`); the branch filter finds its
   * customers by them, then their rows by customer.
   */
  branches?: string[];
}

/** A word of document and ERP numbers other than their serial (`inv`, `2026`): kept once. */
export interface NumberWordRow {
  word: string;
}

/**
 * A rep's cash-up of a day on a connection (version 12, docs/decisions/111-rep-cash-up.md): what the
 * cashier counted, the note, and, once the day is closed for the rep, what it was closed with.
 */
export interface CashUpRow {
  /** `[connectionId, day, repKey]` as one key. */
  connectionId: string;
  /** The collection date, `YYYY-MM-DD`. */
  day: string;
  /** The rep's service id (or the collecting user's name; '' when the payments name nobody). */
  repKey: string;
  repCode: string;
  /** Cash counted per currency, in cents. */
  countedCents: Record<string, number>;
  /** The ids of the payments whose cheques were handed in. */
  chequesIn: string[];
  note: string;
  /** When the day was closed for the rep; null while it is open. */
  closedAt: string | null;
  /** What the day was closed with (each receipt's id, version and how it counted); null while open. */
  closedWith: ClosedReceipt[] | null;
  /** What the receipts said the rep should hand in when the day was closed; null while open. */
  expectedAtClose: RepDay['expected'] | null;
  /** Each close and reopening, with the reason a reopening was given. */
  history: Array<{ at: string; action: 'closed' | 'reopened'; reason: string }>;
  updatedAt: string;
}
