import { describe, expect, it } from 'vitest';
import {
  explainBalance,
  type BalanceDocument,
  type CustomerWorksheet,
} from '../../src-shared/domain/balance-worksheet';
import type { Ack, Invoice, Payment, Return } from '../../src-shared/wire';
import { invoice as wireInvoice, payment as wirePayment } from '../support/wire-documents';

// Documents shaped as the wire schemas say, built by hand (the store tests' documents, placed in time
// and priced here): the worksheet's rules are under test, and each expected figure below is worked out
// by hand from the rule of docs/decisions/035.

const ref = (id: string, code?: string) => ({ id, code: code ?? id });
const asOf = '2025-05-01T10:00:00.000Z';
const nowMs = Date.parse('2025-05-03T10:00:00Z');
const options = { nowMs, maxAgeDays: 7 };

function ack(version: number, outcome: Ack['outcome'] = 'ACCEPTED'): Ack {
  return { acked_at: '2025-05-02T12:00:00Z', acked_version: version, outcome };
}

function invoice(id: string, issuedAt: string, total: string, patch: Partial<Invoice> = {}): BalanceDocument {
  const doc: Invoice = {
    ...wireInvoice(id, 1, { total }),
    issue_date: issuedAt.slice(0, 10),
    issued_at: issuedAt,
    updated_at: issuedAt,
    ...patch,
  };
  return { kind: 'invoices', doc };
}

function payment(
  id: string,
  collectedAt: string,
  amount: string,
  patch: Partial<Payment> = {},
): BalanceDocument {
  const doc: Payment = {
    ...wirePayment(id, 1),
    amount,
    on_account: amount,
    collected_at: collectedAt,
    collection_date: collectedAt.slice(0, 10),
    number: `RC-${id}`,
    updated_at: collectedAt,
    ...patch,
  };
  return { kind: 'payments', doc };
}

function credit(id: string, returnedAt: string, total: string, patch: Partial<Return> = {}): BalanceDocument {
  const doc: Return = {
    branch: ref('br-1'),
    currency: 'EGP',
    customer: ref('cu-1', 'C-1'),
    id,
    invoice: { id: 'inv-x', number: 'INV-x' },
    lines: [],
    location: ref('loc-1'),
    number: `RT-${id}`,
    reason: 'DAMAGED',
    return_date: returnedAt.slice(0, 10),
    returned_at: returnedAt,
    sales_rep: ref('rep-1'),
    status: 'RECORDED',
    total,
    updated_at: returnedAt,
    version: 1,
    ...patch,
  };
  return { kind: 'returns', doc };
}

const reversal = { reason: 'Wrong customer', reversed_at: '2025-05-02T09:00:00Z', reversed_by: 'office' };

/** The lines as number, effect and the two signed figures: what the detail panel lists. */
function linesOf(sheet: CustomerWorksheet) {
  return sheet.lines.map((line) => [line.number, line.effect, line.serviceCents, line.bookedCents]);
}

describe('the balance worksheet', () => {
  it('explains every cent of the difference with the service’s rule, and proposes what the ERP booked since', () => {
    const documents: BalanceDocument[] = [
      // Before as_of, or exactly at it: in the ERP balance, not listed (the service counts strictly after).
      invoice('old', '2025-04-30T09:00:00Z', '999.99'),
      invoice('edge', asOf, '50.00'),
      // 12:30+02:00 is 10:30Z: after as_of although its text sorts before it.
      invoice('i1', '2025-05-01T12:30:00+02:00', '250.10'),
      invoice('i2', '2025-05-02T08:00:00Z', '0.20', { ack: ack(1, 'REJECTED') }),
      invoice('i3', '2025-05-02T09:00:00Z', '400.00', { ack: ack(1) }),
      payment('p1', '2025-05-01T11:00:00Z', '100.05'),
      payment('p2', '2025-05-01T12:00:00Z', '30.00', { reversal, status: 'REVERSED', version: 2 }),
      payment('p3', '2025-05-01T13:00:00Z', '20.00', {
        method: 'CHEQUE',
        cheque: { number: 'CHQ-9', status: 'BOUNCED', bounce_reason: 'Insufficient funds' },
        status: 'BOUNCED',
        version: 2,
      }),
      payment('p4', '2025-05-01T14:00:00Z', '10.00', {
        receipt: {
          balance_after: '0.00',
          id: 'r4',
          issued_at: '2025-05-01T14:00:00Z',
          number: 'RC-4',
          voided_at: '2025-05-02T10:00:00Z',
          void_reason: 'Typo',
        },
        status: 'VOIDED',
        version: 2,
      }),
      payment('p5', '2025-05-01T15:00:00Z', '75.00', { ack: ack(1) }),
      // Accepted, then reversed: the ERP booked the payment, the reversal waits for an answer.
      payment('p6', '2025-05-01T16:00:00Z', '60.00', {
        ack: ack(1),
        reversal,
        status: 'REVERSED',
        version: 2,
      }),
      credit('r1', '2025-05-02T11:00:00Z', '40.00'),
      credit('r2', '2025-05-02T12:00:00Z', '15.50', { ack: ack(1) }),
    ];
    // The service: 1,000.00 + 250.10 (i1) + 0.20 (i2, rejected still counts) − 100.05 (p1) = 1,150.25.
    const sheet = explainBalance(
      { erp_balance: 1000, as_of: asOf, current_balance: 1150.25, credit_limit: null },
      documents,
      options,
    );
    expect(linesOf(sheet)).toEqual([
      ['INV-i1', 'adds', 25010, 0],
      ['RC-p1', 'subtracts', -10005, 0],
      ['RC-p2', 'not-counted', 0, 0],
      ['RC-p3', 'not-counted', 0, 0],
      ['RC-p4', 'not-counted', 0, 0],
      ['RC-p5', 'not-counted', 0, -7500],
      ['RC-p6', 'not-counted', 0, -6000],
      ['INV-i2', 'adds', 20, 0],
      ['INV-i3', 'not-counted', 0, 40000],
      ['RT-r1', 'not-counted', 0, 0],
      ['RT-r2', 'not-counted', 0, -1550],
    ]);
    expect(sheet).toMatchObject({
      erpCents: 100000,
      serviceCents: 115025,
      differenceCents: 15025,
      explainedCents: 15025,
      unexplainedCents: 0,
      // 1,000.00 + 400.00 (i3) − 75.00 (p5) − 60.00 (p6) − 15.50 (r2) = 1,249.50.
      proposedCents: 124950,
      pendingCount: 3,
      fresh: [{ code: 'booked-since', documents: 4 }],
    });
    // Why each line counts or not, as codes the desk words in the clerk's language.
    expect(sheet.lines.map((line) => [line.number, line.why])).toEqual([
      ['INV-i1', { code: 'invoice-pending' }],
      ['RC-p1', { code: 'payment-pending' }],
      ['RC-p2', { code: 'fallen', fall: { how: 'reversed' } }],
      ['RC-p3', { code: 'fallen', fall: { how: 'bounced', cheque: 'CHQ-9' } }],
      ['RC-p4', { code: 'fallen', fall: { how: 'voided', receipt: 'RC-4' } }],
      ['RC-p5', { code: 'accepted' }],
      ['RC-p6', { code: 'accepted-then-fell', fall: { how: 'reversed' } }],
      ['INV-i2', { code: 'invoice-pending' }],
      ['INV-i3', { code: 'accepted' }],
      ['RT-r1', { code: 'return-pending' }],
      ['RT-r2', { code: 'return-accepted' }],
    ]);
  });

  it('counts every invoice and standing payment from 0 when no balance was pushed, and asks for one', () => {
    const sheet = explainBalance(
      { erp_balance: null, as_of: null, current_balance: 1234.5, credit_limit: null },
      [
        invoice('i1', '2020-01-01T00:00:00Z', '1500.00'),
        payment('p1', '2020-01-02T00:00:00Z', '265.50'),
        payment('p2', '2020-01-03T00:00:00Z', '99.00', { reversal, status: 'REVERSED', version: 2 }),
        credit('r1', '2020-01-04T00:00:00Z', '12.00'),
      ],
      options,
    );
    expect(sheet).toMatchObject({
      erpCents: null,
      differenceCents: 123450,
      explainedCents: 123450,
      unexplainedCents: 0,
      proposedCents: null,
      fresh: [{ code: 'never-pushed' }],
    });
    expect(sheet.lines).toHaveLength(4);
  });

  it('leaves unexplained what the service counts and the desk has not staged', () => {
    // The service also counts an invoice of 80.00 this desk never staged.
    const sheet = explainBalance(
      { erp_balance: 500, as_of: asOf, current_balance: 530.01, credit_limit: 900 },
      [payment('p1', '2025-05-02T00:00:00Z', '49.99')],
      options,
    );
    expect(sheet).toMatchObject({ differenceCents: 3001, explainedCents: -4999, unexplainedCents: 8000 });
    expect(sheet.fresh).toEqual([]);
  });

  it('adds cents exactly where floats would not, and asks for a fresh balance once as_of is over a week old', () => {
    const sheet = explainBalance(
      { erp_balance: 0.1, as_of: '2025-04-25T09:00:00Z', current_balance: 0.3, credit_limit: null },
      [invoice('i1', '2025-04-26T00:00:00Z', '0.20')],
      options,
    );
    expect(sheet).toMatchObject({ erpCents: 10, serviceCents: 30, explainedCents: 20, unexplainedCents: 0 });
    expect(sheet.fresh).toEqual([{ code: 'old', days: 8 }]);
  });
});
