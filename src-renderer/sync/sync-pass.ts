/**
 * A sync pass, as the store's sync slice runs it (state/slices/sync-slice.ts holds only what the UI
 * shows of it): the feeds through the sync engine (feed-sync.ts), then, for the feeds that finished,
 * the acks made elsewhere (acked-elsewhere.ts) and the seq gaps of issued feeds (seq-gaps.ts). The
 * slice then sends queued acks (send-acks.ts) and fills names: customers' (name-fill.ts), then code
 * lists and the records documents name (record-names.ts).
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import type { FilledGap } from '../../src-shared/domain/seq-ledger';
import type { FeedKind } from '../../src-shared/wire';
import { refreshAckedElsewhere } from './acked-elsewhere';
import { pullingFor } from './connection-pulls';
import type { SyncEngine, SyncRunOutcome } from './feed-sync';
import { checkSeqGaps, issuedKinds, type OpenSeqGap } from './seq-gaps';

/**
 * A feed's seq gap as the sync bar shows it (docs/decisions/091-seq-gaps.md): found and being fetched,
 * or still open after the fetch failed (`error`) or did not bring every seq.
 */
export interface SeqGapAlarm {
  gap: OpenSeqGap;
  isFetching: boolean;
  error: DeskError | null;
}

/** A document that was missing from its feed and has been fetched, with its feed. */
export type FilledGapNotice = FilledGap & { kind: FeedKind };

/** Runs one piece of work per key at a time: a second call with the same key joins the first. */
type Join = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** What a pass needs: the bridge, the store's engine and runner, and who is told what the pass found. */
export interface SyncPassOptions {
  desk: Pick<DeskApi, 'feeds'>;
  engine: SyncEngine;
  join: Join;
  /** False once another connection became active: its own sync owns the state from then. */
  isCurrent: () => boolean;
  /** Staged documents changed (the grids reload). */
  onStaged: () => void;
  /** A feed's seq gap was found, is still open (an alarm), or is closed (null). */
  onSeqGap: (kind: FeedKind, alarm: SeqGapAlarm | null) => void;
  /** Documents missing from a feed were fetched. */
  onFilled: (filled: FilledGapNotice[]) => void;
  /**
   * Whether the clerk's queued acks wait to go: the check of answers made elsewhere then gives the
   * rate window way (acked-elsewhere.ts). Never, when not given.
   */
  isAckWaiting?: () => boolean;
}

/** How a pass ended: the engine's outcome, and the pass's first failure. */
export interface SyncPass {
  outcome: SyncRunOutcome;
  error: DeskError | null;
  /** Another connection became active while the feeds synced: nothing after them was done. */
  isOvertaken: boolean;
}

/**
 * Failures after which no further call of this connection can be answered now: nothing answered, the
 * token or the company refused (spec, Errors: 401 and `IP_NOT_ALLOWED`), the rate window spent, or the
 * connection itself gone. After any other failure of one feed (a 503 that outlasted its retries, a page
 * the interface does not allow) the feeds that did finish are still checked.
 */
const stopsEveryCall: ReadonlySet<string> = new Set([
  'NETWORK_UNREACHABLE',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'TOKEN_MISSING',
  'COMPANY_SUSPENDED',
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  'NOT_CONFIGURED',
  'UNKNOWN_CONNECTION',
  'OTHER_CONNECTION',
]);

/** Syncs `kinds` of the connection, then checks the feeds that finished (see the module's comment). */
export async function runSyncPass(
  kinds: readonly FeedKind[],
  connectionId: string,
  options: SyncPassOptions,
): Promise<SyncPass> {
  const { join } = options;
  // Every page the pass asks for names its connection (connection-pulls.ts).
  const desk = pullingFor(options.desk, connectionId);
  const outcome = await options.engine.syncAll(kinds, connectionId);
  if (!options.isCurrent()) return { outcome, error: outcome.error, isOvertaken: true };
  let error = outcome.error;
  // The feeds that finished are checked even when another feed failed: a payment the feed skipped
  // is found although the invoices feed answered 503 (decision 091). Not when no call can pass.
  if (!error || !stopsEveryCall.has(error.code)) {
    // Answers made on another desk or by the ERP do not move versions: ask which are still
    // pending. Part of the sync: it is not over, nor its error known, until this is done.
    for (const feed of outcome.feeds.filter((progress) => progress.state === 'done')) {
      if (!options.isCurrent()) return { outcome, error, isOvertaken: true };
      const elsewhere = await join(`elsewhere:${feed.kind}`, () =>
        refreshAckedElsewhere(desk, feed.kind, options.isAckWaiting),
      );
      if (elsewhere.staged > 0) options.onStaged();
      error ??= elsewhere.error;
    }
    // Issued documents carry a gap-free seq: what never arrived is fetched before the day is
    // called complete (decision 091). One cursor call a feed when nothing is missing.
    for (const feed of outcome.feeds.filter(
      (progress) => progress.state === 'done' && issuedKinds.includes(progress.kind),
    )) {
      if (!options.isCurrent()) return { outcome, error, isOvertaken: true };
      const check = await join(`seq:${feed.kind}`, () =>
        checkSeqGaps(feed.kind, {
          desk,
          onFound: (gap) => options.onSeqGap(gap.kind, { gap, isFetching: true, error: null }),
        }),
      );
      if (check.filled.length + check.fetchedNew > 0) options.onStaged();
      if (check.filled.length > 0) options.onFilled(check.filled.map((gap) => ({ ...gap, kind: feed.kind })));
      if (check.checked)
        options.onSeqGap(
          feed.kind,
          check.open ? { gap: check.open, isFetching: false, error: check.error } : null,
        );
      else error ??= check.error;
    }
  }
  // A connection switched to during the last step: what the pass found is not this connection's to tell.
  return { outcome, error, isOvertaken: !options.isCurrent() };
}
