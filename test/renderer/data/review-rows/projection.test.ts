import { describe, expect, it } from 'vitest';
import { moveFactsOf } from '../../../../src-shared/domain/review';
import type { Order, Payment, Return } from '../../../../src-shared/wire';
import { rowOf } from '../../../../src-renderer/data/review-rows/projection';
import type { ReviewRow, StoredDocument } from '../../../../src-renderer/data/rows';
import { ackAt, invoice, payment } from '../../../support/wire-documents';

// A row keeps its note and what changed as codes and values (the screen says them in the clerk's
// language): every kind's note, and every change a document's own evidence or its answered version tells.

const ref = (id: string, code = id) => ({ id, code });

function order(version: number, lines: number, patch: Partial<Order> = {}): Order {
  const line = {
    amount: '10.00',
    discount: '0.00',
    is_free_goods: false,
    line_number: 1,
    line_total: '10.00',
    product: ref('prd-1'),
    promotion_code: null,
    quantity: '1.000',
    tax: [],
    unit: ref('unt-1'),
    unit_price: '10.00',
  };
  return {
    branch: ref('br-1'),
    created_at: '2025-03-01T08:00:00Z',
    currency: 'EGP',
    customer: ref('cu-1', 'C-1'),
    id: 'o',
    idempotency_key: 'k-1',
    lines: Array.from({ length: lines }, (_, index) => ({ ...line, line_number: index + 1 })),
    number: 'SO-2025-000501',
    order_date: '2025-03-01',
    prices_include_tax: false,
    sales_rep: ref('rep-1', 'R01'),
    status: 'ERP_PENDING',
    totals: { discount: '0.00', gross: '10.00', net: '10.00', subtotal: '10.00', tax: '0.00' },
    updated_at: '2025-03-01T08:00:00Z',
    version,
    ...patch,
  };
}

function returnOf(version: number, patch: Partial<Return> = {}): Return {
  return {
    branch: ref('br-1'),
    currency: 'EGP',
    customer: ref('cu-1', 'C-1'),
    id: 'r',
    invoice: { id: 'inv-9', number: 'INV-2025-000009' },
    lines: [],
    location: ref('loc-1'),
    number: 'RT-1',
    reason: 'DAMAGED',
    return_date: '2025-03-05',
    returned_at: '2025-03-05T10:00:00Z',
    sales_rep: ref('rep-1', 'R01'),
    status: 'RECORDED',
    total: '50.00',
    updated_at: '2025-03-05T10:00:00Z',
    version,
    ...patch,
  };
}

function stored<K extends StoredDocument['kind']>(
  kind: K,
  doc: StoredDocument<K>['doc'],
  answered = null as StoredDocument<K>['doc'] | null,
): StoredDocument {
  return { kind, id: doc.id, version: doc.version, doc, answered } as StoredDocument;
}

function factsOf(item: StoredDocument): Pick<ReviewRow, 'noteFacts' | 'changeFacts'> {
  const { noteFacts, changeFacts } = rowOf(item, undefined, 'chunk-1');
  return { noteFacts, changeFacts };
}

const chequePayment = (version: number, patch: Partial<Payment> = {}): Payment => ({
  ...payment('p', version),
  method: 'CHEQUE',
  cheque: { bank: 'NBE', due_on: '2025-04-01', number: '123456', status: 'DEPOSITED' },
  ...patch,
});

describe('a review row’s note and changes, as facts', () => {
  it('keep each kind’s note as codes and values', () => {
    expect([
      factsOf(stored('orders', order(1, 3))).noteFacts,
      factsOf(stored('orders', order(1, 1))).noteFacts,
      factsOf(stored('invoices', invoice('i', 1))).noteFacts,
      factsOf(stored('payments', payment('p', 1))).noteFacts,
      factsOf(stored('payments', chequePayment(1))).noteFacts,
      factsOf(stored('returns', returnOf(1))).noteFacts,
    ]).toEqual([
      { kind: 'lines', count: 3 },
      { kind: 'lines', count: 1 },
      { kind: 'order', number: 'SO-i' },
      { kind: 'method', method: 'CASH', cheque: null },
      { kind: 'method', method: 'CHEQUE', cheque: { number: '123456', status: 'DEPOSITED' } },
      { kind: 'reason', reason: 'DAMAGED', invoice: 'INV-2025-000009' },
    ]);
  });

  it('keep what a payment’s own evidence tells once it is pending again', () => {
    const everything = chequePayment(5, {
      ack: ackAt(4),
      reversal: { reason: 'Wrong customer', reversed_at: '2025-03-03T08:00:00Z', reversed_by: 'office' },
      cheque: {
        bank: 'NBE',
        due_on: '2025-04-01',
        number: '123456',
        status: 'BOUNCED',
        bounce_reason: 'No funds',
      },
      receipt: {
        balance_after: '0.00',
        id: 'rc-1',
        issued_at: '2025-03-02T10:00:00Z',
        number: 'RC-000011',
        voided_at: '2025-03-04T09:00:00Z',
        void_reason: 'Wrong customer',
      },
    });
    expect(factsOf(stored('payments', everything)).changeFacts).toEqual([
      { kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer' },
      { kind: 'cheque-bounced', number: '123456', reason: 'No funds' },
      { kind: 'receipt-voided', number: 'RC-000011', date: '2025-03-04', reason: 'Wrong customer' },
    ]);
    const bouncedOnly = chequePayment(5, {
      ack: ackAt(4),
      cheque: { bank: 'NBE', due_on: '2025-04-01', number: '77', status: 'BOUNCED' },
    });
    expect(factsOf(stored('payments', bouncedOnly)).changeFacts).toEqual([
      { kind: 'cheque-bounced', number: '77', reason: null },
    ]);
    // Answered at its current version: nothing changed.
    expect(factsOf(stored('payments', chequePayment(4, { ack: ackAt(4) }))).changeFacts).toEqual([]);
  });

  it('keep what changed from the answered version, and the versions when nothing else tells', () => {
    const answered = returnOf(2, { ack: ackAt(2), lines: [] });
    const now = returnOf(3, {
      ack: ackAt(2),
      total: '40.00',
      status: 'APPROVED',
      lines: [
        {
          line_number: 1,
          line_total: '40.00',
          product: ref('prd-1'),
          quantity: '1.000',
          unit: ref('unt-1'),
          unit_price: '40.00',
          invoice_line_number: 1,
          is_expired: false,
        },
      ],
      approval: {
        held_reason: 'Awaiting photos',
        decided_at: '2025-03-06T09:00:00Z',
        decided_by: 'supervisor@demo',
      },
    });
    expect(factsOf(stored('returns', now, answered)).changeFacts).toEqual([
      { kind: 'held', reason: 'Awaiting photos' },
      { kind: 'approval-decided', date: '2025-03-06', by: 'supervisor@demo' },
      { kind: 'lines', from: 0, to: 1 },
      { kind: 'amount', from: '50.00', to: '40.00' },
      { kind: 'status', from: 'RECORDED', to: 'APPROVED' },
    ]);
    expect(factsOf(stored('invoices', invoice('i', 7, { ack: ackAt(5) }))).changeFacts).toEqual([
      { kind: 'versions', acked: 5, now: 7 },
    ]);
  });

  it('tell a held ack’s move as facts: its own evidence, else the two versions', () => {
    const moved = stored('invoices', invoice('i', 9, { ack: ackAt(5) }));
    expect(moveFactsOf(moved, 8)).toEqual([{ kind: 'moved', acked: 8, now: 9 }]);
    const bounced = stored(
      'payments',
      chequePayment(6, { cheque: { bank: 'NBE', due_on: '2025-04-01', number: '77', status: 'BOUNCED' } }),
    );
    expect(moveFactsOf(bounced, 5)).toEqual([{ kind: 'cheque-bounced', number: '77', reason: null }]);
  });
});
