import type { Database } from 'better-sqlite3';
import { ApiError } from '../../errors';
import { bookRegister, type RegisterKey, type RegisterKind } from '../registers';
import type { Table } from '../table';
import { businessCentralLayout } from './business-central';
import { layoutNames, type LayoutContext, type LayoutLang, type LayoutName, type Layout } from './common';
import { encodeGrid, type EncodedFile, type LayoutStyle, type RegisterFormat } from './encode';
import { erpnextLayout } from './erpnext';
import { day, int, money, num, row, text, type Grid, type GridCell } from './grid';
import { netsuiteLayout } from './netsuite';
import { odooLayout } from './odoo';
import { quickbooksLayout } from './quickbooks';
import { sageLayout } from './sage';
import { xeroLayout } from './xero';
import { zohoLayout } from './zoho';

/**
 * The register of a kind laid out as a real ERP exports it (sandbox contract, Additions: "Real ERP
 * layouts"; docs/decisions/104-erp-register-layouts.md): the same bookings as the sandbox's own
 * register (documents, defects, ERP numbers, amounts, missing documents), in that ERP's columns,
 * rows above and below the header, item rows, signs, dates and numbers.
 */

export { layoutLangs, layoutNames, type LayoutLang, type LayoutName } from './common';
export { registerFormats, type RegisterFormat } from './encode';

/** Every layout by name. */
export const layouts: Record<LayoutName, Layout> = {
  odoo: odooLayout,
  erpnext: erpnextLayout,
  quickbooks: quickbooksLayout,
  xero: xeroLayout,
  'business-central': businessCentralLayout,
  sage: sageLayout,
  zoho: zohoLayout,
  netsuite: netsuiteLayout,
};

/** A laid-out register: its sheet, how its files are written, and the key to it. */
export interface LayoutRegister {
  grid: Grid;
  style: LayoutStyle;
  key: RegisterKey;
}

/** What is asked: the ERP, its interface language, and the file (the key depends on the file's rows). */
export interface LayoutRequest {
  layout: LayoutName;
  lang: LayoutLang;
  format?: RegisterFormat | undefined;
}

/** Refuses a kind the ERP has no export of (400, like an unknown kind). */
function layoutOf(name: LayoutName, kind: RegisterKind): Layout {
  const layout = layouts[name];
  if (!layout.kinds.includes(kind))
    throw new ApiError(
      'INVALID_REQUEST',
      `The ${name} layout has no ${kind} register; it has ${layout.kinds.join(', ')}.`,
      {
        details: [{ field: 'kind', code: 'NOT_IN_LAYOUT', value: kind }],
      },
    );
  return layout;
}

/** Whether the file is the ERP's own CSV text, rather than its sheet (or Excel's saves of the sheet). */
function variantOf(layout: Layout, format: RegisterFormat): LayoutContext['variant'] {
  return (format === 'csv' || format === 'csv-1256') && layout.style.csvIsExcelResave !== true
    ? 'text'
    : 'sheet';
}

/** The company's last activity: a report's "run at" time, so the same data gives the same file. */
function lastActivity(db: Database, companyId: string): string {
  const latest = db
    .prepare(
      `SELECT MAX(t) AS t FROM (SELECT MAX(updated_at) AS t FROM documents WHERE company_id = ?
         UNION ALL SELECT MAX(updated_at) FROM records WHERE company_id = ?
         UNION ALL SELECT created_at FROM companies WHERE id = ?)`,
    )
    .get(companyId, companyId, companyId) as { t: string | null };
  return latest.t ?? '1970-01-01T00:00:00.000Z';
}

/** The register of a kind in an ERP's layout, and its key. */
export function buildLayoutRegister(
  db: Database,
  companyId: string,
  kind: RegisterKind,
  request: LayoutRequest,
): LayoutRegister {
  const layout = layoutOf(request.layout, kind);
  const format = request.format ?? layout.sampleFormats[0] ?? 'csv';
  const booked = bookRegister(db, companyId, kind);
  const company = db.prepare('SELECT code, name FROM companies WHERE id = ?').get(companyId) as
    { code: string; name: string } | undefined;
  let invoices: Map<string, { erpNumber: string; date: string }> | undefined;
  const context: LayoutContext = {
    booked,
    lang: request.lang,
    variant: variantOf(layout, format),
    company: company ?? { code: companyId, name: companyId },
    asOf: lastActivity(db, companyId),
    bookedInvoice(invoiceId) {
      if (!invoices) {
        invoices = new Map();
        for (const line of bookRegister(db, companyId, 'invoices').lines)
          if (line.documentId !== null && !invoices.has(line.documentId))
            invoices.set(line.documentId, { erpNumber: line.erpNumber, date: line.date });
      }
      return invoices.get(invoiceId);
    },
  };
  const { grid, firstRows } = layout.build(kind, context);
  const lines = booked.lines.map((line) => {
    const first = firstRows.get(line.erpNumber);
    if (first === undefined) throw new Error(`${layout.name} ${kind}: booking ${line.erpNumber} has no row`);
    return { line: first + 1, erp_number: line.erpNumber, document_id: line.documentId, defect: line.defect };
  });
  lines.sort((a, b) => a.line - b.line);
  return { grid, style: layout.style, key: { lines, missing: booked.missing } };
}

/** The sandbox's own sheet as a grid, for the formats it had no writer of (xls, Excel's saves). */
function tableGrid(table: Table): Grid {
  const cellOf = (type: Table['columns'][number]['type'], cell: Table['rows'][number][number]): GridCell => {
    if (cell === null) return null;
    if (type === 'amount' && typeof cell === 'number') return money(cell);
    if (type === 'integer' && typeof cell === 'number') return int(cell);
    if (type === 'number' && typeof cell === 'number') return num(cell);
    if (type === 'date' && typeof cell === 'string') return day(cell);
    if (type === 'flag') return text(cell === true ? 'Yes' : 'No');
    return text(String(cell));
  };
  return {
    sheet: table.sheet,
    above: [],
    header: table.columns.map((column) => column.header),
    rows: table.rows.map((cells) =>
      row(table.columns.map((column, i) => cellOf(column.type, cells[i] ?? null))),
    ),
  };
}

/** The sandbox's own sheet style (docs/decisions/027), for the formats added with the layouts. */
const ownStyle: LayoutStyle = {
  text: {
    quoting: 'minimal',
    bom: true,
    formulaGuard: false,
    date: (isoDay) => isoDay,
    datetime: (iso) => iso,
    money: (cents) => String(cents / 100),
    number: String,
  },
  sheet: {
    dateFormat: 'yyyy-mm-dd',
    datetimeFormat: 'yyyy-mm-dd hh:mm:ss',
    moneyFormat: '#,##0.00',
    freezeHeader: true,
  },
};

/** A file of the sandbox's own register in a format only the layouts' writers have (xls, Excel's saves). */
export function encodeOwnTable(table: Table, format: RegisterFormat, lang: LayoutLang): Promise<EncodedFile> {
  return encodeGrid(tableGrid(table), ownStyle, format, lang);
}

/** A laid-out register's file. */
export function encodeLayoutRegister(
  register: LayoutRegister,
  format: RegisterFormat,
  lang: LayoutLang,
): Promise<EncodedFile> {
  return encodeGrid(register.grid, register.style, format, lang);
}

/** The layouts that have a kind, in the contract's order. */
export function layoutsWith(kind: RegisterKind): LayoutName[] {
  return layoutNames.filter((name) => layouts[name].kinds.includes(kind));
}
