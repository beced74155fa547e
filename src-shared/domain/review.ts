/**
 * Pending rules: whether a document still waits for the ERP's answer, and, for one that changed after
 * it was answered, what changed.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, States and transitions ("Ack pending state: a
 * document is pending when it has no ack at its current version. For payments and returns a later
 * change of the document makes it pending again.") and Ack ("An ack of a payment or a return is kept
 * at the version it answered").
 */
import type { Payment, Return } from '../wire';
import { documentAmount, type KindedDocument } from './feeds';

/**
 * Where a document stands in review: waiting for an answer, answered either way, or neither (an
 * order that went on without the ERP's answer, e.g. `DELIVERED`).
 */
export type ReviewState = 'pending' | 'accepted' | 'rejected' | 'not-awaiting';

/** The review states that have a view of their own. */
export type ReviewViewState = Exclude<ReviewState, 'not-awaiting'>;

/** The review states that have a view of their own, in the order the views show them. */
export const reviewStates: readonly ReviewViewState[] = ['pending', 'accepted', 'rejected'];

/**
 * The review state of a document as the service sent it.
 *
 * Spec, States and transitions: an invoice, payment or return is pending when no ack answers its
 * current version (the feeds' `filter[ack]=pending`); otherwise the ack's outcome. An order awaits
 * the ERP while `ERP_PENDING`: its ack moves it to `ERP_CONFIRMED` or `ERP_FAILED` at a new version
 * and stays its answer (docs/decisions/023-order-lifecycle.md). An order neither awaiting nor answered
 * (`DELIVERED` without an ack) is `not-awaiting`.
 */
export function reviewStateOf(item: KindedDocument): ReviewState {
  const doc = item.doc;
  if (item.kind === 'orders') {
    if (item.doc.status === 'ERP_PENDING') return 'pending';
    if (doc.ack) return doc.ack.outcome === 'ACCEPTED' ? 'accepted' : 'rejected';
    return 'not-awaiting';
  }
  const ack = doc.ack;
  if (!ack || ack.acked_version !== doc.version) return 'pending';
  return ack.outcome === 'ACCEPTED' ? 'accepted' : 'rejected';
}

/**
 * Whether a document was answered and now waits for an answer again.
 *
 * Spec, Ack: a payment's or a return's ack is kept at the version it answered; a later change (a
 * reversal, a bounced cheque, a voided receipt) makes it pending again. An order is pending again
 * when the office sent a failed one again (`ERP_PENDING` with an earlier ack).
 */
export function isPendingAgain(item: KindedDocument): boolean {
  if (item.kind === 'orders') return item.doc.status === 'ERP_PENDING' && !!item.doc.ack;
  return !!item.doc.ack && item.doc.ack.acked_version !== item.doc.version;
}

/**
 * One fact of how a document changed after it was answered: a code and its values, worded where it is
 * shown (the renderer says it in the clerk's language).
 * Dates are `YYYY-MM-DD`, amounts the service's decimal strings, statuses and numbers as sent.
 *
 * - `versions`: nothing else tells the change; the version answered (null when unknown) and now.
 * - `moved`: the same for a document that moved after the clerk answered it, before the ack was sent.
 * - `amount`, `status`, `lines`: the value at the answered version and now (lines: how many).
 * - `reversed`, `cheque-bounced`, `receipt-voided`: a payment's own evidence (spec, Payment:
 *   `reversal`, `cheque.bounce_reason` or `cheque.status` `BOUNCED`, `receipt.voided_at`).
 * - `held`, `approval-decided`: a return's approval (spec, Return: `approval`).
 * - `words`: a change told in words only (what an earlier build of the desk stored on a row).
 */
export type ChangeFact =
  | { kind: 'versions'; acked: number | null; now: number }
  | { kind: 'moved'; acked: number; now: number }
  | { kind: 'amount'; from: string; to: string }
  | { kind: 'status'; from: string; to: string }
  | { kind: 'lines'; from: number; to: number }
  | { kind: 'reversed'; date: string; by: string; reason: string }
  | { kind: 'cheque-bounced'; number: string; reason: string | null }
  | { kind: 'receipt-voided'; number: string; date: string; reason: string | null }
  | { kind: 'held'; reason: string }
  | { kind: 'approval-decided'; date: string; by: string | null }
  | { kind: 'words'; text: string };

/**
 * What changed in a document since it was answered.
 *
 * `before` is the document (same kind) as it was when answered, when the desk has it; without it the document's
 * own evidence still tells a reversal, a bounce or a void (spec, Payment: `reversal`, `cheque.bounce_reason`,
 * `receipt.voided_at`). Empty when the document is not pending again.
 */
export function changeFactsOf(item: KindedDocument, before: KindedDocument | null): ChangeFact[] {
  if (!isPendingAgain(item)) return [];
  const changes = changeEvidence(item, before);
  if (changes.length === 0)
    changes.push({ kind: 'versions', acked: item.doc.ack?.acked_version ?? null, now: item.doc.version });
  return changes;
}

/**
 * How a document moved after the clerk answered it at `ackedVersion`, while the ack waited to be sent:
 * what its own evidence tells, else the two versions.
 */
export function moveFactsOf(item: KindedDocument, ackedVersion: number): ChangeFact[] {
  const changes = changeEvidence(item, null);
  if (changes.length === 0) changes.push({ kind: 'moved', acked: ackedVersion, now: item.doc.version });
  return changes;
}

/** What a document's own evidence, and the version it is compared with, tell of a change. */
function changeEvidence(item: KindedDocument, before: KindedDocument | null): ChangeFact[] {
  const changes: ChangeFact[] = [];
  if (item.kind === 'payments') changes.push(...paymentEvidence(item.doc));
  if (item.kind === 'returns')
    changes.push(...returnEvidence(item.doc, before?.kind === 'returns' ? before.doc : null));
  if (before && before.kind === item.kind && before.doc.version !== item.doc.version) {
    const oldAmount = documentAmount(before);
    const newAmount = documentAmount(item);
    if (oldAmount !== newAmount) changes.push({ kind: 'amount', from: oldAmount, to: newAmount });
    if (before.doc.status !== item.doc.status)
      changes.push({ kind: 'status', from: before.doc.status, to: item.doc.status });
  }
  return changes;
}

function paymentEvidence(doc: Payment): ChangeFact[] {
  const out: ChangeFact[] = [];
  if (doc.reversal)
    out.push({
      kind: 'reversed',
      date: doc.reversal.reversed_at.slice(0, 10),
      by: doc.reversal.reversed_by,
      reason: doc.reversal.reason,
    });
  if (doc.cheque?.bounce_reason)
    out.push({ kind: 'cheque-bounced', number: doc.cheque.number, reason: doc.cheque.bounce_reason });
  else if (doc.cheque && doc.cheque.status === 'BOUNCED')
    out.push({ kind: 'cheque-bounced', number: doc.cheque.number, reason: null });
  if (doc.receipt?.voided_at)
    out.push({
      kind: 'receipt-voided',
      number: doc.receipt.number,
      date: doc.receipt.voided_at.slice(0, 10),
      reason: doc.receipt.void_reason || null,
    });
  return out;
}

function returnEvidence(doc: Return, before: Return | null): ChangeFact[] {
  const out: ChangeFact[] = [];
  if (doc.approval?.held_reason) out.push({ kind: 'held', reason: doc.approval.held_reason });
  if (doc.approval?.decided_at)
    out.push({
      kind: 'approval-decided',
      date: doc.approval.decided_at.slice(0, 10),
      by: doc.approval.decided_by || null,
    });
  if (before && before.lines.length !== doc.lines.length)
    out.push({ kind: 'lines', from: before.lines.length, to: doc.lines.length });
  return out;
}
