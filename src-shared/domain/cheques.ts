/**
 * The cheque portfolio's rules (docs/decisions/112-cheque-portfolio.md): which payments are cheques,
 * the state each is in, the views a clerk picks from, their order, and their totals per state, per
 * bank and per currency. Runtime-free: the renderer reads the payments and words what these rules
 * answer (codes and facts, never words).
 *
 * Spec, Payment (receipt): a payment's `cheque` {`number`*, `status`*, `bank`, `bounce_reason`,
 * `due_on`}, its `reversal` and its `receipt` {`void_reason`, `voided_at`}; States and transitions:
 * cheque status `IN_HAND` (a cheque also has a `bounce_reason`); cheque transitions: not shown.
 */
import type { Payment } from '../wire';
import { addDays } from './day-end';
import { amountToCents, refLabel } from './feeds';
import { bouncedStatus, paymentFallOf } from './payment-fall';

/** The cheque status the interface names for a cheque the company still holds (spec, States). */
export const inHandStatus = 'IN_HAND';

export { bouncedStatus } from './payment-fall';

/**
 * A cheque's state in the portfolio: its payment reversed, its receipt voided, or else the cheque's
 * `status` as the service gives it (`IN_HAND`, `BOUNCED`, or any status the interface may add).
 *
 * Which wins when a payment carries more than one: a reversal first, then a bounce, then a void (how a
 * payment fell, payment-fall.ts, as the balance worksheet says it); so each cheque has one state and the
 * totals per state add up to the view's. A cheque with a `bounce_reason` is bounced whatever its status.
 */
export type ChequeState = { kind: 'reversed' } | { kind: 'voided' } | { kind: 'status'; status: string };

/** A state as one string, for keys and comparisons: `reversed`, `voided`, `status:IN_HAND`. */
export function chequeStateKey(state: ChequeState): string {
  return state.kind === 'status' ? `status:${state.status}` : state.kind;
}

/** One cheque of the portfolio: the facts its row shows, sorts, filters and totals, taken from its payment. */
export interface ChequeLine {
  /** The payment's id (the service's): the document the row leads to. */
  paymentId: string;
  state: ChequeState;
  /** The cheque's own number. */
  number: string;
  /** The bank as the rep typed it, trimmed; empty when the cheque names none. */
  bank: string;
  /** The due date, `YYYY-MM-DD`; null when the cheque has none. */
  dueOn: string | null;
  amountCents: number;
  currency: string;
  /** The customer's code (or ERP key, or id) as the payment names it. */
  customerCode: string;
  customerId: string;
  /** The rep who collected it (`collected_by.sales_rep`): code, else ERP key, else id; empty when none. */
  repCode: string;
  /** The receipt's number, else the payment's own, else empty. */
  receiptNumber: string;
  /** The collection date, `YYYY-MM-DD`. */
  collectionDate: string;
  /** When it was collected (ISO time): the order of the bounced view. */
  collectedAt: string;
  /** Why the bank refused it, when the service says. */
  bounceReason: string | null;
  /** Why the payment was reversed, when it was. */
  reversalReason: string | null;
  /** Why the receipt was voided, when it was. */
  voidReason: string | null;
  /** When the state was reached, for the reversed (`reversed_at`) and voided (`voided_at`) cheques. */
  changedAt: string | null;
}

/** A cheque's state (see ChequeState for which wins). */
export function chequeStateOf(payment: Payment): ChequeState {
  switch (paymentFallOf(payment)) {
    case 'reversed':
      return { kind: 'reversed' };
    case 'bounced':
      return { kind: 'status', status: bouncedStatus };
    case 'voided':
      return { kind: 'voided' };
    case null:
      return { kind: 'status', status: payment.cheque?.status ?? '' };
  }
}

/** A bank's name as a key: trimmed, spaces folded, case folded (`Banque  Misr ` and `banque misr` are one). */
function bankKeyOf(bank: string): string {
  return bank.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The cheque of a payment as a line of the portfolio; null when the payment carries no cheque. */
export function chequeLineOf(payment: Payment): ChequeLine | null {
  const cheque = payment.cheque;
  if (!cheque) return null;
  const state = chequeStateOf(payment);
  return {
    paymentId: payment.id,
    state,
    number: cheque.number,
    bank: (cheque.bank ?? '').trim().replace(/\s+/g, ' '),
    dueOn: cheque.due_on ?? null,
    amountCents: amountToCents(payment.amount),
    currency: payment.currency,
    customerCode: refLabel(payment.customer),
    customerId: payment.customer.id,
    repCode: refLabel(payment.collected_by.sales_rep),
    receiptNumber: payment.receipt?.number ?? payment.number ?? '',
    collectionDate: payment.collection_date,
    collectedAt: payment.collected_at,
    bounceReason: cheque.bounce_reason ?? null,
    reversalReason: payment.reversal?.reason ?? null,
    voidReason: payment.receipt?.void_reason ?? null,
    changedAt:
      state.kind === 'reversed'
        ? (payment.reversal?.reversed_at ?? null)
        : state.kind === 'voided'
          ? (payment.receipt?.voided_at ?? null)
          : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/** The portfolio's views, in the order the screen offers them. */
export const chequeViews = [
  'in-hand',
  'due-soon',
  'overdue',
  'bounced',
  'reversed',
  'voided',
  'all',
] as const;

/** One of the portfolio's views. */
export type ChequeView = (typeof chequeViews)[number];

/** How many days "due this week" spans: today and the six days after it. */
export const dueSoonDays = 7;

/** Whether a cheque is still held: in hand as the service says, its payment neither reversed nor voided. */
export function isInHand(line: Pick<ChequeLine, 'state'>): boolean {
  return line.state.kind === 'status' && line.state.status === inHandStatus;
}

/**
 * Whether a cheque is in a view on `today` (the clerk's local date, `YYYY-MM-DD`):
 *
 * - `in-hand`: held (isInHand), whatever its due date;
 * - `due-soon`: held and due from today to the sixth day after it (`dueSoonDays`), overdue ones not;
 * - `overdue`: held and due before today;
 * - `bounced`: the cheque's status is `BOUNCED` (its payment not reversed);
 * - `reversed`, `voided`: its payment reversed, its receipt voided;
 * - `all`: every cheque.
 */
export function isInView(
  line: Pick<ChequeLine, 'state' | 'dueOn'>,
  view: ChequeView,
  today: string,
): boolean {
  switch (view) {
    case 'in-hand':
      return isInHand(line);
    case 'due-soon':
      return (
        isInHand(line) &&
        line.dueOn !== null &&
        line.dueOn >= today &&
        line.dueOn <= addDays(today, dueSoonDays - 1)
      );
    case 'overdue':
      return isInHand(line) && line.dueOn !== null && line.dueOn < today;
    case 'bounced':
      return line.state.kind === 'status' && line.state.status === bouncedStatus;
    case 'reversed':
    case 'voided':
      return line.state.kind === view;
    case 'all':
      return true;
  }
}

/** Days a held cheque is past its due date on `today`: 0 when it is not overdue (or has no due date). */
export function daysOverdue(line: Pick<ChequeLine, 'state' | 'dueOn'>, today: string): number {
  if (!isInView(line, 'overdue', today) || line.dueOn === null) return 0;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${line.dueOn}T00:00:00Z`)) / 86_400_000);
}

/** Text order that is the same on every computer (no locale): for ties and names. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Due date first (a cheque without one last), then the earlier collected, then the payment id. */
function byDueDate(a: ChequeLine, b: ChequeLine): number {
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return byText(a.dueOn, b.dueOn);
  }
  return byText(a.collectedAt, b.collectedAt) || byText(a.paymentId, b.paymentId);
}

/** The newest collected first, then the payment id. */
function byNewestCollection(a: ChequeLine, b: ChequeLine): number {
  return byText(b.collectedAt, a.collectedAt) || byText(a.paymentId, b.paymentId);
}

/** The latest reversed or voided first, then as the newest collected. */
function byNewestChange(a: ChequeLine, b: ChequeLine): number {
  return byText(b.changedAt ?? '', a.changedAt ?? '') || byNewestCollection(a, b);
}

/**
 * The order of a view: held cheques by due date (the soonest first: what goes to the bank next);
 * bounced ones and the whole portfolio newest collection first; reversed and voided ones the latest
 * change first.
 */
function orderOf(view: ChequeView): (a: ChequeLine, b: ChequeLine) => number {
  switch (view) {
    case 'in-hand':
    case 'due-soon':
    case 'overdue':
      return byDueDate;
    case 'bounced':
    case 'all':
      return byNewestCollection;
    case 'reversed':
    case 'voided':
      return byNewestChange;
  }
}

/** The cheques of a view on `today`, in the view's order (a new array; `lines` is left as it was). */
export function chequesInView<T extends ChequeLine>(
  lines: readonly T[],
  view: ChequeView,
  today: string,
): T[] {
  return lines.filter((line) => isInView(line, view, today)).sort(orderOf(view));
}

/** How many cheques each view holds on `today`. */
export function countViews(
  lines: ReadonlyArray<Pick<ChequeLine, 'state' | 'dueOn'>>,
  today: string,
): Record<ChequeView, number> {
  const counts = Object.fromEntries(chequeViews.map((view) => [view, 0])) as Record<ChequeView, number>;
  for (const line of lines)
    for (const view of chequeViews) if (isInView(line, view, today)) counts[view] += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------

/** Cheques of one currency: how many, and their amount in cents. */
export interface CurrencyTotal {
  currency: string;
  count: number;
  cents: number;
}

/** Cheques counted, and their amounts per currency (currencies in code order): never added across currencies. */
export interface ChequeTotal {
  count: number;
  amounts: CurrencyTotal[];
}

/** A view's totals: all of it, per state, per bank. */
export interface ChequeTotals {
  all: ChequeTotal;
  /** Per state: in hand first, bounced, other statuses by code, voided, reversed; only states present. */
  byState: Array<{ state: ChequeState; total: ChequeTotal }>;
  /**
   * Per bank, by name (a bank typed in different case or spacing counted as one, named as its first
   * spelling in text order); the cheques naming no bank last, as the bank `''`.
   */
  byBank: Array<{ bank: string; total: ChequeTotal }>;
}

/** Adds up cheques: a count, and cents per currency. */
class Tally {
  count = 0;
  private readonly perCurrency = new Map<string, CurrencyTotal>();

  add(line: Pick<ChequeLine, 'amountCents' | 'currency'>): void {
    this.count += 1;
    const total = this.perCurrency.get(line.currency) ?? { currency: line.currency, count: 0, cents: 0 };
    total.count += 1;
    total.cents += line.amountCents;
    this.perCurrency.set(line.currency, total);
  }

  total(): ChequeTotal {
    const amounts = [...this.perCurrency.values()].sort((a, b) => byText(a.currency, b.currency));
    return { count: this.count, amounts: amounts.map((amount) => ({ ...amount })) };
  }
}

/** Where a state comes in the totals: in hand, bounced, other statuses, voided, reversed. */
function stateRank(state: ChequeState): number {
  if (state.kind === 'reversed') return 4;
  if (state.kind === 'voided') return 3;
  if (state.status === inHandStatus) return 0;
  if (state.status === bouncedStatus) return 1;
  return 2;
}

/** The totals of some cheques (a view's): all of them, per state, per bank, each per currency. */
export function chequeTotals(
  lines: ReadonlyArray<Pick<ChequeLine, 'state' | 'bank' | 'amountCents' | 'currency'>>,
): ChequeTotals {
  const all = new Tally();
  const states = new Map<string, { state: ChequeState; tally: Tally }>();
  const banks = new Map<string, { bank: string; tally: Tally }>();
  for (const line of lines) {
    all.add(line);
    const stateKey = chequeStateKey(line.state);
    const byState = states.get(stateKey) ?? { state: line.state, tally: new Tally() };
    byState.tally.add(line);
    states.set(stateKey, byState);
    const bankKey = bankKeyOf(line.bank);
    const byBank = banks.get(bankKey) ?? { bank: line.bank, tally: new Tally() };
    if (byText(line.bank, byBank.bank) < 0) byBank.bank = line.bank;
    byBank.tally.add(line);
    banks.set(bankKey, byBank);
  }
  return {
    all: all.total(),
    byState: [...states.values()]
      .sort(
        (a, b) =>
          stateRank(a.state) - stateRank(b.state) || byText(chequeStateKey(a.state), chequeStateKey(b.state)),
      )
      .map(({ state, tally }) => ({ state, total: tally.total() })),
    byBank: [...banks.entries()]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : 0) || byText(a, b))
      .map(([, { bank, tally }]) => ({ bank, total: tally.total() })),
  };
}
