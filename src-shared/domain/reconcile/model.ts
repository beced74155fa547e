/**
 * The words of reconciliation: the service's documents as the engine reads them, the matching
 * rules, the states every document and register line ends in, the clerk's decisions, and the result.
 *
 * The engine itself is ./engine.ts (`reconcile`); the register is ./register.ts.
 */
import type { AckOutcome, FeedKind } from '../../wire';
import type { RegisterLine } from './register';

// ---------------------------------------------------------------------------------------------
// The service's side
// ---------------------------------------------------------------------------------------------

/**
 * One document of the service as the engine compares it.
 *
 * Built by the renderer from a grid row (`ReviewRow`, src-renderer/data/db.ts) and, for the few
 * fields a row lacks, the stored document (`StoredDocument.doc`); each field says where it comes
 * from. Without the stored document every rule still runs except the ERP-key half of `erp-key`.
 */
export interface ServiceDocument {
  /** The service's id: `ReviewRow.id`. */
  id: string;
  /** The feed: the table the row is in. */
  kind: FeedKind;
  /** The document's own number: `ReviewRow.number` (../feeds.ts `documentNumber`). */
  number: string;
  /** The service's id of the customer: `ReviewRow.customerId`. */
  customerId: string;
  /**
   * The customer's code: `doc.customer.code`, or `ReviewRow.customer` (its code, else its ERP key,
   * else its id: ../feeds.ts `refLabel`), which is good enough.
   */
  customerCode: string | null;
  /** The customer's ERP key: `doc.customer.external_ref` (decision 025: served once the ERP pushed it). */
  customerErpKey?: string | null;
  /** `YYYY-MM-DD`: `ReviewRow.date` (../feeds.ts `documentDate`). */
  date: string;
  /** The amount with tax, in cents: `ReviewRow.amountCents` (../feeds.ts `documentAmount`). */
  amountCents: number;
  /**
   * The tax in cents, needed only for a register whose amounts exclude tax: an invoice's
   * `amountToCents(doc.totals.tax)`, an order's likewise. A payment has none; a return has no tax
   * total in v1 (spec, Return: `total` only), so it is compared by its total.
   */
  taxCents?: number;
  /** ISO 4217 code: `ReviewRow.currency`. */
  currency: string;
  /** A payment's cheque number: `doc.cheque.number`. */
  chequeNumber?: string | null;
  /**
   * A payment taken back: reversed, its cheque bounced or its receipt voided: `ReviewRow.status` in
   * ./documents.ts `reversedPaymentStatuses` (decision 024). It counts 0: the ERP books it and takes
   * it back in a second line (a `Reversal`), so only a booking never taken back is a difference.
   */
  isReversed?: boolean;
  /**
   * The answer the document carries: `doc.ack` (`outcome`, `external_number`, `external_ref`), or,
   * without the stored document, `ReviewRow.review` and `ReviewRow.externalNumber`. The renderer may
   * lay the clerk's queued answer over it, so a queued accept is checked before it is sent.
   */
  ack?: { outcome: AckOutcome; externalNumber?: string | null; externalRef?: string | null } | null;
  /** Whether the document waits for an answer at its current version: `ReviewRow.review === 'pending'`. */
  isPending: boolean;
}

/**
 * A document's key in the engine and in decisions: `invoices:inv_123`. Ids are the service's,
 * unique within a feed (spec, Pull documents), so the feed makes them unique across a mixed register.
 */
export type DocumentKey = `${FeedKind}:${string}`;

/** The key of a document (`DocumentKey`). */
export function documentKey(doc: Pick<ServiceDocument, 'kind' | 'id'>): DocumentKey {
  return `${doc.kind}:${doc.id}`;
}

// ---------------------------------------------------------------------------------------------
// Rules and settings
// ---------------------------------------------------------------------------------------------

/**
 * The matching rules, in the order they run; each sees only what earlier rules and the clerk's
 * decisions left unmatched.
 *
 * - `reference`: the register line's reference is the document's number or id (exact, after
 *   trimming and ignoring case);
 * - `erp-key`: the document's answer carries the line's ERP key (`external_ref`), or its ERP number
 *   (`external_number`);
 * - `amount-date`: same customer, same currency, same amount, dates at most `dayWindow` days apart,
 *   and no other candidate on either side (fuzzy: a suggestion);
 * - `receipt-sum`: receipts only: several payments of one customer on one day that add up exactly
 *   to one ERP line, or several ERP lines of one customer on one day that add up to one payment
 *   (fuzzy: a suggestion).
 */
export const matchRules = ['reference', 'erp-key', 'amount-date', 'receipt-sum'] as const;

/** One matching rule. */
export type MatchRule = (typeof matchRules)[number];

/** How the engine matches. */
export interface ReconcileSettings {
  /** Which rules run. */
  rules: Record<MatchRule, boolean>;
  /** How many days apart an `amount-date` pair, or a `receipt-sum` group and its line, may be. */
  dayWindow: number;
  /**
   * The largest amount difference, in cents, that makes an exact-rule hit a suggestion rather than
   * a difference (5 for rounding of 0.05). 0: amounts must be equal.
   */
  toleranceCents: number;
}

/** Every rule on, 3 days, no tolerance. */
export const defaultReconcileSettings: ReconcileSettings = {
  rules: { reference: true, 'erp-key': true, 'amount-date': true, 'receipt-sum': true },
  dayWindow: 3,
  toleranceCents: 0,
};

/**
 * How many candidates of one line or document the `amount-date` rule looks at: beyond it the line
 * or document is ambiguous and its group is marked `isCapped` (not every candidate is linked).
 */
export const maxCandidates = 20;

/**
 * The most payments (or ERP lines) of one customer on one day that `receipt-sum` tries to add up
 * (every combination of them: 2^12 sums); a larger day is skipped and counted as `capped`.
 */
export const maxSumItems = 12;

// ---------------------------------------------------------------------------------------------
// States and groups
// ---------------------------------------------------------------------------------------------

/**
 * Where a document or a register line lands; each lands in exactly one.
 *
 * - `matched`: found by an exact rule (or confirmed by the clerk) with equal amounts, and customer,
 *   currency and cheque number agreeing;
 * - `suggested`: found by a fuzzy rule, or by an exact rule with an amount difference within the
 *   tolerance; waits for the clerk to confirm or discard;
 * - `differs`: found by an exact rule (or linked by the clerk), but the amount differs beyond the
 *   tolerance, or the customer, currency or cheque number disagree;
 * - `ambiguous`: several candidates; the clerk picks;
 * - `service-only`: a document the register does not hold (not booked);
 * - `erp-only`: a booking with no document of the service.
 */
export const reconcileStates = [
  'matched',
  'suggested',
  'differs',
  'ambiguous',
  'service-only',
  'erp-only',
] as const;

/** One state. */
export type ReconcileState = (typeof reconcileStates)[number];

/**
 * One thing that disagrees between the two sides of a group, with both values. Amounts are in
 * cents and `differenceCents` is the register's less the service's.
 */
export type ReconcileDifference =
  | { field: 'amount'; serviceCents: number; erpCents: number; differenceCents: number }
  | { field: 'customer' | 'currency' | 'cheque'; service: string; erp: string };

/**
 * A document that was answered (not pending) whose answer disagrees with the register: ACCEPTED
 * under another ERP number than the register's, or REJECTED although the ERP booked it.
 */
export type AckConflict =
  | { documentKey: DocumentKey; outcome: 'ACCEPTED'; answered: string; register: string }
  | { documentKey: DocumentKey; outcome: 'REJECTED'; register: string };

/**
 * Documents and register lines that landed together: a pair, a group (several payments to one
 * line, one payment to several lines), the candidates of an ambiguous case, or one side alone.
 */
export interface ReconcileGroup {
  /** Unique in a result: `d:` and the first document's key, else `l:` and the first line's id. */
  id: string;
  state: ReconcileState;
  /** The rule that found it; null for `service-only` and `erp-only`. */
  rule: MatchRule | null;
  /** The clerk's decision that made it (`confirm` or `pick`), or null when the engine found it. */
  decision: 'confirm' | 'pick' | null;
  /** Sorted by key. */
  documents: readonly ServiceDocument[];
  /** Sorted by id. */
  lines: readonly RegisterLine[];
  /** The documents' amounts as compared: with tax, or less their tax for a register without it. */
  serviceCents: number;
  erpCents: number;
  /** `erpCents - serviceCents`: positive when the ERP booked more than the service issued. */
  differenceCents: number;
  /** What disagrees (empty unless `suggested` within tolerance, `differs`, or a linked group). */
  differences: readonly ReconcileDifference[];
  ackConflicts: readonly AckConflict[];
  /** `ambiguous` only: some candidates were not looked at (`maxCandidates`). */
  isCapped: boolean;
}

// ---------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------

/**
 * A clerk's decision, kept as data and given to every later run.
 *
 * - `confirm`: a suggestion is right: its documents and lines are matched (or `differs` when they
 *   disagree beyond the tolerance);
 * - `pick`: of an ambiguous group, these documents and lines belong together; the others go back to
 *   the rules;
 * - `discard`: a suggestion is wrong: its documents and lines go back to the rules, and `rule` never
 *   pairs any of these documents with any of these lines again (another rule may).
 */
export interface ReconcileDecision {
  action: 'confirm' | 'pick' | 'discard';
  /** The rule of the group decided on. */
  rule: MatchRule;
  documentKeys: DocumentKey[];
  lineIds: string[];
}

/** A decision the engine could not apply, and why, in plain words. */
export interface IgnoredDecision {
  decision: ReconcileDecision;
  reason: string;
}

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

/** Totals of one currency: each side in cents, and the register's less the service's. */
export interface CurrencyTotals {
  currency: string;
  serviceCents: number;
  erpCents: number;
  differenceCents: number;
}

/** How many groups, documents and lines a state holds, and their totals per currency. */
export interface StateSummary {
  groups: number;
  documents: number;
  lines: number;
  /** Sorted by currency. */
  totals: CurrencyTotals[];
}

/** What one rule did in a run (groups it made, by state; groups the clerk decided on its word). */
export interface RuleSummary {
  isEnabled: boolean;
  matched: number;
  suggested: number;
  differs: number;
  ambiguous: number;
  /** Groups made by the clerk's `confirm` or `pick` of this rule's groups. */
  decided: number;
  /**
   * What the rule did not fully look at: `amount-date`, ambiguous groups whose candidates were cut
   * at `maxCandidates`; `receipt-sum`, customer-days with more than `maxSumItems` items, not tried.
   */
  capped: number;
}

/** A reconciliation: every group, and the counts and totals the section shows. */
export interface ReconcileResult {
  /** Sorted by state (in `reconcileStates` order), then by id (documents' groups first, by key). */
  groups: ReconcileGroup[];
  states: Record<ReconcileState, StateSummary>;
  /** Every group together. */
  total: StateSummary;
  rules: Record<MatchRule, RuleSummary>;
  /** How many answered documents disagree with the register (`AnswerConflict`). */
  ackConflicts: number;
  decisions: { applied: ReconcileDecision[]; ignored: IgnoredDecision[] };
}
