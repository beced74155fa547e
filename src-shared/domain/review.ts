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
 * Plain words for what changed in a document since it was answered.
 *
 * `before` is the document (same kind) as it was when answered, when the desk has it; without it the document's
 * own evidence still tells a reversal, a bounce or a void (spec, Payment: `reversal`, `cheque.bounce_reason`,
 * `receipt.voided_at`). Empty when the document is not pending again.
 */
export function describeChanges(item: KindedDocument, before: KindedDocument | null): string[] {
  if (!isPendingAgain(item)) return [];
  const changes = changeEvidence(item, before);
  if (changes.length === 0) {
    changes.push(
      `Changed after it was answered (answered version ${item.doc.ack?.acked_version ?? '?'}, now version ${item.doc.version}).`,
    );
  }
  return changes;
}

/**
 * Plain words for how a document moved after the clerk answered it at `answeredVersion`, while the
 * answer waited to be sent: what its own evidence tells, else the two versions.
 */
export function describeMove(item: KindedDocument, ackedVersion: number): string[] {
  const changes = changeEvidence(item, null);
  if (changes.length === 0)
    changes.push(
      `It changed after you answered it (you answered version ${ackedVersion}; it is now version ${item.doc.version}).`,
    );
  return changes;
}

/** What a document's own evidence, and the version it is compared with, tell of a change. */
function changeEvidence(item: KindedDocument, before: KindedDocument | null): string[] {
  const changes: string[] = [];
  if (item.kind === 'payments') changes.push(...paymentEvidence(item.doc));
  if (item.kind === 'returns')
    changes.push(...returnEvidence(item.doc, before?.kind === 'returns' ? before.doc : null));
  if (before && before.kind === item.kind && before.doc.version !== item.doc.version) {
    const oldAmount = documentAmount(before);
    const newAmount = documentAmount(item);
    if (oldAmount !== newAmount) changes.push(`Amount changed from ${oldAmount} to ${newAmount}.`);
    if (before.doc.status !== item.doc.status)
      changes.push(`Status changed from ${before.doc.status} to ${item.doc.status}.`);
  }
  return changes;
}

function paymentEvidence(doc: Payment): string[] {
  const out: string[] = [];
  if (doc.reversal)
    out.push(
      `Reversed ${doc.reversal.reversed_at.slice(0, 10)} by ${doc.reversal.reversed_by}: ${doc.reversal.reason}.`,
    );
  if (doc.cheque?.bounce_reason)
    out.push(`Cheque ${doc.cheque.number} bounced: ${doc.cheque.bounce_reason}.`);
  else if (doc.cheque && doc.cheque.status === 'BOUNCED') out.push(`Cheque ${doc.cheque.number} bounced.`);
  if (doc.receipt?.voided_at) {
    out.push(
      `Receipt ${doc.receipt.number} voided ${doc.receipt.voided_at.slice(0, 10)}${doc.receipt.void_reason ? `: ${doc.receipt.void_reason}` : ''}.`,
    );
  }
  return out;
}

function returnEvidence(doc: Return, before: Return | null): string[] {
  const out: string[] = [];
  if (doc.approval?.held_reason) out.push(`Held: ${doc.approval.held_reason}.`);
  if (doc.approval?.decided_at)
    out.push(
      `Approval decided ${doc.approval.decided_at.slice(0, 10)}${doc.approval.decided_by ? ` by ${doc.approval.decided_by}` : ''}.`,
    );
  if (before && before.lines.length !== doc.lines.length) {
    out.push(`Lines changed from ${before.lines.length} to ${doc.lines.length}.`);
  }
  return out;
}
