import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  buildPushPlan,
  findRemovals,
  PushPlanSchema,
  replaceablePriceLists,
  type PushCall,
} from '../../../src-shared/domain/master-data';
import { checked, importFile, table } from './support';

function rows(count: number, make: (i: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => make(i + 1));
}

function summary(calls: readonly PushCall[]): string[] {
  return calls.map((call) => {
    switch (call.call) {
      case 'units-batch':
      case 'products-batch':
      case 'balances-batch':
        return `${call.call} ${call.items.length}`;
      case 'prices':
        return `prices ${call.ref} ${call.mode} ${call.body.prices.length}`;
      case 'product-units':
        return `product-units ${call.ref} ${call.body.units.length}`;
      case 'branch':
      case 'branch-delete':
        return `${call.call} ${call.ref}/${call.branchRef}`;
      default:
        return `${call.call} ${call.ref}`;
    }
  });
}

describe('push plans', () => {
  it('orders calls by dependency whatever the order of the files, and leaves rows with errors out', () => {
    const files = checked([
      importFile('balances', 'balances.csv', table('customer|balance', 'C1|10'), '2025-03-31T23:59:59Z'),
      importFile('branches', 'branches.csv', table('customer|branch|name', 'C1|B1|Main')),
      importFile('customers', 'customers.csv', table('code|name|price list', 'C1|Nile|RETAIL', 'C2||RETAIL')),
      importFile(
        'prices',
        'prices.csv',
        table('price list|product|unit|price|valid from', 'RETAIL|P1|PCS|5|2025-01-01'),
      ),
      importFile(
        'product-units',
        'pu.csv',
        table('product|unit|factor|default', 'P1|PCS|1|yes', 'P1|BOX|12|no'),
      ),
      importFile('products', 'products.csv', table('code|name|base unit', 'P1|Tea|PCS')),
      importFile('price-lists', 'lists.csv', table('code|name|currency', 'RETAIL|Retail|egp')),
      importFile('units', 'units.csv', table('code|name.en|name.ar', 'PCS|Piece|قطعة', 'BOX|Box|علبة')),
    ]);
    const built = buildPushPlan(files, { label: 'March exports' });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect({ records: built.records, skipped: built.skippedRows, calls: summary(built.plan.calls) }).toEqual({
      records: 10,
      skipped: 1,
      calls: [
        'units-batch 2',
        'price-list RETAIL',
        'products-batch 1',
        'product-units P1 2',
        'prices RETAIL merge 1',
        'customer C1',
        'branch C1/B1',
        'balances-batch 1',
      ],
    });
    expect(Compile(PushPlanSchema).Check(built.plan)).toBe(true);
  });

  it('builds the bodies the spec names, with only the members the file gave', () => {
    const files = checked([
      importFile(
        'customers',
        'c.csv',
        table('code|name.en|name.ar|blocked|credit limit|address', 'C1|Nile|النيل|yes|2500|', 'C2|Delta||||'),
      ),
      importFile('price-lists', 'l.csv', table('code|name|currency|version', 'L1|Retail|egp|17')),
    ]);
    const built = buildPushPlan(files, { label: 'x' });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(built.plan.calls).toEqual([
      {
        call: 'price-list',
        file: 'l.csv',
        line: 2,
        ref: 'L1',
        body: { currency: 'EGP', name: { en: 'Retail' }, source_version: '17' },
      },
      {
        call: 'customer',
        file: 'c.csv',
        line: 2,
        ref: 'C1',
        body: { name: { en: 'Nile', ar: 'النيل' }, blocked: true, credit_limit: 2500 },
      },
      {
        call: 'customer',
        file: 'c.csv',
        line: 3,
        ref: 'C2',
        body: { name: { en: 'Delta' }, blocked: false },
      },
    ]);
  });

  it('cuts batches and price pushes at 500, per list', () => {
    const files = checked(
      [
        importFile(
          'products',
          'p.csv',
          table('code|name|base unit', ...rows(1201, (i) => `P${i}|Product ${i}|PCS`)),
        ),
        importFile(
          'prices',
          'prices.csv',
          table(
            'price list|product|unit|price|valid from',
            ...rows(1001, (i) => `BIG|P${i}|PCS|${i}|2025-01-01`),
            ...rows(3, (i) => `SMALL|P${i}|PCS|1|2025-01-01`),
          ),
        ),
      ],
      { units: ['PCS'] },
    );
    const built = buildPushPlan(files, { label: 'big', replacePriceLists: ['SMALL'] });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(summary(built.plan.calls)).toEqual([
      'products-batch 500',
      'products-batch 500',
      'products-batch 201',
      'prices BIG merge 500',
      'prices BIG merge 500',
      'prices BIG merge 1',
      'prices SMALL replace 3',
    ]);
    const third = built.plan.calls[5];
    expect(third?.call === 'prices' ? third.lines : null).toEqual([1002]);
    expect(replaceablePriceLists(files)).toEqual([
      { ref: 'BIG', rows: 1001, isReplaceable: false },
      { ref: 'SMALL', rows: 3, isReplaceable: true },
    ]);
  });

  it('refuses replace for a list that does not fit one call, and an empty plan', () => {
    const files = checked([
      importFile(
        'prices',
        'p.csv',
        table('price list|product|unit|price|valid from', ...rows(501, (i) => `BIG|P${i}|PCS|1|2025-01-01`)),
      ),
    ]);
    expect(buildPushPlan(files, { label: 'x', replacePriceLists: ['BIG'] })).toEqual({
      ok: false,
      problems: [{ code: 'replace-too-long', list: 'BIG', prices: 501, most: 500 }],
    });
    expect(buildPushPlan([], { label: 'x' })).toEqual({
      ok: false,
      problems: [{ code: 'nothing-to-push' }],
    });
  });

  it('finds records of a full export that were pushed before and are missing now; removals go last', () => {
    const files = checked([
      importFile('customers', 'c.csv', table('code|name', 'C1|One', 'C3|Three')),
      importFile('branches', 'b.csv', table('customer|branch|name', 'C1|B1|Main')),
    ]);
    expect(findRemovals('customers', files, ['C1', 'C2', 'C3', 'C4'])).toEqual(['C2', 'C4']);
    expect(findRemovals('branches', files, ['C1 / B1', 'C1 / B2'])).toEqual(['C1 / B2']);
    const built = buildPushPlan(files, {
      label: 'x',
      removeCustomers: ['C2'],
      removeBranches: [{ customerRef: 'C1', branchRef: 'B2' }],
      removalsFile: 'c.csv',
    });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(summary(built.plan.calls)).toEqual([
      'customer C1',
      'customer C3',
      'branch C1/B1',
      'branch-delete C1/B2',
      'customer-delete C2',
    ]);
  });
});
