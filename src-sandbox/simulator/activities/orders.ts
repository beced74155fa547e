import type { StoredOrder } from '../../store/documents';
import { dateOf, formatAmount, isoOf, pad } from '../format';
import type { SimCustomer } from '../world';
import { buildLines, orderLines, sum, type LineCalc } from './lines';
import { currency, type ActivityState } from './state';

/** An order just taken, with what an invoice delivering it needs. */
export interface TakenOrder {
  id: string;
  order: StoredOrder;
  customer: SimCustomer;
  lines: LineCalc[];
}

/**
 * A rep takes an order at a customer's branch (spec, Order): `ERP_PENDING`, awaiting the ERP's
 * answer, or `DELIVERED` for a van sale delivered on the spot (`createdMs` then lies before `t`).
 * Every order taken is listed in `created.orders`.
 */
export function takeOrder(
  state: ActivityState,
  t: number,
  status: 'ERP_PENDING' | 'DELIVERED',
  createdMs = t,
): TakenOrder {
  const { rng, counters } = state;
  const customer = state.pickCustomer();
  const lines = buildLines(state, customer);
  const rep = customer.rep;
  const n = counters.next('number:order');
  const subtotal = sum(lines, (l) => l.amountCents);
  const discount = sum(lines, (l) => l.discountCents);
  const tax = sum(lines, (l) => l.taxCents);
  const id = rng.id('ord');
  const order: StoredOrder = {
    branch: rng.pick(customer.branches),
    created_at: isoOf(createdMs),
    currency,
    customer: customer.ref,
    id,
    idempotency_key: `${(rep.ref.code ?? 'rep').toLowerCase()}-${rng.token(10)}`,
    lines: orderLines(lines),
    number: `SO-${dateOf(createdMs).slice(0, 4)}-${pad(n, 6)}`,
    order_date: dateOf(createdMs),
    prices_include_tax: false,
    sales_rep: rep.ref,
    status,
    totals: {
      discount: formatAmount(discount),
      gross: formatAmount(subtotal - discount + tax),
      net: formatAmount(subtotal - discount),
      subtotal: formatAmount(subtotal),
      tax: formatAmount(tax),
    },
    updated_at: isoOf(t),
    version: counters.next('version'),
    ...(rng.chance(0.7) ? { visit_id: rng.id('vis') } : {}),
  };
  state.insert('order', id, order.number, null, customer.ref.id, order);
  state.created.orders.push(id);
  return { id, order, customer, lines };
}
