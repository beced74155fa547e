import writeXlsxFile, { type Cell as XlsxCell } from 'write-excel-file/node';

/**
 * One sheet of an ERP export, and the three files it is written as: `csv` (UTF-8 with a byte-order
 * mark, comma, CRLF, RFC 4180 quoting), `csv-1256` (the same text in Windows-1256, the Arabic code
 * page older ERPs export in) and `xlsx` (number cells for money and numbers, date cells for dates).
 * docs/decisions/027-erp-registers-and-samples.md.
 */

/** The file formats of `/_sandbox/erp/*` (sandbox contract, Additions). */
export const erpFormats = ['csv', 'csv-1256', 'xlsx'] as const;
/** One file format. */
export type ErpFormat = (typeof erpFormats)[number];

/**
 * How a column's cells are written:
 *
 * - `text`: as is; `flag`: `Yes` or `No` (text in both formats, as ERPs export booleans);
 * - `amount`: whole cents, written with 2 decimals (`1234.50`); a number cell formatted `#,##0.00`;
 * - `number`, `integer`: plain numbers; number cells;
 * - `date`: `YYYY-MM-DD`; a date cell (midnight UTC) formatted `yyyy-mm-dd`;
 * - `timestamp`: an ISO 8601 time, text in both formats (a spreadsheet cell has no time zone).
 */
export type ColumnType = 'text' | 'flag' | 'amount' | 'number' | 'integer' | 'date' | 'timestamp';

/** One column: its header and how its cells are written. */
export interface Column {
  header: string;
  type: ColumnType;
}

/** A cell: text, a number (cents for `amount`), a flag, or empty. */
export type Cell = string | number | boolean | null;

/** One sheet: columns and rows of cells in column order. */
export interface Table {
  /** The sheet's name in the XLSX file. */
  sheet: string;
  columns: readonly Column[];
  rows: ReadonlyArray<readonly Cell[]>;
}

/** Cents as an amount with 2 decimals: 123450 → "1234.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The text of one cell, as the CSV holds it. */
function cellText(column: Column, cell: Cell): string {
  if (cell === null) return '';
  if (column.type === 'flag') return cell === true ? 'Yes' : 'No';
  if (column.type === 'amount' && typeof cell === 'number') return formatCents(cell);
  return String(cell);
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV text (comma, CRLF after every row, the header first), without a byte-order mark. */
export function csvText(table: Table): string {
  const lines = [table.columns.map((column) => csvField(column.header))];
  for (const row of table.rows)
    lines.push(table.columns.map((column, i) => csvField(cellText(column, row[i] ?? null))));
  return lines.map((cells) => `${cells.join(',')}\r\n`).join('');
}

let reverse1256: Map<string, number> | undefined;

/**
 * Text in Windows-1256. The code page is read from the platform's own decoder (every byte 0x00-0xFF
 * decoded once gives the reverse map), so no table is copied here; a character the code page lacks
 * becomes `?`, as ERPs write it.
 */
export function encodeWindows1256(text: string): Buffer {
  if (!reverse1256) {
    const decoder = new TextDecoder('windows-1256');
    reverse1256 = new Map();
    for (let byte = 0xff; byte >= 0; byte--) reverse1256.set(decoder.decode(Uint8Array.of(byte)), byte);
  }
  const bytes: number[] = [];
  for (const char of text) bytes.push(reverse1256.get(char) ?? 0x3f);
  return Buffer.from(bytes);
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One XLSX cell: numbers and dates typed, the rest as text. */
function xlsxCell(column: Column, cell: Cell): XlsxCell {
  if (cell === null) return null;
  if (column.type === 'amount' && typeof cell === 'number')
    return { value: Math.round(cell) / 100, type: Number, format: '#,##0.00' };
  if ((column.type === 'number' || column.type === 'integer') && typeof cell === 'number')
    return column.type === 'integer'
      ? { value: cell, type: Number, format: '0' }
      : { value: cell, type: Number };
  if (column.type === 'date' && typeof cell === 'string') {
    const day = dayPattern.exec(cell);
    if (day)
      return {
        value: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))),
        type: Date,
        format: 'yyyy-mm-dd',
      };
  }
  return { value: cellText(column, cell), type: String };
}

/** 1980-01-01 00:00, the first moment a ZIP entry can carry (MS-DOS date and time). */
const zipEpochDate = (1 << 5) | 1;

/**
 * The same ZIP with every entry's modification time set to 1980-01-01 00:00, so that the same
 * sheet gives the same bytes whenever it is written (the writer stamps entries with the current
 * time). The time is outside what the CRC covers; each entry is found through the central
 * directory, which holds the offset of its local header.
 */
export function withFixedZipTimes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const entries = out.readUInt16LE(end + 10);
  let at = out.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    if (out.readUInt32LE(at) !== 0x02014b50) throw new Error('not a ZIP file: bad central directory');
    out.writeUInt16LE(0, at + 12);
    out.writeUInt16LE(zipEpochDate, at + 14);
    const local = out.readUInt32LE(at + 42);
    if (out.readUInt32LE(local) !== 0x04034b50) throw new Error('not a ZIP file: bad local header');
    out.writeUInt16LE(0, local + 10);
    out.writeUInt16LE(zipEpochDate, local + 12);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

/**
 * The table as an XLSX workbook of one sheet, the header row bold and frozen; the same table gives
 * the same bytes.
 */
export async function xlsxBytes(table: Table): Promise<Buffer> {
  const header: XlsxCell[] = table.columns.map((column) => ({ value: column.header, fontWeight: 'bold' }));
  const rows = table.rows.map((row) => table.columns.map((column, i) => xlsxCell(column, row[i] ?? null)));
  const zip = await writeXlsxFile([header, ...rows], {
    sheet: table.sheet,
    stickyRowsCount: 1,
    columns: table.columns.map((column) => ({ width: Math.max(10, Math.min(40, column.header.length + 4)) })),
  }).toBuffer();
  return withFixedZipTimes(zip);
}

/** The file of a table in a format, with its media type and file-name extension. */
export async function encodeTable(
  table: Table,
  format: ErpFormat,
): Promise<{ bytes: Buffer; contentType: string; extension: 'csv' | 'xlsx' }> {
  if (format === 'xlsx')
    return {
      bytes: await xlsxBytes(table),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
    };
  const text = csvText(table);
  return format === 'csv'
    ? {
        bytes: Buffer.from(`\ufeff${text}`, 'utf8'),
        contentType: 'text/csv; charset=utf-8',
        extension: 'csv',
      }
    : { bytes: encodeWindows1256(text), contentType: 'text/csv; charset=windows-1256', extension: 'csv' };
}
