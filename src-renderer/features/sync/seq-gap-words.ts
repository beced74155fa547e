/**
 * The sync bar's words for seq gaps (docs/decisions/091-seq-gaps.md): a document missing from an
 * issued feed, while it is fetched or when fetching failed, and the documents fetched since; said
 * from the catalogue (`sync.gap.…`, `sync.filled.…`) in the desk's language.
 */
import type { DeskError } from '../../../src-shared/bridge/result';
import type { OpenSeqGap } from '../../sync/seq-gaps';
import type { FilledGapNotice } from '../../sync/sync-pass';
import { formatters, isolate, say } from '../../messages/intl';
import { deskErrorWords } from '../../words/problem-words';

/** "receipt no. 1043" or "3 receipts in issue order (no. 1043, 1044, 1050)": on the feed's own words. */
function missingWords(gap: OpenSeqGap): string {
  const seqs = gap.seqs.map((seq) => formatters().digits(seq));
  if (gap.count === 1) return say('sync.gap.missing.one', { kind: gap.kind, seq: seqs[0] });
  const listed = gap.count > gap.seqs.length ? [...seqs, '…'] : seqs;
  return say('sync.gap.missing.many', {
    kind: gap.kind,
    count: gap.count,
    seqs: listed.join(say('connections.list.comma')),
  });
}

/**
 * The alarm while a gap is open: being fetched, fetching failed (what to do), or the service did not
 * send it when asked by its seq.
 */
export function seqGapAlarmWords(
  gap: OpenSeqGap,
  state: { isFetching: boolean; error: DeskError | null },
): string {
  const values = {
    feed: say(`sync.feed.${gap.kind}`),
    missing: missingWords(gap),
    count: gap.count,
  };
  if (state.isFetching) return say('sync.gap.fetching', values);
  if (state.error) return say('sync.gap.failed', { ...values, error: deskErrorWords(state.error) });
  return say('sync.gap.notSent', values);
}

/**
 * The notice of documents fetched because the feed never delivered them, one feed at a time:
 * "1 payment was missing from the feed and has been fetched: PAY-2026-000042 (seq 1043)."
 */
export function filledGapWords(filled: readonly FilledGapNotice[]): string[] {
  const kinds = [...new Set(filled.map((gap) => gap.kind))];
  return kinds.map((kind) => {
    const ofKind = filled.filter((gap) => gap.kind === kind);
    const count = ofKind.length;
    const items = ofKind
      .slice(0, 5)
      .map((gap) => say('sync.filled.item', { number: isolate.ltr(gap.number), seq: gap.seq }))
      .join(say('connections.list.comma'));
    const listed = count > 5 ? say('sync.filled.andMore', { items, more: count - 5 }) : items;
    return say('sync.filled', { kind, count, listed });
  });
}
