import { Compile } from 'typebox/compile';
import { PaymentSchema, type PaymentAllocation } from '../../../src-shared/wire';
import type { StoredPayment } from '../../store/documents';
import { banks, bounceReasons, officeUser, reversalReasons, voidReasons } from '../catalog';
import { dateOf, formatAmount, isoOf, pad, parseAmount } from '../format';
import type { SimCustomer } from '../world';
import { currency, type ActivityState } from './state';

const checkPayment = Compile(PaymentSchema);

/** A change of a recorded payment (docs/decisions/024-payment-return-invoice-states.md). */
export type PaymentChange = 'reversals' | 'chequeBounces' | 'receiptVoids';

/**
 * A payment collected from a customer with open invoices (cash, cheque or bank transfer),
 * allocated oldest invoice first; what is not allocated is `on_account` (spec, Payment). `method`
 * forces a cheque; otherwise the method is drawn. Answers the payment's id.
 */
export function collectPayment(state: ActivityState, t: number, method: 'CHEQUE' | undefined): string {
  const { rng, counters, world } = state;
  let customer: SimCustomer | undefined;
  for (let attempt = 0; attempt < 8 && !customer; attempt++) {
    const candidate = state.pickCustomer();
    state.compact(candidate);
    if (candidate.open.length > 0) customer = candidate;
  }
  customer ??= state.pickCustomer();
  const open = customer.open;
  const mode = rng.next();
  let amount: number;
  if (open.length === 0) {
    amount = rng.int(5, 50) * 10000; // an advance on account
  } else if (mode < 0.55) {
    const settle = open.slice(0, rng.int(1, Math.min(3, open.length)));
    amount = settle.reduce((a, inv) => a + inv.openCents, 0);
  } else if (mode < 0.85) {
    const oldest = open[0]?.openCents ?? 0;
    amount = Math.max(Math.min(oldest, 5000), Math.floor((oldest * rng.int(30, 90)) / 100 / 5000) * 5000);
  } else {
    const oldest = open[0]?.openCents ?? 0;
    amount = Math.ceil((oldest + 1) / 10000) * 10000; // rounded up: the change stays on account
  }
  const chosen =
    method ?? (amount >= 100000 && rng.chance(0.35) ? 'CHEQUE' : rng.chance(0.08) ? 'BANK_TRANSFER' : 'CASH');

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
  state.compact(customer);
  customer.balanceCents -= amount;
  customer.dirty = true;

  const firstAllocated = allocations[0]?.invoice?.id;
  const branchId = firstAllocated !== undefined ? world.invoices.get(firstAllocated)?.branchId : undefined;
  const branch =
    (branchId !== undefined ? world.branchesById.get(branchId) : undefined) ?? rng.pick(customer.branches);
  const seq = counters.next('seq:payment');
  const year = dateOf(t).slice(0, 4);
  const id = rng.id('pay');
  const chequeNumber = pad(rng.int(1, 999999), 6);
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
    version: counters.next('version'),
    ...(chosen === 'CHEQUE'
      ? {
          cheque: {
            number: chequeNumber,
            status: 'IN_HAND',
            bank: rng.pick(banks),
            due_on: dateOf(t + rng.int(0, 45) * 86_400_000),
          },
          reference: chequeNumber,
        }
      : chosen === 'BANK_TRANSFER'
        ? { reference: `TRF${rng.int(10_000_000, 99_999_999)}` }
        : {}),
    number: `PAY-${year}-${pad(seq, 6)}`,
    receipt: {
      balance_after: formatAmount(customer.balanceCents),
      id: rng.id('rct'),
      issued_at: isoOf(t),
      number: `RC-${pad(seq, 6)}`,
      seq,
    },
    seq,
  };
  state.insert('payment', id, payment.number ?? id, seq, customer.ref.id, payment);
  state.recorded.push(id);
  if (chosen === 'CHEQUE') state.inHand.push(id);
  return id;
}

/** A payment asked for by id that the change cannot take: not recorded, or (a bounce) no cheque in hand. */
export class UnchangeablePaymentError extends Error {
  constructor(
    readonly paymentId: string,
    readonly activity: PaymentChange,
  ) {
    super(
      activity === 'chequeBounces'
        ? `Payment ${paymentId} has no cheque in hand to bounce.`
        : `Payment ${paymentId} is not a recorded payment of the company (reversed, voided, bounced or unknown).`,
    );
  }
}

/**
 * A reversal, a cheque bounce or a receipt void of a recorded payment: the payment changes at a
 * new version (and so is pending again), its allocations open again and the customer owes its
 * amount again (docs/decisions/024-payment-return-invoice-states.md). Answers the payment's id.
 */
export function changePayment(state: ActivityState, activity: PaymentChange, t: number): string {
  const { rng, counters, world } = state;
  const list = activity === 'chequeBounces' ? state.inHand : state.recorded;
  const target = state.targets.shift();
  const index =
    target === undefined ? rng.int(Math.max(0, list.length - 200), list.length - 1) : list.indexOf(target);
  if (index < 0) throw new UnchangeablePaymentError(target ?? '', activity);
  const id = list[index];
  if (id === undefined) throw new Error('no payment to change');
  const last = list.pop();
  if (last !== undefined && last !== id) list[index] = last;
  const other = activity === 'chequeBounces' ? state.recorded : state.inHand;
  const at = other.indexOf(id);
  if (at >= 0) other.splice(at, 1);

  const row = state.store.find(world.companyId, 'payment', id);
  const parsed: unknown = row ? JSON.parse(row.body) : undefined;
  if (!row || !checkPayment.Check(parsed)) throw new Error(`payment ${id} cannot be read`);
  const when = isoOf(t);
  const changed: StoredPayment = { ...parsed, updated_at: when, version: counters.next('version') };
  if (activity === 'reversals') {
    changed.status = 'REVERSED';
    changed.reversal = {
      reason: rng.pick(reversalReasons),
      reversed_at: when,
      reversed_by: officeUser,
    };
  } else if (activity === 'receiptVoids') {
    changed.status = 'VOIDED';
    if (changed.receipt)
      changed.receipt = { ...changed.receipt, void_reason: rng.pick(voidReasons), voided_at: when };
  } else {
    changed.status = 'BOUNCED';
    if (changed.cheque)
      changed.cheque = {
        ...changed.cheque,
        status: 'BOUNCED',
        bounce_reason: rng.pick(bounceReasons),
      };
  }
  state.store.change(id, 'payment', changed);

  const customer = world.customersById.get(parsed.customer.id);
  if (customer) {
    customer.balanceCents += parseAmount(parsed.amount);
    customer.dirty = true;
    for (const allocation of parsed.allocations) {
      const invoice = allocation.invoice ? world.invoices.get(allocation.invoice.id) : undefined;
      if (!invoice) continue;
      const wasSettled = invoice.openCents === 0;
      invoice.openCents += parseAmount(allocation.amount);
      invoice.dirty = true;
      if (wasSettled && invoice.openCents > 0 && !customer.open.includes(invoice)) {
        const later = customer.open.findIndex((open) => open.seq > invoice.seq);
        customer.open.splice(later < 0 ? customer.open.length : later, 0, invoice);
        state.openCount += 1;
      }
    }
  }
  return id;
}
