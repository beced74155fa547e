// A register's column and row problems are codes from the domain (src-shared/domain/reconcile/register.ts,
// asserted in test/shared/reconcile/register*.test.ts), worded here: in English as the domain wrote them
// before, and in Arabic with no English word, the file's cells and codes set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  BadRegisterRow,
  RegisterMappingProblem,
  RegisterRowProblem,
} from '../../../src-shared/domain/reconcile';
import {
  badRowWords,
  registerMappingProblemWords,
  registerRowProblemWords,
} from '../../../src-renderer/features/reconcile/reading-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const mappingProblems: RegisterMappingProblem[] = [
  { code: 'choose-column', field: 'erpNumber' },
  { code: 'choose-column', field: 'amount' },
  { code: 'chosen-twice', column: 'Customer', first: { field: 'customer' }, second: { field: 'date' } },
  { code: 'not-in-file', target: { field: 'currency' } },
  { code: 'dates-mixed' },
  { code: 'dates-ambiguous', example: '02/11/2026' },
  { code: 'dates-ambiguous', example: null },
];

const rowProblems: RegisterRowProblem[] = [
  { code: 'number-empty' },
  { code: 'number-too-long', length: 65, most: 64 },
  { code: 'amount-unreadable', column: 'amount', text: '12,3x', why: 'not-a-number' },
  { code: 'amount-unreadable', column: 'lineAmount', text: '1.005', why: 'too-many-decimals' },
  { code: 'amount-unreadable', column: 'amount', text: '9e99', why: 'too-large' },
  { code: 'date-unreadable', text: '31/02/2025', why: 'not-a-day' },
  { code: 'date-unreadable', text: '31/03/2025', why: 'not-year-first' },
  { code: 'date-unreadable', text: 'soon', why: 'not-a-date' },
  { code: 'currency-unknown', text: 'EURX' },
  { code: 'currencies-differ', first: 'EGP', second: 'USD' },
  { code: 'totals-differ', cents: [11400, 11500] },
  { code: 'amount-empty' },
  { code: 'type-unknown', text: 'Gutschrift' },
  { code: 'currency-empty' },
  { code: 'default-currency-not-code', currency: 'EURO' },
];

const badRow: BadRegisterRow = {
  line: 3,
  problems: [
    { code: 'number-empty' },
    { code: 'amount-unreadable', column: 'amount', text: '12,3x', why: 'not-a-number' },
    { code: 'date-unreadable', text: '31/02/2025', why: 'not-a-day' },
    { code: 'currency-empty' },
  ],
};

describe("a register's problems in the clerk's words", () => {
  it('says each problem in English, as the reader did', () => {
    expect(mappingProblems.map(registerMappingProblemWords)).toEqual([
      'Choose the column for "ERP document number".',
      'Choose the column for "Amount".',
      'The column "Customer" is chosen for both "Customer (ERP key or service code)" and "Date".',
      '"Currency" points at a column the file does not have.',
      'Some dates in the file are written day first and others month first: choose how to read them.',
      'Every date in the file could be day first or month first (02/11/2026): choose how to read them.',
      'Every date in the file could be day first or month first: choose how to read them.',
    ]);
    expect(rowProblems.map(registerRowProblemWords)).toEqual([
      'the ERP document number is empty',
      'the ERP document number has 65 characters; an answer carries at most 64',
      'the amount "12,3x" is not a number',
      'the line amount "1.005" has more than 2 decimals',
      'the amount "9e99" is too large',
      'the date "31/02/2025" is not a day of the calendar',
      'the date "31/03/2025" is not written year first (2025-03-31)',
      'the date "soon" is not a date (write it as 2025-03-31 or 31/03/2025)',
      'the currency "EURX" is not a currency code',
      'its rows are in different currencies (EGP and USD)',
      'its rows give different totals (114.00, 115.00)',
      'the amount is empty',
      'the document type "Gutschrift" is not an order, invoice, payment or credit note',
      'the currency is empty and no currency is set for blank cells',
      'the currency "EURO" is not a currency code',
    ]);
    expect(badRowWords(badRow)).toBe(
      'Line 3: the ERP document number is empty; the amount "12,3x" is not a number; the date "31/02/2025" is not a day of the calendar; the currency is empty and no currency is set for blank cells.',
    );
  });

  it('says each problem in Arabic, with no English word', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = [
      ...mappingProblems.map(registerMappingProblemWords),
      ...rowProblems.map(registerRowProblemWords),
      badRowWords(badRow),
    ];
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    expect(words[mappingProblems.length + 2]).toContain('\u206612,3x\u2069');
  });
});
