import type { DeskError } from '../../../src-shared/bridge/result';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { desk } from '../../bridge/desk';
import { bindConnection } from '../../data/binding';
import { readCursors } from '../../data/cursors';
import { listBatches } from '../../data/ack-outbox';
import { sendQueuedAcks, type SendOutcome } from '../../sync/send-acks';
import { fillCustomerNames } from '../../sync/name-fill';
import { refreshRecordNames } from '../../sync/record-names';
import type { FeedSyncProgress, SyncRunOutcome } from '../../sync/feed-sync';
import { runSyncPass, type FilledGapNotice, type SeqGapAlarm } from '../../sync/sync-pass';
import type { Scheduler } from '../scheduler';
import type { GetDeskState, SetDeskState } from '../store';

/** The default time between two polls of the feeds (spec, Events: changes are obtained by polling). */
export const defaultPollIntervalMs = 60_000;

/** Feed sync and answer sending as the UI follows them; the documents themselves are in IndexedDB. */
export interface SyncSlice {
  /** The last progress of each feed, this session. */
  syncProgress: Partial<Record<FeedKind, FeedSyncProgress>>;
  isSyncing: boolean;
  /** When every feed was last caught up (ISO), from the stored cursors. */
  lastSyncAt: string | null;
  syncError: DeskError | null;
  /** Null until something was tried; false after the service or the app's host did not answer. */
  isOnline: boolean | null;
  pollIntervalMs: number;
  isPolling: boolean;
  /** Batches of answers waiting in the outbox of the active connection. */
  queuedBatches: number;
  queuedAcks: number;
  lastSend: SendOutcome | null;
  /** Moves whenever staged documents or answers changed: grids reload when it moves. */
  dataVersion: number;
  /** Open seq gaps by feed: the day is not complete while one is open. */
  seqGaps: Partial<Record<FeedKind, SeqGapAlarm>>;
  /** Documents fetched because they were missing from the feed, this session, until dismissed. */
  filledGaps: FilledGapNotice[];
  /** Hides the notice of documents fetched. */
  dismissFilledGaps(): void;
  /** Syncs every feed now (or the ones named), then sends queued answers. */
  syncNow(kinds?: readonly FeedKind[]): Promise<SyncRunOutcome | null>;
  pauseSync(): void;
  cancelSync(): void;
  /** Polls the feeds every `intervalMs` (0 stops polling). */
  setPollInterval(intervalMs: number): void;
  /**
   * Sends the active connection's queued acks, oldest first, each batch checked against its documents
   * as the service holds them now.
   */
  sendAcks(): Promise<SendOutcome | null>;
  /** Reads the outbox's and the cursors' state again. */
  refreshSyncFacts(): Promise<void>;
  /** Marks staged data as changed (grids reload). */
  touchData(): void;
  /**
   * Looks up the names of customers the staged documents name (once each), refreshes the code lists
   * that are stale, and names the products, branches, units and warehouses the documents name, a few a
   * pass (sync/record-names.ts); then reads the names the screens show again when any changed.
   */
  fillNames(): Promise<void>;
  /** Follows the browser's online and offline events; the answer stops following. */
  watchNetwork(): () => void;
}

/** How long queued answers wait before another try when nothing answered (offline, service down). */
export const ackRetryMs = 15_000;

/** The shortest time between two grid reloads while a sync stages pages. */
const gridReloadEveryMs = 3_000;

/** Whether a failure means nothing answered: the service, or the app's own host. */
function isOffline(error: DeskError | null): boolean {
  return error?.code === 'NETWORK_UNREACHABLE';
}

/** The sync feature's part of the store. */
export function createSyncSlice(set: SetDeskState, get: GetDeskState, scheduler: Scheduler): SyncSlice {
  const activeConnectionId = (): string | null => get().connection?.connection?.id ?? null;
  /** The scopes `GET /me` last showed for each connection, kept while a later `GET /me` fails. */
  const scopesSeen = new Map<string, readonly string[]>();
  /**
   * The scopes a sync of the connection goes by: the state's, else those last seen for it (a failed
   * `GET /me` does not widen them), else those of a `GET /me` asked now. Null when none could be read:
   * every feed is then asked, and the service's answers tell.
   */
  const scopesOf = async (connectionId: string): Promise<readonly string[] | null> => {
    const current = (): readonly string[] | undefined => {
      const status = get().connection;
      return status?.connection?.id === connectionId ? status.scopes : undefined;
    };
    let scopes = current();
    if (scopes === undefined && !scopesSeen.has(connectionId)) {
      await get().refreshConnection();
      scopes = current();
    }
    if (scopes !== undefined) scopesSeen.set(connectionId, scopes);
    return scopesSeen.get(connectionId) ?? null;
  };
  const theEngine = () =>
    scheduler.engine(() => ({
      desk,
      // A feed with no cursor yet starts where the active connection starts (decision 090).
      start: () => get().connection?.connection?.start ?? { mode: 'everything' },
      onProgress: (progress) => {
        set((state) => ({ syncProgress: { ...state.syncProgress, [progress.kind]: progress } }));
        // Rows staged: let the grids reload, at most every few seconds during a long first load (each
        // reload reads the whole view), and once more when a feed's run ends.
        const nowMs = Date.now();
        if (
          progress.fetched > 0 &&
          (progress.state !== 'running' || nowMs - scheduler.lastTouchMs >= gridReloadEveryMs)
        ) {
          scheduler.lastTouchMs = nowMs;
          get().touchData();
        }
      },
    }));
  return {
    syncProgress: {},
    isSyncing: false,
    lastSyncAt: null,
    syncError: null,
    isOnline: null,
    pollIntervalMs: defaultPollIntervalMs,
    isPolling: false,
    queuedBatches: 0,
    queuedAcks: 0,
    lastSend: null,
    dataVersion: 0,
    seqGaps: {},
    filledGaps: [],
    dismissFilledGaps() {
      set({ filledGaps: [] });
    },
    async syncNow(kinds = feedKinds) {
      const connectionId = activeConnectionId();
      if (connectionId === null) return null;
      if (await bindConnection(connectionId)) {
        // Another connection's store was dropped: so are its gaps, what was fetched for it and what its
        // last send said.
        set({ seqGaps: {}, filledGaps: [], lastSend: null });
        get().touchData();
      }
      // The names kept for this connection are shown from the start, offline too (a few table reads).
      if (get().names.connectionId !== connectionId) await get().loadNames();
      // Only the feeds the client may read (spec, Authentication: scopes); the rest would answer 403.
      const scopes = await scopesOf(connectionId);
      if (activeConnectionId() !== connectionId) return null;
      const readable = scopes ? kinds.filter((kind) => scopes.includes(`${kind}:read`)) : kinds;
      set({ isSyncing: true, syncError: null });
      const { outcome, error, isOvertaken } = await runSyncPass(readable, connectionId, {
        desk,
        engine: theEngine(),
        join: (key, work) => scheduler.join(key, work),
        isCurrent: () => activeConnectionId() === connectionId,
        onStaged: () => get().touchData(),
        onSeqGap: (kind, alarm) =>
          set((state) => {
            const seqGaps = { ...state.seqGaps };
            if (alarm) seqGaps[kind] = alarm;
            else delete seqGaps[kind];
            return { seqGaps };
          }),
        onFilled: (filled) => set((state) => ({ filledGaps: [...state.filledGaps, ...filled] })),
        // Acks being sent, or queued and not stopped by a failure (offline, a refused token): the
        // clerk's work, which the check of answers made elsewhere leaves the rate window to.
        isAckWaiting: () =>
          scheduler.isRunning(`acks:${connectionId}`) ||
          (get().queuedBatches > 0 && !get().lastSend?.stoppedBy),
      });
      // Another connection became active meanwhile: its own sync owns the state from here.
      if (isOvertaken) return outcome;
      set({ isSyncing: false, syncError: error, isOnline: !isOffline(error) });
      await get().refreshSyncFacts();
      if (!error) {
        await get().sendAcks();
        void get().fillNames();
      }
      return outcome;
    },
    pauseSync() {
      theEngine().pause();
    },
    cancelSync() {
      theEngine().cancel();
      scheduler.stopPolling();
      set({ isPolling: false });
    },
    setPollInterval(intervalMs) {
      set({ pollIntervalMs: intervalMs, isPolling: intervalMs > 0 });
      // Sync now, then again `intervalMs` after each run ends (spec, Events: changes are obtained by
      // polling the feeds).
      scheduler.startPolling(intervalMs, () => get().syncNow());
    },
    async sendAcks() {
      const connectionId = activeConnectionId();
      if (connectionId === null) return null;
      const outcome = await scheduler.join(`acks:${connectionId}`, () =>
        sendQueuedAcks({ desk, connectionId }),
      );
      const isOnline = outcome.stoppedBy
        ? !isOffline(outcome.stoppedBy)
        : outcome.batchesSent > 0
          ? true
          : get().isOnline;
      // A pass with nothing to send (a poll's, a retry's after the answers went) keeps what the last send
      // said: "not sent, already answered elsewhere" stays until the clerk's next answers are sent.
      const isAnythingDone =
        outcome.batchesSent + outcome.batchesFailed + outcome.held + outcome.elsewhere + outcome.applied > 0;
      const isIdle = outcome.stoppedBy === null && !isAnythingDone;
      set((state) => ({
        lastSend: isIdle && state.lastSend ? { ...state.lastSend, stoppedBy: null } : outcome,
        isOnline,
      }));
      // Nothing answered: try again by itself a little later (polling and the browser's online event
      // also send), so answers go out when the connection returns without anyone pressing a button.
      if (outcome.stoppedBy) scheduler.retryAcksLater(ackRetryMs, () => void get().sendAcks());
      await get().refreshSyncFacts();
      if (isAnythingDone) get().touchData();
      return outcome;
    },
    async refreshSyncFacts() {
      const connectionId = activeConnectionId();
      const [cursors, queued] = await Promise.all([
        readCursors(),
        connectionId === null ? Promise.resolve([]) : listBatches(connectionId, 'queued'),
      ]);
      const caughtUp = cursors.map((cursor) => cursor.caughtUpAt).filter((at): at is string => at !== null);
      set({
        lastSyncAt: caughtUp.length > 0 ? (caughtUp.sort().at(-1) ?? null) : null,
        queuedBatches: queued.length,
        queuedAcks: queued.reduce((sum, batch) => sum + batch.items.length, 0),
      });
    },
    touchData() {
      set((state) => ({ dataVersion: state.dataVersion + 1 }));
    },
    async fillNames() {
      const connectionId = activeConnectionId();
      if (connectionId === null || scheduler.isFillingNames) return;
      scheduler.isFillingNames = true;
      try {
        let isChanged = false;
        if (!scheduler.areNamesRefused) {
          const outcome = await fillCustomerNames(desk);
          // Nothing answered: the other names would not be answered either.
          if (isOffline(outcome.error)) return;
          // A client without a customers scope keeps showing codes; do not ask again this session.
          if (outcome.error) scheduler.areNamesRefused = true;
          if (outcome.stored > 0) {
            get().touchData();
            isChanged = true;
          }
        }
        const isCurrent = (): boolean => activeConnectionId() === connectionId;
        const status = get().connection;
        const refused = (entity: string): string => `${connectionId}:${entity}`;
        const records = await refreshRecordNames(desk, {
          connectionId,
          scopes: status?.connection?.id === connectionId ? (status.scopes ?? null) : null,
          session: {
            isRefused: (entity) => scheduler.refusedNameEntities.has(refused(entity)),
            refuse: (entity) => scheduler.refusedNameEntities.add(refused(entity)),
          },
          isCurrent,
        });
        if (records.lists + records.records > 0) isChanged = true;
        if (isCurrent() && (isChanged || get().names.connectionId !== connectionId)) await get().loadNames();
      } finally {
        scheduler.isFillingNames = false;
      }
    },
    watchNetwork() {
      const onOnline = (): void => {
        set({ isOnline: true });
        void get().sendAcks();
      };
      const onOffline = (): void => set({ isOnline: false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}
