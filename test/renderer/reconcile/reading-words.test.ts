import { describe, expect, it } from 'vitest';
import type { RegisterReading } from '../../../src-shared/domain/reconcile';
import { describeReading, describeSkippedRow } from '../../../src-renderer/features/reconcile/reading-words';

// What the import says it read, sentence by sentence (docs/reconciliation.md, "What the desk read").

const reading: RegisterReading = {
  skipped: [
    { line: 2, text: '29 Jun 2026 (3)', why: 'group' },
    { line: 8, text: 'RINV/2026/00009', why: 'other-kind' },
    { line: 9, text: 'PAY-1', why: 'other-kind' },
    { line: 20, text: 'TOTAL', why: 'total' },
  ],
  folded: { documents: 2, rows: 5 },
  dateOrder: {
    order: 'dmy',
    found: { order: 'dmy', reason: 'decided', example: { line: 4, text: '29/06/2026' } },
  },
  currencyNames: [{ text: 'ج.م.', code: 'EGP' }],
  creditNegative: { value: false, isFound: true },
  negativeAsCredit: 1,
  formulaGuards: 0,
  codesInNames: 0,
};

describe('what the desk read', () => {
  it('says every decision once, a credit note found by its minus not counted among other kinds', () => {
    expect(
      describeReading({
        kind: 'invoices',
        reading,
        rowsAbove: 3,
        headerLine: 5,
        layoutName: 'Odoo invoices export',
      }),
    ).toEqual([
      'Recognised as: Odoo invoices export.',
      '3 rows above the header skipped; the column names are on line 5.',
      '1 total row left out (listed below).',
      '1 heading or note row left out (listed below).',
      '1 document of other kinds left out: reconcile them under their own kind, not invoices.',
      '1 document with a minus amount is a credit note: left out here; reconcile it under Credit notes.',
      '2 documents written on several rows (one per item): 5 more rows folded into them.',
      'Dates are read day first (31/03/2026): 29/06/2026 on line 4 can only be read that way.',
      'The currency "ج.م." is read as EGP.',
    ]);
    expect(describeSkippedRow(reading.skipped[3]!)).toBe('Line 20: TOTAL (total)');
  });

  it('says a credit note register kept the invoices written with a minus', () => {
    expect(
      describeReading({
        kind: 'returns',
        reading: { ...reading, skipped: [] },
        rowsAbove: 0,
        headerLine: 1,
        layoutName: null,
      }),
    ).toContain('1 invoice with a minus amount read as credit notes, the amount turned positive.');
  });
});
