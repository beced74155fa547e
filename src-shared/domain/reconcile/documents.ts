/**
 * The service's side of a reconciliation: a `ServiceDocument` (./model.ts) built from a document as
 * the service served it.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Resources (the four documents, Ref, Ack);
 * decision 024 (payment statuses), decision 025 (Refs carry the ERP key once pushed).
 */
import type { Payment } from '../../wire';
import { amountToCents, documentAmount, documentDate, documentNumber, type KindedDocument } from '../feeds';
import { reviewStateOf } from '../review';
import type { ServiceDocument } from './model';

/**
 * The statuses of a payment taken back (decision 024): reversed, cheque bounced, receipt voided. A
 * grid row's `status` is enough to set `ServiceDocument.isReversed` without the stored document.
 */
export const reversedPaymentStatuses: readonly string[] = ['REVERSED', 'BOUNCED', 'VOIDED'];

/** Whether a payment was taken back: its status, or the evidence it carries (../review.ts). */
export function isPaymentReversed(payment: Payment): boolean {
  return (
    reversedPaymentStatuses.includes(payment.status) ||
    !!payment.reversal ||
    !!payment.cheque?.bounce_reason ||
    !!payment.receipt?.voided_at
  );
}

/**
 * A document as the engine compares it, from the document itself: number, date and amount as the
 * grids show them (../feeds.ts), the customer's code and ERP key from its `customer` Ref, the tax of
 * an invoice or order, a payment's cheque and whether it was taken back, the answer it carries, and
 * whether it is pending (../review.ts `reviewStateOf`).
 *
 * The renderer can use it where it has the stored document, or build the same fields from a grid row
 * (see `ServiceDocument`); it may then lay the clerk's queued answer over `ack` and `isPending`.
 */
export function toServiceDocument(item: KindedDocument): ServiceDocument {
  const doc = item.doc;
  const ack = doc.ack;
  const base: ServiceDocument = {
    id: doc.id,
    kind: item.kind,
    number: documentNumber(item),
    customerId: doc.customer.id,
    customerCode: doc.customer.code ?? null,
    customerErpKey: doc.customer.external_ref ?? null,
    date: documentDate(item),
    amountCents: amountToCents(documentAmount(item)),
    currency: doc.currency,
    ack: ack
      ? {
          outcome: ack.outcome,
          externalNumber: ack.external_number ?? null,
          externalRef: ack.external_ref ?? null,
        }
      : null,
    isPending: reviewStateOf(item) === 'pending',
  };
  switch (item.kind) {
    case 'invoices':
    case 'orders':
      return { ...base, taxCents: amountToCents(item.doc.totals.tax) };
    case 'payments':
      return {
        ...base,
        chequeNumber: item.doc.cheque?.number ?? null,
        isReversed: isPaymentReversed(item.doc),
      };
    case 'returns':
      return base;
  }
}
