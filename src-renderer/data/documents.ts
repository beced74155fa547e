/**
 * The documents repository: stages feed pages (documents, grid rows and the feed's cursor in one
 * IndexedDB transaction) and reads what the grids and the detail panel show.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents (feeds resumed by
 * `filter[version_after]`) and States and transitions (pending rules, in src-shared/domain/review.ts).
 */
import type { AnyFeedPage, FeedDocument, KindedDocument } from '../../src-shared/domain/feeds';
import {
  kindedItems,
  amountToCents,
  cursorAfterPage,
  documentAmount,
  documentDate,
  isIssuedSince,
  documentNumber,
  documentRep,
  documentSeq,
  refLabel,
  toVersionCursor,
  type VersionCursor,
} from '../../src-shared/domain/feeds';
import {
  describeChanges,
  isPendingAgain,
  reviewStateOf,
  type ReviewViewState,
} from '../../src-shared/domain/review';
import { feedKinds, type FeedCursor, type FeedKind } from '../../src-shared/wire';
import type { StartPoint } from '../../src-shared/bridge/contract';
import { nameLabel } from '../../src-shared/domain/names';
import {
  addSeqs,
  emptySeqLedger,
  isInRanges,
  lowerFrom,
  type FilledGap,
  type SeqLedger,
} from '../../src-shared/domain/seq-ledger';
import {
  countRowIn,
  countsAlike,
  emptyViewCounts,
  idOfKey,
  keyedStates,
  keySeparator,
  keyTop,
  type ViewCounts,
} from '../../src-shared/domain/review-keys';
import Dexie from 'dexie';
import {
  db,
  namesGenerationKey,
  withRowKeys,
  type FeedCursorRow,
  type ReviewRow,
  type StoredDocument,
} from './db';
import { addToSearchTables, clearSearchTables } from './search-tables';
import { readStoredDocuments, storedDocumentTables, writeStoredDocuments } from './stored-documents';

/** A review grid's view: one review state, or every document. */
export type ReviewView = ReviewViewState | 'all';

/** The cursor of a feed as stored; a feed never synced starts at version 0. */
export async function readCursor(kind: FeedKind): Promise<FeedCursorRow> {
  return (await db.cursors.get(kind)) ?? { kind, versionAfter: 0, highWater: 0, caughtUpAt: null, staged: 0 };
}

/** Whether a feed has a cursor (it was started on this store). */
export async function hasCursor(kind: FeedKind): Promise<boolean> {
  return (await db.cursors.get(kind)) !== undefined;
}

/** Every feed's cursor. */
export async function readCursors(): Promise<FeedCursorRow[]> {
  return db.cursors.toArray();
}

/**
 * The cursor row a feed starts with on a connection (docs/decisions/090-where-to-start.md): from
 * everything, version 0 and a ledger from seq 0; from a date, version 0 (the first page is asked for
 * with `filter[updated_after]`), the day kept, and a ledger whose `from` the first load learns; from
 * now, the feed's `high_water` and `last_seq` as the service told them when the connection was added
 * (`cursor`). Orders carry no seq, so no ledger.
 */
export function startCursorRow(kind: FeedKind, start: StartPoint, cursor: FeedCursor | null): FeedCursorRow {
  const row: FeedCursorRow = { kind, versionAfter: 0, highWater: 0, caughtUpAt: null, staged: 0 };
  const isIssued = kind !== 'orders';
  switch (start.mode) {
    case 'everything':
      return isIssued ? { ...row, seq: emptySeqLedger(0) } : row;
    case 'date':
      return { ...row, startDate: start.date, ...(isIssued ? { seq: emptySeqLedger(null) } : {}) };
    case 'now': {
      const at = cursor ?? { high_water: 0, last_seq: 0 };
      return {
        ...row,
        versionAfter: at.high_water,
        highWater: at.high_water,
        ...(isIssued ? { seq: emptySeqLedger(at.last_seq) } : {}),
      };
    }
  }
}

/**
 * Writes a feed's start cursor (`startCursorRow`) unless the feed already has a cursor, and answers the
 * cursor the feed stands at. A store cleared for another connection (binding.ts) has none, so it starts
 * again from that connection's start.
 */
export async function ensureStartCursor(
  kind: FeedKind,
  start: StartPoint,
  cursor: FeedCursor | null,
): Promise<FeedCursorRow> {
  return db.transaction('rw', db.cursors, async () => {
    const stored = await db.cursors.get(kind);
    if (stored) return stored;
    const row = startCursorRow(kind, start, cursor);
    await db.cursors.put(row);
    return row;
  });
}

/**
 * The ledger after `docs` were staged (docs/decisions/091-seq-gaps.md): their seqs recorded and, while
 * a start from a date runs its first load, `from` lowered for each document issued on or after the day.
 * Undefined for orders. A feed's cursor without a ledger (written before it existed) starts one from 0.
 */
function ledgerAfter(
  kind: FeedKind,
  current: FeedCursorRow,
  docs: readonly StoredDocument[],
): SeqLedger | undefined {
  if (kind === 'orders') return current.seq;
  let ledger = current.seq ?? emptySeqLedger(0);
  const seqs = docs.flatMap((stored) => documentSeq(stored) ?? []);
  ledger = addSeqs(ledger, seqs);
  const day = current.startDate;
  if (day !== undefined && current.caughtUpAt === null) {
    for (const stored of docs) {
      const seq = documentSeq(stored);
      if (seq !== null && isIssuedSince(stored, day)) ledger = lowerFrom(ledger, seq - 1);
    }
  }
  return ledger;
}

/** What staging a page did. */
export interface StagedPage {
  /** Documents written (a document already staged at the same or a newer version is skipped). */
  written: number;
  cursor: FeedCursorRow;
}

/** Thrown when a page was pulled after a cursor that another sync has moved since: nothing is written. */
export class CursorMovedError extends Error {
  constructor(kind: FeedKind) {
    super(`The ${kind} feed's cursor moved while a page was in flight; the page was not staged.`);
    this.name = 'CursorMovedError';
  }
}

/**
 * What staging remembers between the pages of one feed's run, so that each page reads back only what
 * it must: every read is a round trip to IndexedDB, and three for each of 500 documents cost a first
 * sync more than writing them.
 *
 * - `ids`: the feed's documents the store holds, read once, from a run's second page on (a poll's one
 *   page reads its documents back as before). A page's document that is not among them is new: there
 *   is no previous version or answer to read.
 * - `names`: customers' names as read (empty when none is stored), forgotten whenever the store's names
 *   generation (bumped with every name stored: names.ts) moves.
 *
 * It can only be wrong in the safe direction: an id it holds that the store lost (a connection switch
 * clears the tables) is read back and found missing. A document staged by anything else moves the
 * feed's cursor, which makes the page refused whole (CursorMovedError) and ends the run.
 */
export class StagingMemory {
  ids: Set<string> | null = null;
  /** `rowsCreated()` when `ids` was last made true (a row created by anything else makes it read again). */
  idsAt = -1;
  pages = 0;
  readonly names = new Map<string, string>();
  namesGeneration: string | null = null;
}

/**
 * Writes one page: its documents, their grid rows and the feed's cursor, in one transaction, so that a
 * crash mid-sync loses nothing and stages nothing twice (the next run resumes from the cursor that was
 * committed with the last page written).
 *
 * `pulledAfter` is the cursor the page was requested with; when the stored cursor differs (two syncs
 * of one feed) the page is refused whole. A document is never replaced by an older version of itself.
 * `memory` is the run's (one per feed run; see StagingMemory); a page staged on its own needs none.
 */
export async function stageFeedPage(
  page: AnyFeedPage,
  pulledAfter: VersionCursor,
  nowIso: string,
  memory: StagingMemory = new StagingMemory(),
): Promise<StagedPage> {
  const kind = page.kind;
  const rows = db.rowsOf(kind);
  const items = kindedItems(page);
  const tables = [...reviewRowTables(kind), ...storedDocumentTables, db.cursors, db.customerNames, db.meta];
  return db.transaction('rw', tables, async () => {
    // Rows created by anything but this run (documents fetched by seq) are not in `ids`: read again.
    if (memory.ids !== null && memory.idsAt !== rowsCreated()) memory.ids = null;
    if (memory.ids === null && memory.pages > 0) {
      memory.ids = new Set((await rows.toCollection().primaryKeys()).map(String));
    }
    const known = memory.ids;
    // A feed names a document once a page; should one come twice, its newest version counts.
    const latest = new Map<string, KindedDocument>();
    for (const item of items) {
      const seen = latest.get(item.doc.id);
      if (!seen || seen.doc.version < item.doc.version) latest.set(item.doc.id, item);
    }
    const ids = [...latest.keys()];
    const maybeStored = known ? ids.filter((id) => known.has(id)) : ids;
    // Every read at once: each is a round trip to IndexedDB.
    const [current, previousRows, nameOf] = await Promise.all([
      readCursor(kind),
      rows.bulkGet(maybeStored),
      customerNamesOf(
        items.map((item) => item.doc.customer.id),
        memory,
      ),
    ]);
    if (current.versionAfter !== pulledAfter) throw new CursorMovedError(kind);
    const previousDocs = await readStoredDocuments(kind, previousRows);
    const previousDocOf = new Map(maybeStored.map((id, index) => [id, previousDocs[index]]));
    const docs: StoredDocument[] = [];
    for (const item of latest.values()) {
      const previous = previousDocOf.get(item.doc.id);
      if (previous && previous.version >= item.doc.version) continue;
      docs.push(nextStored(item, previous));
    }
    const ledger = ledgerAfter(kind, current, docs);
    const cursor: FeedCursorRow = {
      ...current,
      kind,
      versionAfter: cursorAfterPage(toVersionCursor(current.versionAfter), page),
      highWater: page.meta.high_water,
      caughtUpAt: page.meta.has_more ? current.caughtUpAt : nowIso,
      staged: current.staged + docs.length,
      ...(ledger ? { seq: ledger } : {}),
    };
    // Every write at once too: the chunks' keys are known before they are written.
    await Promise.all([
      putDocumentsAndRows(kind, docs, previousRows, (stored) => nameOf.get(stored.doc.customer.id) ?? ''),
      db.cursors.put(cursor),
    ]);
    for (const doc of docs) known?.add(doc.id);
    memory.idsAt = rowsCreated();
    memory.pages += 1;
    return { written: docs.length, cursor };
  });
}

/** A review state's rows, through `kDate` (store-layout.ts), in date order. */
export function rowsInView(
  kind: FeedKind,
  view: ReviewViewState,
): ReturnType<ReturnType<typeof db.rowsOf>['toCollection']> {
  const prefix = `${view}${keySeparator}`;
  return db
    .rowsOf(kind)
    .where('kDate')
    .between(prefix, prefix + keyTop, true, true);
}

/** A customer's rows of a feed, through `kCust` (store-layout.ts). */
export function rowsOfCustomer(kind: FeedKind, customerId: string): Promise<ReviewRow[]> {
  const prefix = `${customerId}${keySeparator}`;
  return db
    .rowsOf(kind)
    .where('kCust')
    .between(prefix, prefix + keyTop, true, true)
    .toArray();
}

/** A feed's rows dated from `from` to `to` (both included), in every state: `kDate`'s range of each. */
export async function rowsDated(kind: FeedKind, from: string, to: string): Promise<ReviewRow[]> {
  const ranges = await Promise.all(
    keyedStates.map((state) => {
      const prefix = `${state}${keySeparator}`;
      return db
        .rowsOf(kind)
        .where('kDate')
        .between(prefix + from, `${prefix}${to}${keySeparator}${keyTop}`, true, true)
        .toArray();
    }),
  );
  return ranges.flat();
}

/** How many of a feed's documents are staged as pending (its view counters: no row read). */
export async function countPending(kind: FeedKind): Promise<number> {
  return (await readViewCounters(kind)).pending.count;
}

/** A page with only the documents whose ids `keep` keeps, its kind and meta as they were. */
export function pageOf(page: AnyFeedPage, keep: (id: string) => boolean): AnyFeedPage {
  switch (page.kind) {
    case 'orders':
      return { ...page, data: page.data.filter((doc) => keep(doc.id)) };
    case 'invoices':
      return { ...page, data: page.data.filter((doc) => keep(doc.id)) };
    case 'payments':
      return { ...page, data: page.data.filter((doc) => keep(doc.id)) };
    case 'returns':
      return { ...page, data: page.data.filter((doc) => keep(doc.id)) };
  }
}

/** The ids of a feed's documents staged as pending (from the `kDate` index's keys, no documents read). */
export async function pendingIds(kind: FeedKind): Promise<string[]> {
  return (await rowsInView(kind, 'pending').keys()).map((key) => idOfKey(String(key)));
}

/**
 * Stages documents read by id (`feeds.documents`) as the service holds them now, without moving the
 * feed's cursor: a newer version replaces the staged one, and so does the same version with another
 * ack (an ack does not move a document's version: docs/decisions/020-invoice-acks.md). Older versions
 * are skipped; a document with no row yet is left to the feed sync. One transaction. Answers how many
 * documents were written.
 */
export async function stageCurrentDocuments(page: AnyFeedPage): Promise<number> {
  const kind = page.kind;
  const rows = db.rowsOf(kind);
  const items = kindedItems(page);
  return db.transaction('rw', [...reviewRowTables(kind), ...storedDocumentTables], async () => {
    const previousRows = await rows.bulkGet(items.map((item) => item.doc.id));
    const previousDocs = await readStoredDocuments(kind, previousRows);
    const docs: StoredDocument[] = [];
    items.forEach((item, index) => {
      const row = previousRows[index];
      const previous = previousDocs[index];
      if (!row || !previous || previous.version > item.doc.version) return;
      const sameAck = JSON.stringify(previous.doc.ack ?? null) === JSON.stringify(item.doc.ack ?? null);
      if (previous.version === item.doc.version && sameAck) return;
      docs.push(nextStored(item, previous));
    });
    await putDocumentsAndRows(kind, docs, previousRows, (_stored, previous) => previous?.customerName ?? '');
    return docs.length;
  });
}

/** What staging documents fetched by seq did. */
export interface StagedBySeq {
  /** Documents written (rows created, or a newer version than the one staged). */
  written: number;
  /** The ones the version feed had skipped: at or below the version cursor (recorded in the ledger). */
  filled: FilledGap[];
  ledger: SeqLedger | null;
}

/**
 * Stages documents fetched by `filter[seq_after]` (docs/decisions/091-seq-gaps.md): only those whose seq
 * is in `missing`, creating their rows, never replacing a newer staged version, and without moving the
 * feed's version cursor. A document at or below the version cursor was skipped by the feed: a real gap,
 * recorded in the ledger's `filled` (found at `foundAt`, filled now). One above it is simply new (it
 * would have come with the next page), not a gap. Seqs recorded in the ledger; one transaction.
 */
export async function stageSeqDocuments(
  page: AnyFeedPage,
  missing: ReadonlyArray<readonly [number, number]>,
  foundAt: string,
  nowIso: string,
): Promise<StagedBySeq> {
  const kind = page.kind;
  const rows = db.rowsOf(kind);
  const items = kindedItems(page).filter((item) => {
    const seq = documentSeq(item);
    return seq !== null && isInRanges(missing, seq);
  });
  const tables = [...reviewRowTables(kind), ...storedDocumentTables, db.cursors, db.customerNames, db.meta];
  return db.transaction('rw', tables, async () => {
    const [current, previousRows, nameOf] = await Promise.all([
      readCursor(kind),
      rows.bulkGet(items.map((item) => item.doc.id)),
      customerNamesOf(
        items.map((item) => item.doc.customer.id),
        new StagingMemory(),
      ),
    ]);
    const previousDocs = await readStoredDocuments(kind, previousRows);
    const docs: StoredDocument[] = [];
    const filled: FilledGap[] = [];
    items.forEach((item, index) => {
      const previous = previousDocs[index];
      if (previous && previous.version >= item.doc.version) return;
      const stored = nextStored(item, previous);
      docs.push(stored);
      const seq = documentSeq(item);
      if (seq !== null && item.doc.version <= current.versionAfter)
        filled.push({ seq, id: item.doc.id, number: documentNumber(stored), foundAt, filledAt: nowIso });
    });
    const ledger = ledgerAfter(kind, { ...current, startDate: undefined }, docs) ?? null;
    const seqLedger =
      ledger && filled.length > 0 ? { ...ledger, filled: [...ledger.filled, ...filled] } : ledger;
    await Promise.all([
      putDocumentsAndRows(
        kind,
        docs,
        previousRows,
        (stored, previous) => previous?.customerName || (nameOf.get(stored.doc.customer.id) ?? ''),
      ),
      db.cursors.put({
        ...current,
        staged: current.staged + docs.length,
        ...(seqLedger ? { seq: seqLedger } : {}),
      }),
    ]);
    return { written: docs.length, filled, ledger: seqLedger };
  });
}

/**
 * Writes documents and their rows (each row built on what its previous row knew, in the chunk its
 * document went to); `nameOf` gives each row's customer name. Answers when both are written.
 */
function putDocumentsAndRows(
  kind: FeedKind,
  docs: StoredDocument[],
  previousRows: ReadonlyArray<ReviewRow | undefined>,
  nameOf: (stored: StoredDocument, previous: ReviewRow | undefined) => string,
): Promise<unknown> {
  const previousRowOf = new Map<string, ReviewRow>();
  for (const row of previousRows) if (row) previousRowOf.set(row.id, row);
  const { chunkOf, written } = writeStoredDocuments(kind, docs, chunksOf(previousRows));
  return Promise.all([
    written,
    putReviewRows(
      kind,
      docs.map((stored) => {
        const previous = previousRowOf.get(stored.id);
        return {
          ...rowOf(stored, previous, chunkOf.get(stored.id) ?? ''),
          customerName: nameOf(stored, previous),
        };
      }),
      previousRowOf,
    ),
  ]);
}

/** The tables a write of a feed's rows touches (`putReviewRows`): for the caller's transaction. */
export function reviewRowTables(
  kind: FeedKind,
): [ReturnType<typeof db.rowsOf>, typeof db.viewCounters, typeof db.customerTokens, typeof db.numberWords] {
  return [db.rowsOf(kind), db.viewCounters, db.customerTokens, db.numberWords];
}

let dataVersion = 0;
let createdGeneration = 0;

/**
 * Moves with every write of review rows (when it starts and again when its transaction is done), so a
 * reader that keeps what it read (review-pages.ts) knows to read again.
 */
export function reviewDataVersion(): number {
  return dataVersion;
}

/** Moves whenever rows are created (not only changed): StagingMemory's ids are then read again. */
function rowsCreated(): number {
  return createdGeneration;
}

/** Marks the review rows changed: now, and once the current transaction (if any) is done. */
export function markReviewRowsChanged(): void {
  dataVersion += 1;
  const transaction = Dexie.currentTransaction;
  if (transaction) {
    const after = (): void => {
      dataVersion += 1;
    };
    transaction.on('complete', after);
    transaction.on('abort', after);
  }
}

/**
 * The counters' adjustments queued in each transaction, one chain a feed: two writes of rows in one
 * transaction (staging's writes run side by side) must not both read the counters before either writes.
 */
const counterChains = new WeakMap<object, Map<FeedKind, Promise<unknown>>>();

/** Applies `change` to a feed's counters in the current transaction, after any adjustment before it. */
function adjustCounters(kind: FeedKind, change: (views: ViewCounts) => void): Promise<unknown> {
  const transaction = Dexie.currentTransaction;
  const chains = transaction
    ? (counterChains.get(transaction) ?? new Map<FeedKind, Promise<unknown>>())
    : null;
  if (transaction && chains) counterChains.set(transaction, chains);
  const step = (chains?.get(kind) ?? Promise.resolve()).then(async () => {
    const views = (await db.viewCounters.get(kind))?.views ?? emptyViewCounts();
    change(views);
    await db.viewCounters.put({ kind, views });
  });
  chains?.set(kind, step);
  return step;
}

/**
 * The one writer of review rows (docs/decisions/100-paged-review-views.md): writes `rows` with their
 * derived keys (order keys, keys by customer, serial and amount), adds its customers' and numbers' words
 * to the search tables, and moves the feed's view counters by what replacing
 * `previous` with them changes, in the caller's transaction, which must include
 * `reviewRowTables(kind)`. `previous` holds each row as stored now, read in the same transaction (a row
 * it does not hold is new); every write of rows goes through here, so the counters always equal a
 * recount of the rows.
 */
export async function putReviewRows(
  kind: FeedKind,
  rows: readonly ReviewRow[],
  previous: ReadonlyMap<string, ReviewRow>,
): Promise<void> {
  if (rows.length === 0) return;
  // One row an id: should one come twice, the last is what is stored.
  const latest = [...new Map(rows.map((row) => [row.id, row])).values()];
  const moved = latest.filter((row) => {
    const before = previous.get(row.id);
    return !before || !countsAlike(before, row);
  });
  if (latest.some((row) => !previous.has(row.id))) createdGeneration += 1;
  markReviewRowsChanged();
  await Promise.all([
    db.rowsOf(kind).bulkPut(latest.map(withRowKeys)),
    addToSearchTables(db, latest),
    moved.length === 0
      ? null
      : adjustCounters(kind, (views) => {
          for (const row of moved) {
            const before = previous.get(row.id);
            if (before) countRowIn(views, before, -1);
            countRowIn(views, row, 1);
          }
        }),
  ]);
}

/** Forgets every row of the feeds named and their counters (the caller's transaction: `reviewRowTables`). */
export async function clearReviewRows(kinds: readonly FeedKind[]): Promise<void> {
  markReviewRowsChanged();
  createdGeneration += 1;
  await Promise.all([
    ...kinds.map((kind) => db.rowsOf(kind).clear()),
    db.viewCounters.bulkDelete([...kinds]),
  ]);
  // The customers' and numbers' words go with the last feed's rows (while one keeps rows, a word too
  // many costs only a check).
  if (feedKinds.every((kind) => kinds.includes(kind))) await clearSearchTables(db);
}

/** A feed's view counters (no row read). */
export async function readViewCounters(kind: FeedKind): Promise<ViewCounts> {
  return (await db.viewCounters.get(kind))?.views ?? emptyViewCounts();
}

/** The names (as the grids show them; empty when none is stored) of `customerIds`, read once a run. */
async function customerNamesOf(
  customerIds: readonly string[],
  memory: StagingMemory,
): Promise<Map<string, string>> {
  const generation = (await db.meta.get(namesGenerationKey))?.value ?? '';
  if (memory.namesGeneration !== generation) {
    memory.names.clear();
    memory.namesGeneration = generation;
  }
  const unread = [...new Set(customerIds)].filter((id) => !memory.names.has(id));
  const found = await db.customerNames.bulkGet(unread);
  unread.forEach((id, index) => {
    const name = found[index]?.name;
    memory.names.set(id, name ? nameLabel(name) : '');
  });
  return memory.names;
}

/**
 * The document as it was when answered, when this desk saw it: needed to tell what changed once it is
 * pending again (spec, Ack: kept at the answered version).
 */
function ackedSnapshot<D extends FeedDocument>(
  doc: D,
  previous: D | null,
  previousAcked: D | null,
): D | null {
  if (!doc.ack || doc.ack.acked_version === doc.version) return null;
  if (previous && previous.version === doc.ack.acked_version) return previous;
  return previousAcked;
}

function nextStored(item: KindedDocument, previous: StoredDocument | undefined): StoredDocument {
  const base = { id: item.doc.id, version: item.doc.version };
  switch (item.kind) {
    case 'orders':
      return {
        ...base,
        kind: 'orders',
        doc: item.doc,
        answered:
          previous?.kind === 'orders' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'invoices':
      return {
        ...base,
        kind: 'invoices',
        doc: item.doc,
        answered:
          previous?.kind === 'invoices' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'payments':
      return {
        ...base,
        kind: 'payments',
        doc: item.doc,
        answered:
          previous?.kind === 'payments' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'returns':
      return {
        ...base,
        kind: 'returns',
        doc: item.doc,
        answered:
          previous?.kind === 'returns' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
  }
}

/** The answered snapshot of a stored document with its kind. */
export function ackedOf(stored: StoredDocument): KindedDocument | null {
  switch (stored.kind) {
    case 'orders':
      return stored.answered ? { kind: 'orders', doc: stored.answered } : null;
    case 'invoices':
      return stored.answered ? { kind: 'invoices', doc: stored.answered } : null;
    case 'payments':
      return stored.answered ? { kind: 'payments', doc: stored.answered } : null;
    case 'returns':
      return stored.answered ? { kind: 'returns', doc: stored.answered } : null;
  }
}

/**
 * Applies `update` to a stored document, keeping its kind; the stored version follows the document's.
 */
export function mapStored(
  stored: StoredDocument,
  update: <D extends FeedDocument>(doc: D) => D,
): StoredDocument {
  switch (stored.kind) {
    case 'orders': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'invoices': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'payments': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'returns': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
  }
}

/**
 * The grid row of a stored document. A clerk's queued answer stays on the row until the outbox settles
 * it; a failed one stays while the document is still pending, so it can be selected and tried again.
 */
export function rowOf(stored: StoredDocument, previous: ReviewRow | undefined, chunk: string): ReviewRow {
  const doc = stored.doc;
  const review = reviewStateOf(stored);
  // A held ack (changed) stays like a failed one: while the document is pending, for the clerk to
  // answer again or drop.
  const keepAck =
    previous?.answerState === 'queued' ||
    ((previous?.answerState === 'failed' ||
      previous?.answerState === 'elsewhere' ||
      previous?.answerState === 'changed') &&
      review === 'pending');
  return {
    id: doc.id,
    version: doc.version,
    review,
    pendingAgain: isPendingAgain(stored) ? 1 : 0,
    changes: describeChanges(stored, ackedOf(stored)),
    status: doc.status,
    number: documentNumber(stored),
    date: documentDate(stored),
    customer: refLabel(doc.customer),
    customerId: doc.customer.id,
    customerName: previous?.customerName ?? '',
    rep: refLabel(documentRep(stored)),
    currency: doc.currency,
    note: noteOf(stored),
    amountCents: amountToCents(documentAmount(stored)),
    externalNumber: doc.ack?.external_number ?? doc.external_number ?? '',
    answerState: keepAck && previous ? previous.answerState : '',
    answerOutcome: keepAck && previous ? previous.answerOutcome : '',
    answerError: keepAck && previous ? previous.answerError : '',
    chunk,
    seq: documentSeq(stored) ?? 0,
  };
}

/** The chunk each row names, by document id (rows not there are left out). */
export function chunksOf(rows: readonly (ReviewRow | undefined)[]): Map<string, string> {
  return new Map(rows.flatMap((row) => (row ? [[row.id, row.chunk] as const] : [])));
}

/** One short fact of a document for its grid row. Spec, Resources. */
function noteOf(item: KindedDocument): string {
  switch (item.kind) {
    case 'orders':
      return `${item.doc.lines.length} line${item.doc.lines.length === 1 ? '' : 's'}`;
    case 'invoices':
      return `Order ${item.doc.order.number}`;
    case 'payments':
      return item.doc.cheque
        ? `${item.doc.method} ${item.doc.cheque.number} · ${item.doc.cheque.status}`
        : item.doc.method;
    case 'returns':
      return `${item.doc.reason} · invoice ${item.doc.invoice.number}`;
  }
}

/** Code-unit order, as IndexedDB orders string keys. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One document as the service sent it, with its row. */
export async function readDocument(
  kind: FeedKind,
  id: string,
): Promise<{ stored: StoredDocument; row: ReviewRow } | null> {
  const tables = [db.rowsOf(kind), ...storedDocumentTables];
  return db.transaction('r', tables, async () => {
    const row = await db.rowsOf(kind).get(id);
    const [stored] = await readStoredDocuments(kind, [row]);
    return stored && row ? { stored, row } : null;
  });
}

/** Rows by id, in the order asked (missing ones left out). */
export async function readRows(kind: FeedKind, ids: readonly string[]): Promise<ReviewRow[]> {
  const rows = await db.rowsOf(kind).bulkGet([...ids]);
  return rows.filter((row): row is ReviewRow => row !== undefined);
}
