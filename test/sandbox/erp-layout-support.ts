import { parseCsv, type CsvDelimiter } from '../../src-shared/domain/master-data';
import type { LayoutName } from '../../src-sandbox/erp/layouts';
import type { RegisterKind } from '../../src-sandbox/erp/registers';

// How erp-layouts.test.ts reads each ERP layout back, written from docs/decisions/104-erp-register-layouts.md
// rather than from the writers: where the header is, which column holds the booking's number, its
// reference, its customer and its date, and how a booking's amount is read with the sign turned back
// to the sandbox's own register (a reversal negative, everything else positive).

/** A parsed row as cells, and by header. */
export interface Row {
  cells: string[];
  get(column: string): string;
}

/** Text rows of CSV-like text. */
export function textRows(text: string, delimiter: CsvDelimiter): string[][] {
  const parsed = parseCsv(text, delimiter);
  if (parsed.unclosedQuoteLine !== null)
    throw new Error(`a quote opened on line ${parsed.unclosedQuoteLine} never closes`);
  return parsed.rows.map((row) => row.cells);
}

/** Rows keyed by a header; a column missing from the header throws, so a renamed column is caught. */
export function keyed(header: readonly string[], rows: readonly string[][]): Row[] {
  return rows.map((cells) => ({
    cells,
    get(column) {
      const at = header.indexOf(column);
      if (at < 0) throw new Error(`no column ${column} in ${header.join(' | ')}`);
      return cells[at] ?? '';
    },
  }));
}

/** Cents of a money text: `1,045.50`, `-E£1,045.50`, `1045.5`, `-0.05`. */
export function centsOf(text: string): number {
  const negative = text.trim().startsWith('-');
  const digits = text.replace(/[^0-9.]/g, '');
  if (digits === '') throw new Error(`no amount in "${text}"`);
  return Math.round(Number(digits) * 100) * (negative ? -1 : 1);
}

const iso = (text: string): string => text.slice(0, 10);
const monthFirst = (text: string): string => {
  const [m, d, y] = text.split('/');
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const dayFirst = (text: string): string => {
  const [d, m, y] = text.split('/');
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** What a reader needs of a layout. */
export interface LayoutReader {
  /** Rows above the header in the CSV. */
  headerRow: number;
  /** A byte-order mark before the CSV. */
  bom: boolean;
  number(kind: RegisterKind): string;
  reference(kind: RegisterKind): string;
  /** The customer column and what it holds of the customer. */
  customer(kind: RegisterKind): { column: string; holds: 'key' | 'name' | 'key name' };
  /** The date column and how its text reads, or null where the file holds a time (Odoo's orders). */
  date(kind: RegisterKind): { column: string; read(text: string): string } | null;
  /** Whether a booking may run over several rows (one per item or applied invoice). */
  multiRow(kind: RegisterKind): boolean;
  /** The booking's amount from its rows, signed as the sandbox's register (a reversal negative). */
  amount(kind: RegisterKind, rows: Row[]): number;
  /** The parts of the booking that must add up, as [what they add up to, the parts' sum]. */
  parts?(kind: RegisterKind, rows: Row[]): [number, number] | null;
}

const sum = (rows: Row[], column: string): number =>
  rows.reduce((total, row) => total + centsOf(row.get(column)), 0);
const first = (rows: Row[]): Row => {
  const row = rows[0];
  if (!row) throw new Error('a booking without rows');
  return row;
};

/** Every row of a booking repeats this column's value (Xero's and Zoho's totals). */
function repeated(rows: Row[], column: string): string {
  const values = new Set(rows.map((row) => row.get(column)));
  if (values.size !== 1) throw new Error(`${column} is not repeated: ${[...values].join(', ')}`);
  return first(rows).get(column);
}

export const readers: Record<LayoutName, LayoutReader> = {
  odoo: {
    headerRow: 0,
    bom: false,
    number: (kind) => (kind === 'orders' ? 'Order Reference' : 'Number'),
    reference: (kind) =>
      kind === 'payments' ? 'Memo' : kind === 'orders' ? 'Customer Reference' : 'Reference',
    customer: (kind) => ({
      column:
        kind === 'payments'
          ? 'Customer/Vendor/Reference'
          : kind === 'orders'
            ? 'Customer/Reference'
            : 'Partner/Reference',
      holds: 'key',
    }),
    date: (kind) =>
      kind === 'orders' ? null : { column: kind === 'payments' ? 'Date' : 'Invoice/Bill Date', read: iso },
    multiRow: (kind) => kind !== 'payments',
    amount: (kind, rows) => {
      const row = first(rows);
      if (kind === 'payments') return centsOf(row.get('Amount Signed'));
      if (kind === 'orders') return centsOf(row.get('Total'));
      return centsOf(row.get('Total Signed')) * (kind === 'returns' ? -1 : 1);
    },
    parts: (kind, rows) => {
      if (kind === 'payments') return null;
      const lines = kind === 'orders' ? 'Order Lines' : 'Invoice lines';
      const whole = centsOf(first(rows).get(kind === 'orders' ? 'Total' : 'Total Signed'));
      return [Math.abs(whole), sum(rows, `${lines}/Total`)];
    },
  },
  erpnext: {
    headerRow: 0,
    bom: false,
    number: () => 'ID',
    reference: (kind) => (kind === 'payments' ? 'Cheque/Reference No' : "Customer's Purchase Order"),
    customer: (kind) => ({ column: kind === 'payments' ? 'Party' : 'Customer', holds: 'key' }),
    date: (kind) => ({ column: kind === 'orders' ? 'Date' : 'Posting Date', read: iso }),
    multiRow: (kind) => kind !== 'payments',
    amount: (kind, rows) => {
      const row = first(rows);
      if (kind === 'payments')
        return centsOf(row.get('Paid Amount')) * (row.get('Payment Type') === 'Pay' ? -1 : 1);
      return centsOf(row.get('Grand Total')) * (kind === 'returns' ? -1 : 1);
    },
    parts: (kind, rows) =>
      kind === 'payments' ? null : [centsOf(first(rows).get('Net Total')), sum(rows, 'Amount (Items)')],
  },
  quickbooks: {
    headerRow: 4,
    bom: false,
    number: () => 'Num',
    reference: () => 'Memo/Description',
    customer: () => ({ column: 'Name', holds: 'name' }),
    date: () => ({ column: 'Date', read: monthFirst }),
    multiRow: () => false,
    amount: (kind, rows) => centsOf(first(rows).get('Amount')) * (kind === 'returns' ? -1 : 1),
  },
  xero: {
    headerRow: 0,
    bom: true,
    number: (kind) => (kind === 'orders' ? '*QuoteNumber' : '*InvoiceNumber'),
    reference: () => 'Reference',
    customer: () => ({ column: '*ContactName', holds: 'name' }),
    date: (kind) => ({ column: kind === 'orders' ? '*QuoteDate' : '*InvoiceDate', read: dayFirst }),
    multiRow: () => true,
    amount: (kind, rows) => centsOf(repeated(rows, 'Total')) * (kind === 'returns' ? -1 : 1),
    parts: (_kind, rows) => [
      centsOf(first(rows).get('Total')),
      sum(rows, 'LineAmount') + sum(rows, 'TaxAmount'),
    ],
  },
  'business-central': {
    headerRow: 0,
    bom: true,
    number: (kind) => (kind === 'payments' ? 'Document No.' : 'No.'),
    reference: () => 'External Document No.',
    customer: (kind) => ({
      column: kind === 'payments' ? 'Customer No.' : 'Sell-to Customer No.',
      holds: 'key',
    }),
    date: (kind) => ({ column: kind === 'orders' ? 'Order Date' : 'Posting Date', read: monthFirst }),
    multiRow: () => false,
    amount: (kind, rows) =>
      kind === 'payments'
        ? -centsOf(first(rows).get('Amount'))
        : centsOf(first(rows).get('Amount Including VAT')),
  },
  sage: {
    headerRow: 0,
    bom: false,
    number: (kind) => (kind === 'orders' ? 'Order No.' : 'Ref'),
    reference: (kind) => (kind === 'orders' ? 'Cust. Order No.' : 'Ex.Ref'),
    customer: () => ({ column: 'A/C', holds: 'key' }),
    date: (kind) => ({ column: kind === 'orders' ? 'Order Date' : 'Date', read: dayFirst }),
    multiRow: () => false,
    amount: (_kind, rows) => centsOf(first(rows).get('Gross')),
  },
  zoho: {
    headerRow: 0,
    bom: false,
    number: (kind) =>
      ({
        invoices: 'Invoice Number',
        returns: 'Credit Note Number',
        orders: 'SalesOrder Number',
        payments: 'Payment Number',
      })[kind],
    reference: (kind) =>
      ({
        invoices: 'PurchaseOrder',
        returns: 'Reference#',
        orders: 'Reference#',
        payments: 'Reference Number',
      })[kind],
    customer: () => ({ column: 'Customer Number', holds: 'key' }),
    date: (kind) => ({
      column: {
        invoices: 'Invoice Date',
        returns: 'Credit Note Date',
        orders: 'Order Date',
        payments: 'Date',
      }[kind],
      read: iso,
    }),
    multiRow: () => true,
    amount: (kind, rows) => centsOf(repeated(rows, kind === 'payments' ? 'Amount' : 'Total')),
    parts: (kind, rows) => {
      if (kind !== 'payments') return [centsOf(first(rows).get('SubTotal')), sum(rows, 'Item Total')];
      // A payment taken back is applied to nothing.
      if (centsOf(first(rows).get('Amount')) < 0) return null;
      const applied = rows.filter((row) => row.get('Invoice Number') !== '');
      return [
        centsOf(first(rows).get('Amount')) - centsOf(first(rows).get('Unused Amount')),
        sum(applied, 'Amount Applied to Invoice'),
      ];
    },
  },
  netsuite: {
    headerRow: 4,
    bom: false,
    number: () => 'Document Number',
    reference: () => 'Memo',
    customer: () => ({ column: 'Name', holds: 'key name' }),
    date: () => ({ column: 'Date', read: monthFirst }),
    multiRow: () => false,
    amount: (kind, rows) =>
      centsOf(first(rows).get('Amount')) * (kind === 'returns' || kind === 'payments' ? -1 : 1),
  },
};

/**
 * The rows of the booking starting at `start` (0-based under the header): that row, and for layouts
 * that write several, the next rows whose number cell is blank or the same number.
 */
export function bookingRows(reader: LayoutReader, kind: RegisterKind, body: Row[], start: number): Row[] {
  const head = body[start];
  if (!head) throw new Error(`no row ${start + 1} under the header`);
  const number = head.get(reader.number(kind));
  const rows = [head];
  if (!reader.multiRow(kind)) return rows;
  for (let i = start + 1; i < body.length; i++) {
    const next = body[i];
    const cell = next?.get(reader.number(kind));
    if (next === undefined || (cell !== '' && cell !== number) || next.cells.every((c) => c === '')) break;
    rows.push(next);
  }
  return rows;
}

/**
 * Whether a text is well-formed XML as far as a workbook needs: every element closed in order, one
 * root, attribute quotes balanced, entities known. A small check, not a parser.
 */
export function isWellFormedXml(text: string): boolean {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '').replace(/<\?[^>]*\?>/g, '');
  const stack: string[] = [];
  let roots = 0;
  const tag =
    /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|&(?!(?:amp|lt|gt|quot|apos|#\d+);)|<|>/g;
  for (const found of body.matchAll(tag)) {
    const [whole, closing, name, , selfClosing] = found;
    if (name === undefined) {
      if (whole === '>' || whole === '<' || whole.startsWith('&')) return false;
      continue;
    }
    if (closing === '/') {
      if (stack.pop() !== name) return false;
    } else if (selfClosing !== '/') {
      if (stack.length === 0) roots += 1;
      stack.push(name);
    } else if (stack.length === 0) roots += 1;
  }
  return stack.length === 0 && roots === 1;
}
