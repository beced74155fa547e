import {
  checkAck,
  maxAckBatchItems,
  toAckItem,
  type AckCheck,
  type AckDraft,
} from '../../../src-shared/domain/acks';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import type { ReviewView } from '../../data/review-rows/keys';
import { dropHeldAcks, queueAckPage } from '../../data/ack-outbox';
import { storageProblemOf, type StorageProblem } from '../../data/storage-problem';
import { forEachReviewPage, heldRowsOf } from '../../data/review-rows/pages';
import type { ReviewQuery } from '../../data/review-rows/query';
import { queueAcks, type DraftProblem } from '../../sync/send-acks';
import type { GetDeskState, SetDeskState } from '../store';

/** What a review grid shows: its view, quick filter and the document opened in the panel. */
export interface ReviewGridState {
  view: ReviewView;
  quickFilter: string;
  /** The document shown in the detail panel. */
  detailId: string | null;
}

/**
 * Why nothing was queued, for the screen to say in the clerk's language: no connection yet, or `count`
 * answers to fix, the first of them (when known) `first`.
 */
export type AckRefusal =
  | { code: 'no-connection' }
  | { code: 'needs-fixing'; count: number; first: AckCheck | null }
  /** The store refused to write (data/storage-problem.ts); `queued`: answers queued before it did. */
  | { code: 'storage'; problem: StorageProblem; queued: number }
  /**
   * The view's documents to answer are no longer those a number series numbered: `added` came into it,
   * `gone` left it (answered elsewhere, queued, or changed) since.
   */
  | { code: 'view-changed'; added: number; gone: number };

/** What answering did, for the clerk. */
export type AckQueueOutcome =
  { ok: true; queued: number } | { ok: false; problems: DraftProblem[]; refusal: AckRefusal };

/** How far the answers to a whole view have been queued. */
export interface ViewAckProgress {
  /** Documents whose answer this walk queued. */
  queued: number;
  /** Documents left out because their answer was already queued. */
  alreadyQueued: number;
  /** Documents walked so far (queued, left out, or unticked). */
  walked: number;
}

/** What answering a whole view did, for the clerk. */
export type ViewAckOutcome =
  | ({ ok: true; isStopped: boolean } & ViewAckProgress)
  | { ok: false; problems: DraftProblem[]; refusal: AckRefusal };

/** An answer to every row of a query (a select all), less the rows unticked since. */
export interface ViewAckInput {
  query: ReviewQuery;
  except: ReadonlySet<string>;
  /** The answer to one row. */
  draftOf: (row: ReviewRow) => AckDraft;
  onProgress?: (progress: ViewAckProgress) => void;
  /** Asked before each page: true stops the walk, what was queued stays queued. */
  shouldStop?: () => boolean;
  /**
   * The documents a number series numbered (docs/decisions/109-erp-number-series.md): only these are
   * answered, and nothing is when the view's documents to answer are no longer exactly these.
   */
  numbered?: ReadonlySet<string>;
}

/** The documents answering a whole view would queue, in the view's order (the grid's sort). */
export interface ViewRowsToAck {
  /** Their ids, in order; empty when there are more than the walk's `max` (`isOver`). */
  ids: string[];
  /** The first of them whole, for a dialog to show (at most the walk's `shown`). */
  first: ReviewRow[];
  /** There are more than `max`: the walk stopped and listed none. */
  isOver: boolean;
}

/** Whether answering a whole view answers this row: not unticked, and its answer not queued already. */
function isAckedInView(row: ReviewRow, except: ReadonlySet<string>): boolean {
  return !except.has(row.id) && row.answerState !== 'queued';
}

/** The review grids' UI state (documents stay in IndexedDB). */
export interface ReviewSlice {
  reviewGrids: Record<FeedKind, ReviewGridState>;
  setReviewView(kind: FeedKind, view: ReviewView): void;
  setQuickFilter(kind: FeedKind, text: string): void;
  openDetail(kind: FeedKind, id: string | null): void;
  /**
   * Queues acks (accept with ERP numbers, or reject with a reason) in the ack outbox and sends what
   * is queued.
   */
  ack(kind: FeedKind, drafts: readonly AckDraft[]): Promise<AckQueueOutcome>;
  /**
   * Queues the answers to every row of a query less `except`, walking it a page (at most 500, one
   * batch) at a time so the view is never held in memory: every answer is checked first (nothing is
   * queued while one needs fixing), then each page is stored as a batch before anything is sent. A
   * document already queued is left out, so a walk stopped and run again queues nothing twice.
   */
  ackView(kind: FeedKind, input: ViewAckInput): Promise<ViewAckOutcome>;
  /**
   * The documents `ackView` would answer in a query less `except`, in order (a page at a time): a
   * number series numbers them before anything is queued. At most `max` are listed.
   */
  rowsToAck(
    query: ReviewQuery,
    except: ReadonlySet<string>,
    limits: { shown: number; max: number },
  ): Promise<ViewRowsToAck>;
  /** Drops held acks (changed since answered) of these documents; answers how many were dropped. */
  dropHeld(kind: FeedKind, ids: readonly string[]): Promise<number>;
  /** Drops the held acks of every row of a query less `except`, a page at a time; answers how many. */
  dropHeldInView(query: ReviewQuery, except: ReadonlySet<string>): Promise<number>;
}

/** Problems listed by name at most, the rest counted. */
const maxProblemsListed = 200;

const initialGrid: ReviewGridState = { view: 'pending', quickFilter: '', detailId: null };

/** The review feature's part of the store. */
export function createReviewSlice(set: SetDeskState, get: GetDeskState): ReviewSlice {
  const update = (kind: FeedKind, patch: Partial<ReviewGridState>): void =>
    set((state) => ({
      reviewGrids: { ...state.reviewGrids, [kind]: { ...state.reviewGrids[kind], ...patch } },
    }));
  /** Why nothing can be answered before a connection is added. */
  const noConnection = (): { ok: false; problems: DraftProblem[]; refusal: AckRefusal } => ({
    ok: false,
    problems: [],
    refusal: { code: 'no-connection' },
  });
  /** The store's refusal as an outcome; an error that is no storage problem (a bug) is thrown on. */
  const storageRefusal = async (
    error: unknown,
    queued: number,
  ): Promise<{ ok: false; problems: DraftProblem[]; refusal: AckRefusal }> => {
    const problem = await storageProblemOf(error);
    if (problem === null) throw error;
    return { ok: false, problems: [], refusal: { code: 'storage', problem, queued } };
  };
  return {
    reviewGrids: { orders: initialGrid, invoices: initialGrid, payments: initialGrid, returns: initialGrid },
    setReviewView: (kind, view) => update(kind, { view }),
    setQuickFilter: (kind, quickFilter) => update(kind, { quickFilter }),
    openDetail: (kind, detailId) => update(kind, { detailId }),
    async ack(kind, drafts) {
      const connectionId = get().connection?.connection?.id ?? null;
      if (connectionId === null) return noConnection();
      let outcome: Awaited<ReturnType<typeof queueAcks>>;
      try {
        outcome = await queueAcks({ connectionId, kind, drafts });
      } catch (error) {
        // One transaction: nothing of it was queued.
        return storageRefusal(error, 0);
      }
      if (!outcome.ok)
        return {
          ok: false,
          problems: outcome.problems,
          refusal: { code: 'needs-fixing', count: outcome.problems.length, first: null },
        };
      get().touchData();
      await get().refreshSyncFacts();
      void get().sendAcks();
      return { ok: true, queued: drafts.length };
    },
    async ackView(kind, input) {
      const connectionId = get().connection?.connection?.id ?? null;
      if (connectionId === null) return noConnection();
      const { numbered } = input;
      // Every answer is checked before any is queued, as for rows picked one by one.
      const problems: DraftProblem[] = [];
      let problemCount = 0;
      // With a number series: the view's documents to answer that it did not number, and those it did.
      let added = 0;
      let stillThere = 0;
      await forEachReviewPage(
        input.query,
        (rows) => {
          for (const row of rows.filter((row) => isAckedInView(row, input.except))) {
            if (numbered && !numbered.has(row.id)) {
              added += 1;
              continue;
            }
            if (numbered) stillThere += 1;
            const problem = checkAck(kind, input.draftOf(row));
            if (problem === null) continue;
            problemCount += 1;
            if (problems.length < maxProblemsListed) problems.push({ id: row.id, problem });
          }
        },
        maxAckBatchItems,
      );
      if (numbered && (added > 0 || stillThere < numbered.size))
        return {
          ok: false,
          problems: [],
          refusal: { code: 'view-changed', added, gone: numbered.size - stillThere },
        };
      if (problemCount > 0)
        return {
          ok: false,
          problems,
          refusal: { code: 'needs-fixing', count: problemCount, first: problems[0]?.problem ?? null },
        };
      const progress: ViewAckProgress = { queued: 0, alreadyQueued: 0, walked: 0 };
      let isStopped = false;
      const nowIso = new Date().toISOString();
      const queueing = forEachReviewPage(
        input.query,
        async (rows) => {
          if (input.shouldStop?.()) {
            isStopped = true;
            return false;
          }
          const items = rows
            .filter((row) => !input.except.has(row.id) && (!numbered || numbered.has(row.id)))
            .map((row) => toAckItem(input.draftOf(row)));
          const { batches, alreadyQueued } = await queueAckPage({
            connectionId,
            kind,
            items,
            nowIso,
            newId: () => crypto.randomUUID(),
          });
          progress.queued += batches.reduce((sum, batch) => sum + batch.items.length, 0);
          progress.alreadyQueued += alreadyQueued.length;
          progress.walked += rows.length;
          input.onProgress?.({ ...progress });
          return true;
        },
        maxAckBatchItems,
      );
      let refused: unknown = null;
      // Each page is one transaction: the pages before a refused one stay queued, whole.
      await queueing.catch((error: unknown) => (refused = error ?? new Error('refused')));
      // Sent once the walk is over: a document answered while the walk reads its view would move
      // the view under it.
      get().touchData();
      await get().refreshSyncFacts();
      void get().sendAcks();
      if (refused !== null) return storageRefusal(refused, progress.queued);
      return { ok: true, isStopped, ...progress };
    },
    async rowsToAck(query, except, { shown, max }) {
      const listed: ViewRowsToAck = { ids: [], first: [], isOver: false };
      await forEachReviewPage(
        query,
        (rows) => {
          for (const row of rows) {
            if (!isAckedInView(row, except)) continue;
            if (listed.ids.length === max) {
              listed.isOver = true;
              return false;
            }
            listed.ids.push(row.id);
            if (listed.first.length < shown) listed.first.push(row);
          }
          return true;
        },
        maxAckBatchItems,
      );
      return listed.isOver ? { ids: [], first: [], isOver: true } : listed;
    },
    async dropHeldInView(query, except) {
      // The held answers of the view, through their own key (they are few): no walk of the view.
      const held = (await heldRowsOf(query, 'changed')).filter((row) => !except.has(row.id));
      const dropped =
        held.length === 0
          ? 0
          : await dropHeldAcks(
              query.kind,
              held.map((row) => row.id),
            );
      if (dropped > 0) get().touchData();
      return dropped;
    },
    async dropHeld(kind, ids) {
      const dropped = await dropHeldAcks(kind, ids);
      if (dropped > 0) get().touchData();
      return dropped;
    },
  };
}
