import { describe, expect, it } from 'vitest';
import {
  changesAfterClosing,
  closedReceiptsOf,
  differenceOf,
  repDaysOf,
} from '../../src-shared/domain/cash-up';
import type { Payment } from '../../src-shared/wire';
import { payment } from '../support/wire-documents';

/** A payment of rep `rep` on 2026-11-26, as the demo company's reps collect them. */
function collected(id: string, rep: string, patch: Partial<Payment> = {}): Payment {
  return {
    ...payment(id, 1),
    collected_by: { sales_rep: { id: `rep-${rep}`, code: rep }, user: `${rep.toLowerCase()}@demo` },
    collection_date: '2026-11-26',
    collected_at: `2026-11-26T0${id.length % 9}:00:00Z`,
    customer: { id: 'cu-7', code: 'C-1007' },
    ...patch,
  };
}

const cheque = (number: string, bank: string, due: string) =>
  ({ method: 'CHEQUE', cheque: { number, status: 'IN_HAND', bank, due_on: due } }) as const;

describe('the rep cash-up', () => {
  const day = [
    collected('p1', 'R01', { amount: '1250.50' }),
    collected('p2', 'R01', { amount: '18000.00', ...cheque('004417', 'Banque Misr', '2026-12-15') }),
    collected('p3', 'R01', { amount: '700.00', method: 'BANK_TRANSFER' }),
    collected('p4', 'R01', {
      amount: '300.00',
      reversal: { reason: 'Wrong customer', reversed_at: '2026-11-26T15:00:00Z', reversed_by: 'office' },
    }),
    collected('p5', 'R02', { amount: '99.99' }),
    collected('p6', 'R02', {
      amount: '50.00',
      receipt: {
        id: 'rc-6',
        number: 'RC-000006',
        issued_at: '2026-11-26T10:00:00Z',
        balance_after: '0.00',
        voided_at: '2026-11-26T11:00:00Z',
        void_reason: 'Printed twice',
      },
    }),
    collected('p7', 'R02', { amount: '12.00', currency: 'USD' }),
  ];

  it("groups a day's receipts by rep: cash due, cheques due, transfers and reversed or voided apart", () => {
    const [r01, r02] = repDaysOf(day);
    expect(r01!.repCode).toBe('R01');
    expect(r01!.expected).toEqual({ cashCents: { EGP: 125050 }, chequeCents: { EGP: 1800000 }, cheques: 1 });
    expect(r01!.receipts.map((receipt) => [receipt.id, receipt.part])).toEqual(
      expect.arrayContaining([
        ['p1', 'cash'],
        ['p2', 'cheque'],
        ['p3', 'other'],
        ['p4', 'apart'],
      ]),
    );
    expect(r01!.receipts.find((receipt) => receipt.id === 'p2')!.cheque).toMatchObject({
      number: '004417',
      bank: 'Banque Misr',
      dueOn: '2026-12-15',
    });
    expect(r01!.receipts.find((receipt) => receipt.id === 'p4')!.apart).toMatchObject({
      kind: 'reversed',
      reason: 'Wrong customer',
    });
    // A voided receipt counts for nothing; another currency is counted apart.
    expect(r02!.expected).toEqual({ cashCents: { EGP: 9999, USD: 1200 }, chequeCents: {}, cheques: 0 });
    expect(r02!.receipts.find((receipt) => receipt.id === 'p6')).toMatchObject({
      number: 'RC-000006',
      part: 'apart',
      apart: { kind: 'voided', reason: 'Printed twice' },
    });
  });

  it('tells the difference of a count: cash per currency, cheques not handed in, cheques not of the day', () => {
    const [r01] = repDaysOf(day);
    expect(differenceOf(r01!, { countedCents: { EGP: 125050 }, chequesIn: ['p2'] })).toEqual({
      cashCents: { EGP: 0 },
      missingCheques: [],
      unknownCheques: [],
      isBalanced: true,
    });
    expect(differenceOf(r01!, { countedCents: { EGP: 120000 }, chequesIn: ['p4'] })).toEqual({
      cashCents: { EGP: -5050 },
      missingCheques: ['p2'],
      unknownCheques: ['p4'],
      isBalanced: false,
    });
  });

  it('flags what changed after a day was closed: a reversal, a receipt that came late, one gone', () => {
    const [r01] = repDaysOf(day);
    const closed = closedReceiptsOf(r01!);
    expect(changesAfterClosing(closed, r01)).toEqual([]);
    const later = repDaysOf([
      ...day.filter((found) => found.id !== 'p3'),
      collected('p8', 'R01', { amount: '10.00' }),
    ]).map((rep) =>
      rep.repKey === 'rep-R01'
        ? {
            ...rep,
            receipts: rep.receipts.map((receipt) =>
              receipt.id === 'p1'
                ? {
                    ...receipt,
                    version: 2,
                    part: 'apart' as const,
                    apart: {
                      kind: 'reversed' as const,
                      reason: 'Counterfeit note',
                      at: '2026-11-27T09:00:00Z',
                    },
                  }
                : receipt,
            ),
          }
        : rep,
    );
    const changes = changesAfterClosing(closed, later[0]);
    expect(
      changes.map((change) => [change.kind, change.kind === 'added' ? change.now.id : change.receipt.id]),
    ).toEqual([
      ['changed', 'p1'],
      ['gone', 'p3'],
      ['added', 'p8'],
    ]);
  });
});
