/**
 * The balance worksheet: a customer's ERP balance last pushed against the service's current balance,
 * the difference explained document by document, and whether the customer needs a fresh balance.
 *
 * Spec, Push master data (Balances): "the service adds invoices it issued after `as_of` and subtracts
 * payments collected after it, as long as those are not yet acked as accepted. Returns are not counted:
 * push a new balance after booking a credit note." The rule mirrored here, to the cent, is the one the
 * sandbox applies (docs/decisions/035-balances-and-current-balance.md, src-sandbox/store/balances.ts
 * `currentBalance`); what the desk adds to it is docs/decisions/094-balance-worksheet.md.
 */
import type { Invoice, LookupBalance, Payment, Return } from '../wire';
import { documentNumber } from './feeds';
import { paymentFallOf } from './payment-fall';

/** The kinds of document that move, or could move, a customer's balance. */
export type BalanceDocumentKind = 'invoices' | 'payments' | 'returns';

/** A staged invoice, payment or return of one customer, as the service last sent it. */
export type BalanceDocument =
  { kind: 'invoices'; doc: Invoice } | { kind: 'payments'; doc: Payment } | { kind: 'returns'; doc: Return };

/**
 * How a document stands in the service's current balance: added (an invoice), subtracted (a payment),
 * or not counted, and why.
 */
export type LineEffect = 'adds' | 'subtracts' | 'not-counted';

/** One line of a customer's explanation: a document after `as_of` and what it does to each balance. */
export interface ExplanationLine {
  kind: BalanceDocumentKind;
  id: string;
  number: string;
  /** The time that places it against `as_of`: `issued_at`, `collected_at` or `returned_at`. */
  at: string;
  currency: string;
  /** The document's amount in cents (invoice `totals.total`, payment `amount`, return `total`). */
  amountCents: number;
  effect: LineEffect;
  /** What it does to the service's current balance, signed, in cents (0 when not counted). */
  serviceCents: number;
  /**
   * What it does to the ERP's books since `as_of`, signed, in cents: an accepted document was booked
   * (docs/decisions/094-balance-worksheet.md, the fresh balance proposed).
   */
  bookedCents: number;
  /** Why it counts or does not: a code the renderer words in the clerk's language. */
  why: LineWhy;
}

/** How a payment stopped standing as money collected: reversed, its cheque bounced, its receipt voided. */
export type PaymentFall =
  { how: 'reversed' } | { how: 'bounced'; cheque: string } | { how: 'voided'; receipt: string | null };

/**
 * Why a line counts in the service's balance or not: booked in the ERP (`accepted`), an invoice or a
 * payment not accepted yet, a payment that fell (accepted before or after it fell, or never), a return
 * (never counted) accepted or not.
 */
export type LineWhy =
  | { code: 'accepted' }
  | { code: 'invoice-pending' }
  | { code: 'payment-pending' }
  | { code: 'accepted-then-fell'; fall: PaymentFall }
  | { code: 'accepted-as-fallen'; fall: PaymentFall }
  | { code: 'fallen'; fall: PaymentFall }
  | { code: 'return-accepted' }
  | { code: 'return-pending' };

/** Why a customer needs a fresh balance from the ERP. */
export type FreshReason =
  { code: 'never-pushed' } | { code: 'booked-since'; documents: number } | { code: 'old'; days: number };

/** A customer's worksheet: the two balances, the explanation, and what to do. */
export interface CustomerWorksheet {
  /** The ERP balance last pushed, in cents; null when none was pushed. */
  erpCents: number | null;
  asOf: string | null;
  /** The service's current balance, in cents. */
  serviceCents: number;
  /** Service balance minus ERP balance (0 when none was pushed). */
  differenceCents: number;
  /** The sum of the lines' effects on the service's balance. */
  explainedCents: number;
  /**
   * What the staged documents do not explain: 0 when the store is synced. Anything else means the
   * desk should sync, or the service counts a document this desk has not staged.
   */
  unexplainedCents: number;
  /** Documents after `as_of` (all of them when no balance was pushed), oldest first. */
  lines: ExplanationLine[];
  /** Why a fresh balance is needed; empty when the pushed one still serves. */
  fresh: FreshReason[];
  /**
   * The balance to push now: the one pushed plus what the ERP booked since (accepted invoices, minus
   * accepted payments, minus accepted returns). Null when none was pushed: the clerk enters the ERP's.
   */
  proposedCents: number | null;
  /** Documents after `as_of` still waiting for the ERP's answer (counted now, dropped by a fresh balance). */
  pendingCount: number;
}

/** Worksheet settings (docs/decisions/094-balance-worksheet.md). */
export interface WorksheetOptions {
  /** Now, for the age of `as_of`. */
  nowMs: number;
  /** An `as_of` older than this many days asks for a fresh balance. */
  maxAgeDays: number;
}

/** A pushed balance older than a week asks for a fresh one (docs/decisions/094-balance-worksheet.md). */
export const defaultMaxAgeDays = 7;

const dayMs = 86_400_000;

/**
 * Cents of a money value exactly as the service makes them (src-sandbox/store/balances.ts `cents`):
 * a decimal string or number times 100, rounded; anything else counts 0.
 */
export function serviceCents(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** Milliseconds of an ISO time, or NaN (a NaN time is never after `as_of`, as in the service). */
function timeMs(value: string | null | undefined): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/**
 * Whether a payment still stands as money collected: not reversed, its cheque not bounced, its receipt
 * not voided (docs/decisions/035-balances-and-current-balance.md).
 */
export function paymentStands(payment: Payment): boolean {
  return paymentFallOf(payment) === null;
}

/** How a payment no longer stands (payment-fall.ts: reversed, bounced, voided, the first that holds). */
function fallOf(payment: Payment): PaymentFall {
  const fall = paymentFallOf(payment);
  if (fall === 'reversed') return { how: 'reversed' };
  if (fall === 'bounced') return { how: 'bounced', cheque: payment.cheque?.number ?? '' };
  return { how: 'voided', receipt: payment.receipt ? payment.receipt.number : null };
}

/** The time a document is placed by against `as_of`. */
function placedAt(item: BalanceDocument): string {
  switch (item.kind) {
    case 'invoices':
      return item.doc.issued_at;
    case 'payments':
      return item.doc.collected_at;
    case 'returns':
      return item.doc.returned_at;
  }
}

/** The document's amount as the service takes it, in cents. */
function amountOf(item: BalanceDocument): number {
  switch (item.kind) {
    case 'invoices':
      return serviceCents(item.doc.totals.total);
    case 'payments':
      return serviceCents(item.doc.amount);
    case 'returns':
      return serviceCents(item.doc.total);
  }
}

/**
 * Whether the ERP accepted the document: its ack's outcome, whatever version it answered (the service
 * skips it then, docs/decisions/035: "the ERP booked them").
 */
function isAccepted(item: BalanceDocument): boolean {
  return item.doc.ack?.outcome === 'ACCEPTED';
}

/** The effect of one document after `as_of` on both balances, with the reason as a code. */
function lineOf(item: BalanceDocument): ExplanationLine {
  const amountCents = amountOf(item);
  const accepted = isAccepted(item);
  const base = {
    kind: item.kind,
    id: item.doc.id,
    number: documentNumber(item),
    at: placedAt(item),
    currency: item.doc.currency,
    amountCents,
  };
  // The service counts a document until the ERP books it, never both: a counted line is not in the ERP's
  // books yet, a line it does not count may be.
  const counted = (effect: 'adds' | 'subtracts', why: LineWhy): ExplanationLine => ({
    ...base,
    effect,
    serviceCents: effect === 'adds' ? amountCents : -amountCents,
    bookedCents: 0,
    why,
  });
  const notCounted = (bookedCents: number, why: LineWhy): ExplanationLine => ({
    ...base,
    effect: 'not-counted',
    serviceCents: 0,
    bookedCents,
    why,
  });
  switch (item.kind) {
    case 'invoices':
      return accepted
        ? notCounted(amountCents, { code: 'accepted' })
        : counted('adds', { code: 'invoice-pending' });
    case 'payments': {
      const stands = paymentStands(item.doc);
      if (accepted) {
        // Booked when accepted: a payment changes once (docs/decisions/024), so an ack of an earlier
        // version answered it while it stood; an ack of the change itself booked the payment and its
        // taking back together.
        const ackedStanding = stands || (item.doc.ack?.acked_version ?? 0) < item.doc.version;
        return notCounted(
          ackedStanding ? -amountCents : 0,
          stands
            ? { code: 'accepted' }
            : ackedStanding
              ? { code: 'accepted-then-fell', fall: fallOf(item.doc) }
              : { code: 'accepted-as-fallen', fall: fallOf(item.doc) },
        );
      }
      return stands
        ? counted('subtracts', { code: 'payment-pending' })
        : notCounted(0, { code: 'fallen', fall: fallOf(item.doc) });
    }
    case 'returns':
      return notCounted(
        accepted ? -amountCents : 0,
        accepted ? { code: 'return-accepted' } : { code: 'return-pending' },
      );
  }
}

/**
 * A customer's worksheet from its lookup balance and its staged documents.
 *
 * The service's rule (docs/decisions/035): `current_balance` = pushed `balance` (0 if none) + every
 * invoice with `issued_at` strictly after `as_of` − every standing payment with `collected_at` strictly
 * after it, skipping documents whose ack is `ACCEPTED`; with no pushed balance every document counts;
 * returns never count; currencies are not told apart. Each document after `as_of` becomes a line; the
 * lines' effects are the explained part of the difference, and what is left is unexplained.
 */
export function explainBalance(
  balance: LookupBalance,
  documents: readonly BalanceDocument[],
  options: WorksheetOptions,
): CustomerWorksheet {
  const asOfMs = balance.as_of === null ? -Infinity : Date.parse(balance.as_of);
  const erpCents = balance.erp_balance === null ? null : serviceCents(balance.erp_balance);
  const serviceNow = serviceCents(balance.current_balance);
  const lines = documents
    .filter((item) => timeMs(placedAt(item)) > asOfMs)
    .map(lineOf)
    .sort((a, b) => timeMs(a.at) - timeMs(b.at) || a.number.localeCompare(b.number));
  const explainedCents = lines.reduce((sum, line) => sum + line.serviceCents, 0);
  const differenceCents = serviceNow - (erpCents ?? 0);
  const booked = lines.filter((line) => isBookedLine(line));
  const fresh: FreshReason[] = [];
  if (erpCents === null) fresh.push({ code: 'never-pushed' });
  else {
    if (booked.length > 0) fresh.push({ code: 'booked-since', documents: booked.length });
    const ageDays = Math.floor((options.nowMs - asOfMs) / dayMs);
    if (ageDays > options.maxAgeDays) fresh.push({ code: 'old', days: ageDays });
  }
  return {
    erpCents,
    asOf: balance.as_of,
    serviceCents: serviceNow,
    differenceCents,
    explainedCents,
    unexplainedCents: differenceCents - explainedCents,
    lines,
    fresh,
    proposedCents:
      erpCents === null ? null : erpCents + lines.reduce((sum, line) => sum + line.bookedCents, 0),
    pendingCount: lines.filter((line) => line.effect !== 'not-counted').length,
  };
}

/** Whether a line is a document the ERP booked after `as_of` (accepted), which a fresh balance carries. */
function isBookedLine(line: ExplanationLine): boolean {
  return line.bookedCents !== 0;
}
