/**
 * Staging: writes what the service sent into the store, each page's documents, their grid rows and the
 * feed's cursor in one IndexedDB transaction, so that a crash mid-sync neither skips nor repeats a
 * document. Pages of a feed (`stageFeedPage`), documents read by id (`stageCurrentDocuments`) and
 * documents fetched by seq to fill a gap (`stageSeqDocuments`).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents (feeds resumed by
 * `filter[version_after]`) and States and transitions (pending rules, in src-shared/domain/review.ts).
 */
import type { AnyFeedPage, FeedPageOf, KindedDocument } from '../../src-shared/domain/feeds';
import {
  kindedItems,
  cursorAfterPage,
  isIssuedSince,
  documentNumber,
  documentSeq,
  toVersionCursor,
  type VersionCursor,
} from '../../src-shared/domain/feeds';
import type { FeedKind } from '../../src-shared/wire';
import { nameLabel } from '../../src-shared/domain/names';
import {
  addSeqs,
  emptySeqLedger,
  isInRanges,
  lowerFrom,
  type FilledGap,
  type SeqLedger,
} from '../../src-shared/domain/seq-ledger';
import { readCursor } from './cursors';
import { db } from './db';
import { KnownStored } from './known-stored';
import { nextStored } from './document-versions';
import { namesGenerationKey } from './names';
import type { FeedCursorRow, ReviewRow, StoredDocument } from './rows';
import { chunksOf, rowOf } from './review-rows/projection';
import { putReviewRows, reviewRowTables, rowsCreated } from './review-rows/writer';
import { readStoredDocuments, storedDocumentTables, writeStoredDocuments } from './stored-documents';

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
 * - `known`: the records, customers' search keys and number words seen stored (known-stored.ts), so a
 *   page reads back only those it names anew.
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
  readonly known = new KnownStored();
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
  memory.known.begin();
  const staged = db.transaction('rw', tables, async () => {
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
      putDocumentsAndRows(
        kind,
        docs,
        previousRows,
        (stored) => nameOf.get(stored.doc.customer.id) ?? '',
        memory.known,
      ),
      db.cursors.put(cursor),
    ]);
    for (const doc of docs) known?.add(doc.id);
    memory.idsAt = rowsCreated();
    memory.pages += 1;
    return { written: docs.length, cursor };
  });
  try {
    const result = await staged;
    memory.known.commit();
    return result;
  } catch (error) {
    memory.known.discard();
    throw error;
  }
}

/** A page with only the documents whose ids `keep` keeps, its kind and meta as they were. */
export function pageOf<K extends FeedKind>(
  page: FeedPageOf<K>,
  keep: (id: string) => boolean,
): FeedPageOf<K> {
  return { ...page, data: page.data.filter((doc) => keep(doc.id)) };
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
 * document went to); `nameOf` gives each row's customer name; `known`, a sync run's memory of the small
 * tables. Answers when both are written.
 */
function putDocumentsAndRows(
  kind: FeedKind,
  docs: StoredDocument[],
  previousRows: ReadonlyArray<ReviewRow | undefined>,
  nameOf: (stored: StoredDocument, previous: ReviewRow | undefined) => string,
  known?: KnownStored,
): Promise<unknown> {
  const previousRowOf = new Map<string, ReviewRow>();
  for (const row of previousRows) if (row) previousRowOf.set(row.id, row);
  const { chunkOf, written } = writeStoredDocuments(kind, docs, chunksOf(previousRows), false, known);
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
      known,
    ),
  ]);
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
