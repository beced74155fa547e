/**
 * The sync engine: pulls each feed by `filter[version_after]` in pages of 500 through the bridge,
 * stages each page with its cursor in one IndexedDB transaction, and loops while `has_more`.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents (the version cursor,
 * `meta.next_version_after`, `meta.has_more`, `meta.high_water`). Polling (spec, Events: no webhooks
 * in v1) is the store's: state/slices/sync-slice.ts. It depends on a DeskApi-shaped bridge only, so tests run
 * it against a real core and sandbox.
 *
 * While a page is staged the next one is already asked for (one page ahead, never more), so the
 * service's answer and the local write overlap; a page is still staged only after the one before it,
 * with the cursor that page left.
 *
 * Pausing or cancelling takes effect between pages: a page in flight is either staged whole with its
 * cursor, or not at all (a page asked for ahead is then dropped), so a run can be stopped (or the app
 * closed) at any moment without losing or duplicating a document.
 */
import type { DeskApi, FeedPullRequest, StartPoint } from '../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../src-shared/bridge/result';
import {
  cursorAfterPage,
  estimateProgress,
  feedPageSize,
  toVersionCursor,
  type AnyFeedPage,
} from '../../src-shared/domain/feeds';
import { feedKinds, type FeedKind } from '../../src-shared/wire';
import type { FeedCursor } from '../../src-shared/wire';
import { CursorMovedError, stageFeedPage, StagingMemory } from '../data/staging';
import { storageDeskError } from '../data/storage-problem';
import { ensureStartCursor, hasCursor, readCursor } from '../data/cursors';

/** Where one feed's run stands. */
export type FeedRunState = 'running' | 'done' | 'paused' | 'cancelled' | 'failed';

/** Progress of one feed's run, told after every page. */
export interface FeedSyncProgress {
  kind: FeedKind;
  state: FeedRunState;
  /** Documents staged by this run. */
  fetched: number;
  pages: number;
  /** 0..1 of the version span to `high_water`. */
  fraction: number;
  /** Documents this run will likely stage in all, from `high_water` (null until known). */
  estimatedTotal: number | null;
  error: DeskError | null;
}

/**
 * What the engine needs: the bridge's `feeds.pull` (and `feeds.cursor` for a start from now that was
 * not pinned for a feed), a clock, and somewhere to tell progress.
 */
export interface SyncEngineOptions {
  desk: { feeds: Pick<DeskApi['feeds'], 'pull'> & Partial<Pick<DeskApi['feeds'], 'cursor'>> };
  /**
   * Where a feed with no cursor yet starts: the active connection's start
   * (docs/decisions/090-where-to-start.md); everything when absent.
   */
  start?: () => StartPoint;
  now?: () => Date;
  onProgress?: (progress: FeedSyncProgress) => void;
  /** Documents per page (spec, Limits: at most 500). */
  perPage?: number;
  /** Lets the UI breathe between pages (a macrotask); tests may pass an immediate one. */
  yieldToUi?: () => Promise<void>;
}

/** How a run of several feeds ended. */
export interface SyncRunOutcome {
  feeds: FeedSyncProgress[];
  /** The first failure, if any (the other feeds were still tried). */
  error: DeskError | null;
}

function yieldMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Pulls and stages feeds. One run at a time: a second `syncAll` while one runs joins it.
 */
export class SyncEngine {
  readonly #options: SyncEngineOptions;
  #run: Promise<SyncRunOutcome> | null = null;
  #pauseRequested = false;
  #cancelRequested = false;
  /** The connection the run's store is bound to: every page asked for names it (bridge: feeds.pull). */
  #connectionId: string | undefined = undefined;
  /** The connection and feeds of the run in progress: a call asking for the same joins it. */
  #runKey = '';

  constructor(options: SyncEngineOptions) {
    this.#options = options;
  }

  /** Whether a run is in progress. */
  get isRunning(): boolean {
    return this.#run !== null;
  }

  /**
   * Syncs the feeds in turn until each is caught up (or the run is paused or cancelled). Never
   * throws: a failure is in the outcome, and the feed resumes from its last staged page next time.
   * A run in progress of the same feeds for the same connection is joined, unless it is stopping;
   * otherwise a new run starts once it has ended, so no caller is handed the outcome of feeds it did
   * not ask for (another connection's, or one its client may not read).
   * `connectionId` names the connection the store is bound to: should another become active
   * meanwhile, the core refuses the run's next page rather than answer it from the other company.
   */
  async syncAll(kinds: readonly FeedKind[] = feedKinds, connectionId?: string): Promise<SyncRunOutcome> {
    const key = `${connectionId ?? ''}|${kinds.join(',')}`;
    while (this.#run) {
      if (!this.#pauseRequested && !this.#cancelRequested && this.#runKey === key) return this.#run;
      await this.#run;
    }
    this.#pauseRequested = false;
    this.#cancelRequested = false;
    this.#connectionId = connectionId;
    this.#runKey = key;
    const run = this.#runFeeds(kinds).finally(() => {
      this.#run = null;
    });
    this.#run = run;
    return run;
  }

  /** Stops the run after the page in flight; `syncAll` later resumes from the staged cursors. */
  pause(): void {
    if (this.#run) this.#pauseRequested = true;
  }

  /** Stops the run after the page in flight. */
  cancel(): void {
    if (this.#run) this.#cancelRequested = true;
  }

  async #runFeeds(kinds: readonly FeedKind[]): Promise<SyncRunOutcome> {
    const feeds: FeedSyncProgress[] = [];
    let error: DeskError | null = null;
    for (const kind of kinds) {
      const progress = await this.#syncFeed(kind);
      feeds.push(progress);
      error ??= progress.error;
      if (progress.state === 'paused' || progress.state === 'cancelled') break;
      // Offline: the other feeds would fail the same way.
      if (progress.error?.code === 'NETWORK_UNREACHABLE') break;
    }
    return { feeds, error };
  }

  async #syncFeed(kind: FeedKind): Promise<FeedSyncProgress> {
    const perPage = this.#options.perPage ?? feedPageSize;
    const now = this.#options.now ?? (() => new Date());
    const yieldToUi = this.#options.yieldToUi ?? yieldMacrotask;
    const progress: FeedSyncProgress = {
      kind,
      state: 'running',
      fetched: 0,
      pages: 0,
      fraction: 0,
      estimatedTotal: null,
      error: null,
    };
    const tell = (): void => this.#options.onProgress?.({ ...progress });
    tell();
    const started = await this.#startCursor(kind);
    if (!started.ok) {
      progress.error = started.error;
      return this.#finish(progress, 'failed', tell);
    }
    const startedAfter = started.value.versionAfter;
    const startDate = started.value.startDate;
    const memory = new StagingMemory();
    const pull = (versionAfter: number): Promise<Result<AnyFeedPage>> => {
      const request: FeedPullRequest = { versionAfter, perPage };
      if (this.#connectionId !== undefined) request.connectionId = this.#connectionId;
      // A start from a date: the first page from the day's first change (spec, Pull documents:
      // `filter[updated_after]`, not with a cursor), then by version.
      if (versionAfter === 0 && startDate !== undefined) request.updatedAfter = `${startDate}T00:00:00Z`;
      return this.#options.desk.feeds.pull(kind, request);
    };
    // The next page, asked for while this one is staged (null: ask when it is needed).
    let next: { versionAfter: number; result: Promise<Result<AnyFeedPage>> } | null = null;
    for (;;) {
      if (this.#cancelRequested) return this.#finish(progress, 'cancelled', tell);
      if (this.#pauseRequested) return this.#finish(progress, 'paused', tell);
      const cursor = await readCursor(kind);
      const result =
        next?.versionAfter === cursor.versionAfter ? await next.result : await pull(cursor.versionAfter);
      next = null;
      if (!result.ok) {
        progress.error = result.error;
        return this.#finish(progress, 'failed', tell);
      }
      const page = result.value;
      if (page.kind !== kind) {
        progress.error = {
          code: 'WIRE_MISMATCH',
          message: `Asked for ${kind}, the core answered ${page.kind}.`,
          retryable: false,
        };
        return this.#finish(progress, 'failed', tell);
      }
      // Ask for the page after this one now, so that the service answers while this one is written.
      // Only a page that moves the cursor has a next one; if staging fails the answer is not used.
      const expected = cursorAfterPage(toVersionCursor(cursor.versionAfter), page);
      if (page.meta.has_more && expected > cursor.versionAfter) {
        const result = pull(expected);
        // Handled here too: a run that stops before it needs the page must not leave a rejection unheard.
        result.catch(() => undefined);
        next = { versionAfter: expected, result };
      }
      let staged;
      try {
        staged = await stageFeedPage(page, toVersionCursor(cursor.versionAfter), now().toISOString(), memory);
      } catch (thrown) {
        // The page was not staged (one transaction): the next sync reads it again from the same cursor.
        const stored = thrown instanceof CursorMovedError ? null : await storageDeskError(thrown);
        progress.error = stored ?? {
          code: thrown instanceof CursorMovedError ? 'CURSOR_MOVED' : 'INTERNAL',
          message: thrown instanceof Error ? thrown.message : String(thrown),
          retryable: true,
        };
        return this.#finish(progress, 'failed', tell);
      }
      progress.fetched += staged.written;
      progress.pages += 1;
      const estimate = estimateProgress({
        startedAfter,
        cursor: staged.cursor.versionAfter,
        highWater: page.meta.high_water,
        fetched: progress.fetched,
        hasMore: page.meta.has_more,
      });
      progress.fraction = estimate.fraction;
      progress.estimatedTotal = estimate.estimatedTotal;
      if (!page.meta.has_more) return this.#finish(progress, 'done', tell);
      // A page that says "more" but does not move the cursor would loop for ever.
      if (staged.cursor.versionAfter <= cursor.versionAfter) {
        progress.error = {
          code: 'WIRE_MISMATCH',
          message: `The ${kind} feed said there is more but did not move past version ${cursor.versionAfter}.`,
          retryable: false,
        };
        return this.#finish(progress, 'failed', tell);
      }
      tell();
      await yieldToUi();
    }
  }

  /**
   * The feed's cursor, written from the connection's start when the feed has none yet (a new
   * connection, or a store cleared for another one). A start from now with no cursor pinned for this
   * feed asks the service's cursor now.
   */
  async #startCursor(kind: FeedKind): Promise<Result<{ versionAfter: number; startDate?: string }>> {
    const start = this.#options.start?.() ?? { mode: 'everything' };
    let pinned: FeedCursor | null = start.mode === 'now' ? (start.cursors[kind] ?? null) : null;
    if (start.mode === 'now' && pinned === null && !(await hasCursor(kind))) {
      const asked = await this.#options.desk.feeds.cursor?.(kind);
      if (asked && !asked.ok) return asked;
      pinned = asked?.value ?? null;
    }
    const cursor = await ensureStartCursor(kind, start, pinned);
    return {
      ok: true,
      value: {
        versionAfter: cursor.versionAfter,
        ...(cursor.startDate !== undefined ? { startDate: cursor.startDate } : {}),
      },
    };
  }

  #finish(progress: FeedSyncProgress, state: FeedRunState, tell: () => void): FeedSyncProgress {
    progress.state = state;
    tell();
    return { ...progress };
  }
}
