import { describe, expect, it } from 'vitest';
import {
  chequeLineOf,
  chequesInView,
  chequeTotals,
  countViews,
  daysOverdue,
  type ChequeLine,
} from '../../src-shared/domain/cheques';
import type { Payment } from '../../src-shared/wire';

// Cheques as a Cairo distributor's reps collect them: post-dated, drawn on Egyptian banks, in EGP
// (one exporter pays in USD). Each payment is shaped as the wire schema says; the portfolio's rules
// are under test, and every expected order and total below is worked out by hand.

const today = '2026-03-10';

interface ChequeFacts {
  number: string;
  amount: string;
  bank?: string | null;
  due?: string | null;
  collected?: string;
  status?: string;
  bounceReason?: string;
  reversed?: string;
  voided?: string;
  currency?: string;
  customer?: { id: string; code?: string };
  rep?: { id: string; code?: string } | null;
  receipt?: string | null;
}

/** A cheque payment as the service sends it, collected at `collected` (an ISO time). */
function chequePayment(id: string, facts: ChequeFacts): Payment {
  const collected = facts.collected ?? '2026-03-01T09:15:00Z';
  return {
    allocations: [],
    amount: facts.amount,
    branch: { id: 'br-1', code: 'C-104-1' },
    collected_at: collected,
    collected_by: {
      sales_rep: facts.rep === undefined ? { id: 'rep-1', code: 'R07' } : facts.rep,
      user: 'r07',
    },
    collection_date: collected.slice(0, 10),
    currency: facts.currency ?? 'EGP',
    customer: facts.customer ?? { id: 'cu-104', code: 'C-104' },
    id,
    method: 'CHEQUE',
    on_account: '0.00',
    status: facts.reversed ? 'REVERSED' : facts.voided ? 'VOIDED' : 'RECORDED',
    updated_at: collected,
    version: 3,
    cheque: {
      number: facts.number,
      status: facts.status ?? 'IN_HAND',
      bank: facts.bank === undefined ? 'Banque Misr' : facts.bank,
      bounce_reason: facts.bounceReason ?? null,
      due_on: facts.due === undefined ? '2026-03-20' : facts.due,
    },
    number: `PAY-2026-${id}`,
    receipt:
      facts.receipt === null
        ? null
        : {
            balance_after: '0.00',
            id: `rct-${id}`,
            issued_at: collected,
            number: facts.receipt ?? `RC-${id}`,
            ...(facts.voided
              ? { void_reason: 'Receipt printed with a wrong amount', voided_at: facts.voided }
              : {}),
          },
    reversal: facts.reversed
      ? { reason: 'Recorded for the wrong customer', reversed_at: facts.reversed, reversed_by: 'office@demo' }
      : null,
  };
}

/** The portfolio of these payments (the cash ones left out, as chequeLineOf leaves them). */
function linesOf(payments: Payment[]): ChequeLine[] {
  return payments.flatMap((payment) => chequeLineOf(payment) ?? []);
}

const numbers = (lines: readonly ChequeLine[]): string[] => lines.map((line) => line.number);

/**
 * The portfolio on 10 March 2026: held cheques due from last week to next month, two bounced, one of
 * a reversed payment, one of a voided receipt, one the service gives a status of its own.
 */
const portfolio = linesOf([
  chequePayment('p01', { number: '100231', amount: '12500.00', due: '2026-03-10', bank: 'Banque Misr' }),
  chequePayment('p02', {
    number: '100232',
    amount: '8750.50',
    due: '2026-03-16',
    bank: 'National Bank of Egypt',
  }),
  // Due on the seventh day after today: next week, not this one.
  chequePayment('p03', { number: '100233', amount: '4200.00', due: '2026-03-17', bank: 'CIB' }),
  chequePayment('p04', { number: '100234', amount: '30000.00', due: '2026-03-09', bank: 'banque  misr ' }),
  chequePayment('p05', { number: '100235', amount: '1500.25', due: '2026-02-28', bank: 'CIB' }),
  chequePayment('p06', { number: '100236', amount: '9999.99', due: null, bank: null }),
  chequePayment('p07', {
    number: '200801',
    amount: '22000.00',
    due: '2026-03-05',
    bank: 'National Bank of Egypt',
    status: 'BOUNCED',
    bounceReason: 'Insufficient funds',
    collected: '2026-02-20T11:00:00Z',
  }),
  chequePayment('p08', {
    number: '200802',
    amount: '6400.00',
    due: '2026-03-01',
    bank: 'CIB',
    status: 'BOUNCED',
    bounceReason: 'Signature mismatch',
    collected: '2026-02-25T08:30:00Z',
  }),
  chequePayment('p09', {
    number: '300115',
    amount: '18000.00',
    due: '2026-03-12',
    bank: 'Banque Misr',
    reversed: '2026-03-03T14:00:00Z',
  }),
  chequePayment('p10', {
    number: '300116',
    amount: '5000.00',
    due: '2026-03-13',
    bank: 'QNB Alahli',
    voided: '2026-03-04T10:00:00Z',
  }),
  chequePayment('p11', {
    number: '400010',
    amount: '2500.00',
    due: '2026-03-11',
    currency: 'USD',
    bank: 'CIB',
  }),
  chequePayment('p12', { number: '500020', amount: '7000.00', due: '2026-03-02', status: 'DEPOSITED' }),
]);

describe('a payment as a cheque of the portfolio', () => {
  it('takes the cheque, its money in cents, the customer, the rep and the receipt number', () => {
    const line = chequeLineOf(
      chequePayment('pay_7Hk2', {
        number: '004512',
        amount: '12500.00',
        bank: '  National Bank of Egypt ',
        due: '2026-04-15',
        collected: '2026-03-02T07:45:00Z',
        customer: { id: 'cu_91', code: 'C-2207' },
        rep: { id: 'rep_3', code: 'R03' },
        receipt: 'RC-000318',
      }),
    );
    expect(line).toEqual({
      paymentId: 'pay_7Hk2',
      state: { kind: 'status', status: 'IN_HAND' },
      number: '004512',
      bank: 'National Bank of Egypt',
      dueOn: '2026-04-15',
      amountCents: 1_250_000,
      currency: 'EGP',
      customerCode: 'C-2207',
      customerId: 'cu_91',
      repCode: 'R03',
      receiptNumber: 'RC-000318',
      collectionDate: '2026-03-02',
      collectedAt: '2026-03-02T07:45:00Z',
      bounceReason: null,
      reversalReason: null,
      voidReason: null,
      changedAt: null,
    });
  });

  it('falls back to the payment number without a receipt, the rep id without a code, and leaves cash out', () => {
    const line = chequeLineOf(
      chequePayment('pay_1', { number: '1', amount: '10.00', receipt: null, rep: { id: 'rep_xyz' } }),
    );
    expect([line?.receiptNumber, line?.repCode]).toEqual(['PAY-2026-pay_1', 'rep_xyz']);
    expect(chequeLineOf(chequePayment('pay_2', { number: '2', amount: '1.00', rep: null }))?.repCode).toBe(
      '',
    );
    const cash: Payment = {
      ...chequePayment('pay_3', { number: '3', amount: '500.00' }),
      method: 'CASH',
      cheque: null,
    };
    expect(chequeLineOf(cash)).toBeNull();
  });

  it('is in the state the service gives it; a reversed payment reversed, a voided receipt voided', () => {
    const stateOf = (facts: Partial<ChequeFacts>) =>
      chequeLineOf(chequePayment('p', { number: '9', amount: '1.00', ...facts }))!.state;
    expect(stateOf({})).toEqual({ kind: 'status', status: 'IN_HAND' });
    expect(stateOf({ status: 'BOUNCED', bounceReason: 'Account closed' })).toEqual({
      kind: 'status',
      status: 'BOUNCED',
    });
    expect(stateOf({ status: 'DEPOSITED' })).toEqual({ kind: 'status', status: 'DEPOSITED' });
    expect(stateOf({ reversed: '2026-03-03T14:00:00Z' })).toEqual({ kind: 'reversed' });
    expect(stateOf({ voided: '2026-03-04T10:00:00Z' })).toEqual({ kind: 'voided' });
    // A reversal wins over a bounce, a bounce over a void (the order balance-worksheet.ts says a payment fell).
    expect(stateOf({ status: 'BOUNCED', reversed: '2026-03-03T14:00:00Z' })).toEqual({ kind: 'reversed' });
    expect(stateOf({ status: 'BOUNCED', voided: '2026-03-04T10:00:00Z' })).toEqual({
      kind: 'status',
      status: 'BOUNCED',
    });
  });

  it('keeps why it bounced, why it was reversed or voided, and when', () => {
    const [bounced] = chequesInView(portfolio, 'bounced', today);
    expect([bounced?.bounceReason, bounced?.changedAt]).toEqual(['Signature mismatch', null]);
    const [reversed] = chequesInView(portfolio, 'reversed', today);
    expect([reversed?.reversalReason, reversed?.changedAt]).toEqual([
      'Recorded for the wrong customer',
      '2026-03-03T14:00:00Z',
    ]);
    const [voided] = chequesInView(portfolio, 'voided', today);
    expect([voided?.voidReason, voided?.changedAt]).toEqual([
      'Receipt printed with a wrong amount',
      '2026-03-04T10:00:00Z',
    ]);
  });
});

describe('the views of the portfolio', () => {
  it('lists the cheques in hand by due date, the soonest first and one without a due date last', () => {
    expect(numbers(chequesInView(portfolio, 'in-hand', today))).toEqual([
      '100235', // 28 Feb
      '100234', // 9 Mar
      '100231', // 10 Mar (today)
      '400010', // 11 Mar
      '100232', // 16 Mar
      '100233', // 17 Mar
      '100236', // no due date
    ]);
  });

  it('counts due this week from today to the sixth day after it, the overdue ones apart', () => {
    expect(numbers(chequesInView(portfolio, 'due-soon', today))).toEqual(['100231', '400010', '100232']);
    expect(numbers(chequesInView(portfolio, 'overdue', today))).toEqual(['100235', '100234']);
    // The next day, the cheque due today is overdue and the one due on the 17th comes into the week.
    expect(numbers(chequesInView(portfolio, 'due-soon', '2026-03-11'))).toEqual([
      '400010',
      '100232',
      '100233',
    ]);
    expect(numbers(chequesInView(portfolio, 'overdue', '2026-03-11'))).toEqual([
      '100235',
      '100234',
      '100231',
    ]);
  });

  it('never lists a bounced, reversed, voided or deposited cheque as in hand, due or overdue', () => {
    const held = new Set(['in-hand', 'due-soon', 'overdue'] as const);
    for (const view of held)
      for (const line of chequesInView(portfolio, view, today))
        expect(line.state, `${view} ${line.number}`).toEqual({ kind: 'status', status: 'IN_HAND' });
  });

  it('lists the bounced ones newest collection first, then the reversed, the voided and all', () => {
    expect(numbers(chequesInView(portfolio, 'bounced', today))).toEqual(['200802', '200801']);
    expect(numbers(chequesInView(portfolio, 'reversed', today))).toEqual(['300115']);
    expect(numbers(chequesInView(portfolio, 'voided', today))).toEqual(['300116']);
    const all = chequesInView(portfolio, 'all', today);
    expect(all).toHaveLength(portfolio.length);
    expect(numbers(all).slice(-2)).toEqual(['200802', '200801']);
  });

  it('counts each view, and says how many days a held cheque is overdue', () => {
    expect(countViews(portfolio, today)).toEqual({
      'in-hand': 7,
      'due-soon': 3,
      overdue: 2,
      bounced: 2,
      reversed: 1,
      voided: 1,
      all: 12,
    });
    const overdue = chequesInView(portfolio, 'overdue', today);
    expect(overdue.map((line) => daysOverdue(line, today))).toEqual([10, 1]);
    const bounced = chequesInView(portfolio, 'bounced', today);
    expect(bounced.map((line) => daysOverdue(line, today))).toEqual([0, 0]);
  });

  it('leaves the lines it is given as they were', () => {
    const before = numbers(portfolio);
    chequesInView(portfolio, 'in-hand', today);
    expect(numbers(portfolio)).toEqual(before);
  });
});

describe('the totals of a view', () => {
  it('adds up each state and each bank, in cents per currency, never across currencies', () => {
    expect(chequeTotals(portfolio)).toEqual({
      all: {
        count: 12,
        amounts: [
          { currency: 'EGP', count: 11, cents: 12_535_074 },
          { currency: 'USD', count: 1, cents: 250_000 },
        ],
      },
      byState: [
        {
          state: { kind: 'status', status: 'IN_HAND' },
          total: {
            count: 7,
            amounts: [
              // 12500.00 + 8750.50 + 4200.00 + 30000.00 + 1500.25 + 9999.99
              { currency: 'EGP', count: 6, cents: 6_695_074 },
              { currency: 'USD', count: 1, cents: 250_000 },
            ],
          },
        },
        {
          state: { kind: 'status', status: 'BOUNCED' },
          total: { count: 2, amounts: [{ currency: 'EGP', count: 2, cents: 2_840_000 }] },
        },
        {
          state: { kind: 'status', status: 'DEPOSITED' },
          total: { count: 1, amounts: [{ currency: 'EGP', count: 1, cents: 700_000 }] },
        },
        {
          state: { kind: 'voided' },
          total: { count: 1, amounts: [{ currency: 'EGP', count: 1, cents: 500_000 }] },
        },
        {
          state: { kind: 'reversed' },
          total: { count: 1, amounts: [{ currency: 'EGP', count: 1, cents: 1_800_000 }] },
        },
      ],
      byBank: [
        {
          // "Banque Misr" and "banque  misr " are one bank: 12500.00 + 30000.00 + 18000.00 + 7000.00.
          bank: 'Banque Misr',
          total: { count: 4, amounts: [{ currency: 'EGP', count: 4, cents: 6_750_000 }] },
        },
        {
          // 4200.00 + 1500.25 + 6400.00, and the exporter's 2500.00 USD.
          bank: 'CIB',
          total: {
            count: 4,
            amounts: [
              { currency: 'EGP', count: 3, cents: 1_210_025 },
              { currency: 'USD', count: 1, cents: 250_000 },
            ],
          },
        },
        {
          bank: 'National Bank of Egypt',
          total: { count: 2, amounts: [{ currency: 'EGP', count: 2, cents: 3_075_050 }] },
        },
        { bank: 'QNB Alahli', total: { count: 1, amounts: [{ currency: 'EGP', count: 1, cents: 500_000 }] } },
        { bank: '', total: { count: 1, amounts: [{ currency: 'EGP', count: 1, cents: 999_999 }] } },
      ],
    });
  });

  it("adds a view's cheques only, and comes to nothing for an empty view", () => {
    const overdue = chequeTotals(chequesInView(portfolio, 'overdue', today));
    expect(overdue.all).toEqual({ count: 2, amounts: [{ currency: 'EGP', count: 2, cents: 3_150_025 }] });
    // Spaces folded, the spelling kept: the only one this view has.
    expect(overdue.byBank.map((bank) => bank.bank)).toEqual(['banque misr', 'CIB']);
    expect(chequeTotals([])).toEqual({ all: { count: 0, amounts: [] }, byState: [], byBank: [] });
  });

  it('adds decimal strings exactly, in cents: 1250.15, 1260.35 and 19.99 come to 2530.49', () => {
    // Read as floating point, each of these is a hair off a whole number of cents (125015.00000000001…).
    const lines = linesOf(
      ['1250.15', '1260.35', '19.99'].map((amount, index) =>
        chequePayment(`c${index}`, { number: `9${index}`, amount, bank: 'Alexbank' }),
      ),
    );
    expect(lines.map((line) => line.amountCents)).toEqual([125_015, 126_035, 1_999]);
    expect(chequeTotals(lines).all.amounts).toEqual([{ currency: 'EGP', count: 3, cents: 253_049 }]);
  });
});
