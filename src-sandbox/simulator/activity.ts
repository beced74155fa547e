import type { Database } from 'better-sqlite3';
import { Compile } from 'typebox/compile';
import {
  OrderSchema,
  PaymentSchema,
  InvoiceSchema,
  type InvoiceLine,
  type OrderLine,
  type PaymentAllocation,
  type Ref,
  type ReturnLine,
  type TaxLine,
} from '../../src-shared/wire';
import { ApiError } from '../errors';
import {
  createDocumentStore,
  type DocumentKind,
  type DocumentStore,
  type StoredInvoice,
  type StoredOrder,
  type StoredPayment,
  type StoredReturn,
} from '../store/documents';
import {
  banks,
  bounceReasons,
  officeUser,
  returnReasons,
  reversalReasons,
  taxRejections,
  voidReasons,
} from './catalog';
import {
  dateOf,
  formatAmount,
  formatQuantity,
  formatRate,
  isoOf,
  pad,
  parseAmount,
  parseQuantity,
} from './format';
import type { Prng } from './prng';
import {
  saveWorld,
  type SimCustomer,
  type SimInvoice,
  type SimInvoiceLine,
  type SimProduct,
  type World,
} from './world';

/**
 * The activity simulator: field activity made through the flows a rep's phone would take
 * (../shared/spec/sandbox-contract.md, `POST /_sandbox/simulate`; docs/decisions/026-demo-data-and-simulator.md):
 * a rep takes an order (ERP_PENDING); an invoice is issued by delivering an order (one the ERP
 * confirmed, else a van sale delivered on the spot); a payment allocates to the customer's open
 * invoices, oldest first; a return names lines of an issued invoice; a reversal, a cheque bounce or
 * a receipt void changes an existing payment at a new version.
 *
 * Amounts are integers (cents, thousandths) until they are written, so tax lines, line totals,
 * totals, allocations and `on_account` add up exactly. Bodies are built typed and stored without
 * per-row schema validation (speed); a test checks samples of every kind against the wire schemas.
 */

/** How many of each activity to make. */
export interface ActivityCounts {
  orders: number;
  invoices: number;
  payments: number;
  returns: number;
  reversals: number;
  chequeBounces: number;
  receiptVoids: number;
}

/** The ids made or changed, per activity (the answer of `POST /_sandbox/simulate`). */
export interface CreatedIds {
  orders: string[];
  invoices: string[];
  payments: string[];
  returns: string[];
  reversals: string[];
  cheque_bounces: string[];
  receipt_voids: string[];
}

/** How the simulator runs. */
export interface ActivityOptions {
  rng: Prng;
  /** The sandbox clock: the time of every event when there is no timeline. */
  nowMs: () => number;
  /**
   * The demo seed's history: events spread over [startMs, endMs] in time order, kinds interleaved at
   * random. Without it, every event happens now, kind by kind, and an activity that needs an
   * earlier one (a return needs an invoice) makes it first.
   */
  timeline?: { startMs: number; endMs: number };
  /** Events per transaction (default 5000). */
  chunkSize?: number;
}

type Activity = keyof ActivityCounts;

/** One line with its money in integers. */
interface LineCalc {
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

const currency = 'EGP';
const checkOrder = Compile(OrderSchema);
const checkInvoice = Compile(InvoiceSchema);
const checkPayment = Compile(PaymentSchema);

/** In-memory per-company counters, read and written once per transaction. */
class Counters {
  private readonly values = new Map<string, number>();
  private readonly changed = new Set<string>();
  constructor(
    private readonly db: Database,
    private readonly companyId: string,
  ) {}

  load(): void {
    this.values.clear();
    this.changed.clear();
    const rows = this.db
      .prepare('SELECT name, value FROM counters WHERE company_id = ?')
      .all(this.companyId) as Array<{ name: string; value: number }>;
    for (const row of rows) this.values.set(row.name, row.value);
  }

  next(name: string): number {
    const value = (this.values.get(name) ?? 0) + 1;
    this.values.set(name, value);
    this.changed.add(name);
    return value;
  }

  save(): void {
    const upsert = this.db.prepare(
      'INSERT INTO counters(company_id, name, value) VALUES (?, ?, ?) ON CONFLICT(company_id, name) DO UPDATE SET value = excluded.value',
    );
    for (const name of this.changed) upsert.run(this.companyId, name, this.values.get(name) ?? 0);
    this.changed.clear();
  }
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

function taxLines(calc: LineCalc): TaxLine[] {
  return [{ amount: formatAmount(calc.taxCents), code: calc.taxCode, rate: formatRate(calc.rateBp) }];
}

function sum(lines: readonly LineCalc[], pick: (l: LineCalc) => number): number {
  return lines.reduce((total, l) => total + pick(l), 0);
}

/** Runs field activity for one company and answers the ids made or changed. */
export function runActivity(
  db: Database,
  world: World,
  counts: ActivityCounts,
  options: ActivityOptions,
): CreatedIds {
  const engine = new Engine(db, world, options);
  return engine.run(counts);
}

class Engine {
  private readonly store: DocumentStore;
  private readonly counters: Counters;
  private readonly rng: Prng;
  private readonly created: CreatedIds = {
    orders: [],
    invoices: [],
    payments: [],
    returns: [],
    reversals: [],
    cheque_bounces: [],
    receipt_voids: [],
  };
  /** Payments still RECORDED, and cheques of those still in hand: what a change can pick. */
  private readonly recorded: string[];
  private readonly inHand: string[];
  /** Orders the ERP confirmed that await delivery, oldest first. */
  private readonly confirmed: string[];
  private openCount = 0;
  private lastMs = 0;

  constructor(
    private readonly db: Database,
    private readonly world: World,
    private readonly options: ActivityOptions,
  ) {
    this.store = createDocumentStore(db);
    this.counters = new Counters(db, world.companyId);
    this.rng = options.rng;
    const ids = (sql: string): string[] =>
      (db.prepare(sql).all(world.companyId) as Array<{ id: string }>).map((row) => row.id);
    this.recorded = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' ORDER BY version DESC LIMIT 2000",
    ).reverse();
    this.inHand = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' AND json_extract(body, '$.cheque.status') = 'IN_HAND' ORDER BY version DESC LIMIT 2000",
    ).reverse();
    this.confirmed = ids(
      "SELECT id FROM documents WHERE company_id = ? AND kind = 'order' AND status = 'ERP_CONFIRMED' ORDER BY version",
    );
    for (const customer of world.customers) this.openCount += customer.open.length;
  }

  run(counts: ActivityCounts): CreatedIds {
    const remaining = { ...counts };
    const total = Object.values(remaining).reduce((a, b) => a + b, 0);
    const chunk = this.options.chunkSize ?? 5000;
    const timeline = this.options.timeline;
    let done = 0;
    let stopped = false;
    const order: Activity[] = [
      'orders',
      'invoices',
      'payments',
      'returns',
      'reversals',
      'chequeBounces',
      'receiptVoids',
    ];
    while (done < total && !stopped) {
      const size = Math.min(chunk, total - done);
      this.db.transaction(() => {
        this.counters.load();
        for (let i = 0; i < size; i++) {
          const k = done + i;
          let t: number;
          if (timeline) {
            const slot = (timeline.endMs - timeline.startMs) / total;
            t = Math.floor(timeline.startMs + k * slot + this.rng.next() * slot * 0.8);
          } else {
            t = Math.max(this.options.nowMs(), this.lastMs);
          }
          this.lastMs = t;
          const activity = timeline ? this.chooseInterleaved(remaining) : order.find((a) => remaining[a] > 0);
          if (!activity) {
            stopped = true;
            break;
          }
          remaining[activity] -= 1;
          this.perform(activity, t, !timeline);
        }
        this.counters.save();
        saveWorld(this.db, this.world);
      })();
      done += size;
    }
    return this.created;
  }

  /** A random activity among those left, weighted by how many are left and whether one can happen now. */
  private chooseInterleaved(remaining: ActivityCounts): Activity | undefined {
    const weights: Array<[Activity, number]> = [
      ['orders', remaining.orders],
      ['invoices', remaining.invoices],
      ['payments', remaining.payments * (this.openCount > 0 ? 1 : 0.2)],
      ['returns', this.world.returnable.length > 0 ? remaining.returns : 0],
      ['reversals', this.recorded.length > 0 ? remaining.reversals : 0],
      ['chequeBounces', this.inHand.length > 0 ? remaining.chequeBounces : 0],
      ['receiptVoids', this.recorded.length > 0 ? remaining.receiptVoids : 0],
    ];
    const totalWeight = weights.reduce((a, [, w]) => a + w, 0);
    if (totalWeight <= 0) return undefined;
    let r = this.rng.next() * totalWeight;
    for (const [activity, weight] of weights) {
      if (r < weight) return activity;
      r -= weight;
    }
    return weights.findLast(([, w]) => w > 0)?.[0];
  }

  private perform(activity: Activity, t: number, makePrerequisites: boolean): void {
    switch (activity) {
      case 'orders':
        this.takeOrder(t, 'ERP_PENDING');
        return;
      case 'invoices':
        this.created.invoices.push(this.issueInvoice(t));
        return;
      case 'payments':
        if (makePrerequisites && this.openCount === 0) this.created.invoices.push(this.issueInvoice(t));
        this.created.payments.push(this.collectPayment(t, undefined));
        return;
      case 'returns':
        if (this.world.returnable.length === 0) this.created.invoices.push(this.issueInvoice(t));
        this.created.returns.push(this.recordReturn(t));
        return;
      case 'reversals':
      case 'receiptVoids': {
        if (this.recorded.length === 0) this.created.payments.push(this.collectPayment(t, undefined));
        const id = this.changePayment(activity, t);
        (activity === 'reversals' ? this.created.reversals : this.created.receipt_voids).push(id);
        return;
      }
      case 'chequeBounces':
        if (this.inHand.length === 0) this.created.payments.push(this.collectPayment(t, 'CHEQUE'));
        this.created.cheque_bounces.push(this.changePayment(activity, t));
        return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Helpers
  // -------------------------------------------------------------------------------------------

  private insert(
    kind: DocumentKind,
    id: string,
    number: string,
    seq: number | null,
    customerId: string,
    body: { version: number; status: string; updated_at: string },
  ): void {
    this.store.insert({
      id,
      companyId: this.world.companyId,
      kind,
      number,
      version: body.version,
      seq,
      status: body.status,
      customerId,
      updatedAt: body.updated_at,
      body: JSON.stringify(body),
    });
  }

  private pickCustomer(): SimCustomer {
    const candidates = this.world.customers.filter((c) => !c.blocked);
    if (candidates.length === 0 || this.world.products.length === 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        'The company has no customer with a branch, no sales rep or no product with a price, so reps cannot sell. Push master data first.',
        { status: 409 },
      );
    }
    return this.rng.pick(candidates);
  }

  private buildLines(customer: SimCustomer): LineCalc[] {
    const count = this.rng.int(1, 5);
    const chosen = new Set<SimProduct>();
    const lines: LineCalc[] = [];
    for (let attempt = 0; attempt < count * 3 && lines.length < count; attempt++) {
      const product = this.rng.pick(this.world.products);
      if (chosen.has(product)) continue;
      const priced = product.units.filter((u) => u.priceCents.has(customer.priceListId));
      if (priced.length === 0) continue;
      chosen.add(product);
      const unit = priced.find((u) => u.isDefault && this.rng.chance(0.7)) ?? this.rng.pick(priced);
      const price = unit.priceCents.get(customer.priceListId) ?? 0;
      const discountBp = this.rng.chance(0.15) ? this.rng.pick([250, 500, 1000]) : 0;
      lines.push(line(product, unit.ref, this.quantity(unit.code), price, discountBp, false));
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
    if (first && firstProduct && this.rng.chance(0.08)) {
      // Free goods: one more unit of the first line's product under a promotion.
      lines.push(line(firstProduct, first.unit, 1000, first.unitPriceCents, 0, true));
    }
    return lines;
  }

  private quantity(unitCode: string): number {
    switch (unitCode) {
      case 'KG':
        return this.rng.int(2, 80) * 250;
      case 'CTN':
      case 'BOX':
        return this.rng.int(1, 10) * 1000;
      case 'SACK':
        return this.rng.int(1, 4) * 1000;
      case 'PACK':
        return this.rng.int(1, 12) * 1000;
      default:
        return this.rng.int(1, 24) * 1000;
    }
  }

  private orderLines(lines: readonly LineCalc[]): OrderLine[] {
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
  private lineFromOrder(orderLine: OrderLine): LineCalc {
    const product = this.world.products.find((p) => p.ref.id === orderLine.product.id);
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

  // -------------------------------------------------------------------------------------------
  // Activities
  // -------------------------------------------------------------------------------------------

  /** A rep takes an order at a customer's branch (spec, Order). */
  private takeOrder(
    t: number,
    status: 'ERP_PENDING' | 'DELIVERED',
    createdMs = t,
  ): { order: StoredOrder; customer: SimCustomer; lines: LineCalc[] } & { id: string } {
    const customer = this.pickCustomer();
    const lines = this.buildLines(customer);
    const rep = customer.rep;
    const n = this.counters.next('number:order');
    const subtotal = sum(lines, (l) => l.amountCents);
    const discount = sum(lines, (l) => l.discountCents);
    const tax = sum(lines, (l) => l.taxCents);
    const id = this.rng.id('ord');
    const order: StoredOrder = {
      branch: this.rng.pick(customer.branches),
      created_at: isoOf(createdMs),
      currency,
      customer: customer.ref,
      id,
      idempotency_key: `${(rep.ref.code ?? 'rep').toLowerCase()}-${this.rng.token(10)}`,
      lines: this.orderLines(lines),
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
      version: this.counters.next('version'),
      ...(this.rng.chance(0.7) ? { visit_id: this.rng.id('vis') } : {}),
    };
    this.insert('order', id, order.number, null, customer.ref.id, order);
    this.created.orders.push(id);
    return { id, order, customer, lines };
  }

  /**
   * An invoice issued on delivery of an order (spec, Invoice: `order` summary with status
   * DELIVERED, `handover_id` the originating order): the oldest order the ERP confirmed, else a van
   * sale whose order is delivered on the spot.
   */
  private issueInvoice(t: number): string {
    let source:
      | {
          order: StoredOrder;
          customer: SimCustomer;
          lines: LineCalc[];
          externalNumber?: string;
          externalRef?: string;
        }
      | undefined;
    while (!source && this.confirmed.length > 0) {
      const orderId = this.confirmed.shift();
      const row = orderId === undefined ? undefined : this.store.find(this.world.companyId, 'order', orderId);
      const parsed: unknown = row ? JSON.parse(row.body) : undefined;
      if (!row || !checkOrder.Check(parsed)) continue;
      const customer = this.world.customersById.get(parsed.customer.id);
      if (!customer) continue;
      const delivered: StoredOrder = {
        ...parsed,
        status: 'DELIVERED',
        updated_at: isoOf(t),
        version: this.counters.next('version'),
      };
      this.store.change(row.id, 'order', delivered);
      source = {
        order: delivered,
        customer,
        lines: parsed.lines.map((l) => this.lineFromOrder(l)),
        ...(row.ack_external_number !== null ? { externalNumber: row.ack_external_number } : {}),
        ...(row.ack_external_ref !== null ? { externalRef: row.ack_external_ref } : {}),
      };
    }
    source ??= this.takeOrder(t, 'DELIVERED', t - this.rng.int(10, 45) * 60_000);
    const { order, customer, lines } = source;
    const seq = this.counters.next('seq:invoice');
    const year = dateOf(t).slice(0, 4);
    const subtotal = sum(lines, (l) => l.amountCents);
    const discount = sum(lines, (l) => l.discountCents);
    const tax = sum(lines, (l) => l.taxCents);
    const total = subtotal - discount + tax;
    const id = this.rng.id('inv');
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
    const valid = this.rng.chance(0.95);
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
      version: this.counters.next('version'),
      handover_id: order.id,
      seq,
      // The phone submits to the tax authority at issue; a few submissions are refused.
      tax_submission: valid
        ? { status: 'VALID', eta_uuid: this.rng.token(26).toUpperCase(), submitted_at: isoOf(t) }
        : { status: 'INVALID', reason: this.rng.pick(taxRejections), submitted_at: isoOf(t) },
    };
    this.insert('invoice', id, invoice.number, seq, customer.ref.id, invoice);

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
    this.world.invoices.set(id, sim);
    if (sim.openCents > 0) {
      customer.open.push(sim);
      this.openCount += 1;
    }
    if (sim.returnable.length > 0) this.world.returnable.push(sim);
    customer.balanceCents += total;
    customer.dirty = true;
    return id;
  }

  /**
   * A payment collected from a customer with open invoices (cash, cheque or bank transfer),
   * allocated oldest invoice first; what is not allocated is `on_account` (spec, Payment).
   */
  private collectPayment(t: number, method: 'CHEQUE' | undefined): string {
    let customer: SimCustomer | undefined;
    for (let attempt = 0; attempt < 8 && !customer; attempt++) {
      const candidate = this.pickCustomer();
      this.compact(candidate);
      if (candidate.open.length > 0) customer = candidate;
    }
    customer ??= this.pickCustomer();
    const open = customer.open;
    const mode = this.rng.next();
    let amount: number;
    if (open.length === 0) {
      amount = this.rng.int(5, 50) * 10000; // an advance on account
    } else if (mode < 0.55) {
      const settle = open.slice(0, this.rng.int(1, Math.min(3, open.length)));
      amount = settle.reduce((a, inv) => a + inv.openCents, 0);
    } else if (mode < 0.85) {
      const oldest = open[0]?.openCents ?? 0;
      amount = Math.max(
        Math.min(oldest, 5000),
        Math.floor((oldest * this.rng.int(30, 90)) / 100 / 5000) * 5000,
      );
    } else {
      const oldest = open[0]?.openCents ?? 0;
      amount = Math.ceil((oldest + 1) / 10000) * 10000; // rounded up: the change stays on account
    }
    const chosen =
      method ??
      (amount >= 100000 && this.rng.chance(0.35)
        ? 'CHEQUE'
        : this.rng.chance(0.08)
          ? 'BANK_TRANSFER'
          : 'CASH');

    const allocations: PaymentAllocation[] = [];
    let left = amount;
    for (const invoice of open) {
      if (left <= 0) break;
      const part = Math.min(left, invoice.openCents);
      if (part <= 0) continue;
      invoice.openCents -= part;
      invoice.dirty = true;
      left -= part;
      allocations.push({
        amount: formatAmount(part),
        kind: 'INVOICE',
        receivable_id: `rcv_${invoice.id.slice(invoice.id.indexOf('_') + 1)}`,
        reference: invoice.number,
        invoice: { id: invoice.id, code: invoice.number },
      });
    }
    this.compact(customer);
    customer.balanceCents -= amount;
    customer.dirty = true;

    const firstAllocated = allocations[0]?.invoice?.id;
    const branchId =
      firstAllocated !== undefined ? this.world.invoices.get(firstAllocated)?.branchId : undefined;
    const branch =
      (branchId !== undefined ? this.world.branchesById.get(branchId) : undefined) ??
      this.rng.pick(customer.branches);
    const seq = this.counters.next('seq:payment');
    const year = dateOf(t).slice(0, 4);
    const id = this.rng.id('pay');
    const chequeNumber = pad(this.rng.int(1, 999999), 6);
    const payment: StoredPayment = {
      allocations,
      amount: formatAmount(amount),
      branch,
      collected_at: isoOf(t),
      collected_by: { sales_rep: customer.rep.ref, user: customer.rep.user },
      collection_date: dateOf(t),
      currency,
      customer: customer.ref,
      id,
      method: chosen,
      on_account: formatAmount(left),
      status: 'RECORDED',
      updated_at: isoOf(t),
      version: this.counters.next('version'),
      ...(chosen === 'CHEQUE'
        ? {
            cheque: {
              number: chequeNumber,
              status: 'IN_HAND',
              bank: this.rng.pick(banks),
              due_on: dateOf(t + this.rng.int(0, 45) * 86_400_000),
            },
            reference: chequeNumber,
          }
        : chosen === 'BANK_TRANSFER'
          ? { reference: `TRF${this.rng.int(10_000_000, 99_999_999)}` }
          : {}),
      number: `PAY-${year}-${pad(seq, 6)}`,
      receipt: {
        balance_after: formatAmount(customer.balanceCents),
        id: this.rng.id('rct'),
        issued_at: isoOf(t),
        number: `RC-${pad(seq, 6)}`,
        seq,
      },
      seq,
    };
    this.insert('payment', id, payment.number ?? id, seq, customer.ref.id, payment);
    this.recorded.push(id);
    if (chosen === 'CHEQUE') this.inHand.push(id);
    return id;
  }

  private shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.rng.int(0, i);
      const a = items[i];
      const b = items[j];
      if (a === undefined || b === undefined) continue;
      items[i] = b;
      items[j] = a;
    }
    return items;
  }

  /** Drops settled invoices from the head of a customer's open list. */
  private compact(customer: SimCustomer): void {
    const before = customer.open.length;
    customer.open = customer.open.filter((invoice) => invoice.openCents > 0);
    this.openCount -= before - customer.open.length;
  }

  /** A return of part of an issued invoice: each line names the invoice line it returns (spec, Return). */
  private recordReturn(t: number): string {
    const recent = this.world.returnable.length;
    const index = this.rng.int(Math.max(0, recent - 200), recent - 1);
    const invoice = this.world.returnable[index];
    if (!invoice) throw new Error('no returnable invoice');
    const lines = this.invoiceLines(invoice);
    const customer = this.world.customersById.get(invoice.customerId);
    const reason = this.rng.pick(returnReasons);
    const picks = this.shuffle(invoice.returnable.slice()).slice(0, this.rng.int(1, 2));
    const returnLines: ReturnLine[] = [];
    let total = 0;
    for (const pick of picks) {
      const [lineNumber, left] = pick;
      const source = lines.find((l) => l.lineNumber === lineNumber);
      if (!source || left <= 0) continue;
      const step = source.unit.code === 'KG' ? 250 : 1000;
      const quantity = Math.max(step, Math.floor((left * this.rng.int(20, 100)) / 100 / step) * step);
      const taken = Math.min(quantity, left);
      const lineTotal = Math.round((source.lineTotalCents * taken) / source.quantityMilli);
      total += lineTotal;
      pick[1] = left - taken;
      returnLines.push({
        invoice_line_number: lineNumber,
        is_expired: reason === 'EXPIRED',
        line_number: returnLines.length + 1,
        line_total: formatAmount(lineTotal),
        product: source.product,
        quantity: formatQuantity(taken),
        unit: source.unit,
        unit_price: formatAmount(source.unitPriceCents),
        ...(reason === 'EXPIRED' || reason === 'NEAR_EXPIRY'
          ? { batch_id: `LOT-${this.rng.token(6).toUpperCase()}` }
          : {}),
      });
    }
    invoice.returnable = invoice.returnable.filter(([, left]) => left > 0);
    invoice.dirty = true;
    if (invoice.returnable.length === 0) {
      const last = this.world.returnable.pop();
      if (last && last !== invoice) this.world.returnable[index] = last;
    }
    // The credit note lowers what the customer owes, on this invoice first.
    const credited = Math.min(invoice.openCents, total);
    invoice.openCents -= credited;
    if (customer) {
      customer.balanceCents -= total;
      customer.dirty = true;
      this.compact(customer);
    }

    const seq = this.counters.next('seq:return');
    const year = dateOf(t).slice(0, 4);
    const id = this.rng.id('ret');
    const invoiceRow = this.store.find(this.world.companyId, 'invoice', invoice.id);
    const approved = this.rng.chance(0.7);
    const repRef = customer?.rep.ref ?? this.rng.pick(this.world.reps).ref;
    const customerRef = customer?.ref ?? { id: invoice.customerId };
    const returned: StoredReturn = {
      branch: this.world.branchesById.get(invoice.branchId) ?? { id: invoice.branchId },
      currency,
      customer: customerRef,
      id,
      invoice: {
        id: invoice.id,
        number: invoice.number,
        seq: invoice.seq,
        ...(invoiceRow?.ack_external_number != null
          ? { external_number: invoiceRow.ack_external_number }
          : {}),
        ...(invoiceRow?.ack_external_ref != null ? { external_ref: invoiceRow.ack_external_ref } : {}),
      },
      lines: returnLines,
      location: this.world.returnsLocation,
      number: `RT-${year}-${pad(seq, 6)}`,
      reason,
      return_date: dateOf(t),
      returned_at: isoOf(t),
      sales_rep: repRef,
      status: 'RECORDED',
      total: formatAmount(total),
      updated_at: isoOf(t),
      version: this.counters.next('version'),
      approval: approved
        ? { decided_at: isoOf(t), decided_by: 'supervisor@demo', note: 'Approved on site' }
        : { held_reason: 'Awaiting warehouse inspection' },
      ...(approved ? { credit_note_number: `CN-${year}-${pad(seq, 6)}` } : {}),
      seq,
    };
    this.insert('return', id, returned.number, seq, customerRef.id, returned);
    return id;
  }

  /** An invoice's lines: kept from its issue in this run, else read from the stored invoice. */
  private invoiceLines(invoice: SimInvoice): SimInvoiceLine[] {
    if (invoice.lines) return invoice.lines;
    const row = this.store.find(this.world.companyId, 'invoice', invoice.id);
    const parsed: unknown = row ? JSON.parse(row.body) : undefined;
    invoice.lines = checkInvoice.Check(parsed)
      ? parsed.lines.map((l) => ({
          lineNumber: l.line_number,
          product: l.product,
          unit: l.unit,
          quantityMilli: parseQuantity(l.quantity),
          unitPriceCents: parseAmount(l.unit_price),
          lineTotalCents: parseAmount(l.line_total),
          isFreeGoods: l.is_free_goods,
        }))
      : [];
    return invoice.lines;
  }

  /**
   * A reversal, a cheque bounce or a receipt void of a recorded payment: the payment changes at a
   * new version (and so is pending again), its allocations open again and the customer owes its
   * amount again (docs/decisions/024-payment-return-invoice-states.md).
   */
  private changePayment(activity: 'reversals' | 'chequeBounces' | 'receiptVoids', t: number): string {
    const list = activity === 'chequeBounces' ? this.inHand : this.recorded;
    const index = this.rng.int(Math.max(0, list.length - 200), list.length - 1);
    const id = list[index];
    if (id === undefined) throw new Error('no payment to change');
    const last = list.pop();
    if (last !== undefined && last !== id) list[index] = last;
    const other = activity === 'chequeBounces' ? this.recorded : this.inHand;
    const at = other.indexOf(id);
    if (at >= 0) other.splice(at, 1);

    const row = this.store.find(this.world.companyId, 'payment', id);
    const parsed: unknown = row ? JSON.parse(row.body) : undefined;
    if (!row || !checkPayment.Check(parsed)) throw new Error(`payment ${id} cannot be read`);
    const when = isoOf(t);
    const changed: StoredPayment = { ...parsed, updated_at: when, version: this.counters.next('version') };
    if (activity === 'reversals') {
      changed.status = 'REVERSED';
      changed.reversal = {
        reason: this.rng.pick(reversalReasons),
        reversed_at: when,
        reversed_by: officeUser,
      };
    } else if (activity === 'receiptVoids') {
      changed.status = 'VOIDED';
      if (changed.receipt)
        changed.receipt = { ...changed.receipt, void_reason: this.rng.pick(voidReasons), voided_at: when };
    } else {
      changed.status = 'BOUNCED';
      if (changed.cheque)
        changed.cheque = {
          ...changed.cheque,
          status: 'BOUNCED',
          bounce_reason: this.rng.pick(bounceReasons),
        };
    }
    this.store.change(id, 'payment', changed);

    const customer = this.world.customersById.get(parsed.customer.id);
    if (customer) {
      customer.balanceCents += parseAmount(parsed.amount);
      customer.dirty = true;
      for (const allocation of parsed.allocations) {
        const invoice = allocation.invoice ? this.world.invoices.get(allocation.invoice.id) : undefined;
        if (!invoice) continue;
        const wasSettled = invoice.openCents === 0;
        invoice.openCents += parseAmount(allocation.amount);
        invoice.dirty = true;
        if (wasSettled && invoice.openCents > 0 && !customer.open.includes(invoice)) {
          const at2 = customer.open.findIndex((other2) => other2.seq > invoice.seq);
          customer.open.splice(at2 < 0 ? customer.open.length : at2, 0, invoice);
          this.openCount += 1;
        }
      }
    }
    return id;
  }
}
