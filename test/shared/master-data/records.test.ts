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
      '2: error negative field=price text=-5',
      '3: error bad-key field=product_ref key=P/2 problem=slash',
      '3: error unreadable field=price cell=not-a-number(text=abc)',
      '4: error empty field=product_ref',
      '4: error unreadable field=valid_from cell=not-a-day(text=2025-02-30)',
      '5: error valid-to-before-from from=2025-03-10 to=2025-03-01',
      '5: error min-above-price minPrice=6 price=5',
    ]);
    const customers = importFile(
      'customers',
      'c.csv',
      table('code|name|latitude', 'C1||95', `${'x'.repeat(70)}|Long|1`),
    );
    expect(issues(customers)).toEqual([
      '2: error above-max field=latitude max=90 text=95',
      '2: error no-name',
      `3: error bad-key field=ref key=${'x'.repeat(70)} problem=too-long(length=70 most=64)`,
    ]);
  });

  it('warns about cells beyond the header', () => {
    const units = importFile('units', 'u.csv', table('code|name', 'PCS|Piece|extra'));
    expect(issues(units)).toEqual(['2: warning extra-cells cells=3 headers=2']);
  });

  it("takes the file's as_of for balances, and requires one", () => {
    const source = table('customer|balance|as of', 'C1|1200.50|', 'C2|-30|2025-03-30 17:00');
    expect(
      importFile('balances', 'b.csv', source, '2025-03-31T23:59:59+02:00').rows.map((row) => row.values),
    ).toEqual([
      { customer_ref: 'C1', balance: 1200.5, as_of: '2025-03-31T23:59:59+02:00' },
      { customer_ref: 'C2', balance: -30, as_of: '2025-03-30T17:00:00+00:00' },
    ]);
    expect(issues(importFile('balances', 'b.csv', source))).toEqual(['2: error no-as-of']);
  });
});

describe('checks across files', () => {
  it('marks a key already seen in the files of its kind, naming where', () => {
    const [first, second] = checked([
      importFile('units', 'units.csv', table('code|name', 'PCS|Piece', 'KG|Kilo', 'PCS|Piece again')),
      importFile('units', 'more-units.csv', table('code|name', 'KG|Kilogram')),
    ]);
    expect(issues(first)).toEqual(['4: error key-twice kind=units key=PCS line=2 fileName=null']);
    expect(issues(second)).toEqual(['2: error key-twice kind=units key=KG line=3 fileName=units.csv']);
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
    expect(issues(branches)).toEqual(['4: error key-twice kind=branches key=C1 / B1 line=2 fileName=null']);
    expect(issues(prices)).toEqual([
      '4: error key-twice kind=prices key=L / P / U / 2025-01-01 line=2 fileName=null',
    ]);
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
    expect(issues(units)).toEqual(['3: error no-name']);
    expect(issues(products)).toEqual([
      '3: warning reference-unknown field=base_unit_ref value=KG target=units',
      '4: warning reference-has-errors field=base_unit_ref value=BOX target=units',
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
      '3: error default-unit-twice product=P1',
      '5: error not-above-zero field=factor_to_base text=0',
    ]);
  });
});
