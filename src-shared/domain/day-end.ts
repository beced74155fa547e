/**
 * The day-end report: per day and kind, what was issued and where each of those documents stands now
 * (accepted, rejected, pending, pending again and why), who answered it (this desk or elsewhere), and
 * which issue `seq`s the day covers, with any gap. Rows in, report out: no store, no clock.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, States and transitions ("a document is pending when
 * it has no ack at its current version"), Ack (`acked_version`; payments and returns pending again
 * after a change) and Pull documents (`seq`: issued documents, gap-free). The definitions a clerk
 * proves the books from are docs/decisions/092-day-end-report.md.
 */
import type { AckOutcome, FeedKind } from '../wire';
import type { ChangeFact, ReviewState } from './review';
import type { SeqLedger } from './seq-ledger';

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/**
 * The few facts of a staged document the report reads: the grid's light row (the renderer's
 * `ReviewRow` has them all), never the document itself.
 */
export interface DayEndRow {
  id: string;
  /** The document's current version. */
  version: number;
  review: ReviewState;
  /** 1 when answered and changed since (spec, Ack). */
  pendingAgain: 0 | 1;
  /** What changed since it was answered (src-shared/domain/review.ts `changeFactsOf`). */
  changeFacts: readonly ChangeFact[];
  status: string;
  /** The document's own date (`YYYY-MM-DD`): order, issue, collection or return date. */
  date: string;
  currency: string;
  /** The document's amount in whole cents. */
  amountCents: number;
  /** The issue `seq`; 0 or absent when it has none (orders). */
  seq?: number;
}

/**
 * An answer this desk sent and the service applied (the audit log): the document version the clerk
 * answered, and the version the service answered with (an order's ack moves it on); null where the
 * desk does not know it (a batch stored before versions were kept; an answer found applied without a
 * result of its own).
 */
export interface DeskAck {
  outcome: AckOutcome;
  version: number | null;
  versionAfter: number | null;
}

/** Everything the report is computed from. */
export interface DayEndInput {
  /** First and last day of the report, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** The kinds to report, in the order shown. */
  kinds: readonly FeedKind[];
  /** Each kind's rows (rows outside the range are left out). */
  rows: Partial<Record<FeedKind, readonly DayEndRow[]>>;
  /** Each kind's answers from this desk, by document id. */
  acks: Partial<Record<FeedKind, ReadonlyMap<string, readonly DeskAck[]>>>;
  /** Each issued kind's seq ledger (src-shared/domain/seq-ledger.ts); null or absent when none. */
  ledgers: Partial<Record<FeedKind, SeqLedger | null>>;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** Why a document answered once waits for an answer again. */
export type PendingAgainReason = 'reversed' | 'bounced' | 'voided' | 'changed';

/** The reasons, in the order the report lists them. */
export const pendingAgainReasons: readonly PendingAgainReason[] = [
  'reversed',
  'bounced',
  'voided',
  'changed',
];

/** A sum of amounts in one currency, in exact whole cents. */
export interface CurrencyTotal {
  currency: string;
  cents: number;
}

/**
 * A stretch of seqs the store lacked: still missing, or found missing and fetched since
 * (docs/decisions/091-seq-gaps.md). A fetched one is one seq, with the document's number.
 */
export interface SeqGapNote {
  first: number;
  last: number;
  state: 'missing' | 'fetched';
  /** The fetched document's own number (fetched only). */
  number?: string;
}

/** The report's figures of one day and kind, or of one kind over the range. */
export interface DayEndFigures {
  /** Documents of that date (orders: received), and their totals per currency. */
  issued: number;
  issuedTotals: CurrencyTotal[];
  /** Of those, where they stand now (an answer at the current version decides). */
  accepted: number;
  acceptedTotals: CurrencyTotal[];
  rejected: number;
  rejectedTotals: CurrencyTotal[];
  pending: number;
  pendingTotals: CurrencyTotal[];
  /** Orders that went on without the ERP's answer (van sales delivered at once); 0 for other kinds. */
  notAwaiting: number;
  /** Of the pending, those answered before and changed since, by why. */
  pendingAgain: Record<PendingAgainReason, number>;
  /** Of the accepted and rejected: the answer standing now was sent from this desk, or not. */
  ackedHere: number;
  ackedElsewhere: number;
  /** Lowest and highest issue seq of these documents; null when none carries one (orders). */
  seq: { first: number; last: number } | null;
  /** Gaps of the seq ledger inside that span. */
  gaps: SeqGapNote[];
}

/** One day of one kind. */
export interface DayEndCell extends DayEndFigures {
  date: string;
  kind: FeedKind;
}

/** One kind over the whole range. */
export interface DayEndKindSummary extends DayEndFigures {
  kind: FeedKind;
  /** Seqs the ledger still misses outside this range's span (before or after it). */
  missingOutside: number;
}

/** One bar pair of the chart: documents of that day, and how many of them are answered now. */
export interface DayEndSeriesPoint {
  date: string;
  issued: number;
  answered: number;
}

/** The report. */
export interface DayEndReport {
  from: string;
  to: string;
  /** Every day of the range, oldest first (days with nothing issued included). */
  days: string[];
  kinds: FeedKind[];
  /** Every day × kind, day by day, kinds in `kinds` order within a day. */
  cells: DayEndCell[];
  /** One per kind, in `kinds` order. */
  summary: DayEndKindSummary[];
  /** Every kind together, per day. */
  series: DayEndSeriesPoint[];
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/** The longest range the report takes, in days: a year, so the chart and the table stay readable. */
export const maxReportDays = 366;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
}

function dayNumber(date: string): number {
  const match = isoDate.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / dayMs;
}

function dateOfDayNumber(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** `date` moved by `days` (negative: back), `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Every date from `from` to `to`, both included, oldest first (empty when `to` is before `from`). */
export function datesBetween(from: string, to: string): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const out: string[] = [];
  for (let day = first; day <= last; day += 1) out.push(dateOfDayNumber(day));
  return out;
}

/** The calendar date of a moment on the clerk's computer (its local time zone), `YYYY-MM-DD`. */
export function localDateOf(moment: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The range picker's quick choices. */
export type QuickRange = 'today' | 'this-week' | 'last-7-days' | 'this-month';

/** The quick choices in the order the picker shows them. */
export const quickRanges: readonly QuickRange[] = ['today', 'this-week', 'last-7-days', 'this-month'];

/** The day the week starts on: Monday (ISO 8601), docs/decisions/092-day-end-report.md. */
export const weekStartsOn = 1;

/**
 * The range a quick choice stands for, ending today: today alone; this week from its Monday; the last
 * 7 days (today and the six before: the report's default); this month from its first day.
 */
export function quickRangeOf(choice: QuickRange, today: string): { from: string; to: string } {
  switch (choice) {
    case 'today':
      return { from: today, to: today };
    case 'this-week': {
      const weekday = new Date(dayNumber(today) * dayMs).getUTCDay();
      return { from: addDays(today, -((weekday - weekStartsOn + 7) % 7)), to: today };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/**
 * What is wrong with a range the clerk typed: no first day, no last day, the two swapped, or more days
 * than a report takes (with how many and the most). The renderer words it in the clerk's language.
 */
export type RangeProblem =
  | { code: 'no-from' }
  | { code: 'no-to' }
  | { code: 'swapped' }
  | { code: 'too-long'; days: number; most: number };

/** What is wrong with a range the clerk typed, or null when the report can be made. */
export function checkRange(from: string, to: string): RangeProblem | null {
  if (!isIsoDate(from)) return { code: 'no-from' };
  if (!isIsoDate(to)) return { code: 'no-to' };
  if (to < from) return { code: 'swapped' };
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > maxReportDays) return { code: 'too-long', days, most: maxReportDays };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/**
 * Why a pending-again document waits again, from its row: a payment's status and change facts say
 * reversed, bounced or voided (spec, Payment: `reversal`, `cheque.bounce_reason`, `receipt.voided_at`;
 * docs/decisions/024); anything else (a changed return, an order sent again) is `changed`.
 */
export function pendingAgainReasonOf(
  kind: FeedKind,
  row: Pick<DayEndRow, 'status' | 'changeFacts'>,
): PendingAgainReason {
  if (kind === 'payments') {
    const tells = (factKind: ChangeFact['kind']): boolean => row.changeFacts.some((f) => f.kind === factKind);
    if (row.status === 'REVERSED' || tells('reversed')) return 'reversed';
    if (row.status === 'BOUNCED' || tells('cheque-bounced')) return 'bounced';
    if (row.status === 'VOIDED' || tells('receipt-voided')) return 'voided';
  }
  return 'changed';
}

/**
 * Whether an answer this desk got applied is the answer the document stands on now (`row`, whose
 * review has the answer's outcome).
 *
 * Invoices, payments and returns: an ack leaves the version where it is (spec, Ack: kept at the
 * version it answered; docs/decisions/020), so the answer stands while the document is at the version
 * answered; any change since makes it pending again, and a later answer is another one.
 * Orders: an accepted order never awaits the ERP again, so an acceptance stands while the order is
 * accepted; a rejected one may be sent again by the office and answered again (spec, States and
 * transitions), which moves it past the version the service answered this desk's rejection with
 * (docs/decisions/023).
 */
export function isCurrentAck(kind: FeedKind, row: Pick<DayEndRow, 'version'>, ack: DeskAck): boolean {
  if (kind === 'orders') {
    if (ack.outcome === 'ACCEPTED') return true;
    return ack.versionAfter === null || row.version === ack.versionAfter;
  }
  return ack.version === null || row.version === ack.version;
}

/**
 * Whether an answered row's current answer came from this desk: one of this desk's applied answers
 * has the same outcome and is the answer the document stands on now.
 */
export function isAckedHere(kind: FeedKind, row: DayEndRow, acks: readonly DeskAck[] | undefined): boolean {
  if (!acks || (row.review !== 'accepted' && row.review !== 'rejected')) return false;
  const outcome: AckOutcome = row.review === 'accepted' ? 'ACCEPTED' : 'REJECTED';
  return acks.some((ack) => ack.outcome === outcome && isCurrentAck(kind, row, ack));
}

/** The seq ledger's gaps that touch `[first, last]`: missing stretches (clipped) and fetched seqs. */
export function gapsWithin(ledger: SeqLedger | null | undefined, first: number, last: number): SeqGapNote[] {
  if (!ledger) return [];
  const notes: SeqGapNote[] = [];
  for (const [low, high] of ledger.missing) {
    if (high < first || low > last) continue;
    notes.push({ first: Math.max(low, first), last: Math.min(high, last), state: 'missing' });
  }
  for (const filled of ledger.filled) {
    if (filled.seq < first || filled.seq > last) continue;
    notes.push({ first: filled.seq, last: filled.seq, state: 'fetched', number: filled.number });
  }
  return notes.sort((a, b) => a.first - b.first || a.last - b.last);
}

/** How many seqs the ledger still misses outside `[first, last]` (all of them when `span` is null). */
function missingOutside(
  ledger: SeqLedger | null | undefined,
  span: { first: number; last: number } | null,
): number {
  if (!ledger) return 0;
  let count = 0;
  for (const [low, high] of ledger.missing) {
    const size = high - low + 1;
    if (!span) {
      count += size;
      continue;
    }
    const inside = Math.max(0, Math.min(high, span.last) - Math.max(low, span.first) + 1);
    count += size - inside;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

/** Running sums of one day and kind (or one kind), before they are frozen into figures. */
class Tally {
  issued = 0;
  accepted = 0;
  rejected = 0;
  pending = 0;
  notAwaiting = 0;
  ackedHere = 0;
  ackedElsewhere = 0;
  readonly issuedTotals = new Map<string, number>();
  readonly acceptedTotals = new Map<string, number>();
  readonly rejectedTotals = new Map<string, number>();
  readonly pendingTotals = new Map<string, number>();
  readonly pendingAgain: Record<PendingAgainReason, number> = {
    reversed: 0,
    bounced: 0,
    voided: 0,
    changed: 0,
  };
  seqFirst = Number.POSITIVE_INFINITY;
  seqLast = 0;

  add(kind: FeedKind, row: DayEndRow, isHere: boolean): void {
    this.issued += 1;
    addTo(this.issuedTotals, row);
    switch (row.review) {
      case 'accepted':
        this.accepted += 1;
        addTo(this.acceptedTotals, row);
        break;
      case 'rejected':
        this.rejected += 1;
        addTo(this.rejectedTotals, row);
        break;
      case 'pending':
        this.pending += 1;
        addTo(this.pendingTotals, row);
        if (row.pendingAgain === 1) this.pendingAgain[pendingAgainReasonOf(kind, row)] += 1;
        break;
      case 'not-awaiting':
        this.notAwaiting += 1;
        break;
    }
    if (row.review === 'accepted' || row.review === 'rejected') {
      if (isHere) this.ackedHere += 1;
      else this.ackedElsewhere += 1;
    }
    const seq = row.seq ?? 0;
    if (seq > 0) {
      this.seqFirst = Math.min(this.seqFirst, seq);
      this.seqLast = Math.max(this.seqLast, seq);
    }
  }

  figures(ledger: SeqLedger | null | undefined): DayEndFigures {
    const seq = this.seqLast > 0 ? { first: this.seqFirst, last: this.seqLast } : null;
    return {
      issued: this.issued,
      issuedTotals: totalsOf(this.issuedTotals),
      accepted: this.accepted,
      acceptedTotals: totalsOf(this.acceptedTotals),
      rejected: this.rejected,
      rejectedTotals: totalsOf(this.rejectedTotals),
      pending: this.pending,
      pendingTotals: totalsOf(this.pendingTotals),
      notAwaiting: this.notAwaiting,
      pendingAgain: { ...this.pendingAgain },
      ackedHere: this.ackedHere,
      ackedElsewhere: this.ackedElsewhere,
      seq,
      gaps: seq ? gapsWithin(ledger, seq.first, seq.last) : [],
    };
  }
}

function addTo(totals: Map<string, number>, row: DayEndRow): void {
  totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountCents);
}

function totalsOf(totals: Map<string, number>): CurrencyTotal[] {
  return [...totals.entries()]
    .map(([currency, cents]) => ({ currency, cents }))
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/**
 * The day-end report of `input`: every day of the range × every kind asked, each kind over the range,
 * and the chart's series. A row dated outside the range is left out; totals are exact cents.
 */
export function buildDayEndReport(input: DayEndInput): DayEndReport {
  const days = datesBetween(input.from, input.to);
  const dayIndex = new Map(days.map((date, index) => [date, index]));
  const kinds = [...input.kinds];
  const cells: Tally[][] = days.map(() => kinds.map(() => new Tally()));
  const kindTallies = kinds.map(() => new Tally());
  kinds.forEach((kind, k) => {
    const acks = input.acks[kind];
    for (const row of input.rows[kind] ?? []) {
      const d = dayIndex.get(row.date);
      if (d === undefined) continue;
      const isHere = isAckedHere(kind, row, acks?.get(row.id));
      cells[d]![k]!.add(kind, row, isHere);
      kindTallies[k]!.add(kind, row, isHere);
    }
  });
  const dayCells: DayEndCell[] = days.flatMap((date, d) =>
    kinds.map((kind, k) => ({ date, kind, ...cells[d]![k]!.figures(input.ledgers[kind]) })),
  );
  const summary: DayEndKindSummary[] = kinds.map((kind, k) => {
    const figures = kindTallies[k]!.figures(input.ledgers[kind]);
    return { kind, ...figures, missingOutside: missingOutside(input.ledgers[kind], figures.seq) };
  });
  const series: DayEndSeriesPoint[] = days.map((date, d) => {
    const tallies = cells[d]!;
    return {
      date,
      issued: tallies.reduce((sum, tally) => sum + tally.issued, 0),
      answered: tallies.reduce((sum, tally) => sum + tally.accepted + tally.rejected, 0),
    };
  });
  return { from: input.from, to: input.to, days, kinds, cells: dayCells, summary, series };
}
