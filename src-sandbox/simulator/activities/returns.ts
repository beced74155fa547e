import { Compile } from 'typebox/compile';
import { InvoiceSchema, type ReturnLine } from '../../../src-shared/wire';
import type { StoredReturn } from '../../store/documents';
import { returnReasons } from '../catalog';
import { dateOf, formatAmount, formatQuantity, isoOf, pad, parseAmount, parseQuantity } from '../format';
import type { Prng } from '../prng';
import type { SimInvoice, SimInvoiceLine } from '../world';
import { currency, type ActivityState } from './state';

const checkInvoice = Compile(InvoiceSchema);

/** Shuffles a list in place (Fisher-Yates) with the seeded generator. */
function shuffle<T>(rng: Prng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const a = items[i];
    const b = items[j];
    if (a === undefined || b === undefined) continue;
    items[i] = b;
    items[j] = a;
  }
  return items;
}

/** An invoice's lines: kept from its issue in this run, else read from the stored invoice. */
function invoiceLines(state: ActivityState, invoice: SimInvoice): SimInvoiceLine[] {
  if (invoice.lines) return invoice.lines;
  const row = state.store.find(state.world.companyId, 'invoice', invoice.id);
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
 * A return of part of a recent issued invoice: each line names the invoice line it returns (spec,
 * Return), and the credit note lowers what the customer owes. Needs a returnable invoice in
 * `world.returnable`. Answers the return's id.
 */
export function recordReturn(state: ActivityState, t: number): string {
  const { rng, counters, world } = state;
  const recent = world.returnable.length;
  const index = rng.int(Math.max(0, recent - 200), recent - 1);
  const invoice = world.returnable[index];
  if (!invoice) throw new Error('no returnable invoice');
  const lines = invoiceLines(state, invoice);
  const customer = world.customersById.get(invoice.customerId);
  const reason = rng.pick(returnReasons);
  const picks = shuffle(rng, invoice.returnable.slice()).slice(0, rng.int(1, 2));
  const returnLines: ReturnLine[] = [];
  let total = 0;
  for (const pick of picks) {
    const [lineNumber, left] = pick;
    const source = lines.find((l) => l.lineNumber === lineNumber);
    if (!source || left <= 0) continue;
    const step = source.unit.code === 'KG' ? 250 : 1000;
    const quantity = Math.max(step, Math.floor((left * rng.int(20, 100)) / 100 / step) * step);
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
        ? { batch_id: `LOT-${rng.token(6).toUpperCase()}` }
        : {}),
    });
  }
  invoice.returnable = invoice.returnable.filter(([, left]) => left > 0);
  invoice.dirty = true;
  if (invoice.returnable.length === 0) {
    const last = world.returnable.pop();
    if (last && last !== invoice) world.returnable[index] = last;
  }
  // The credit note lowers what the customer owes, on this invoice first.
  const credited = Math.min(invoice.openCents, total);
  invoice.openCents -= credited;
  if (customer) {
    customer.balanceCents -= total;
    customer.dirty = true;
    state.compact(customer);
  }

  const seq = counters.next('seq:return');
  const year = dateOf(t).slice(0, 4);
  const id = rng.id('ret');
  const invoiceRow = state.store.find(world.companyId, 'invoice', invoice.id);
  const approved = rng.chance(0.7);
  const repRef = customer?.rep.ref ?? rng.pick(world.reps).ref;
  const customerRef = customer?.ref ?? { id: invoice.customerId };
  const returned: StoredReturn = {
    branch: world.branchesById.get(invoice.branchId) ?? { id: invoice.branchId },
    currency,
    customer: customerRef,
    id,
    invoice: {
      id: invoice.id,
      number: invoice.number,
      seq: invoice.seq,
      ...(invoiceRow?.ack_external_number != null ? { external_number: invoiceRow.ack_external_number } : {}),
      ...(invoiceRow?.ack_external_ref != null ? { external_ref: invoiceRow.ack_external_ref } : {}),
    },
    lines: returnLines,
    location: world.returnsLocation,
    number: `RT-${year}-${pad(seq, 6)}`,
    reason,
    return_date: dateOf(t),
    returned_at: isoOf(t),
    sales_rep: repRef,
    status: 'RECORDED',
    total: formatAmount(total),
    updated_at: isoOf(t),
    version: counters.next('version'),
    approval: approved
      ? { decided_at: isoOf(t), decided_by: 'supervisor@demo', note: 'Approved on site' }
      : { held_reason: 'Awaiting warehouse inspection' },
    ...(approved ? { credit_note_number: `CN-${year}-${pad(seq, 6)}` } : {}),
    seq,
  };
  state.insert('return', id, returned.number, seq, customerRef.id, returned);
  return id;
}
