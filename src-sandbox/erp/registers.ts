import type { Database } from 'better-sqlite3';
import { Compile } from 'typebox/compile';
import { InvoiceSchema, OrderSchema, PaymentSchema, ReturnSchema } from '../../src-shared/wire';
import type { Prng } from '../simulator/prng';
import type { DocumentKind } from '../store/documents';
import {
  detailRng,
  fateOf,
  hasExtraAfter,
  roundingCents,
  typoOf,
  unknownNumber,
  type DocumentFate,
  type LineDefect,
} from './defects';
import { compareText, liveRecords, loadRecords, type ErpRecord } from './records';
import type { Cell, Column, Table } from './table';

/**
 * The register a company's ERP holds of each kind of service document (sandbox contract, Additions:
 * `GET /_sandbox/erp/registers`), made from the sandbox's own documents, and the key that says which
 * line is which. docs/decisions/027-erp-registers-and-samples.md.
 */

/** The register kinds, named like the feeds. */
export const registerKinds = ['invoices', 'payments', 'returns', 'orders'] as const;
/** One register kind. */
export type RegisterKind = (typeof registerKinds)[number];

/** One line of the key: the 1-based data row of the file (the header is not counted). */
export interface RegisterKeyLine {
  line: number;
  erp_number: string;
  document_id: string | null;
  defect: LineDefect;
}

/** The truth behind a register file (`GET /_sandbox/erp/registers/key`). */
export interface RegisterKey {
  lines: RegisterKeyLine[];
  /** Documents of the kind the file does not hold, in posting order. */
  missing: string[];
}

/** A register: its sheet and its key. */
export interface Register {
  table: Table;
  key: RegisterKey;
}

/** Fields only some kinds show. */
export interface LineFields {
  branchId?: string;
  salesRepId?: string;
  method?: string;
  chequeNumber?: string;
  receiptNumber?: string;
  description?: string;
  reasonCode?: string;
  documentType?: string;
}

/** One line item of a document as the ERP books it (line-item layouts write one row per item). */
export interface BookedItem {
  /** The service's product id; null for a register's own line keyed without one. */
  productId: string | null;
  /** The product's ERP key (else the service's code), '' when none. */
  productCode: string;
  /** The line's text: the invoice line's description, else the product's names. */
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's amount with tax (`line_total`). */
  amountCents: number;
  /** The line's amount without tax; null where the document does not say (returns). */
  netCents: number | null;
  /** The tax code of the line (`VAT14`), '' when none. */
  taxCode: string;
}

/** What a payment was allocated to (spec, Payment: `allocations`). */
export interface BookedAllocation {
  invoiceId: string | null;
  /** The service's number of the receivable (`INV-2026-000002`). */
  reference: string;
  amountCents: number;
}

/** How the ERP would book one service document, before any defect. */
interface Booking {
  documentId: string;
  /** The service's number: the reference the ERP keeps. */
  reference: string;
  /** Posting order: the document's time, then its id. */
  time: string;
  date: string;
  customerId: string;
  currency: string;
  amountCents: number;
  netCents: number | null;
  /** The document's lines, one of which a clerk may leave out (the `amount` defect). */
  parts: BookedItem[];
  allocations: BookedAllocation[];
  fields: LineFields;
  /** A second line taking the booking back (a payment reversed, bounced or voided). */
  reversal?: { time: string; date: string; description: string };
  /** The ERP's own number when it accepted the document with one (spec, Ack: `external_number`). */
  ackNumber?: string;
  /** The ERP refused the document: it is not booked. */
  isRejected: boolean;
}

/**
 * One booking of the register: one line of the sandbox's own file, one document number in every
 * layout (docs/decisions/104-erp-register-layouts.md).
 */
export interface RegisterLine {
  erpNumber: string;
  documentId: string | null;
  defect: LineDefect;
  reference: string;
  date: string;
  /** When it was posted (the document's time, a reversal's `updated_at`): ISO 8601. */
  time: string;
  customerId: string;
  currency: string;
  amountCents: number;
  netCents: number | null;
  fields: LineFields;
  /** A payment taken back: the second booking of the document, with the negative amount. */
  isReversal: boolean;
  /** The line items as booked: they add up to `amountCents` (and `netCents`); none for payments. */
  items: BookedItem[];
  /** A payment's allocations as the service sent them (not adjusted to a defect). */
  allocations: BookedAllocation[];
}

/** What a column reads from a line and the company's records. */
interface RegisterColumn extends Column {
  value(line: RegisterLine, records: ReadonlyMap<string, ErpRecord>): Cell;
}

/** How one kind is read from the store and written. */
interface RegisterSpec {
  documentKind: DocumentKind;
  /** The sheet's name, as the ERP calls the list. */
  sheet: string;
  /** The ERP's number series. */
  series: string;
  columns: readonly RegisterColumn[];
  booking(row: DocumentRow, records: ReadonlyMap<string, ErpRecord>): Booking;
  /** The fields of a line only the register has. */
  extraFields(customerId: string, rng: Prng, records: ReadonlyMap<string, ErpRecord>): LineFields;
}

interface DocumentRow {
  id: string;
  number: string;
  body: string;
  ack_outcome: string | null;
  ack_external_number: string | null;
}

const checkInvoice = Compile(InvoiceSchema);
const checkPayment = Compile(PaymentSchema);
const checkReturn = Compile(ReturnSchema);
const checkOrder = Compile(OrderSchema);

/** Cents of a decimal string of a pulled document (amounts have 2 decimals). */
function cents(text: string): number {
  return Math.round(Number(text) * 100);
}

function parsed<T>(row: DocumentRow, check: { Check(value: unknown): value is T }): T {
  const body: unknown = JSON.parse(row.body);
  if (!check.Check(body)) throw new Error(`stored document ${row.id} does not match its wire schema`);
  return body;
}

function ackOf(row: DocumentRow): Pick<Booking, 'ackNumber' | 'isRejected'> {
  return {
    isRejected: row.ack_outcome === 'REJECTED',
    ...(row.ack_outcome === 'ACCEPTED' && row.ack_external_number
      ? { ackNumber: row.ack_external_number }
      : {}),
  };
}

/** The customer's key in the ERP (its ERP key once pushed, else the service's code). */
const customerKey = (line: RegisterLine, records: ReadonlyMap<string, ErpRecord>): Cell =>
  records.get(line.customerId)?.key ?? line.customerId;
/** The customer's name as an Egyptian ERP's customer card holds it: Arabic first. */
const customerName = (line: RegisterLine, records: ReadonlyMap<string, ErpRecord>): Cell => {
  const name = records.get(line.customerId)?.name ?? {};
  return name.ar ?? name.en ?? Object.values(name)[0] ?? '';
};
const keyOf = (id: string | undefined, records: ReadonlyMap<string, ErpRecord>): Cell =>
  id === undefined ? '' : (records.get(id)?.key ?? '');

const text = (header: string, value: RegisterColumn['value']): RegisterColumn => ({
  header,
  type: 'text',
  value,
});
const date = (header: string): RegisterColumn => ({ header, type: 'date', value: (line) => line.date });
const amount = (header: string, value: (line: RegisterLine) => number | null): RegisterColumn => ({
  header,
  type: 'amount',
  value,
});

/** A customer the register has a line of its own for: any live customer of the company. */
function someCustomer(rng: Prng, records: ReadonlyMap<string, ErpRecord>, fallback: string): string {
  const customers = liveRecords(records, 'customer');
  return customers.length > 0 ? rng.pick(customers).id : fallback;
}

/** A product's names as one text, English first (`Roumy Cheese / جبنة رومي`), like an invoice line's. */
function productText(productId: string, records: ReadonlyMap<string, ErpRecord>): string {
  const name = records.get(productId)?.name ?? {};
  return [name.en, name.ar].filter((part) => part !== undefined && part !== '').join(' / ');
}

/** A document line as a booked item (the caller sets what differs per kind: the text, the net). */
function itemOf(
  line: {
    product: { id: string; code?: string | null | undefined };
    quantity: string;
    unit_price: string;
    line_total: string;
    tax?: ReadonlyArray<{ code: string }>;
  },
  records: ReadonlyMap<string, ErpRecord>,
): BookedItem {
  return {
    productId: line.product.id,
    productCode: records.get(line.product.id)?.key ?? line.product.code ?? '',
    description: productText(line.product.id, records),
    quantity: Number(line.quantity),
    unitPriceCents: cents(line.unit_price),
    amountCents: cents(line.line_total),
    netCents: null,
    taxCode: line.tax?.[0]?.code ?? '',
  };
}

const specs: Record<RegisterKind, RegisterSpec> = {
  // A "Posted Sales Invoices" list.
  invoices: {
    documentKind: 'invoice',
    sheet: 'Posted Sales Invoices',
    series: 'SI-',
    columns: [
      text('Document No.', (line) => line.erpNumber),
      text('External Document No.', (line) => line.reference),
      date('Posting Date'),
      text('Sell-to Customer No.', customerKey),
      text('Sell-to Customer Name', customerName),
      text('Currency Code', (line) => line.currency),
      amount('Amount', (line) => line.netCents),
      amount('Amount Including VAT', (line) => line.amountCents),
    ],
    booking(row, records) {
      const invoice = parsed(row, checkInvoice);
      return {
        documentId: row.id,
        reference: invoice.number,
        time: invoice.issued_at,
        date: invoice.issue_date,
        customerId: invoice.customer.id,
        currency: invoice.currency,
        amountCents: cents(invoice.totals.total),
        netCents: cents(invoice.totals.subtotal) - cents(invoice.totals.discount),
        parts: invoice.lines.map((line) => ({
          ...itemOf(line, records),
          description: line.description,
          netCents: cents(line.line_total) - line.tax.reduce((sum, tax) => sum + cents(tax.amount), 0),
        })),
        allocations: [],
        fields: {},
        ...ackOf(row),
      };
    },
    extraFields: () => ({}),
  },
  // Receipts as the customer ledger shows them: a payment, and a reversal when it was taken back.
  payments: {
    documentKind: 'payment',
    sheet: 'Cash Receipts',
    series: 'CR-',
    columns: [
      date('Posting Date'),
      text('Document Type', (line) => line.fields.documentType ?? 'Payment'),
      text('Document No.', (line) => line.erpNumber),
      text('External Document No.', (line) => line.reference),
      text('Customer No.', customerKey),
      text('Customer Name', customerName),
      text('Payment Method Code', (line) => line.fields.method ?? ''),
      text('Cheque No.', (line) => line.fields.chequeNumber ?? ''),
      text('Receipt No.', (line) => line.fields.receiptNumber ?? ''),
      text('Description', (line) => line.fields.description ?? ''),
      amount('Amount', (line) => line.amountCents),
      text('Currency', (line) => line.currency),
    ],
    booking(row) {
      const payment = parsed(row, checkPayment);
      const method =
        payment.method === 'CHEQUE' ? 'CHEQUE' : payment.method === 'BANK_TRANSFER' ? 'BANK' : payment.method;
      const description =
        payment.method === 'CHEQUE' && payment.cheque
          ? `Cheque ${payment.cheque.number}${payment.cheque.bank ? `, ${payment.cheque.bank}` : ''}`
          : payment.method === 'BANK_TRANSFER'
            ? `Bank transfer${payment.reference ? ` ${payment.reference}` : ''}`
            : 'Cash receipt';
      const undone =
        payment.status === 'REVERSED'
          ? `Reversal: ${payment.reversal?.reason ?? 'reversed'}`
          : payment.status === 'BOUNCED'
            ? `Cheque bounced: ${payment.cheque?.bounce_reason ?? 'returned unpaid'}`
            : payment.status === 'VOIDED'
              ? `Receipt voided: ${payment.receipt?.void_reason ?? 'voided'}`
              : undefined;
      const amountCents = cents(payment.amount);
      return {
        documentId: row.id,
        reference: payment.number ?? payment.receipt?.number ?? row.number,
        time: payment.collected_at,
        date: payment.collection_date,
        customerId: payment.customer.id,
        currency: payment.currency,
        amountCents,
        netCents: null,
        parts: [],
        allocations: payment.allocations.map((allocation) => ({
          invoiceId: allocation.invoice?.id ?? null,
          reference: allocation.reference,
          amountCents: cents(allocation.amount),
        })),
        fields: {
          method,
          ...(payment.cheque ? { chequeNumber: payment.cheque.number } : {}),
          ...(payment.receipt ? { receiptNumber: payment.receipt.number } : {}),
          description,
        },
        ...(undone !== undefined
          ? {
              reversal: {
                time: payment.updated_at,
                date: payment.updated_at.slice(0, 10),
                description: undone,
              },
            }
          : {}),
        ...ackOf(row),
      };
    },
    extraFields: () => ({ method: 'CASH', description: 'Cash receipt' }),
  },
  // A "Posted Sales Credit Memos" list.
  returns: {
    documentKind: 'return',
    sheet: 'Posted Sales Credit Memos',
    series: 'SCM-',
    columns: [
      text('Credit Memo No.', (line) => line.erpNumber),
      text('External Document No.', (line) => line.reference),
      date('Posting Date'),
      text('Sell-to Customer No.', customerKey),
      text('Sell-to Customer Name', customerName),
      text('Reason Code', (line) => line.fields.reasonCode ?? ''),
      text('Currency Code', (line) => line.currency),
      amount('Amount Including VAT', (line) => line.amountCents),
    ],
    booking(row, records) {
      const returned = parsed(row, checkReturn);
      return {
        documentId: row.id,
        reference: returned.number,
        time: returned.returned_at,
        date: returned.return_date,
        customerId: returned.customer.id,
        currency: returned.currency,
        amountCents: cents(returned.total),
        netCents: null,
        parts: returned.lines.map((line) => ({ ...itemOf(line, records), netCents: null })),
        allocations: [],
        fields: { reasonCode: returned.reason },
        ...ackOf(row),
      };
    },
    extraFields: (_customerId, rng) => ({ reasonCode: rng.pick(['DAMAGED', 'EXPIRED', 'WRONG_ITEM']) }),
  },
  // A "Sales Orders" list.
  orders: {
    documentKind: 'order',
    sheet: 'Sales Orders',
    series: 'ORD-',
    columns: [
      text('Order No.', (line) => line.erpNumber),
      text('Your Reference', (line) => line.reference),
      date('Order Date'),
      text('Sell-to Customer No.', customerKey),
      text('Sell-to Customer Name', customerName),
      text('Ship-to Code', (line, records) => keyOf(line.fields.branchId, records)),
      text('Salesperson Code', (line, records) => keyOf(line.fields.salesRepId, records)),
      text('Currency Code', (line) => line.currency),
      amount('Amount', (line) => line.netCents),
      amount('Amount Including VAT', (line) => line.amountCents),
    ],
    booking(row, records) {
      const order = parsed(row, checkOrder);
      return {
        documentId: row.id,
        reference: order.number,
        time: order.created_at,
        date: order.order_date,
        customerId: order.customer.id,
        currency: order.currency,
        amountCents: cents(order.totals.gross),
        netCents: cents(order.totals.net),
        parts: order.lines.map((line) => ({
          ...itemOf(line, records),
          netCents: cents(line.amount) - cents(line.discount),
        })),
        allocations: [],
        fields: { branchId: order.branch.id, salesRepId: order.sales_rep.id },
        ...ackOf(row),
      };
    },
    extraFields: (customerId, rng, records) => {
      const branches = liveRecords(records, 'branch').filter((branch) => branch.parentId === customerId);
      return branches.length > 0 ? { branchId: rng.pick(branches).id } : {};
    },
  },
};

/** The amounts as booked for a document's fate (docs/decisions/027), and its items as booked. */
function bookedAmounts(
  booking: Booking,
  fate: DocumentFate,
): { amountCents: number; netCents: number | null; items: BookedItem[] } {
  const { amountCents, netCents } = booking;
  if (fate === 'rounding') {
    const booked = amountCents + roundingCents(detailRng(booking.documentId, 'rounding'));
    return { amountCents: booked, netCents, items: itemsAddingUp(booking.parts, booked, netCents) };
  }
  if (fate !== 'amount') return { amountCents, netCents, items: booking.parts };
  const rng = detailRng(booking.documentId, 'amount');
  // A line left out, when the document has another line to stand on and the line is worth more than 1.00.
  const droppable = booking.parts.filter((part) => part.amountCents > 100);
  if (booking.parts.length >= 2 && droppable.length > 0) {
    const part = rng.pick(droppable);
    return {
      amountCents: amountCents - part.amountCents,
      netCents: netCents === null || part.netCents === null ? netCents : netCents - part.netCents,
      items: booking.parts.filter((item) => item !== part),
    };
  }
  // Otherwise an amount keyed wrongly: a tenth (at least 1.01) short, or over when that would leave nothing.
  const difference = Math.max(101, Math.round(amountCents / 10));
  const sign = amountCents - difference > 0 ? -1 : 1;
  const booked = amountCents + sign * difference;
  const bookedNet = netCents === null ? null : netCents + sign * difference;
  return { amountCents: booked, netCents: bookedNet, items: itemsAddingUp(booking.parts, booked, bookedNet) };
}

/**
 * Items whose amounts add up to what was booked: a difference keyed by hand (rounding, an amount
 * keyed wrongly) sits on the last item, as a clerk would correct a total (docs/decisions/104).
 */
function itemsAddingUp(
  items: readonly BookedItem[],
  amountCents: number,
  netCents: number | null,
): BookedItem[] {
  const last = items.at(-1);
  if (last === undefined) return [];
  const sumOf = (pick: (item: BookedItem) => number | null): number =>
    items.reduce((sum, item) => sum + (pick(item) ?? 0), 0);
  const amountGap = amountCents - sumOf((item) => item.amountCents);
  const netGap = netCents === null || last.netCents === null ? 0 : netCents - sumOf((item) => item.netCents);
  return [
    ...items.slice(0, -1),
    {
      ...last,
      amountCents: last.amountCents + amountGap,
      netCents: last.netCents === null ? null : last.netCents + netGap,
    },
  ];
}

/** A position in posting order: time, then the document's id, then its booking, reversal, extra line. */
interface Slot {
  time: string;
  tie: string;
  rank: number;
  line: Omit<RegisterLine, 'erpNumber'>;
  ackNumber?: string;
}

function slotOrder(a: Slot, b: Slot): number {
  return compareText(a.time, b.time) || compareText(a.tie, b.tie) || a.rank - b.rank;
}

/** The bookings of one kind for a company, before any layout (docs/decisions/027 and 104). */
export interface BookedRegister {
  kind: RegisterKind;
  /** In posting order; each has its own ERP number. */
  lines: RegisterLine[];
  /** Documents of the kind the register does not hold, in posting order. */
  missing: string[];
  records: ReadonlyMap<string, ErpRecord>;
}

/**
 * The register of one kind for a company, as bookings.
 *
 * Every document of the kind is booked once in posting order (payments taken back twice: the
 * payment and its reversal), with its fate from `fateOf`: as it is, with a typo in the reference,
 * with a rounding or a real amount difference, or not at all; a document the ERP rejected (its
 * latest ack) is not booked either. After 3 in 100 documents the register has a line of its own.
 * Lines are numbered in the ERP's series in posting order (`SI-000001` …); a document the ERP
 * accepted with its number keeps that number.
 */
export function bookRegister(db: Database, companyId: string, kind: RegisterKind): BookedRegister {
  const spec = specs[kind];
  const records = loadRecords(db, companyId);
  const rows = db
    .prepare(
      `SELECT d.id, d.number, d.body, a.outcome AS ack_outcome, a.external_number AS ack_external_number
         FROM documents d LEFT JOIN acks a ON a.id = d.ack_id
        WHERE d.company_id = ? AND d.kind = ? ORDER BY d.id`,
    )
    .all(companyId, spec.documentKind) as DocumentRow[];
  const bookings = rows.map((row) => spec.booking(row, records));
  bookings.sort((a, b) => compareText(a.time, b.time) || compareText(a.documentId, b.documentId));
  const taken = new Set(bookings.map((booking) => booking.reference));
  for (const row of rows) taken.add(row.number);

  const slots: Slot[] = [];
  const missing: string[] = [];
  for (const booking of bookings) {
    const fate = fateOf(booking.documentId);
    if (booking.isRejected || fate === 'missing') {
      missing.push(booking.documentId);
    } else {
      const defect: LineDefect = fate;
      const reference =
        fate === 'typo'
          ? typoOf(booking.reference, taken, detailRng(booking.documentId, 'typo'))
          : booking.reference;
      const booked = bookedAmounts(booking, fate);
      const line = {
        documentId: booking.documentId,
        defect,
        reference,
        date: booking.date,
        time: booking.time,
        customerId: booking.customerId,
        currency: booking.currency,
        amountCents: booked.amountCents,
        netCents: booked.netCents,
        fields: booking.fields,
        isReversal: false,
        items: booked.items,
        allocations: booking.allocations,
      };
      slots.push({
        time: booking.time,
        tie: booking.documentId,
        rank: 0,
        line,
        ...(booking.ackNumber !== undefined ? { ackNumber: booking.ackNumber } : {}),
      });
      if (booking.reversal) {
        // The ERP takes back exactly what it booked, under the same reference.
        slots.push({
          time: booking.reversal.time,
          tie: booking.documentId,
          rank: 1,
          line: {
            ...line,
            date: booking.reversal.date,
            time: booking.reversal.time,
            amountCents: -booked.amountCents,
            netCents: booked.netCents === null ? null : -booked.netCents,
            fields: {
              ...booking.fields,
              documentType: 'Reversal',
              description: booking.reversal.description,
            },
            isReversal: true,
            items: [],
            allocations: [],
          },
        });
      }
    }
    if (hasExtraAfter(booking.documentId)) {
      const rng = detailRng(booking.documentId, 'extra');
      const amountCents = rng.int(50, 5000) * 100 + rng.int(0, 99);
      // Half keyed without a reference, half with a number no document has.
      const reference = rng.chance(0.5) ? '' : unknownNumber(booking.reference, taken, rng);
      const customerId = someCustomer(rng, records, booking.customerId);
      const netCents = booking.netCents === null ? null : Math.round(amountCents / 1.14);
      slots.push({
        time: booking.time,
        tie: booking.documentId,
        rank: 2,
        line: {
          documentId: null,
          defect: 'extra',
          reference,
          date: booking.date,
          time: booking.time,
          customerId,
          currency: booking.currency,
          amountCents,
          netCents,
          fields: spec.extraFields(customerId, rng, records),
          isReversal: false,
          items:
            booking.parts.length > 0
              ? [extraItem(detailRng(booking.documentId, 'extra-item'), records, amountCents, netCents)]
              : [],
          allocations: [],
        },
      });
    }
  }
  slots.sort(slotOrder);

  const ackNumbers = new Set(slots.flatMap((slot) => (slot.ackNumber !== undefined ? [slot.ackNumber] : [])));
  const lines: RegisterLine[] = slots.map((slot, index) => {
    let erpNumber = slot.ackNumber ?? `${spec.series}${String(index + 1).padStart(6, '0')}`;
    if (slot.ackNumber === undefined && ackNumbers.has(erpNumber)) erpNumber = `${erpNumber}-A`;
    return { ...slot.line, erpNumber };
  });
  return { kind, lines, missing, records };
}

/**
 * The one item of a line only the register has, for layouts that write items: one of any live
 * product, quantity 1 at the line's amount (its own generator, so the line's other details stay).
 */
function extraItem(
  rng: Prng,
  records: ReadonlyMap<string, ErpRecord>,
  amountCents: number,
  netCents: number | null,
): BookedItem {
  const products = liveRecords(records, 'product');
  const product = products.length > 0 ? rng.pick(products) : undefined;
  return {
    productId: product?.id ?? null,
    productCode: product?.key ?? '',
    description: product ? productText(product.id, records) : '',
    quantity: 1,
    unitPriceCents: netCents ?? amountCents,
    amountCents,
    netCents,
    taxCode: netCents === null ? '' : 'VAT14',
  };
}

/**
 * The register of one kind for a company in the sandbox's own layout, and its key
 * (docs/decisions/027-erp-registers-and-samples.md).
 */
export function buildRegister(db: Database, companyId: string, kind: RegisterKind): Register {
  const spec = specs[kind];
  const { lines, missing, records } = bookRegister(db, companyId, kind);
  return {
    table: {
      sheet: spec.sheet,
      columns: spec.columns.map(({ header, type }) => ({ header, type })),
      rows: lines.map((line) => spec.columns.map((column) => column.value(line, records))),
    },
    key: {
      lines: lines.map((line, index) => ({
        line: index + 1,
        erp_number: line.erpNumber,
        document_id: line.documentId,
        defect: line.defect,
      })),
      missing,
    },
  };
}
