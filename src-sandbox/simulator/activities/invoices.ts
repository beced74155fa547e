import { Compile } from 'typebox/compile';
import { OrderSchema, type InvoiceLine } from '../../../src-shared/wire';
import type { StoredInvoice, StoredOrder } from '../../store/documents';
import { taxRejections } from '../catalog';
import { dateOf, formatAmount, formatQuantity, isoOf, pad } from '../format';
import type { SimCustomer, SimInvoice, SimInvoiceLine } from '../world';
import { lineFromOrder, sum, taxLines, type LineCalc } from './lines';
import { takeOrder } from './orders';
import { currency, type ActivityState } from './state';

const checkOrder = Compile(OrderSchema);

/** The order an invoice delivers, with the ERP's number and key when the ERP confirmed it. */
interface DeliveredOrder {
  order: StoredOrder;
  customer: SimCustomer;
  lines: LineCalc[];
  externalNumber?: string;
  externalRef?: string;
}

/**
 * The oldest order the ERP confirmed, now `DELIVERED` at a new version; undefined when none is
 * left (orders that cannot be read, or whose customer is gone, are skipped).
 */
function deliverConfirmedOrder(state: ActivityState, t: number): DeliveredOrder | undefined {
  const { store, world, confirmed } = state;
  while (confirmed.length > 0) {
    const orderId = confirmed.shift();
    const row = orderId === undefined ? undefined : store.find(world.companyId, 'order', orderId);
    const parsed: unknown = row ? JSON.parse(row.body) : undefined;
    if (!row || !checkOrder.Check(parsed)) continue;
    const customer = world.customersById.get(parsed.customer.id);
    if (!customer) continue;
    const delivered: StoredOrder = {
      ...parsed,
      status: 'DELIVERED',
      updated_at: isoOf(t),
      version: state.counters.next('version'),
    };
    store.change(row.id, 'order', delivered);
    return {
      order: delivered,
      customer,
      lines: parsed.lines.map((l) => lineFromOrder(world, l)),
      ...(row.ack_external_number !== null ? { externalNumber: row.ack_external_number } : {}),
      ...(row.ack_external_ref !== null ? { externalRef: row.ack_external_ref } : {}),
    };
  }
  return undefined;
}

/**
 * An invoice issued on delivery of an order (spec, Invoice: `order` summary with status
 * DELIVERED, `handover_id` the originating order): the oldest order the ERP confirmed, else a van
 * sale whose order is delivered on the spot. The invoice opens on its customer's account and can
 * be collected and returned against. Answers the invoice's id.
 */
export function issueInvoice(state: ActivityState, t: number): string {
  const { rng, counters, world } = state;
  const source: DeliveredOrder =
    deliverConfirmedOrder(state, t) ?? takeOrder(state, t, 'DELIVERED', t - rng.int(10, 45) * 60_000);
  const { order, customer, lines } = source;
  const seq = counters.next('seq:invoice');
  const year = dateOf(t).slice(0, 4);
  const subtotal = sum(lines, (l) => l.amountCents);
  const discount = sum(lines, (l) => l.discountCents);
  const tax = sum(lines, (l) => l.taxCents);
  const total = subtotal - discount + tax;
  const id = rng.id('inv');
  const invoiceLines: InvoiceLine[] = lines.map((l, i) => ({
    description: l.description,
    discount: formatAmount(l.discountCents),
    is_free_goods: l.isFreeGoods,
    line_number: i + 1,
    line_total: formatAmount(l.totalCents),
    product: l.product,
    ...(l.promotionCode ? { promotion_code: l.promotionCode } : {}),
    quantity: formatQuantity(l.quantityMilli),
    tax: taxLines(l),
    unit: l.unit,
    unit_price: formatAmount(l.unitPriceCents),
  }));
  const valid = rng.chance(0.95);
  const invoice: StoredInvoice = {
    branch: order.branch,
    currency,
    customer: order.customer,
    id,
    issue_date: dateOf(t),
    issued_at: isoOf(t),
    lines: invoiceLines,
    number: `INV-${year}-${pad(seq, 6)}`,
    order: {
      branch: order.branch,
      customer: order.customer,
      ...(source.externalNumber !== undefined ? { external_number: source.externalNumber } : {}),
      ...(source.externalRef !== undefined ? { external_ref: source.externalRef } : {}),
      id: order.id,
      lines: order.lines.map((l) => ({
        discount: l.discount,
        is_free_goods: l.is_free_goods,
        line_number: l.line_number,
        product: l.product,
        ...(l.promotion_code ? { promotion_code: l.promotion_code } : {}),
        quantity: l.quantity,
        unit: l.unit,
        unit_price: l.unit_price,
      })),
      number: order.number,
      sales_rep: order.sales_rep,
      status: 'DELIVERED',
    },
    prices_include_tax: false,
    status: 'ISSUED',
    totals: {
      discount: formatAmount(discount),
      subtotal: formatAmount(subtotal),
      tax: formatAmount(tax),
      total: formatAmount(total),
    },
    updated_at: isoOf(t),
    version: counters.next('version'),
    handover_id: order.id,
    seq,
    // The phone submits to the tax authority at issue; a few submissions are refused.
    tax_submission: valid
      ? { status: 'VALID', eta_uuid: rng.token(26).toUpperCase(), submitted_at: isoOf(t) }
      : { status: 'INVALID', reason: rng.pick(taxRejections), submitted_at: isoOf(t) },
  };
  state.insert('invoice', id, invoice.number, seq, customer.ref.id, invoice);

  const sim: SimInvoice = {
    id,
    number: invoice.number,
    seq,
    customerId: customer.ref.id,
    branchId: order.branch.id,
    openCents: total,
    returnable: lines.flatMap((l, i): Array<[number, number]> =>
      l.isFreeGoods ? [] : [[i + 1, l.quantityMilli]],
    ),
    lines: lines.map((l, i): SimInvoiceLine => ({
      lineNumber: i + 1,
      product: l.product,
      unit: l.unit,
      quantityMilli: l.quantityMilli,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.totalCents,
      isFreeGoods: l.isFreeGoods,
    })),
    dirty: true,
  };
  world.invoices.set(id, sim);
  if (sim.openCents > 0) {
    customer.open.push(sim);
    state.openCount += 1;
  }
  if (sim.returnable.length > 0) world.returnable.push(sim);
  customer.balanceCents += total;
  customer.dirty = true;
  return id;
}
