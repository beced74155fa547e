/**
 * Generated data for measuring the engine: `n` service documents and about as many register lines
 * that exercise every rule and state. For tests and benchmarks only; nothing in the app imports it
 * (./index.ts does not export it).
 */
import type { ServiceDocument } from './model';
import type { Register, RegisterLine } from './register';

/** A small deterministic generator (mulberry32): the same seed gives the same data. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dayText(offset: number): string {
  return new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
}

/**
 * `n` documents (invoices and payments of n/20 customers over 90 days) and a register of `n` lines
 * booking them: about 55% by reference (some 2% with a different amount), 10% by ERP key, 15% by
 * customer, amount and a date up to 2 days off (one in 20 of them with a twin document, so
 * ambiguous), 5% receipts split in two ERP lines; about 15% of documents are not booked, and the
 * rest of the lines (about 10%) have no document.
 */
export function makeReconcileFixture(
  n: number,
  seed = 1,
): { documents: ServiceDocument[]; register: Register } {
  const random = generator(seed);
  const pick = (max: number): number => Math.floor(random() * max);
  const customers = Math.max(1, Math.floor(n / 20));
  const documents: ServiceDocument[] = [];
  const lines: RegisterLine[] = [];
  const addLine = (
    line: Pick<RegisterLine, 'kind' | 'customer' | 'date' | 'amountCents' | 'currency'> &
      Partial<Pick<RegisterLine, 'erpKey' | 'serviceRef'>>,
  ): void => {
    const id = `ERP-${lines.length + 1}`;
    lines.push({
      erpKey: null,
      serviceRef: null,
      ...line,
      id,
      line: lines.length + 2,
      erpNumber: id,
      chequeNumber: null,
    });
  };
  for (let i = 0; documents.length < n; i += 1) {
    const isPayment = random() < 0.4;
    const customer = pick(customers);
    const day = pick(90);
    const doc: ServiceDocument = {
      id: `${isPayment ? 'pay' : 'inv'}_${i}`,
      kind: isPayment ? 'payments' : 'invoices',
      number: `${isPayment ? 'R' : 'INV'}-${100000 + i}`,
      customerId: `cus_${customer}`,
      customerCode: `C${customer}`,
      customerErpKey: customer % 2 === 0 ? `K${customer}` : null,
      date: dayText(day),
      amountCents: 100 + pick(1_000_000),
      currency: 'EGP',
      isPending: true,
    };
    const base = { kind: doc.kind, customer: doc.customerCode, date: doc.date, currency: 'EGP' } as const;
    const roll = random();
    if (roll < 0.55) {
      const amountCents = random() < 0.02 ? doc.amountCents + 1 + pick(500) : doc.amountCents;
      addLine({ ...base, serviceRef: doc.number, amountCents });
    } else if (roll < 0.65) {
      doc.ack = { outcome: 'ACCEPTED', externalRef: `E-${i}` };
      doc.isPending = false;
      addLine({ ...base, erpKey: `E-${i}`, amountCents: doc.amountCents });
    } else if (roll < 0.8) {
      addLine({ ...base, date: dayText(day + pick(3)), amountCents: doc.amountCents });
      // Now and then a twin of the same customer, amount and day: the clerk has to pick.
      if (random() < 0.05 && documents.length < n - 1)
        documents.push({ ...doc, id: `${doc.id}_twin`, number: `${doc.number}-T` });
    } else if (roll < 0.85 && isPayment) {
      const first = 1 + pick(doc.amountCents - 1);
      addLine({ ...base, amountCents: first });
      addLine({ ...base, amountCents: doc.amountCents - first });
    }
    documents.push(doc);
  }
  // Bookings of no document, until the register has as many lines as there are documents.
  while (lines.length < n)
    addLine({
      kind: 'invoices',
      customer: `X${pick(customers)}`,
      date: dayText(pick(90)),
      amountCents: 100 + pick(1_000_000),
      currency: 'EGP',
    });
  return { documents, register: { lines, isTaxIncluded: true } };
}
