import { describe, expect, it } from 'vitest';
import {
  defaultReconcileSettings,
  maxCandidates,
  reconcile,
  type ReconcileInput,
} from '../../../src-shared/domain/reconcile';
import { doc, line, view } from './support';

const register = (...lines: ReturnType<typeof line>[]): ReconcileInput['register'] => ({
  lines,
  isTaxIncluded: true,
});

describe('reference rule', () => {
  it("pairs a line naming the document's number or id, trimmed and ignoring case, within its feed", () => {
    const result = reconcile({
      documents: [
        doc('inv_1'),
        doc('inv_2', { number: 'INV-0002' }),
        doc('pay_1', { kind: 'payments', number: 'R-1' }),
      ],
      register: register(
        line('SI-1', { serviceRef: ' inv_1 ' }),
        line('SI-2', { serviceRef: 'INV_2' }),
        line('SI-3', { serviceRef: 'R-1', customer: 'C9' }),
      ),
    });
    expect({ groups: view(result), reference: result.rules.reference }).toEqual({
      groups: [
        { state: 'matched', rule: 'reference', docs: ['inv_1'], lines: ['SI-1'] },
        { state: 'matched', rule: 'reference', docs: ['inv_2'], lines: ['SI-2'] },
        { state: 'service-only', docs: ['pay_1'], lines: [], differenceCents: -10000 },
        { state: 'erp-only', docs: [], lines: ['SI-3'], differenceCents: 10000 },
      ],
      reference: {
        isEnabled: true,
        matched: 2,
        suggested: 0,
        differs: 0,
        ambiguous: 0,
        decided: 0,
        capped: 0,
      },
    });
  });

  it('pairs a line whose reference is a sentence holding the number, as ERPNext writes its remarks', () => {
    const result = reconcile({
      documents: [doc('inv_1', { number: 'INV-2026-000402' }), doc('inv_2', { number: '2026' })],
      register: register(
        line('SI-1', { serviceRef: 'Against Customer Order INV-2026-000402 dated 02-06-2026' }),
        // Short words and words without a digit name nothing; a whole reference is looked up first.
        line('SI-2', { serviceRef: 'No Remarks', customer: 'C9' }),
        line('SI-3', { serviceRef: 'Order 123 of 2026' }),
      ),
    });
    expect(view(result).filter((group) => group.state === 'matched')).toEqual([
      { state: 'matched', rule: 'reference', docs: ['inv_1'], lines: ['SI-1'] },
      { state: 'matched', rule: 'reference', docs: ['inv_2'], lines: ['SI-3'] },
    ]);
  });

  it('groups a receipt the ERP split into lines naming it, and leaves other tangles to the clerk', () => {
    const result = reconcile({
      documents: [
        doc('inv_1', { number: 'INV-1' }),
        doc('inv_1b', { number: 'INV-1' }),
        doc('inv_2'),
        doc('pay_1', { kind: 'payments' }),
        doc('pay_2', { kind: 'payments' }),
      ],
      register: register(
        line('SI-1', { serviceRef: 'INV-1' }),
        line('SI-2', { serviceRef: 'INV_2' }),
        line('SI-2#2', { serviceRef: 'INV_2' }),
        line('PR-1', { kind: 'payments', serviceRef: 'PAY_1', amountCents: 6000 }),
        line('PR-1#2', { kind: 'payments', serviceRef: 'PAY_1', amountCents: 4000 }),
        line('PR-2', { kind: 'payments', serviceRef: 'PAY_2' }),
        line('PR-2#2', { kind: 'payments', serviceRef: 'PAY_2' }),
      ),
    });
    expect(view(result)).toEqual([
      { state: 'matched', rule: 'reference', docs: ['pay_1'], lines: ['PR-1', 'PR-1#2'] },
      {
        state: 'ambiguous',
        rule: 'reference',
        docs: ['inv_1', 'inv_1b'],
        lines: ['SI-1'],
        differenceCents: -10000,
      },
      {
        state: 'ambiguous',
        rule: 'reference',
        docs: ['inv_2'],
        lines: ['SI-2', 'SI-2#2'],
        differenceCents: 10000,
      },
      {
        state: 'ambiguous',
        rule: 'reference',
        docs: ['pay_2'],
        lines: ['PR-2', 'PR-2#2'],
        differenceCents: 10000,
      },
    ]);
  });
});

describe('erp-key rule and answered documents', () => {
  it('pairs by the key or number the answer carries, and flags answers the register contradicts', () => {
    const result = reconcile({
      documents: [
        doc('inv_1', {
          ack: { outcome: 'ACCEPTED', externalNumber: 'SI-100', externalRef: 'GUID-1' },
          isPending: false,
        }),
        doc('inv_2', { ack: { outcome: 'ACCEPTED', externalNumber: 'si-200' }, isPending: false }),
        doc('inv_3', { ack: { outcome: 'REJECTED' }, isPending: false }),
        // Answered, then changed: pending again, so the old answer is not held against the register.
        doc('inv_4', { ack: { outcome: 'ACCEPTED', externalNumber: 'SI-400' }, isPending: true }),
      ],
      register: register(
        line('SI-900', { erpKey: 'guid-1' }),
        line('SI-200'),
        line('SI-300', { serviceRef: 'INV_3' }),
        line('SI-401', { serviceRef: 'INV_4' }),
      ),
    });
    expect({ groups: view(result), answerConflicts: result.ackConflicts }).toEqual({
      groups: [
        {
          state: 'matched',
          rule: 'erp-key',
          docs: ['inv_1'],
          lines: ['SI-900'],
          answerConflicts: [
            { documentKey: 'invoices:inv_1', outcome: 'ACCEPTED', answered: 'SI-100', register: 'SI-900' },
          ],
        },
        { state: 'matched', rule: 'erp-key', docs: ['inv_2'], lines: ['SI-200'] },
        {
          state: 'matched',
          rule: 'reference',
          docs: ['inv_3'],
          lines: ['SI-300'],
          answerConflicts: [{ documentKey: 'invoices:inv_3', outcome: 'REJECTED', register: 'SI-300' }],
        },
        { state: 'matched', rule: 'reference', docs: ['inv_4'], lines: ['SI-401'] },
      ],
      answerConflicts: 2,
    });
  });

  it('holds no rejection against a register that differs from the document: that is its answer', () => {
    const result = reconcile({
      documents: [doc('inv_5', { ack: { outcome: 'REJECTED' }, isPending: false })],
      register: register(line('SI-500', { serviceRef: 'INV_5', amountCents: 9000 })),
    });
    expect({ groups: view(result), answerConflicts: result.ackConflicts }).toEqual({
      groups: [
        {
          state: 'differs',
          rule: 'reference',
          docs: ['inv_5'],
          lines: ['SI-500'],
          differenceCents: -1000,
          differences: [{ field: 'amount', serviceCents: 10000, erpCents: 9000, differenceCents: -1000 }],
        },
      ],
      answerConflicts: 0,
    });
  });
});

describe('amount-date rule', () => {
  it('suggests the only candidate within the window, by code or ERP key, and lists several', () => {
    const result = reconcile({
      documents: [
        doc('inv_1'),
        doc('inv_2', { customerCode: 'C2', customerErpKey: null, amountCents: 5000 }),
        doc('inv_3', { customerCode: 'C2', customerErpKey: null, amountCents: 5000, date: '2025-03-11' }),
        doc('inv_4', { customerCode: 'C3', amountCents: 7000, date: '2025-03-01' }),
        doc('pay_1', { kind: 'payments', customerCode: 'C4', amountCents: 3000, chequeNumber: 'CH-1' }),
      ],
      register: register(
        line('SI-1', { customer: 'k1', date: '2025-03-13' }),
        line('SI-2', { customer: 'C2', amountCents: 5000 }),
        line('SI-3', { customer: 'C3', amountCents: 7000, date: '2025-03-05' }),
        line('PR-1', { kind: 'payments', customer: 'C4', amountCents: 3000, chequeNumber: 'CH-2' }),
      ),
    });
    expect({ groups: view(result), rule: result.rules['amount-date'] }).toEqual({
      groups: [
        { state: 'suggested', rule: 'amount-date', docs: ['inv_1'], lines: ['SI-1'] },
        {
          state: 'ambiguous',
          rule: 'amount-date',
          docs: ['inv_2', 'inv_3'],
          lines: ['SI-2'],
          differenceCents: -5000,
        },
        { state: 'service-only', docs: ['inv_4'], lines: [], differenceCents: -7000 },
        { state: 'service-only', docs: ['pay_1'], lines: [], differenceCents: -3000 },
        { state: 'erp-only', docs: [], lines: ['PR-1'], differenceCents: 3000 },
        { state: 'erp-only', docs: [], lines: ['SI-3'], differenceCents: 7000 },
      ],
      rule: { isEnabled: true, matched: 0, suggested: 1, differs: 0, ambiguous: 1, decided: 0, capped: 0 },
    });
  });

  it(`looks at no more than ${maxCandidates} candidates and says so`, () => {
    const documents = Array.from({ length: maxCandidates + 5 }, (_, i) =>
      doc(`inv_${String(i).padStart(2, '0')}`),
    );
    const result = reconcile({ documents, register: register(line('SI-1')) });
    expect({
      states: result.groups.map((group) => [group.state, group.documents.length, group.isCapped]),
      capped: result.rules['amount-date'].capped,
    }).toEqual({ states: [['ambiguous', maxCandidates + 5, true]], capped: 1 });
  });
});

describe('receipt-sum rule', () => {
  it('suggests receipts adding up to one ERP line and ERP lines adding up to one receipt', () => {
    const pay = (id: string, customerCode: string, amountCents: number) =>
      doc(id, { kind: 'payments', customerCode, customerErpKey: null, amountCents });
    const erp = (id: string, customer: string, amountCents: number, date = '2025-03-10') =>
      line(id, { kind: 'payments', customer, amountCents, date });
    const result = reconcile({
      documents: [
        pay('pay_1', 'C1', 6000),
        pay('pay_2', 'C1', 4000),
        pay('pay_3', 'C2', 10000),
        pay('pay_4', 'C3', 5000),
        pay('pay_5', 'C3', 5000),
        pay('pay_6', 'C3', 5000),
        doc('inv_7', { customerCode: 'C4', amountCents: 6000 }),
        doc('inv_8', { customerCode: 'C4', amountCents: 4000 }),
      ],
      register: register(
        erp('PR-1', 'C1', 10000, '2025-03-11'),
        erp('PR-2', 'C2', 7000),
        erp('PR-3', 'C2', 3000),
        erp('PR-4', 'C3', 10000),
        line('SI-9', { customer: 'C4' }),
      ),
    });
    expect({ groups: view(result), rule: result.rules['receipt-sum'] }).toEqual({
      groups: [
        { state: 'suggested', rule: 'receipt-sum', docs: ['pay_1', 'pay_2'], lines: ['PR-1'] },
        { state: 'suggested', rule: 'receipt-sum', docs: ['pay_3'], lines: ['PR-2', 'PR-3'] },
        {
          state: 'ambiguous',
          rule: 'receipt-sum',
          docs: ['pay_4', 'pay_5', 'pay_6'],
          lines: ['PR-4'],
          differenceCents: -5000,
        },
        { state: 'service-only', docs: ['inv_7'], lines: [], differenceCents: -6000 },
        { state: 'service-only', docs: ['inv_8'], lines: [], differenceCents: -4000 },
        { state: 'erp-only', docs: [], lines: ['SI-9'], differenceCents: 10000 },
      ],
      rule: { isEnabled: true, matched: 0, suggested: 2, differs: 0, ambiguous: 1, decided: 0, capped: 0 },
    });
  });
});

describe('differences, tolerance and totals', () => {
  const input: ReconcileInput = {
    documents: [
      doc('inv_1'),
      doc('inv_2'),
      doc('inv_3'),
      doc('pay_1', { kind: 'payments', chequeNumber: 'CH-1' }),
    ],
    register: register(
      line('SI-1', { serviceRef: 'INV_1', amountCents: 10003 }),
      line('SI-2', { serviceRef: 'INV_2', customer: 'C9' }),
      line('SI-3', { serviceRef: 'INV_3', currency: 'USD' }),
      line('PR-1', { kind: 'payments', serviceRef: 'PAY_1', chequeNumber: 'ch-2' }),
    ),
  };

  it('suggests a difference within the tolerance and shows both values of every difference', () => {
    const result = reconcile({ ...input, settings: { ...defaultReconcileSettings, toleranceCents: 5 } });
    const none = { groups: 0, documents: 0, lines: 0, totals: [] };
    expect({ groups: view(result), states: result.states, total: result.total }).toEqual({
      groups: [
        {
          state: 'suggested',
          rule: 'reference',
          docs: ['inv_1'],
          lines: ['SI-1'],
          differenceCents: 3,
          differences: [{ field: 'amount', serviceCents: 10000, erpCents: 10003, differenceCents: 3 }],
        },
        {
          state: 'differs',
          rule: 'reference',
          docs: ['inv_2'],
          lines: ['SI-2'],
          differences: [{ field: 'customer', service: 'C1', erp: 'C9' }],
        },
        {
          state: 'differs',
          rule: 'reference',
          docs: ['inv_3'],
          lines: ['SI-3'],
          differences: [{ field: 'currency', service: 'EGP', erp: 'USD' }],
        },
        {
          state: 'differs',
          rule: 'reference',
          docs: ['pay_1'],
          lines: ['PR-1'],
          differences: [{ field: 'cheque', service: 'CH-1', erp: 'ch-2' }],
        },
      ],
      states: {
        matched: none,
        suggested: {
          groups: 1,
          documents: 1,
          lines: 1,
          totals: [{ currency: 'EGP', serviceCents: 10000, erpCents: 10003, differenceCents: 3 }],
        },
        differs: {
          groups: 3,
          documents: 3,
          lines: 3,
          totals: [
            { currency: 'EGP', serviceCents: 30000, erpCents: 20000, differenceCents: -10000 },
            { currency: 'USD', serviceCents: 0, erpCents: 10000, differenceCents: 10000 },
          ],
        },
        ambiguous: none,
        'service-only': none,
        'erp-only': none,
      },
      total: {
        groups: 4,
        documents: 4,
        lines: 4,
        totals: [
          { currency: 'EGP', serviceCents: 40000, erpCents: 30003, differenceCents: -9997 },
          { currency: 'USD', serviceCents: 0, erpCents: 10000, differenceCents: 10000 },
        ],
      },
    });
    expect(reconcile(input).groups.map((group) => group.state)).toEqual([
      'differs',
      'differs',
      'differs',
      'differs',
    ]);
  });

  it('compares a register without tax with the documents less their tax', () => {
    const result = reconcile({
      documents: [doc('inv_1', { amountCents: 11400, taxCents: 1400 }), doc('ret_1', { kind: 'returns' })],
      register: {
        lines: [
          line('SI-1', { serviceRef: 'INV_1' }),
          line('CM-1', { kind: 'returns', serviceRef: 'RET_1' }),
        ],
        isTaxIncluded: false,
      },
    });
    expect(view(result)).toEqual([
      { state: 'matched', rule: 'reference', docs: ['inv_1'], lines: ['SI-1'] },
      { state: 'matched', rule: 'reference', docs: ['ret_1'], lines: ['CM-1'] },
    ]);
  });
});

describe('switching rules', () => {
  it('runs only the rules switched on, each reporting what it found', () => {
    const input: ReconcileInput = {
      documents: [doc('inv_1'), doc('inv_2', { ack: { outcome: 'ACCEPTED', externalNumber: 'SI-2' } })],
      register: register(line('SI-1', { serviceRef: 'INV_1' }), line('SI-2')),
    };
    const off = (...rules: Array<keyof typeof defaultReconcileSettings.rules>) => ({
      ...defaultReconcileSettings,
      rules: { ...defaultReconcileSettings.rules, ...Object.fromEntries(rules.map((rule) => [rule, false])) },
    });
    const found = (settings: ReconcileInput['settings']) => {
      const result = reconcile({ ...input, settings });
      return result.groups.map(
        (group) => `${group.state} ${group.rule ?? '-'} ${group.documents.map((d) => d.id)}`,
      );
    };
    expect([
      found(undefined),
      found(off('reference')),
      found(off('reference', 'erp-key', 'amount-date')),
    ]).toEqual([
      ['matched reference inv_1', 'matched erp-key inv_2'],
      ['matched erp-key inv_2', 'suggested amount-date inv_1'],
      ['service-only - inv_1', 'service-only - inv_2', 'erp-only - ', 'erp-only - '],
    ]);
  });

  it('refuses duplicate keys and settings out of range', () => {
    expect(() => reconcile({ documents: [doc('inv_1'), doc('inv_1')], register: register() })).toThrow(
      RangeError,
    );
    expect(() => reconcile({ documents: [], register: register(line('A'), line('A')) })).toThrow(RangeError);
    expect(() =>
      reconcile({
        documents: [],
        register: register(),
        settings: { ...defaultReconcileSettings, toleranceCents: 0.5 },
      }),
    ).toThrow(/whole number of cents/);
  });
});
