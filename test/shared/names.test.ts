import { describe, expect, it } from 'vitest';
import { codeAndName, nameIn, nameLabel, nameMatches } from '../../src-shared/domain/names';

describe('a name in the clerk’s language', () => {
  it('picks the language’s part, else the other language’s, else any other part, else null', () => {
    const cheque = { en: 'Cheque', ar: 'شيك' };
    expect([
      nameIn(cheque, 'ar'),
      nameIn(cheque, 'en'),
      nameIn({ en: 'Cheque' }, 'ar'),
      nameIn({ ar: 'شيك' }, 'en'),
      nameIn({ en: '  ', ar: 'شيك ' }, 'en'),
      nameIn({ fr: 'Chèque' }, 'ar'),
      nameIn({ en: '', ar: ' ' }, 'en'),
      nameIn({}, 'en'),
      nameIn(null, 'ar'),
      nameIn(undefined, 'en'),
    ]).toEqual(['شيك', 'Cheque', 'Cheque', 'شيك', 'شيك', 'Chèque', null, null, null, null]);
  });

  it('still writes both parts where both are shown (exports, the reason list)', () => {
    expect(nameLabel({ en: 'Cheque', ar: 'شيك' })).toBe('Cheque · شيك');
  });
});

describe('a code beside its name', () => {
  it('shows the code, then the name; the one there is when the other is not', () => {
    expect([
      codeAndName('CHEQUE', 'شيك'),
      codeAndName('PCS', 'Piece'),
      codeAndName('CASH', null),
      codeAndName('C-1001', 'C-1001'),
      codeAndName(null, 'فرع مدينة نصر'),
      codeAndName(' R01 ', ' أحمد حسن '),
      codeAndName('', ''),
      codeAndName(undefined, undefined),
    ]).toEqual(['CHEQUE · شيك', 'PCS · Piece', 'CASH', 'C-1001', 'فرع مدينة نصر', 'R01 · أحمد حسن', '', '']);
  });

  it('isolates the code left to right and the name by its first letter when asked (a right-to-left desk)', () => {
    expect(codeAndName('C-1001', 'Nile Foods', { isolate: true })).toBe(
      '\u2066C-1001\u2069 · \u2068Nile Foods\u2069',
    );
    expect(codeAndName('CASH', null, { isolate: true })).toBe('\u2066CASH\u2069');
    expect(codeAndName(null, 'شيك', { isolate: true })).toBe('\u2068شيك\u2069');
  });
});

describe('searching names and codes', () => {
  const name = { en: 'Juhayna Full Cream Milk 1L', ar: 'لبن جهينة كامل الدسم ١ لتر' };
  it('finds the words in the code or either name, folded as the desk folds names', () => {
    expect([
      nameMatches('prd-milk', 'PRD-MILK-1L', name),
      nameMatches('full cream', 'PRD-MILK-1L', name),
      nameMatches('جهينه', 'PRD-MILK-1L', name),
      nameMatches('1 لتر', 'PRD-MILK-1L', name),
      nameMatches('', null, null),
      nameMatches('yoghurt', 'PRD-MILK-1L', name),
      nameMatches('milk', null, null),
    ]).toEqual([true, true, true, true, true, false, false]);
  });
});
