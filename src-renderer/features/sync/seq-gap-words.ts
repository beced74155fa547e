/**
 * The sync bar's words for seq gaps (docs/decisions/091-seq-gaps.md): a document missing from an
 * issued feed, while it is fetched or when fetching failed, and the documents fetched since.
 */
import type { DeskError } from '../../../src-shared/bridge/result';
import type { FeedKind } from '../../../src-shared/wire';
import type { OpenSeqGap } from '../../sync/seq-gaps';
import type { FilledGapNotice } from '../../sync/sync-pass';
import { deskErrorWords } from '../../words/problem-words';
import { formatCount } from '../ui/format';

/** What one issued document is called: on the feed's own words, and in issue order. */
const names: Record<
  FeedKind,
  { feed: string; one: string; many: string; issued: string; issuedMany: string }
> = {
  orders: { feed: 'Orders', one: 'order', many: 'orders', issued: 'order', issuedMany: 'orders' },
  invoices: { feed: 'Invoices', one: 'invoice', many: 'invoices', issued: 'invoice', issuedMany: 'invoices' },
  payments: { feed: 'Payments', one: 'payment', many: 'payments', issued: 'receipt', issuedMany: 'receipts' },
  returns: {
    feed: 'Returns',
    one: 'return',
    many: 'returns',
    issued: 'credit note',
    issuedMany: 'credit notes',
  },
};

/** "receipt no. 1043" or "3 receipts (no. 1043, 1044, 1050)". */
function missingWords(gap: OpenSeqGap): string {
  const name = names[gap.kind];
  if (gap.count === 1) return `${name.issued} no. ${gap.seqs[0]} in issue order`;
  const more = gap.count > gap.seqs.length ? ', …' : '';
  return `${formatCount(gap.count)} ${name.issuedMany} in issue order (no. ${gap.seqs.join(', ')}${more})`;
}

/**
 * The alarm while a gap is open: being fetched, fetching failed (what to do), or the service did not
 * send it when asked by its seq.
 */
export function seqGapAlarmWords(
  gap: OpenSeqGap,
  state: { isFetching: boolean; error: DeskError | null },
): string {
  const one = gap.count === 1;
  const head = `${names[gap.kind].feed}: ${missingWords(gap)} never arrived`;
  if (state.isFetching) return `${head} — fetching ${one ? 'it' : 'them'}.`;
  const until = `The day is not complete until ${one ? 'it arrives' : 'they arrive'}.`;
  if (state.error)
    return `${head}, and fetching ${one ? 'it' : 'them'} failed: ${deskErrorWords(state.error)} The desk tries again with the next sync; press "Sync now" to try at once. ${until}`;
  return `${head}, and the service did not send ${one ? 'it' : 'them'} when asked in issue order. Press "Sync now" to ask again; if it stays, give the service's support the feed and the number above. ${until}`;
}

/**
 * The notice of documents fetched because the feed never delivered them, one feed at a time:
 * "1 payment was missing from the feed and has been fetched: PAY-2026-000042 (seq 1043)."
 */
export function filledGapWords(filled: readonly FilledGapNotice[]): string[] {
  const kinds = [...new Set(filled.map((gap) => gap.kind))];
  return kinds.map((kind) => {
    const ofKind = filled.filter((gap) => gap.kind === kind);
    const name = names[kind];
    const count = ofKind.length;
    const listed = ofKind
      .slice(0, 5)
      .map((gap) => `${gap.number} (seq ${gap.seq})`)
      .join(', ');
    const more = count > 5 ? `, and ${formatCount(count - 5)} more` : '';
    return `${formatCount(count)} ${count === 1 ? name.one : name.many} ${count === 1 ? 'was' : 'were'} missing from the feed and ${count === 1 ? 'has' : 'have'} been fetched: ${listed}${more}.`;
  });
}
