import { compareText, textMember } from '../records';
import type { BookedItem, BookedRegister, RegisterKind, RegisterLine } from '../registers';
import type { LayoutStyle, RegisterFormat } from './encode';
import { row, text, type Grid, type GridCell, type GridRow } from './grid';

/**
 * What every ERP layout of a register shares: the names, what a layout is given and answers, and
 * the customer and product texts. docs/decisions/104-erp-register-layouts.md.
 */

/** The ERPs whose register exports the sandbox can write (sandbox contract, Additions). */
export const layoutNames = [
  'odoo',
  'erpnext',
  'quickbooks',
  'xero',
  'business-central',
  'sage',
  'zoho',
  'netsuite',
] as const;
/** One ERP layout. */
export type LayoutName = (typeof layoutNames)[number];

/** The language of the ERP's user interface that exported the file (`lang`). */
export const layoutLangs = ['en', 'ar'] as const;
/** One interface language. */
export type LayoutLang = (typeof layoutLangs)[number];

/** Everything a layout lays out. */
export interface LayoutContext {
  booked: BookedRegister;
  lang: LayoutLang;
  /** `text`: the rows of the ERP's CSV; `sheet`: of its spreadsheet (and of Excel's saves of it). */
  variant: 'text' | 'sheet';
  company: { code: string; name: string };
  /** The company's last activity (ISO 8601): when a report says it was run. */
  asOf: string;
  /** The ERP's number and date of an invoice it booked, for a payment applied to it. */
  bookedInvoice(invoiceId: string): { erpNumber: string; date: string } | undefined;
}

/** A laid-out register: the grid, and the row (0-based, under the header) where each booking starts. */
export interface LaidOut {
  grid: Grid;
  firstRows: ReadonlyMap<string, number>;
}

/** One ERP's layout of the register kinds it exports. */
export interface Layout {
  name: LayoutName;
  style: LayoutStyle;
  /** The kinds it has (`--erp-samples` skips the others; asking for one is 400). */
  kinds: readonly RegisterKind[];
  /** The formats `--erp-samples` writes, the ERP's own ones; the first is the key's default. */
  sampleFormats: readonly RegisterFormat[];
  build(kind: RegisterKind, context: LayoutContext): LaidOut;
}

/** Rows under a header, noting the first row of each booking. */
export interface RowSink {
  rows: GridRow[];
  firstRows: Map<string, number>;
  /** Adds rows; the first of them starts `line` unless it already started. */
  add(line: RegisterLine | null, ...rows: GridRow[]): void;
}

/** An empty row sink. */
export function rowSink(): RowSink {
  const rows: GridRow[] = [];
  const firstRows = new Map<string, number>();
  return {
    rows,
    firstRows,
    add(line, ...added) {
      if (line !== null && !firstRows.has(line.erpNumber) && added.length > 0)
        firstRows.set(line.erpNumber, rows.length);
      rows.push(...added);
    },
  };
}

/** The customer's key in the ERP (its ERP key once pushed, else the service's code), as today's register. */
export function customerKey(context: LayoutContext, line: RegisterLine): string {
  return context.booked.records.get(line.customerId)?.key ?? line.customerId;
}

/** The customer's name as an Egyptian company's customer card holds it: Arabic first, as today's register. */
export function customerName(context: LayoutContext, line: RegisterLine): string {
  const name = context.booked.records.get(line.customerId)?.name ?? {};
  return name.ar ?? name.en ?? Object.values(name)[0] ?? '';
}

/** The customer's address on its card, '' when none. */
export function customerAddress(context: LayoutContext, line: RegisterLine): string {
  return textMember(context.booked.records.get(line.customerId)?.body, 'address') ?? '';
}

/** A product's name in the interface's language (a translated product name), else any. */
export function productName(context: LayoutContext, item: BookedItem): string {
  const name = item.productId === null ? {} : (context.booked.records.get(item.productId)?.name ?? {});
  return name[context.lang] ?? name.en ?? name.ar ?? item.description;
}

/** Bookings newest first (by posting time, then number), as lists sorted on date descending show them. */
export function newestFirst(lines: readonly RegisterLine[]): RegisterLine[] {
  return [...lines].sort(
    (a, b) =>
      compareText(b.date, a.date) || compareText(b.time, a.time) || compareText(b.erpNumber, a.erpNumber),
  );
}

/** The earliest and latest booking days, for a report's period. */
export function periodOf(lines: readonly RegisterLine[], fallback: string): { from: string; to: string } {
  const days = lines.map((line) => line.date).sort(compareText);
  return { from: days[0] ?? fallback, to: days.at(-1) ?? fallback };
}

/** The sum of what a payment was applied to, capped at what was booked, in allocation order. */
export function appliedAllocations(
  line: RegisterLine,
): Array<{ invoiceId: string | null; reference: string; amountCents: number }> {
  let left = Math.max(0, line.amountCents);
  const applied: Array<{ invoiceId: string | null; reference: string; amountCents: number }> = [];
  for (const allocation of line.allocations) {
    const amountCents = Math.min(left, allocation.amountCents);
    if (amountCents <= 0) break;
    applied.push({ ...allocation, amountCents });
    left -= amountCents;
  }
  return applied;
}

/** A column of a one-row-per-item export: a cell of the document, or of one of its items. */
export interface ItemRowColumn {
  header: string;
  isDocument: boolean;
  value(line: RegisterLine, item: BookedItem | undefined): GridCell;
}

/** A column of the document's own cells (number, customer, total). */
export function documentColumn(header: string, value: (line: RegisterLine) => GridCell): ItemRowColumn {
  return { header, isDocument: true, value: (line) => value(line) };
}

/** A column of one item's cells (product, quantity, line amount); blank on a document without items. */
export function itemColumn(header: string, value: (item: BookedItem) => GridCell): ItemRowColumn {
  return { header, isDocument: false, value: (_line, item) => (item === undefined ? text('') : value(item)) };
}

/**
 * A document's rows, one per item (one row when it has none): the document's cells on every row
 * (Xero, Zoho), or, with `blankAfterFirst`, only on the first (ERPNext's and Odoo's exports).
 */
export function itemRows(
  line: RegisterLine,
  columns: readonly ItemRowColumn[],
  options: { blankAfterFirst: boolean },
): GridRow[] {
  const items: Array<BookedItem | undefined> = line.items.length > 0 ? line.items : [undefined];
  return items.map((item, index) =>
    row(
      columns.map((column) =>
        options.blankAfterFirst && column.isDocument && index > 0 ? text('') : column.value(line, item),
      ),
    ),
  );
}
