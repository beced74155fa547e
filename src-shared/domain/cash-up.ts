/**
 * The rep cash-up (issue 29, docs/decisions/111-rep-cash-up.md): what each rep's receipts of a day say
 * the rep collected, beside what the cashier counts. Pure rules on payments as the service sent them.
 *
 * - A receipt counts by its method: cash is counted as money, a cheque is handed in as a cheque (its
 *   number, bank and due date), any other method (a bank transfer) reached the bank without the rep and
 *   is listed apart, not counted.
 * - A reversed payment or a voided receipt is listed apart and counts for nothing, whatever its method.
 * - A closed day keeps what it was closed with (each payment's id, version and how it counted): a payment
 *   that changed, appeared or went since is a change after closing, flagged on the closed day.
 */
import { amountToCents, refLabel } from './feeds';
import type { Payment } from '../wire';

/** How a receipt counts in its rep's cash-up. */
export type CashUpPart = 'cash' | 'cheque' | 'other' | 'apart';

/** One receipt as the cash-up shows it. */
export interface CashUpReceipt {
  id: string;
  version: number;
  /** The receipt's number (the payment's own number when it has no receipt). */
  number: string;
  /** The customer: its service id and code (as the document names it). */
  customerId: string;
  customer: string;
  amountCents: number;
  currency: string;
  method: string;
  collectedAt: string;
  part: CashUpPart;
  cheque: { number: string; bank: string; dueOn: string; status: string; bounceReason: string } | null;
  /** Why it counts for nothing: reversed or voided, with the reason and when. */
  apart: { kind: 'reversed' | 'voided'; reason: string; at: string } | null;
}

/** Money per currency, in cents (a currency whose cents sum to 0 is kept: a day may hold none). */
export type Cents = Record<string, number>;

/** One rep's day. */
export interface RepDay {
  /** The rep's key: its service id, or the collecting user's name when the payment names no rep. */
  repKey: string;
  /** The rep's code as the documents name it (or the user's name). */
  repCode: string;
  receipts: CashUpReceipt[];
  /** What the rep should hand in: cash per currency, and the cheques. */
  expected: { cashCents: Cents; chequeCents: Cents; cheques: number };
}

/** The cashier's count of a rep's day. */
export interface CashCount {
  /** Cash counted per currency, in cents (a currency not typed yet is absent). */
  countedCents: Cents;
  /** The ids of the cheques handed in. */
  chequesIn: readonly string[];
}

/** Where a count and the receipts differ: cash per currency (counted less expected) and cheques missing. */
export interface CashUpDifference {
  cashCents: Cents;
  missingCheques: string[];
  /** Cheques ticked that are not among the day's cheques any more (reversed since, or another day's). */
  unknownCheques: string[];
  isBalanced: boolean;
}

/** The key of a payment's rep: its service id, else its collecting user, else '' (nobody named). */
export function repKeyOf(payment: Pick<Payment, 'collected_by'>): string {
  return payment.collected_by.sales_rep?.id ?? payment.collected_by.user ?? '';
}

/** How a payment counts (see the module's notes). */
export function partOf(payment: Pick<Payment, 'method' | 'reversal' | 'receipt' | 'cheque'>): CashUpPart {
  if (payment.reversal || payment.receipt?.voided_at) return 'apart';
  if (payment.method === 'CASH') return 'cash';
  if (payment.method === 'CHEQUE' || payment.cheque) return 'cheque';
  return 'other';
}

/** A payment as the cash-up shows it. */
export function receiptOf(payment: Payment): CashUpReceipt {
  const reversal = payment.reversal;
  const voidedAt = payment.receipt?.voided_at;
  return {
    id: payment.id,
    version: payment.version,
    number: payment.receipt?.number ?? payment.number ?? payment.id,
    customerId: payment.customer.id,
    customer: refLabel(payment.customer),
    amountCents: amountToCents(payment.amount),
    currency: payment.currency,
    method: payment.method,
    collectedAt: payment.collected_at,
    part: partOf(payment),
    cheque: payment.cheque
      ? {
          number: payment.cheque.number,
          bank: payment.cheque.bank ?? '',
          dueOn: payment.cheque.due_on ?? '',
          status: payment.cheque.status,
          bounceReason: payment.cheque.bounce_reason ?? '',
        }
      : null,
    apart: reversal
      ? { kind: 'reversed', reason: reversal.reason, at: reversal.reversed_at }
      : voidedAt
        ? { kind: 'voided', reason: payment.receipt?.void_reason ?? '', at: voidedAt }
        : null,
  };
}

function add(cents: Cents, currency: string, amount: number): void {
  cents[currency] = (cents[currency] ?? 0) + amount;
}

/** A rep's day with no receipt (a closed day whose receipts all went since, or one not yet read). */
export function emptyRepDay(repKey: string, repCode: string): RepDay {
  return { repKey, repCode, receipts: [], expected: { cashCents: {}, chequeCents: {}, cheques: 0 } };
}

/** Each rep's day from the day's payments, reps in code order, receipts in collection order. */
export function repDaysOf(payments: readonly Payment[]): RepDay[] {
  const byRep = new Map<string, RepDay>();
  for (const payment of payments) {
    const repKey = repKeyOf(payment);
    let day = byRep.get(repKey);
    if (!day) {
      const repCode = refLabel(payment.collected_by.sales_rep) || (payment.collected_by.user ?? '');
      day = emptyRepDay(repKey, repCode);
      byRep.set(repKey, day);
    }
    const receipt = receiptOf(payment);
    day.receipts.push(receipt);
    if (receipt.part === 'cash') add(day.expected.cashCents, receipt.currency, receipt.amountCents);
    if (receipt.part === 'cheque') {
      add(day.expected.chequeCents, receipt.currency, receipt.amountCents);
      day.expected.cheques += 1;
    }
  }
  for (const day of byRep.values())
    day.receipts.sort((a, b) => a.collectedAt.localeCompare(b.collectedAt) || a.id.localeCompare(b.id));
  return [...byRep.values()].sort(
    (a, b) => a.repCode.localeCompare(b.repCode) || a.repKey.localeCompare(b.repKey),
  );
}

/** Cash counted less cash due, per currency (every currency of either). */
export function cashDifference(counted: Cents, due: Cents): Cents {
  const cashCents: Cents = {};
  const currencies = new Set([...Object.keys(due), ...Object.keys(counted)]);
  for (const currency of [...currencies].sort())
    cashCents[currency] = (counted[currency] ?? 0) - (due[currency] ?? 0);
  return cashCents;
}

/** How a count differs from what the receipts say. */
export function differenceOf(day: RepDay, count: CashCount): CashUpDifference {
  const cashCents = cashDifference(count.countedCents, day.expected.cashCents);
  const cheques = day.receipts.filter((receipt) => receipt.part === 'cheque').map((receipt) => receipt.id);
  const handedIn = new Set(count.chequesIn);
  const missingCheques = cheques.filter((id) => !handedIn.has(id));
  const unknownCheques = count.chequesIn.filter((id) => !cheques.includes(id));
  return {
    cashCents,
    missingCheques,
    unknownCheques,
    isBalanced:
      Object.values(cashCents).every((cents) => cents === 0) &&
      missingCheques.length === 0 &&
      unknownCheques.length === 0,
  };
}

/** What a closed day kept of each receipt: enough to tell what changed since. */
export interface ClosedReceipt {
  id: string;
  version: number;
  part: CashUpPart;
  amountCents: number;
  currency: string;
  number: string;
}

/** The receipts a day is closed with. */
export function closedReceiptsOf(day: RepDay): ClosedReceipt[] {
  return day.receipts.map(({ id, version, part, amountCents, currency, number }) => ({
    id,
    version,
    part,
    amountCents,
    currency,
    number,
  }));
}

/** A change to a closed day: a receipt that changed (and how it counts now), came, or went. */
export type ChangeAfterClosing =
  | { kind: 'changed'; receipt: ClosedReceipt; now: CashUpReceipt }
  | { kind: 'added'; now: CashUpReceipt }
  | { kind: 'gone'; receipt: ClosedReceipt };

/**
 * What changed in a closed rep's day since it was closed: a receipt at another version (reversed,
 * voided, a cheque bounced), a receipt of the day that was not there, one that is not there any more.
 */
export function changesAfterClosing(
  closed: readonly ClosedReceipt[],
  day: RepDay | undefined,
): ChangeAfterClosing[] {
  const now = new Map((day?.receipts ?? []).map((receipt) => [receipt.id, receipt]));
  const changes: ChangeAfterClosing[] = [];
  for (const receipt of closed) {
    const current = now.get(receipt.id);
    if (!current) changes.push({ kind: 'gone', receipt });
    else if (current.version !== receipt.version) changes.push({ kind: 'changed', receipt, now: current });
    now.delete(receipt.id);
  }
  for (const added of now.values()) changes.push({ kind: 'added', now: added });
  return changes;
}
