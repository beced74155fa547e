import type { AckDraft } from '../../../src-shared/domain/acks';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewView } from '../../data/documents';
import { dropHeldAcks } from '../../data/ack-outbox';
import { queueAcks, type DraftProblem } from '../../sync/send-acks';
import type { GetDeskState, SetDeskState } from '../store';

/** What a review grid shows: its view, quick filter and the document opened in the panel. */
export interface ReviewGridState {
  view: ReviewView;
  quickFilter: string;
  /** The document shown in the detail panel. */
  detailId: string | null;
}

/** What answering did, for the clerk. */
export type AckQueueOutcome =
  { ok: true; queued: number } | { ok: false; problems: DraftProblem[]; message: string };

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
  /** Drops held acks (changed since answered) of these documents; answers how many were dropped. */
  dropHeld(kind: FeedKind, ids: readonly string[]): Promise<number>;
}

const initialGrid: ReviewGridState = { view: 'pending', quickFilter: '', detailId: null };

/** The review feature's part of the store. */
export function createReviewSlice(set: SetDeskState, get: GetDeskState): ReviewSlice {
  const update = (kind: FeedKind, patch: Partial<ReviewGridState>): void =>
    set((state) => ({
      reviewGrids: { ...state.reviewGrids, [kind]: { ...state.reviewGrids[kind], ...patch } },
    }));
  return {
    reviewGrids: { orders: initialGrid, invoices: initialGrid, payments: initialGrid, returns: initialGrid },
    setReviewView: (kind, view) => update(kind, { view }),
    setQuickFilter: (kind, quickFilter) => update(kind, { quickFilter }),
    openDetail: (kind, detailId) => update(kind, { detailId }),
    async ack(kind, drafts) {
      const connectionId = get().connection?.connection?.id ?? null;
      if (connectionId === null) {
        return {
          ok: false,
          problems: [],
          message: 'No connection yet. Add the service address and token in Connections, then answer.',
        };
      }
      const outcome = await queueAcks({ connectionId, kind, drafts });
      if (!outcome.ok)
        return {
          ok: false,
          problems: outcome.problems,
          message: `${outcome.problems.length} answer(s) need fixing first.`,
        };
      get().touchData();
      await get().refreshSyncFacts();
      void get().sendAcks();
      return { ok: true, queued: drafts.length };
    },
    async dropHeld(kind, ids) {
      const dropped = await dropHeldAcks(kind, ids);
      if (dropped > 0) get().touchData();
      return dropped;
    },
  };
}
