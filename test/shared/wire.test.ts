import { describe, it, expect } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  AmountSchema,
  BatchAckBodySchema,
  ErrorEnvelopeSchema,
  InvoiceFeedPageSchema,
  InvoiceSchema,
  OrderSchema,
  PaymentSchema,
  PricesBodySchema,
  ProductBodySchema,
  ReturnSchema,
  endpoints,
  errorCodes,
  feedScope,
  isErrorCode,
  scopes,
  type Invoice,
  type Order,
  type Payment,
  type Return,
} from '../../src-shared/wire';

const customer = { id: 'cus_01', code: 'C-1001', external_ref: 'ERP-C-1001' };
const branch = { id: 'br_01', code: 'B-1', external_ref: null };
const salesRep = { id: 'rep_07', code: 'R07' };
const product = { id: 'prd_11', code: 'WAT-15', external_ref: 'P-WAT-15' };
const unit = { id: 'unt_1', code: 'CTN', external_ref: 'CTN' };

const order: Order = {
  branch,
  created_at: '2025-03-01T08:12:40Z',
  currency: 'EGP',
  customer,
  id: 'ord_501',
  idempotency_key: 'phone-7f3a-0001',
  lines: [
    {
      amount: '240.00',
      discount: '0.00',
      is_free_goods: false,
      line_number: 1,
      line_total: '273.60',
      product,
      promotion_code: null,
      quantity: '2.000',
      tax: [{ amount: '33.60', code: 'VAT', rate: '14.00' }],
      unit,
      unit_price: '120.00',
    },
  ],
  number: 'SO-2025-000501',
  order_date: '2025-03-01',
  prices_include_tax: false,
  sales_rep: salesRep,
  status: 'ERP_PENDING',
  totals: { discount: '0.00', gross: '273.60', net: '240.00', subtotal: '240.00', tax: '33.60' },
  updated_at: '2025-03-01T08:12:40Z',
  version: 1042,
};

const invoice: Invoice = {
  branch,
  currency: 'EGP',
  customer,
  id: 'inv_301',
  issue_date: '2025-03-01',
  issued_at: '2025-03-01T09:30:00.125Z',
  lines: [
    {
      description: 'Water 1.5 L x 12',
      discount: '0.00',
      is_free_goods: false,
      line_number: 1,
      line_total: '273.60',
      product,
      quantity: '2.000',
      tax: [{ amount: '33.60', code: 'VAT', rate: '14.00' }],
      unit,
      unit_price: '120.00',
    },
  ],
  number: 'INV-2025-000301',
  order: {
    branch,
    customer,
    id: 'ord_501',
    lines: [
      {
        discount: '0.00',
        is_free_goods: false,
        line_number: 1,
        product,
        quantity: '2.000',
        unit,
        unit_price: '120.00',
      },
    ],
    number: 'SO-2025-000501',
    sales_rep: salesRep,
    status: 'DELIVERED',
    external_number: 'ERP-SO-88120',
  },
  prices_include_tax: false,
  status: 'ISSUED',
  totals: { discount: '0.00', subtotal: '240.00', tax: '33.60', total: '273.60' },
  updated_at: '2025-03-01T09:30:00Z',
  version: 1043,
  handover_id: 'ord_501',
  seq: 301,
  tax_submission: { status: 'VALID', eta_uuid: '6V1W2X3Y4Z', submitted_at: '2025-03-01T09:31:10Z' },
  ack: {
    acked_at: '2025-03-01T10:00:00Z',
    acked_version: 1043,
    outcome: 'ACCEPTED',
    external_number: 'ERP-INV-4410',
  },
};

const payment: Payment = {
  allocations: [
    {
      amount: '273.60',
      kind: 'INVOICE',
      receivable_id: 'rcv_301',
      reference: 'INV-2025-000301',
      invoice: { id: 'inv_301', code: 'INV-2025-000301' },
    },
  ],
  amount: '300.00',
  branch,
  collected_at: '2025-03-02T11:05:00Z',
  collected_by: { sales_rep: salesRep, user: 'rep07@demo' },
  collection_date: '2025-03-02',
  currency: 'EGP',
  customer,
  id: 'pay_77',
  method: 'CHEQUE',
  on_account: '26.40',
  status: 'RECORDED',
  updated_at: '2025-03-02T11:05:00Z',
  version: 1050,
  cheque: { number: '000123', status: 'IN_HAND', bank: 'NBE', due_on: '2025-03-15', bounce_reason: null },
  receipt: {
    balance_after: '1200.00',
    id: 'rct_77',
    issued_at: '2025-03-02T11:05:01Z',
    number: 'RC-000077',
    seq: 77,
  },
  reference: '000123',
  seq: 77,
};

const returnDoc: Return = {
  branch,
  currency: 'EGP',
  customer,
  id: 'ret_12',
  invoice: { id: 'inv_301', number: 'INV-2025-000301', seq: 301 },
  lines: [
    {
      invoice_line_number: 1,
      is_expired: true,
      line_number: 1,
      line_total: '136.80',
      product,
      quantity: '1.000',
      unit,
      unit_price: '120.00',
    },
  ],
  location: { id: 'wh_main', code: 'MAIN' },
  number: 'RT-000012',
  reason: 'EXPIRED',
  return_date: '2025-03-03',
  returned_at: '2025-03-03T14:20:00Z',
  sales_rep: salesRep,
  status: 'RECORDED',
  total: '136.80',
  updated_at: '2025-03-03T14:20:00Z',
  version: 1061,
  approval: { decided_at: null, note: 'awaiting office' },
  seq: 12,
};

describe('wire schemas', () => {
  it('accept realistic documents', () => {
    expect(Compile(OrderSchema).Check(order)).toBe(true);
    expect(Compile(InvoiceSchema).Check(invoice)).toBe(true);
    expect(Compile(PaymentSchema).Check(payment)).toBe(true);
    expect(Compile(ReturnSchema).Check(returnDoc)).toBe(true);
    const page = {
      data: [invoice],
      meta: { has_more: false, high_water: 1061, next_version_after: 1043, per_page: 100 },
    };
    expect(Compile(InvoiceFeedPageSchema).Check(page)).toBe(true);
  });

  it('reject a bad amount string', () => {
    const amount = Compile(AmountSchema);
    expect([
      amount.Check('12.50'),
      amount.Check('-3.00'),
      amount.Check('12.5'),
      amount.Check('12'),
      amount.Check('1,200.00'),
    ]).toEqual([true, true, false, false, false]);
    const badInvoice = { ...invoice, totals: { ...invoice.totals, total: '273.6' } };
    expect(Compile(InvoiceSchema).Check(badInvoice)).toBe(false);
  });

  it('check push and ack bodies', () => {
    const product = Compile(ProductBodySchema);
    expect(product.Check({ name: { en: 'Water 1.5 L' }, base_unit_ref: 'PCS' })).toBe(true);
    expect(product.Check({ name: {}, base_unit_ref: 'PCS' })).toBe(false);
    expect(product.Check({ name: { en: 'Water' }, base_unit_ref: 'a/b' })).toBe(false);
    const prices = Compile(PricesBodySchema);
    const row = { product_ref: 'P-WAT-15', unit_ref: 'CTN', price: 120, valid_from: '2025-01-01' };
    expect(prices.Check({ prices: [row] })).toBe(true);
    expect(prices.Check({ prices: [{ ...row, price: -1 }] })).toBe(false);
    expect(prices.Check({ prices: Array.from({ length: 501 }, () => row) })).toBe(false);
    const acks = Compile(BatchAckBodySchema);
    expect(acks.Check({ entity: 'invoice', items: [{ id: 'inv_301', outcome: 'ACCEPTED' }] })).toBe(true);
    expect(acks.Check({ entity: 'invoice', items: [{ id: 'inv_301', outcome: 'OK' }] })).toBe(false);
  });

  it('compile every endpoint schema', () => {
    for (const row of Object.values(endpoints)) {
      for (const schema of [
        row.response,
        'params' in row ? row.params : undefined,
        'query' in row ? row.query : undefined,
        'body' in row ? row.body : undefined,
      ]) {
        if (schema !== undefined) expect(typeof Compile(schema).Check).toBe('function');
      }
    }
  });

  it('agree with the error table and the scopes', () => {
    expect(errorCodes.INVALID_REQUEST).toEqual({ status: 400, retryable: false });
    expect(errorCodes.REQUEST_IN_PROGRESS).toEqual({ status: 409, retryable: true });
    expect([isErrorCode('TOKEN_REVOKED'), isErrorCode('toString'), isErrorCode('NOPE')]).toEqual([
      true,
      false,
      false,
    ]);
    const envelope = {
      error: {
        code: 'NOT_FOUND',
        message: 'No invoice inv_x.',
        details: [],
        request_id: 'req-1',
        retryable: false,
      },
    };
    expect(Compile(ErrorEnvelopeSchema).Check(envelope)).toBe(true);
    expect(scopes).toHaveLength(17);
    expect(feedScope('payments')).toEqual({ read: 'payments:read', write: 'payments:write' });
  });
});
