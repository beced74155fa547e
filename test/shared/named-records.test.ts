import { describe, expect, it } from 'vitest';
import { documentRecordRefs, needsReference, type RecordRefOf } from '../../src-shared/domain/named-records';
import type { InvoiceLine, Order, Return } from '../../src-shared/wire';
import { invoice, payment } from '../support/wire-documents';

const ref = (id: string, code?: string) => ({ id, code: code ?? null });

/** An invoice line of a product in a unit. */
function line(product: string, unit: string): InvoiceLine {
  return {
    description: product,
    discount: '0.00',
    is_free_goods: false,
    line_number: 1,
    line_total: '10.00',
    product: ref(product),
    promotion_code: null,
    quantity: '1.000',
    tax: [],
    unit: ref(unit),
    unit_price: '10.00',
  };
}

/** Each ref as `entity:id`. */
function ids(refs: RecordRefOf[]): string[] {
  return refs.map(({ entity, ref: named }) => `${entity}:${named.id}`);
}

describe('the records a document names', () => {
  it('lists an invoice’s branch, its lines’ products and units, its order’s, and its rep, each once', () => {
    const doc = invoice('i-1', 1);
    doc.lines = [line('prd-1', 'unit-pc'), line('prd-2', 'unit-pc'), line('prd-1', 'unit-ctn')];
    doc.order.lines = [{ ...line('prd-3', 'unit-pc'), line_number: 1 }];
    doc.order.branch = ref('br-2');
    expect(ids(documentRecordRefs({ kind: 'invoices', doc }))).toEqual([
      'branch:br-1',
      'product:prd-1',
      'unit:unit-pc',
      'product:prd-2',
      'unit:unit-ctn',
      'branch:br-2',
      'product:prd-3',
      'sales_rep:rep-1',
    ]);
  });

  it('names a payment’s collecting rep when it has one, and a return’s location as a warehouse', () => {
    const paid = payment('p-1', 1);
    expect(ids(documentRecordRefs({ kind: 'payments', doc: paid }))).toEqual([
      'branch:br-1',
      'sales_rep:rep-1',
    ]);
    expect(
      ids(documentRecordRefs({ kind: 'payments', doc: { ...paid, collected_by: { user: 'office' } } })),
    ).toEqual(['branch:br-1']);
    const returned = {
      branch: ref('br-1'),
      lines: [{ product: ref('prd-1'), unit: ref('unit-pc') }],
      sales_rep: ref('rep-2', 'R02'),
      location: ref('wh-ret', 'RET'),
    } as unknown as Return;
    expect(ids(documentRecordRefs({ kind: 'returns', doc: returned }))).toEqual([
      'branch:br-1',
      'product:prd-1',
      'unit:unit-pc',
      'sales_rep:rep-2',
      'warehouse:wh-ret',
    ]);
    const order = { branch: ref('br-3'), lines: [], sales_rep: ref('rep-3') } as unknown as Order;
    expect(ids(documentRecordRefs({ kind: 'orders', doc: order }))).toEqual([
      'branch:br-3',
      'sales_rep:rep-3',
    ]);
  });
});

describe('whether a payment method needs a reference', () => {
  it('reads the attribute the spec gives, as a string', () => {
    expect([
      needsReference({ needs_reference: 'true' }),
      needsReference({ needs_reference: 'false' }),
      needsReference({ needs_reference: ' TRUE ' }),
      needsReference({ needs_reference: 'maybe' }),
      needsReference({}),
      needsReference(undefined),
    ]).toEqual([true, false, true, null, null, null]);
  });
});
