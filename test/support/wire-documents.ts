// Documents shaped exactly as the wire schemas say, for tests that need no service (the store's, the
// domain rules'): what the sandbox would send, built by hand (the rules, not the service, are under test).
import type { Ack, Invoice, Payment } from '../../src-shared/wire';

const ref = (id: string, code?: string) => ({ id, code: code ?? id });

/** An invoice at a version, optionally answered. */
export function invoice(
  id: string,
  version: number,
  options: { ack?: Ack | null; customer?: string; total?: string } = {},
): Invoice {
  return {
    branch: ref('br-1', 'C-1-1'),
    currency: 'EGP',
    customer: ref(options.customer ?? 'cu-1', 'C-1'),
    id,
    issue_date: '2025-03-01',
    issued_at: '2025-03-01T09:30:00Z',
    lines: [],
    number: `INV-${id}`,
    order: {
      branch: ref('br-1'),
      customer: ref('cu-1'),
      id: `o-${id}`,
      lines: [],
      number: `SO-${id}`,
      sales_rep: ref('rep-1', 'R01'),
      status: 'DELIVERED',
    },
    prices_include_tax: false,
    status: 'ISSUED',
    totals: {
      discount: '0.00',
      subtotal: options.total ?? '100.00',
      tax: '0.00',
      total: options.total ?? '100.00',
    },
    updated_at: '2025-03-01T09:30:00Z',
    version,
    ack: options.ack ?? null,
  };
}

/** An invoice line of one `product` in `unit` (each named by id, its code the id in capitals). */
export function invoiceLine(product: string, unit: string, lineNumber: number): Invoice['lines'][number] {
  return {
    description: product,
    discount: '0.00',
    is_free_goods: false,
    line_number: lineNumber,
    line_total: '10.00',
    product: { id: product, code: product.toUpperCase() },
    promotion_code: null,
    quantity: '1.000',
    tax: [],
    unit: { id: unit, code: unit.toUpperCase() },
    unit_price: '10.00',
  };
}

/** A cash payment at a version, optionally answered and reversed. */
export function payment(
  id: string,
  version: number,
  options: { ack?: Ack | null; reversed?: boolean } = {},
): Payment {
  return {
    allocations: [],
    amount: '250.00',
    branch: ref('br-1'),
    collected_at: '2025-03-02T10:00:00Z',
    collected_by: { sales_rep: ref('rep-1', 'R01'), user: 'r01@demo' },
    collection_date: '2025-03-02',
    currency: 'EGP',
    customer: ref('cu-1', 'C-1'),
    id,
    method: 'CASH',
    on_account: '250.00',
    status: 'RECORDED',
    updated_at: '2025-03-02T10:00:00Z',
    version,
    ack: options.ack ?? null,
    reversal: options.reversed
      ? { reason: 'Wrong customer', reversed_at: '2025-03-03T08:00:00Z', reversed_by: 'office' }
      : null,
  };
}

/** An ack answering `version`. */
export function ackAt(version: number, outcome: Ack['outcome'] = 'ACCEPTED'): Ack {
  return {
    acked_at: '2025-03-02T12:00:00Z',
    acked_version: version,
    outcome,
    external_number: outcome === 'ACCEPTED' ? 'ERP-1' : null,
  };
}

/** Feed meta for a page. */
export function meta(nextVersionAfter: number, hasMore = false, highWater = nextVersionAfter) {
  return { has_more: hasMore, high_water: highWater, next_version_after: nextVersionAfter, per_page: 500 };
}
