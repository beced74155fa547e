/**
 * The desk's local store (IndexedDB through Dexie): its schema and nothing else. The rows it holds are
 * typed in rows.ts; each data-moving upgrade is a named function in upgrades/ (version 8's move of rows,
 * which runs once the database is open, is review-rows/row-move.ts).
 *
 * Versions are appended, never edited (STYLE: Dexie versions, each with a migration test in
 * test/renderer/data/), one statement a version. A write touching two tables runs in one
 * `db.transaction('rw', …)`.
 */
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type { RecordKind } from '../../src-shared/domain/master-data';
import type { NamedEntity, RecordRefEntity } from '../../src-shared/domain/named-records';
import type { FeedKind } from '../../src-shared/wire';
import type {
  AuditEntry,
  CashUpRow,
  ChunkLiveRow,
  CustomerAliasRow,
  CustomerNameRow,
  CustomerTokensRow,
  DocumentChunk,
  FeedCursorRow,
  ImportLayoutRow,
  MetaRow,
  NumberWordRow,
  OutboxBatch,
  PushedKeyRow,
  PushRecordRow,
  PushRunRow,
  RecordNameRow,
  RecordRefRow,
  ReconciliationRow,
  ReferenceListRow,
  RegisterLayoutRow,
  RepNameRow,
  ReviewRow,
  ViewCounterRow,
} from './rows';
import { durableClerkWork } from './durability';
import { reviewRowIndexes, reviewRowTableNames, searchTableIndexes } from './review-rows/layout';
import { moveRowsToPagedTables, type RowMoveProgress } from './review-rows/row-move';
import { addCustomerNames } from './upgrades/v3-customer-names';
import { markRowPass, runRowPass } from './upgrades/row-pass';
import { rowFactsPass } from './upgrades/v11-row-facts';
import { rowCustomerDatesPass } from './upgrades/v14-customer-dates';
import { rowBranchesPass } from './upgrades/v13-row-branches';
import { moveDocumentsIntoChunks } from './upgrades/v4-document-chunks';
import { recordSeqs } from './upgrades/v7-seqs';

/** The row indexes of versions 1 to 3: one for every column a grid might have queried. */
const reviewRowIndexesV1 =
  'id, review, status, date, customerId, rep, amountCents, number, answerState, pendingAgain';

/** The row indexes of versions 4 to 7: `review`, `date`, `customerId` (review-rows/layout.ts has today's). */
const reviewRowIndexesV4 = 'id, review, date, customerId';

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
  customerAliases!: Table<CustomerAliasRow, [string, string, string]>;
  recordNames!: Table<RecordNameRow, [string, NamedEntity, string]>;
  recordRefs!: Table<RecordRefRow, [RecordRefEntity, string]>;
  repNames!: Table<RepNameRow, [string, string, string]>;
  cashUps!: Table<CashUpRow, [string, string, string]>;

  constructor(name = 'reconciliation-desk') {
    super(name);
    // The clerk's own work is flushed to disk before a write of it is reported done (durability.ts).
    this.use(durableClerkWork);
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
      .upgrade((tx) => addCustomerNames(tx));
    // Version 4: only the indexes a query uses (the grids then sorted and filtered in memory, so the six
    // others only slowed every staged page), and documents move into chunks of 50 (stored-documents.ts),
    // each row naming its chunk. Version 5 then drops the old table (Dexie reads a table it deletes only
    // in an earlier version's upgrade).
    this.version(4)
      .stores({
        orders: reviewRowIndexesV4,
        invoices: reviewRowIndexesV4,
        payments: reviewRowIndexesV4,
        returns: reviewRowIndexesV4,
        documentChunks: 'key',
        chunkLive: 'key',
      })
      .upgrade((tx) => this.#moving(tx, moveDocumentsIntoChunks));
    this.version(5).stores({ documents: null });
    // Version 6: reconciliations of ERP registers (docs/reconciliation.md), and the register
    // mappings remembered per file layout. New tables only: nothing moves.
    this.version(6).stores({
      reconciliations: 'id, [connectionId+kind], createdAt',
      registerLayouts: 'signature',
    });
    // Version 7 (the day end, docs/decisions/091-seq-gaps.md): every row gets its document's `seq`, and
    // each issued feed's cursor its seq ledger. No index: the ledger answers which seqs are missing.
    this.version(7).upgrade((tx) => this.#moving(tx, recordSeqs));
    // Version 8 (issue 17, review-rows/README.md): a view is read a page at a time in the order of a
    // plain string key, filtered through keys that find its rows by customer, serial and amount, and
    // counted by counters kept with the rows. The rows get new tables with those indexes: adding indexes
    // to version 7's tables would make IndexedDB read every stored row once inside the version change
    // (minutes at 1,000,000 rows, all lost if the app is closed meanwhile). Here the change only creates
    // empty tables; the rows move once the database is open, in small transactions that each move a
    // batch whole (review-rows/row-move.ts), before any other query runs.
    this.version(8).stores({
      ...Object.fromEntries(Object.values(reviewRowTableNames).map((table) => [table, reviewRowIndexes])),
      viewCounters: 'kind',
      ...searchTableIndexes,
    });
    // Version 9 (customers by name, docs/decisions/105-customer-names-and-aliases.md): the clerk's
    // confirmed and refused pairs of a register's customer name and a service customer, per connection.
    // The key reads one name's pairs as a range; `connectionId` reads a connection's. A new table only:
    // nothing moves.
    this.version(9).stores({ customerAliases: '[connectionId+name+customerId], connectionId' });
    // Version 10 (names, not codes: docs/decisions/107-names-not-codes.md): the names `GET /lookup` gave
    // products, branches, units, warehouses and price lists, per connection (a connection's names of an
    // entity are a range of the key); the records staged documents name, written with the documents and
    // cleared with them (binding.ts), so the name fill reads no document; and reps' names the clerk gave
    // (v1 names no rep), per connection. New tables only: nothing moves (documents staged before are
    // read for their records once, a few chunks a sync pass: record-refs.ts).
    this.version(10).stores({
      recordNames: '[connectionId+entity+id]',
      recordRefs: '[entity+id]',
      repNames: '[connectionId+repId+code]',
    });
    // Version 11 (upgrades/v11-row-facts.ts): rows stored before rows kept facts (their note, changes
    // and ack problem in English words) are written with their facts once, so they are said in the
    // clerk's language and no read pays for reading words. The upgrade only marks the rows to write.
    this.version(11).upgrade((tx) => markRowPass(tx, rowFactsPass));
    // Version 12 (the rep cash-up, docs/decisions/111-rep-cash-up.md): each rep's count of a day per
    // connection; a day's counts are a range of the key. A new table only: nothing moves.
    this.version(12).stores({ cashUps: '[connectionId+day+repKey]' });
    // Version 13 (upgrades/v13-row-branches.ts, decision 113): rows keep their document's branch and who
    // answered it (this desk or elsewhere), which the review grids filter by; each customer's search
    // keys get its branches' (an index on a table of a row a customer: small, built in the version
    // change), so a branch's rows are read by customer. Rows written before get them from their
    // documents once the database is open. The upgrade only marks the rows to pass.
    this.version(13)
      .stores({ customerTokens: 'id, *tokens, *branches' })
      .upgrade((tx) => markRowPass(tx, rowBranchesPass));
    // Version 14 (upgrades/v14-customer-dates.ts): a row's customer key holds its date, so a filter of
    // customers in a view ordered by date reads only their rows, in date order. Rows written before get
    // the key anew once the database is open. The upgrade only marks the rows to pass.
    this.version(14).upgrade((tx) => markRowPass(tx, rowCustomerDatesPass));
    this.on(
      'ready',
      async (vip: Dexie) => {
        await moveRowsToPagedTables(vip, (progress) => this.#tellUpgrade(progress));
        await runRowPass(vip, rowFactsPass, (progress) => this.#tellUpgrade(progress));
        await runRowPass(vip, rowBranchesPass, (progress) => this.#tellUpgrade(progress));
        await runRowPass(vip, rowCustomerDatesPass, (progress) => this.#tellUpgrade(progress));
        this.#tellUpgrade(null);
      },
      true,
    );
  }

  /** Who hears of an upgrade that moves stored data (the store-upgrade note). */
  readonly #upgradeListeners = new Set<StoreUpgradeListener>();

  /** What listeners were last told (several versions' upgrades tell "under way" once). */
  #told: RowMoveProgress | null = null;

  /** Runs a version's upgrade that moves stored data, telling listeners that one is under way. */
  #moving(tx: Transaction, upgrade: (tx: Transaction) => Promise<void>): Promise<void> {
    this.#tellUpgrade({ moved: 0, total: 0 });
    return upgrade(tx);
  }

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
    return this[reviewRowTableNames[kind]];
  }
}

/** The app's one database. */
export const db = new DeskDb();

/** Listens for a version upgrade of the app's database that moves stored data; answers the unsubscribe. */
export function onStoreUpgrade(listener: StoreUpgradeListener): () => void {
  return db.onUpgrade(listener);
}
