import { describe, expect, it } from 'vitest';
import {
  guessKind,
  layoutSignature,
  mappingProblems,
  nameLanguageOf,
  suggestMapping,
} from '../../../src-shared/domain/master-data';

describe('column mapping', () => {
  it('suggests fields and one name column per language from an ERP header', () => {
    const headers = [
      'Customer Code',
      'Name (EN)',
      'name_ar',
      'Credit Limit',
      'Price List',
      'Blocked',
      'Notes',
    ];
    expect(suggestMapping('customers', headers)).toEqual({
      kind: 'customers',
      fields: { ref: 0, credit_limit: 3, price_list_ref: 4, blocked: 5 },
      names: { en: 1, ar: 2 },
    });
  });

  it('reads the language of name columns, with a plain name in the default language', () => {
    expect(
      ['name.en', 'Name-AR', 'Arabic name', 'Name English', 'الاسم', 'Description', 'address'].map((h) =>
        nameLanguageOf(h, 'fr'),
      ),
    ).toEqual(['en', 'ar', 'ar', 'en', 'ar', 'fr', null]);
  });

  it('names what is missing before a mapping can be used', () => {
    const headers = ['code', 'price', 'from', 'product'];
    const mapping = suggestMapping('prices', headers);
    expect(mappingProblems(mapping, headers)).toEqual([
      { code: 'choose-column', field: 'price_list_ref' },
      { code: 'choose-column', field: 'unit_ref' },
    ]);
    expect(
      mappingProblems({ kind: 'units', fields: { ref: 0 }, names: { en: 0, xx1: 7 } }, ['code']),
    ).toEqual([
      { code: 'chosen-twice', column: 'code', first: { field: 'ref' }, second: { language: 'en' } },
      { code: 'not-in-file', target: { language: 'xx1' } },
      { code: 'language-key', language: 'xx1' },
    ]);
  });

  it('gives one signature to exports with the same columns', () => {
    expect(layoutSignature('units', ['Code', 'Name (EN)'])).toBe(
      layoutSignature('units', ['code', 'name en']),
    );
    expect(layoutSignature('units', ['Code', 'Name (EN)'])).not.toBe(
      layoutSignature('products', ['Code', 'Name (EN)']),
    );
  });

  it('guesses the kind of a file from its name, else from its header', () => {
    expect(guessKind('Customers 2025.csv', [])).toBe('customers');
    expect(guessKind('price_lists.xlsx', [])).toBe('price-lists');
    expect(guessKind('prices.csv', [])).toBe('prices');
    expect(guessKind('export.csv', ['item code', 'base unit', 'name.en'])).toBe('products');
    expect(guessKind('export.csv', ['whatever'])).toBeNull();
  });
});
