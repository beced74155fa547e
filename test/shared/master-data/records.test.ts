import { describe, expect, it } from 'vitest';
import { countRows } from '../../../src-shared/domain/master-data';
import { checked, importFile, issues, table } from './support';

describe('reading rows', () => {
  it('reads typed values and multilingual names', () => {
    const file = importFile(
      'customers',
      'customers.csv',
      table(
        'code|name.en|name.ar|credit limit|latitude|blocked|radius',
        'C1|Nile Market|سوق النيل|1,500.50|30.05|no|150',
      ),
    );
    expect(file.rows).toEqual([
      {
        line: 2,
        values: { ref: 'C1', blocked: false, credit_limit: 1500.5, latitude: 30.05, radius_metres: 150 },
        names: { en: 'Nile Market', ar: 'سوق النيل' },
        key: 'C1',
        issues: [],
      },
    ]);
  });

  it('finds empty required cells, bad numbers, bad keys, negative prices and out-of-range values', () => {
    const prices = importFile(
      'prices',
      'prices.csv',
      table(
        'price list|product|unit|price|valid from|valid to|min price',
        'RETAIL|P1|PCS|-5|01/03/2025||',
        'RETAIL|P/2|PCS|abc|2025-03-01||',
        'RETAIL||PCS|5|2025-02-30||',
        'RETAIL|P3|PCS|5|2025-03-10|2025-03-01|6',
      ),
    );
    expect(issues(prices)).toEqual([
      '2: error Price may not be negative (-5)',
      '3: error Product key: the key "P/2" contains "/", which a key may not',
      '3: error Price: "abc" is not a number',
      '4: error Product key is empty',
      '4: error Valid from: "2025-02-30" is not a day of the calendar',
      '5: error Valid to (2025-03-01) is before valid from (2025-03-10)',
      '5: error Minimum price 6 is above the price 5',
    ]);
    const customers = importFile(
      'customers',
      'c.csv',
      table('code|name|latitude', 'C1||95', `${'x'.repeat(70)}|Long|1`),
    );
    expect(issues(customers)).toEqual([
      '2: error Latitude must be at most 90 (95)',
      '2: error has no name in any language',
      `3: error Customer key: the key "${'x'.repeat(70)}" has 70 characters; a key has at most 64`,
    ]);
  });

  it('warns about cells beyond the header', () => {
    const units = importFile('units', 'u.csv', table('code|name', 'PCS|Piece|extra'));
    expect(issues(units)).toEqual([
      '2: warning has 3 cells but the header has 2; the extra cells are ignored',
    ]);
  });

  it("takes the file's as_of for balances, and requires one", () => {
    const source = table('customer|balance|as of', 'C1|1200.50|', 'C2|-30|2025-03-30 17:00');
    expect(
      importFile('balances', 'b.csv', source, '2025-03-31T23:59:59+02:00').rows.map((row) => row.values),
    ).toEqual([
      { customer_ref: 'C1', balance: 1200.5, as_of: '2025-03-31T23:59:59+02:00' },
      { customer_ref: 'C2', balance: -30, as_of: '2025-03-30T17:00:00+00:00' },
    ]);
    expect(issues(importFile('balances', 'b.csv', source))).toEqual([
      '2: error As of is missing: give the date and time the balances were taken',
    ]);
  });
});

describe('checks across files', () => {
  it('marks a key already seen in the files of its kind, naming where', () => {
    const [first, second] = checked([
      importFile('units', 'units.csv', table('code|name', 'PCS|Piece', 'KG|Kilo', 'PCS|Piece again')),
      importFile('units', 'more-units.csv', table('code|name', 'KG|Kilogram')),
    ]);
    expect(issues(first)).toEqual(['4: error unit PCS is already on line 2']);
    expect(issues(second)).toEqual(['2: error unit KG is already on units.csv line 3']);
    expect(countRows(first?.rows ?? [])).toEqual({ total: 3, errors: 1, warnings: 0 });
  });

  it('treats a branch key as unique per customer, and a price row by list, product, unit and date', () => {
    const [branches, prices] = checked(
      [
        importFile(
          'branches',
          'b.csv',
          table('customer|branch|name', 'C1|B1|Main', 'C2|B1|Main', 'C1|B1|Again'),
        ),
        importFile(
          'prices',
          'p.csv',
          table(
            'price list|product|unit|price|valid from',
            'L|P|U|1|2025-01-01',
            'L|P|U|2|2025-02-01',
            'L|P|U|3|01/01/2025',
          ),
        ),
      ],
      { customers: ['C1', 'C2'], 'price-lists': ['L'], products: ['P'], units: ['U'] },
    );
    expect(issues(branches)).toEqual(['4: error branch C1 / B1 is already on line 2']);
    expect(issues(prices)).toEqual(['4: error price L / P / U / 2025-01-01 is already on line 2']);
  });

  it('warns about references neither in the files nor pushed before, and about ones whose row has errors', () => {
    const [units, products] = checked(
      [
        importFile('units', 'units.csv', table('code|name', 'PCS|Piece', 'BOX|')),
        importFile(
          'products',
          'products.csv',
          table('code|name|base unit', 'P1|Tea|PCS', 'P2|Rice|KG', 'P3|Salt|BOX', 'P4|Oil|LTR'),
        ),
      ],
      { units: ['LTR'] },
    );
    expect(issues(units)).toEqual(['3: error has no name in any language']);
    expect(issues(products)).toEqual([
      '3: warning Base unit key KG is not in the units files and was not pushed from this computer; push the units file first unless it is already on the service',
      '4: warning Base unit key BOX: that unit has errors in its file and will not be pushed',
    ]);
  });

  it('allows one default order unit per product', () => {
    const [units] = checked(
      [
        importFile(
          'product-units',
          'pu.csv',
          table(
            'product|unit|factor|default',
            'P1|PCS|1|yes',
            'P1|BOX|12|yes',
            'P2|PCS|1|yes',
            'P2|BOX|0|no',
          ),
        ),
      ],
      { products: ['P1', 'P2'], units: ['PCS', 'BOX'] },
    );
    expect(issues(units)).toEqual([
      '3: error product P1 already has a default order unit',
      '5: error Factor to base unit must be above 0 (0)',
    ]);
  });
});
