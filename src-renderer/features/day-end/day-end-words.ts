// The day-end report's words: kinds, states, reasons and seq gaps as a clerk reads them, shared by the
// screen, the export and the printed page so that all three say the same.
import type {
  CurrencyTotal,
  DayEndFigures,
  PendingAgainReason,
  QuickRange,
  SeqGapNote,
} from '../../../src-shared/domain/day-end';
import type { FeedKind } from '../../../src-shared/wire';
import { formatCents, formatCount } from '../ui/format';

/** The kinds in the order the report shows them (the navigation's order). */
export const reportKinds: readonly FeedKind[] = ['invoices', 'payments', 'returns', 'orders'];

export const kindLabels: Record<FeedKind, string> = {
  invoices: 'Invoices',
  payments: 'Payments',
  returns: 'Returns',
  orders: 'Orders',
};

/** "Issued" for the issued kinds; orders are received from the reps (docs/decisions/092). */
export function issuedWord(kind: FeedKind): string {
  return kind === 'orders' ? 'Received' : 'Issued';
}

export const reasonLabels: Record<PendingAgainReason, string> = {
  reversed: 'reversed',
  bounced: 'bounced',
  voided: 'voided',
  changed: 'changed',
};

export const quickRangeLabels: Record<QuickRange, string> = {
  today: 'Today',
  'this-week': 'This week',
  'last-7-days': 'Last 7 days',
  'this-month': 'This month',
};

/** Totals per currency, e.g. `1,234.50 EGP · 10.00 USD`; a dash when there are none. */
export function totalsText(totals: readonly CurrencyTotal[]): string {
  if (totals.length === 0) return '–';
  return totals.map((total) => `${formatCents(total.cents)} ${total.currency}`).join(' · ');
}

/** How many are pending again, and why: `1 reversed`, `3 (2 reversed, 1 bounced)`; empty when none. */
export function pendingAgainText(figures: DayEndFigures): string {
  const parts = (Object.entries(figures.pendingAgain) as Array<[PendingAgainReason, number]>)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${formatCount(count)} ${reasonLabels[reason]}`);
  const total = Object.values(figures.pendingAgain).reduce((sum, count) => sum + count, 0);
  if (total === 0) return '';
  return parts.length === 1 ? parts[0]! : `${formatCount(total)} (${parts.join(', ')})`;
}

/** A seq span, `101–142`, or one seq; a dash when there is none. */
export function seqSpanText(seq: DayEndFigures['seq']): string {
  if (!seq) return '–';
  return seq.first === seq.last ? String(seq.first) : `${seq.first}–${seq.last}`;
}

/** One seq gap in plain words: `seq 1043 missing — fetched (RC-001043)`, `seqs 200–201 still missing`. */
export function gapText(note: SeqGapNote): string {
  const seqs = note.first === note.last ? `seq ${note.first}` : `seqs ${note.first}–${note.last}`;
  if (note.state === 'fetched') return `${seqs} missing — fetched${note.number ? ` (${note.number})` : ''}`;
  return `${seqs} still missing`;
}

/** A day as the table and the chart show it: `Mon 2 Mar`. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const moment = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return moment.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A day in few characters, for a chart of many days: `2 Mar`. */
export function shortDayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const moment = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return moment.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
