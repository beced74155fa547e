// The day-end report's words: kinds, states, reasons and seq gaps as a clerk reads them, shared by the
// screen, the export and the printed page so that all three say the same, in the clerk's language
// (messages/en/day-end.json and ar/day-end.json). A component that calls these during render calls
// useSay() itself, so it says them again when the clerk switches language.
import {
  checkRange,
  type CurrencyTotal,
  type DayEndFigures,
  type PendingAgainReason,
  type QuickRange,
  type RangeProblem,
  type SeqGapNote,
} from '../../../src-shared/domain/day-end';
import type { FeedKind } from '../../../src-shared/wire';
import type { MessageId } from '../../messages/catalogue';
import { formatters, isolate, say } from '../../messages/intl';
import { formatCents, formatCount } from '../ui/format';

/** The kinds in the order the report shows them (the navigation's order). */
export const reportKinds: readonly FeedKind[] = ['invoices', 'payments', 'returns', 'orders'];

/** A kind's name as a heading or a cell: `Invoices`. */
export function kindLabel(kind: FeedKind): string {
  return say(`dayEnd.kind.${kind}`);
}

/** "Issued" for the issued kinds; orders are received from the reps (docs/decisions/092). */
export function issuedWord(kind: FeedKind): string {
  return kind === 'orders' ? say('dayEnd.column.received') : say('dayEnd.column.issued');
}

/** Why a document waits again, in a word: `bounced`. */
export function reasonLabel(reason: PendingAgainReason): string {
  return say(`dayEnd.reason.${reason}`);
}

/** A quick range's name: `Last 7 days`. */
export function quickRangeLabel(range: QuickRange): string {
  return say(`dayEnd.quickRange.${range}`);
}

/** Totals per currency, e.g. `1,234.50 EGP · 10.00 USD`; a dash when there are none. */
export function totalsText(totals: readonly CurrencyTotal[]): string {
  if (totals.length === 0) return '–';
  return totals.map((total) => isolate.ltr(`${formatCents(total.cents)} ${total.currency}`)).join(' · ');
}

/** How many are pending again, and why: `1 reversed`, `3 (2 reversed, 1 bounced)`; empty when none. */
export function pendingAgainText(figures: DayEndFigures): string {
  const parts = (Object.entries(figures.pendingAgain) as Array<[PendingAgainReason, number]>)
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => say(`dayEnd.again.${reason}`, { count }));
  const total = Object.values(figures.pendingAgain).reduce((sum, count) => sum + count, 0);
  if (total === 0) return '';
  return parts.length === 1
    ? parts[0]!
    : say('dayEnd.again.several', {
        total: formatCount(total),
        reasons: parts.join(say('dayEnd.again.separator')),
      });
}

/** A seq span, `101–142`, or one seq; a dash when there is none. */
export function seqSpanText(seq: DayEndFigures['seq']): string {
  if (!seq) return '–';
  return seq.first === seq.last ? String(seq.first) : isolate.ltr(`${seq.first}–${seq.last}`);
}

/** One seq gap in plain words: `seq 1043 missing — fetched (RC-001043)`, `seqs 200–201 still missing`. */
export function gapText(note: SeqGapNote): string {
  const values = {
    single: note.first === note.last ? 'yes' : 'no',
    first: String(note.first),
    span: isolate.ltr(`${note.first}–${note.last}`),
  };
  if (note.state === 'missing') return say('dayEnd.gap.missing', values);
  return note.number
    ? say('dayEnd.gap.fetchedAs', { ...values, number: isolate.ltr(note.number) })
    : say('dayEnd.gap.fetched', values);
}

const weekdays: readonly MessageId[] = [
  'dayEnd.weekday.sun',
  'dayEnd.weekday.mon',
  'dayEnd.weekday.tue',
  'dayEnd.weekday.wed',
  'dayEnd.weekday.thu',
  'dayEnd.weekday.fri',
  'dayEnd.weekday.sat',
];

const months: readonly MessageId[] = [
  'dayEnd.month.jan',
  'dayEnd.month.feb',
  'dayEnd.month.mar',
  'dayEnd.month.apr',
  'dayEnd.month.may',
  'dayEnd.month.jun',
  'dayEnd.month.jul',
  'dayEnd.month.aug',
  'dayEnd.month.sep',
  'dayEnd.month.oct',
  'dayEnd.month.nov',
  'dayEnd.month.dec',
];

/** A date's parts, as the catalogue's day labels take them (names from the catalogue, the clerk's digits). */
function dayParts(date: string): { weekday: string; day: string; month: string; year: string } {
  const [year, month, day] = date.split('-').map(Number);
  const moment = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return {
    weekday: say(weekdays[moment.getUTCDay()]!),
    day: formatters().digits(moment.getUTCDate()),
    month: say(months[moment.getUTCMonth()]!),
    year: formatters().digits(moment.getUTCFullYear()),
  };
}

/** A day as the table and the chart show it: `Mon 2 Mar`. */
export function dayLabel(date: string): string {
  return say('dayEnd.day.long', dayParts(date));
}

/**
 * A day as the chart writes it under a week's bars, on two lines: the weekday, then `2 Mar`. One line
 * (`Mon 2 Mar`) fits English under a bar; Arabic's weekdays and months are three times as long
 * (`الأربعاء 25 نوفمبر`) and ran into the next day's label.
 */
export function dayLabelLines(date: string): [string, string] {
  return [dayParts(date).weekday, shortDayLabel(date)];
}

/** A day in few characters, for a chart of many days: `2 Mar`. */
export function shortDayLabel(date: string): string {
  return say('dayEnd.day.short', dayParts(date));
}

/** A day with its year, as the report's range says it: `Mon 2 Mar 2026`. */
export function dayWithYearLabel(date: string): string {
  return say('dayEnd.day.withYear', dayParts(date));
}

/** A range's problem in the clerk's language. */
export function rangeProblemWords(problem: RangeProblem): string {
  switch (problem.code) {
    case 'no-from':
      return say('dayEnd.range.noFrom');
    case 'no-to':
      return say('dayEnd.range.noTo');
    case 'swapped':
      return say('dayEnd.range.swapped');
    case 'too-long':
      return say('dayEnd.range.tooLong', { days: problem.days, most: problem.most });
  }
}

/** What is wrong with a range the clerk typed, in plain words, or null when the report can be made. */
export function rangeProblemText(from: string, to: string): string | null {
  const problem = checkRange(from, to);
  return problem === null ? null : rangeProblemWords(problem);
}
