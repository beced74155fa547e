/**
 * Answer rules: what an accept or a reject must carry, how answers are cut into batches, and the
 * reasons a clerk may give for a rejection.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Acknowledge documents (batch `POST /acks`, at
 * most 500 items), States and transitions (an order ACCEPTED "with the ERP's number", REJECTED "with a
 * reason"), Limits (`Idempotency-Key` at most 100 characters).
 */
import type { Ack, AckOutcome, BatchAckItem, FeedKind, NameMap } from '../wire';

/**
 * The most items of one `POST /acks`.
 *
 * Spec, Acknowledge documents and Limits: "items (at most 500)".
 */
export const maxAckBatchItems = 500;

/** The longest ERP number or reference the desk sends (the spec bounds keys at 64 characters). */
export const maxExternalNumberLength = 64;

/** The longest rejection message the desk sends. */
export const maxAckMessageLength = 500;

/** One answer as the clerk gives it, before it becomes a batch item. */
export interface AckDraft {
  /** The service's id of the document (spec, Pull documents: ids are taken from the feeds). */
  id: string;
  outcome: AckOutcome;
  /** The ERP's document number (ACCEPTED). */
  externalNumber?: string;
  /** The ERP's key of the document (ACCEPTED), e.g. from a reconciled register: `external_ref`. */
  externalRef?: string;
  /** The code of the reason (REJECTED). */
  reasonCode?: string;
  message?: string;
}

/** What is wrong with a draft, as a code with its values (the desk words it in the clerk's language). */
export type AckCheck =
  | { code: 'number-too-long'; most: number }
  | { code: 'key-too-long'; most: number }
  | { code: 'message-too-long'; most: number }
  | { code: 'order-number-missing' }
  | { code: 'invoice-number-missing' }
  | { code: 'reason-missing' };

/** What is wrong with a draft, or null when it can be sent. */
export function checkAck(kind: FeedKind, draft: AckDraft): AckCheck | null {
  const number = draft.externalNumber?.trim() ?? '';
  if (number.length > maxExternalNumberLength)
    return { code: 'number-too-long', most: maxExternalNumberLength };
  if ((draft.externalRef?.trim() ?? '').length > maxExternalNumberLength)
    return { code: 'key-too-long', most: maxExternalNumberLength };
  if ((draft.message ?? '').length > maxAckMessageLength)
    return { code: 'message-too-long', most: maxAckMessageLength };
  if (draft.outcome === 'ACCEPTED') {
    // spec, States and transitions: an order is confirmed by "ACCEPTED with the ERP's number".
    if (kind === 'orders' && number === '') return { code: 'order-number-missing' };
    if (kind === 'invoices' && number === '') return { code: 'invoice-number-missing' };
    return null;
  }
  // spec, States and transitions: "REJECTED with a reason".
  if (!draft.reasonCode?.trim()) return { code: 'reason-missing' };
  return null;
}

/**
 * A draft as a batch item of `POST /acks`: only the members it has, numbers and codes trimmed.
 *
 * Spec, Acknowledge documents: items of {`id`, `external_number`, `external_ref`, `message`,
 * `outcome`, `reason_code`}; `outcome` required (docs/decisions/007-ack-bodies.md).
 */
export function toAckItem(draft: AckDraft): BatchAckItem {
  const item: BatchAckItem = { id: draft.id, outcome: draft.outcome };
  const number = draft.externalNumber?.trim();
  if (draft.outcome === 'ACCEPTED' && number) item.external_number = number;
  const key = draft.externalRef?.trim();
  if (draft.outcome === 'ACCEPTED' && key) item.external_ref = key;
  const reason = draft.reasonCode?.trim();
  if (draft.outcome === 'REJECTED' && reason) item.reason_code = reason;
  const message = draft.message?.trim();
  if (message) item.message = message;
  return item;
}

/** Items cut into batches of at most `size` (500 by default), in their order. */
export function splitIntoBatches<T>(items: readonly T[], size = maxAckBatchItems): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** A reason a clerk may give for rejecting a document. */
export interface RejectReason {
  code: string;
  name: NameMap;
}

/**
 * The desk's own rejection reasons, for every feed.
 *
 * Spec, Ack: `reason_code` is a string and no reference list names rejection reasons (Identity and
 * lookup lists ten kinds, none of them for rejections); docs/decisions/040-reject-reason-codes.md.
 * Returns also offer the `return-reasons` list.
 */
export const rejectReasons: readonly RejectReason[] = [
  { code: 'DUPLICATE', name: { en: 'Duplicate of a booked document', ar: 'مكرر لمستند مسجل' } },
  {
    code: 'UNKNOWN_CUSTOMER',
    name: { en: 'Customer not known in the ERP', ar: 'العميل غير معروف في النظام' },
  },
  { code: 'PRICE_MISMATCH', name: { en: 'Prices do not match the ERP', ar: 'الأسعار لا تطابق النظام' } },
  { code: 'AMOUNT_MISMATCH', name: { en: 'Amount does not match', ar: 'المبلغ غير مطابق' } },
  { code: 'CREDIT_LIMIT', name: { en: 'Over the credit limit', ar: 'تجاوز حد الائتمان' } },
  {
    code: 'MISSING_REFERENCE',
    name: { en: 'Reference or cheque details missing', ar: 'بيانات المرجع أو الشيك ناقصة' },
  },
  { code: 'OTHER', name: { en: 'Other (see message)', ar: 'أخرى (انظر الرسالة)' } },
];

/**
 * What a queued ack should become, judged against the document as the service holds it now.
 *
 * - `send`: the document still stands at the version the clerk answered, and nothing answers it yet;
 * - `applied`: the service already holds this very answer at that version (an earlier send whose
 *   response was lost, or the same answer made elsewhere): nothing to send;
 * - `elsewhere`: that version was answered differently (another desk, the ERP): never sent, not retried;
 * - `moved`: the document changed after the clerk answered (a reversal, a bounced cheque, a voided
 *   receipt, a changed return): the answer is held, never sent, until the clerk answers again.
 *
 * Spec, Ack: `acked_version` is the version an ack answered; the service takes a new ack after a change,
 * so only the desk can keep an answer to the version the clerk saw (docs/decisions/041-acks-carry-the-answered-version.md).
 */
export type QueuedAckCheck =
  | { verdict: 'send' }
  | { verdict: 'applied'; ack: Ack }
  | { verdict: 'elsewhere'; ack: Ack }
  | { verdict: 'moved'; ackedVersion: number; currentVersion: number };

/** Whether an ack the service holds is the answer an item carries (the members it sends). */
export function isSameAck(item: BatchAckItem, ack: Ack): boolean {
  return (
    item.outcome === ack.outcome &&
    (item.external_number ?? null) === (ack.external_number ?? null) &&
    (item.external_ref ?? null) === (ack.external_ref ?? null) &&
    (item.reason_code ?? null) === (ack.reason_code ?? null) &&
    (item.message ?? null) === (ack.message ?? null)
  );
}

/**
 * Judges a queued ack against the document's current `version` and `ack` (see QueuedAckCheck). An ack
 * at the answered version decides first: an order's own ack moves it to a new version.
 */
export function checkQueuedAck(
  item: BatchAckItem,
  ackedVersion: number,
  current: { version: number; ack?: Ack | null },
): QueuedAckCheck {
  const ack = current.ack ?? null;
  if (ack && ack.acked_version === ackedVersion)
    return isSameAck(item, ack) ? { verdict: 'applied', ack } : { verdict: 'elsewhere', ack };
  if (current.version !== ackedVersion)
    return { verdict: 'moved', ackedVersion, currentVersion: current.version };
  return { verdict: 'send' };
}
