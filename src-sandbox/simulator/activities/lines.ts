import type { OrderLine, Ref, TaxLine } from '../../../src-shared/wire';
import { ApiError } from '../../errors';
import { formatAmount, formatQuantity, formatRate, parseAmount, parseQuantity } from '../format';
import type { Prng } from '../prng';
import type { SimCustomer, SimProduct, World } from '../world';
import type { ActivityState } from './state';

/**
 * Lines of a sale with their money in integers (cents, thousandths) until they are written, so tax
 * lines, line totals and totals add up exactly. Orders and invoices are both made from them.
 */

/** One line with its money in integers. */
export interface LineCalc {
  product: Ref;
  unit: Ref;
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  amountCents: number;
  discountCents: number;
  taxCode: string;
  rateBp: number;
  taxCents: number;
  totalCents: number;
  isFreeGoods: boolean;
  promotionCode?: string;
}

function line(
  product: SimProduct,
  unit: Ref,
  quantityMilli: number,
  unitPriceCents: number,
  discountBp: number,
  free: boolean,
): LineCalc {
  const amountCents = Math.round((quantityMilli * unitPriceCents) / 1000);
  const discountCents = free ? amountCents : Math.round((amountCents * discountBp) / 10000);
  const taxCents = Math.round(((amountCents - discountCents) * product.tax.rateBp) / 10000);
  return {
    product: product.ref,
    unit,
    description: `${product.en} / ${product.ar}`,
    quantityMilli,
    unitPriceCents,
    amountCents,
    discountCents,
    taxCode: product.tax.code,
    rateBp: product.tax.rateBp,
    taxCents,
    totalCents: amountCents - discountCents + taxCents,
    isFreeGoods: free,
    ...(free ? { promotionCode: 'PROMO-12+1' } : {}),
  };
}

/** The tax lines of a line as the wire writes them. */
export function taxLines(calc: LineCalc): TaxLine[] {
  return [{ amount: formatAmount(calc.taxCents), code: calc.taxCode, rate: formatRate(calc.rateBp) }];
}

/** The sum of one money member over lines. */
export function sum(lines: readonly LineCalc[], pick: (l: LineCalc) => number): number {
  return lines.reduce((total, l) => total + pick(l), 0);
}

/**
 * One to five lines of products priced on the customer's price list, sometimes discounted, and now
 * and then a free unit of the first line's product under a promotion. Refused (409) when nothing
 * on the customer's list has a price.
 */
export function buildLines(state: ActivityState, customer: SimCustomer): LineCalc[] {
  const { rng, world } = state;
  const count = rng.int(1, 5);
  const chosen = new Set<SimProduct>();
  const lines: LineCalc[] = [];
  for (let attempt = 0; attempt < count * 3 && lines.length < count; attempt++) {
    const product = rng.pick(world.products);
    if (chosen.has(product)) continue;
    const priced = product.units.filter((u) => u.priceCents.has(customer.priceListId));
    if (priced.length === 0) continue;
    chosen.add(product);
    const unit = priced.find((u) => u.isDefault && rng.chance(0.7)) ?? rng.pick(priced);
    const price = unit.priceCents.get(customer.priceListId) ?? 0;
    const discountBp = rng.chance(0.15) ? rng.pick([250, 500, 1000]) : 0;
    lines.push(line(product, unit.ref, quantity(rng, unit.code), price, discountBp, false));
  }
  if (lines.length === 0) {
    throw new ApiError(
      'INVALID_REQUEST',
      `No product has a price on the price list of customer ${customer.ref.code ?? customer.ref.id}. Push prices first.`,
      {
        status: 409,
      },
    );
  }
  const first = lines[0];
  const firstProduct = [...chosen][0];
  if (first && firstProduct && rng.chance(0.08)) {
    // Free goods: one more unit of the first line's product under a promotion.
    lines.push(line(firstProduct, first.unit, 1000, first.unitPriceCents, 0, true));
  }
  return lines;
}

/** A quantity in thousandths that suits the unit (quarter kilos, whole cartons, a few sacks). */
function quantity(rng: Prng, unitCode: string): number {
  switch (unitCode) {
    case 'KG':
      return rng.int(2, 80) * 250;
    case 'CTN':
    case 'BOX':
      return rng.int(1, 10) * 1000;
    case 'SACK':
      return rng.int(1, 4) * 1000;
    case 'PACK':
      return rng.int(1, 12) * 1000;
    default:
      return rng.int(1, 24) * 1000;
  }
}

/** Lines as an order carries them (spec, Order line). */
export function orderLines(lines: readonly LineCalc[]): OrderLine[] {
  return lines.map((l, i) => ({
    amount: formatAmount(l.amountCents),
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
}

/** Money of an order line read back (an order the ERP confirmed, delivered later). */
export function lineFromOrder(world: World, orderLine: OrderLine): LineCalc {
  const product = world.products.find((p) => p.ref.id === orderLine.product.id);
  const tax = orderLine.tax[0];
  const description = product
    ? `${product.en} / ${product.ar}`
    : (orderLine.product.code ?? orderLine.product.id);
  return {
    product: orderLine.product,
    unit: orderLine.unit,
    description,
    quantityMilli: parseQuantity(orderLine.quantity),
    unitPriceCents: parseAmount(orderLine.unit_price),
    amountCents: parseAmount(orderLine.amount),
    discountCents: parseAmount(orderLine.discount),
    taxCode: tax?.code ?? 'VAT0',
    rateBp: tax ? Math.round(Number(tax.rate) * 100) : 0,
    taxCents: tax ? parseAmount(tax.amount) : 0,
    totalCents: parseAmount(orderLine.line_total),
    isFreeGoods: orderLine.is_free_goods,
    ...(orderLine.promotion_code ? { promotionCode: orderLine.promotion_code } : {}),
  };
}
