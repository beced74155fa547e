/**
 * The gap check of an issued feed (invoices, payments, returns), after its sync is caught up: issued
 * documents carry a gap-free `seq` (spec, Pull documents: with `filter[seq_after]` "each document
 * appears once, as issued, with no gaps"), so a seq the store lacks is a document the version feed
 * never delivered. docs/decisions/091-seq-gaps.md.
 *
 * It asks the service where the feed's stream stands (`GET /{feed}/cursor`, once), takes the ledger's
 * missing ranges plus the seqs the service issued beyond the highest staged, and fetches those by
 * `filter[seq_after]`, in pages that stop at the last missing seq and jump over what is staged. What it
 * fetches is staged with its row, without moving the version cursor (data/staging.ts:
 * stageSeqDocuments). One call a feed a sync when nothing is missing. A start from a date first has its
 * boundary confirmed against the seq stream, once (`confirmDateStart`).
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { feedPageSize, isIssuedSince, kindedItems } from '../../src-shared/domain/feeds';
import {
  confirmedDateFrom,
  countSeqs,
  firstSeqs,
  lowerFrom,
  missingSeqs,
  recordCheck,
  settleFrom,
  type FilledGap,
} from '../../src-shared/domain/seq-ledger';
import type { FeedKind } from '../../src-shared/wire';
import { readCursor } from '../data/cursors';
import { stageSeqDocuments } from '../data/staging';
import { changeSeqLedger } from '../data/seq-ledger';

/** The feeds whose documents carry a `seq` (spec, Resources: invoices, payments, returns). */
export const issuedKinds: readonly FeedKind[] = ['invoices', 'payments', 'returns'];

/** A gap the check found and is fetching: how many seqs, and the first few of them. */
export interface OpenSeqGap {
  kind: FeedKind;
  count: number;
  /** At most 5, in order. */
  seqs: number[];
}

/** What one feed's check did. */
export interface SeqGapCheck {
  kind: FeedKind;
  /** False when the feed was not judged (no ledger, not caught up, or the cursor call failed). */
  checked: boolean;
  /** Seqs found missing (the ledger's gaps and the service's beyond the highest staged). */
  found: number;
  /** Documents the version feed had skipped, fetched and staged now. */
  filled: FilledGap[];
  /** Documents fetched that were simply new (issued after the last page), staged too. */
  fetchedNew: number;
  /** What is still missing after the fetch (empty when every seq arrived). */
  open: OpenSeqGap | null;
  /** Calls made (the cursor and the seq pages). */
  calls: number;
  error: DeskError | null;
}

/** What the check needs: the bridge's `feeds.cursor` and `feeds.pull`, a clock, and who hears of a gap. */
export interface SeqGapOptions {
  desk: { feeds: Pick<DeskApi['feeds'], 'cursor' | 'pull'> };
  now?: () => Date;
  /** Told when missing seqs are found, before they are fetched (the sync bar's alarm). */
  onFound?: (gap: OpenSeqGap) => void;
  /** Documents a seq page asks for at most (spec, Limits: 1 to 500). */
  perPage?: number;
}

const shownSeqs = 5;

function openGap(kind: FeedKind, ranges: Array<[number, number]>): OpenSeqGap | null {
  const count = countSeqs(ranges);
  return count === 0 ? null : { kind, count, seqs: firstSeqs(ranges, shownSeqs) };
}

/** Checks a caught-up issued feed for missing seqs and fetches them (see the module's comment). */
export async function checkSeqGaps(kind: FeedKind, options: SeqGapOptions): Promise<SeqGapCheck> {
  const now = options.now ?? (() => new Date());
  const outcome: SeqGapCheck = {
    kind,
    checked: false,
    found: 0,
    filled: [],
    fetchedNew: 0,
    open: null,
    calls: 0,
    error: null,
  };
  const cursor = await readCursor(kind);
  // Mid-load the version feed is not in seq order: holes are normal until it is caught up.
  if (!issuedKinds.includes(kind) || !cursor.seq || cursor.caughtUpAt === null) return outcome;
  const response = await options.desk.feeds.cursor(kind);
  outcome.calls += 1;
  if (!response.ok) return { ...outcome, error: response.error };
  const serviceLastSeq = response.value.last_seq;
  const foundAt = now().toISOString();
  // A start from a date: its boundary is confirmed once against the service's seq stream.
  let dateFrom: number | null = null;
  if (cursor.startDate !== undefined && cursor.seq.fromConfirmedAt === undefined) {
    const confirmed = await confirmDateStart(
      kind,
      cursor.startDate,
      cursor.seq.from ?? serviceLastSeq,
      options,
    );
    outcome.calls += confirmed.calls;
    if (confirmed.error) return { ...outcome, error: confirmed.error };
    dateFrom = confirmed.from;
  }
  const settled = await changeSeqLedger(kind, (ledger) =>
    settleFrom(
      dateFrom === null ? ledger : { ...lowerFrom(ledger, dateFrom), fromConfirmedAt: foundAt },
      serviceLastSeq,
    ),
  );
  if (!settled) return outcome;
  const missing = missingSeqs(settled, serviceLastSeq);
  outcome.checked = true;
  outcome.found = countSeqs(missing);
  const found = openGap(kind, missing);
  if (found) options.onFound?.(found);
  const perPage = Math.min(options.perPage ?? feedPageSize, feedPageSize);
  let fetchError: DeskError | null = null;
  // Range by range: each page starts right before the next missing seq and asks for no more than the
  // range needs, so staged documents between ranges are not fetched again.
  let after = 0;
  let isExhausted = false;
  for (const [first, last] of missing) {
    if (isExhausted) break;
    after = Math.max(after, first - 1);
    while (after < last) {
      const result = await options.desk.feeds.pull(kind, {
        versionAfter: 0,
        perPage: Math.min(perPage, last - after),
        seqAfter: after,
      });
      outcome.calls += 1;
      if (!result.ok) {
        fetchError = result.error;
        break;
      }
      const page = result.value;
      const staged = await stageSeqDocuments(page, missing, foundAt, now().toISOString());
      outcome.filled.push(...staged.filled);
      outcome.fetchedNew += staged.written - staged.filled.length;
      const lastSeq = page.meta.last_seq ?? after;
      // The end of the feed, or a page that does not move on (it would loop for ever): what is left
      // stays missing.
      if (lastSeq <= after || !page.meta.has_more) {
        isExhausted = true;
        break;
      }
      after = lastSeq;
    }
    if (fetchError) break;
  }
  const ledger = await changeSeqLedger(kind, (current) =>
    recordCheck(current, { checkedAt: foundAt, serviceLastSeq }),
  );
  outcome.open = ledger ? openGap(kind, missingSeqs(ledger, serviceLastSeq)) : found;
  outcome.error = fetchError;
  return outcome;
}

/** A read of the service's seq stream failed while a date start's boundary was confirmed. */
class SeqReadFailed extends Error {
  constructor(readonly error: DeskError) {
    super(error.message);
  }
}

/**
 * A date start's `from`, confirmed against the service (seq-ledger.ts `confirmedDateFrom`): each read is
 * the one document of a seq (`filter[seq_after]` the seq before it, one a page), placed by its issue time
 * (an invoice's `issued_at`, a payment's receipt `issued_at` else `collected_at`, a return's
 * `returned_at`) against the day's 00:00 UTC. One call when the boundary the first load learnt holds.
 */
async function confirmDateStart(
  kind: FeedKind,
  day: string,
  candidate: number,
  options: SeqGapOptions,
): Promise<{ from: number; calls: number; error: DeskError | null }> {
  let calls = 0;
  const issuedBefore = async (seq: number): Promise<boolean> => {
    const result = await options.desk.feeds.pull(kind, { versionAfter: 0, perPage: 1, seqAfter: seq - 1 });
    calls += 1;
    if (!result.ok) throw new SeqReadFailed(result.error);
    const item = kindedItems(result.value)[0];
    // No document at that seq (the stream ends before it): nothing says it was issued since the day.
    return item === undefined || !isIssuedSince(item, day);
  };
  try {
    return { from: await confirmedDateFrom(candidate, issuedBefore), calls, error: null };
  } catch (error) {
    if (error instanceof SeqReadFailed) return { from: candidate, calls, error: error.error };
    throw error;
  }
}
