import writeXlsxFile, { type Cell as XlsxCell } from 'write-excel-file/node';
import { encodeWindows1256, withFixedZipTimes } from '../table';
import { commaMoney, ddmmyyyy, mdy, plainMoney, type Grid, type GridCell, type GridRow } from './grid';
import { spreadsheetMl } from './spreadsheet-ml';

/**
 * The files of a laid-out register (docs/decisions/104-erp-register-layouts.md):
 *
 * - `csv`: the ERP's own CSV (its quoting, byte-order mark or none, number and date texts), UTF-8;
 * - `csv-1256`: the same text in Windows-1256, no mark;
 * - `xlsx`: the ERP's sheet, number cells for money and quantities, date cells for dates;
 * - `xls`: the same sheet as SpreadsheetML 2003 (XML), what NetSuite's ".xls" is;
 * - `unicode-text`: the sheet saved by Excel (United States settings) as "Unicode Text": UTF-16LE
 *   with a byte-order mark, tab between cells, CRLF, dates M/D/YYYY, money `1045.50`;
 * - `csv-semicolon`: the sheet saved by Excel whose list separator is `;` and decimal mark `,`
 *   (European, and the North-African Arabic settings): `;` between cells, money `1045,50`, dates
 *   DD/MM/YYYY; UTF-8 with a mark, or, for an Arabic Excel (`lang=ar`), Windows-1256 without one.
 */

/** The register file formats (sandbox contract, Additions; the first three as before). */
export const registerFormats = ['csv', 'csv-1256', 'xlsx', 'xls', 'unicode-text', 'csv-semicolon'] as const;
/** One register file format. */
export type RegisterFormat = (typeof registerFormats)[number];

/** How an ERP writes the texts of its own CSV. */
export interface TextStyle {
  /** `minimal`: only cells that need it; `all`: every cell; `nonnumeric`: all but numbers (Python's csv). */
  quoting: 'minimal' | 'all' | 'nonnumeric';
  /** A UTF-8 byte-order mark first. */
  bom: boolean;
  /** A text cell starting with `=`, `-` or `+` gets a leading `'` (Odoo's CSV export). */
  formulaGuard: boolean;
  date(day: string): string;
  datetime(iso: string): string;
  /** `isTotal`: the cell is on a total row (some ERPs add the currency sign there). */
  money(cents: number, isTotal: boolean): string;
  number(value: number): string;
}

/** How an ERP's sheet formats its cells. */
export interface SheetStyle {
  dateFormat: string;
  datetimeFormat: string;
  /** The number format of money; none leaves Excel's General. */
  moneyFormat?: string;
  /** The number format of money on total rows, when it differs (a currency sign). */
  totalMoneyFormat?: string;
  numberFormat?: string;
  freezeHeader: boolean;
  /** The fill of group rows (Odoo's grey), none when plain. */
  groupFill?: string;
}

/** Both styles of a layout. */
export interface LayoutStyle {
  text: TextStyle;
  sheet: SheetStyle;
  /** The layout has no CSV of its own: its `csv` is the sheet saved by Excel as "CSV UTF-8". */
  csvIsExcelResave?: boolean;
}

/** A file: its bytes, media type and file-name extension. */
export interface EncodedFile {
  bytes: Buffer;
  contentType: string;
  extension: 'csv' | 'xlsx' | 'xls' | 'txt';
}

const isNumeric = (cell: GridCell): boolean =>
  cell !== null && (cell.t === 'money' || cell.t === 'number' || cell.t === 'int');

function cellText(cell: GridCell, style: TextStyle, isTotal: boolean): string {
  if (cell === null) return '';
  switch (cell.t) {
    case 'text':
      return style.formulaGuard && /^[=+-]/.test(cell.v) ? `'${cell.v}` : cell.v;
    case 'money':
      return style.money(cell.cents, isTotal);
    case 'number':
      return style.number(cell.v);
    case 'int':
      return String(cell.v);
    case 'date':
      return style.date(cell.day);
    case 'datetime':
      return style.datetime(cell.iso);
  }
}

function quoted(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** The ERP's own CSV text (CRLF after every row, as Python's csv and most exporters write). */
function erpCsvText(grid: Grid, style: TextStyle): string {
  const line = (cells: readonly GridCell[], isTotal: boolean): string =>
    cells
      .map((cell) => {
        const value = cellText(cell, style, isTotal);
        if (style.quoting === 'all') return quoted(value);
        if (style.quoting === 'nonnumeric') return isNumeric(cell) ? value : quoted(value);
        return /[",\r\n]/.test(value) ? quoted(value) : value;
      })
      .join(',');
  const headerCells = grid.header.map((header): GridCell => ({ t: 'text', v: header }));
  const lines = [
    ...grid.above.map((r) => line(r.cells, false)),
    line(headerCells, false),
    ...grid.rows.map((r) => line(r.cells, r.style === 'total')),
  ];
  return lines.map((l) => `${l}\r\n`).join('');
}

/** How Excel writes a saved sheet's cells as text, in one regional setting. */
interface ExcelSave {
  separator: string;
  date(day: string): string;
  datetime(iso: string): string;
  money(cents: number): string;
  number(value: number): string;
}

const unitedStates: ExcelSave = {
  separator: '\t',
  date: mdy,
  datetime: (iso) => `${mdy(iso.slice(0, 10))} ${Number(iso.slice(11, 13))}:${iso.slice(14, 16)}`,
  money: plainMoney,
  number: (value) => String(value),
};

const semicolonSettings: ExcelSave = {
  separator: ';',
  date: ddmmyyyy,
  datetime: (iso) => `${ddmmyyyy(iso.slice(0, 10))} ${iso.slice(11, 16)}`,
  money: commaMoney,
  number: (value) => String(value).replace('.', ','),
};

/**
 * The sheet as Excel saves it as text: every row as wide as the widest (Excel writes the used
 * range), a cell quoted when it holds the separator, a quote or a line break, CRLF after each row.
 */
function excelSavedText(grid: Grid, save: ExcelSave): string {
  const all: GridRow[] = [
    ...grid.above,
    { cells: grid.header.map((header): GridCell => ({ t: 'text', v: header })) },
    ...grid.rows,
  ];
  const width = Math.max(...all.map((r) => r.cells.length));
  const needsQuotes = new RegExp(`[${save.separator === '\t' ? '\\t' : save.separator}"\\r\\n]`);
  const cellOf = (cell: GridCell | undefined): string => {
    if (cell === undefined || cell === null) return '';
    switch (cell.t) {
      case 'text':
        return cell.v;
      case 'money':
        return save.money(cell.cents);
      case 'number':
        return save.number(cell.v);
      case 'int':
        return String(cell.v);
      case 'date':
        return save.date(cell.day);
      case 'datetime':
        return save.datetime(cell.iso);
    }
  };
  return all
    .map((r) => {
      const cells: string[] = [];
      for (let i = 0; i < width; i++) {
        const value = cellOf(r.cells[i]);
        cells.push(needsQuotes.test(value) ? quoted(value) : value);
      }
      return `${cells.join(save.separator)}\r\n`;
    })
    .join('');
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})/;

function dateOf(isoDayOrTime: string): Date | null {
  const found = dayPattern.exec(isoDayOrTime);
  if (!found) return null;
  const time = isoDayOrTime.length > 10 ? Date.parse(isoDayOrTime) : Number.NaN;
  return Number.isFinite(time)
    ? new Date(Math.floor(time / 1000) * 1000)
    : new Date(Date.UTC(Number(found[1]), Number(found[2]) - 1, Number(found[3])));
}

/** One XLSX cell of a grid cell. */
function xlsxCell(cell: GridCell, style: SheetStyle, rowStyle: GridRow['style']): XlsxCell {
  const bold = rowStyle !== undefined ? { fontWeight: 'bold' as const } : {};
  const fill =
    rowStyle === 'group' && style.groupFill !== undefined ? { backgroundColor: style.groupFill } : {};
  if (cell === null) return rowStyle === undefined ? null : { ...bold, ...fill };
  switch (cell.t) {
    case 'text':
      return { value: cell.v, type: String, ...bold, ...fill };
    case 'money': {
      const format = rowStyle === 'total' ? (style.totalMoneyFormat ?? style.moneyFormat) : style.moneyFormat;
      return {
        value: Math.round(cell.cents) / 100,
        type: Number,
        ...(format !== undefined ? { format } : {}),
        ...bold,
        ...fill,
      };
    }
    case 'number':
      return {
        value: cell.v,
        type: Number,
        ...(style.numberFormat !== undefined ? { format: style.numberFormat } : {}),
        ...bold,
        ...fill,
      };
    case 'int':
      return { value: cell.v, type: Number, format: '0', ...bold, ...fill };
    case 'date':
    case 'datetime': {
      const value = dateOf(cell.t === 'date' ? cell.day : cell.iso);
      if (value === null) return { value: cell.t === 'date' ? cell.day : cell.iso, type: String };
      return {
        value,
        type: Date,
        format: cell.t === 'date' ? style.dateFormat : style.datetimeFormat,
        ...bold,
        ...fill,
      };
    }
  }
}

/** The grid as an XLSX workbook of one sheet; the same grid gives the same bytes. */
async function gridXlsx(grid: Grid, style: SheetStyle): Promise<Buffer> {
  const above: XlsxCell[][] = grid.above.map((r) => r.cells.map((cell) => xlsxCell(cell, style, undefined)));
  const header: XlsxCell[] = grid.header.map((value) => ({ value, fontWeight: 'bold' }));
  const rows = grid.rows.map((r) => r.cells.map((cell) => xlsxCell(cell, style, r.style)));
  const zip = await writeXlsxFile([...above, header, ...rows], {
    sheet: grid.sheet,
    ...(style.freezeHeader ? { stickyRowsCount: grid.above.length + 1 } : {}),
    columns: grid.header.map((value) => ({ width: Math.max(10, Math.min(40, value.length + 4)) })),
  }).toBuffer();
  return withFixedZipTimes(zip);
}

/** The file of a laid-out register in one format. */
export async function encodeGrid(
  grid: Grid,
  style: LayoutStyle,
  format: RegisterFormat,
  lang: 'en' | 'ar',
): Promise<EncodedFile> {
  switch (format) {
    case 'csv': {
      const textValue = style.csvIsExcelResave
        ? excelSavedText(grid, { ...unitedStates, separator: ',' })
        : erpCsvText(grid, style.text);
      const bom = style.csvIsExcelResave === true || style.text.bom;
      return {
        bytes: Buffer.from(`${bom ? '\ufeff' : ''}${textValue}`, 'utf8'),
        contentType: 'text/csv; charset=utf-8',
        extension: 'csv',
      };
    }
    case 'csv-1256': {
      const textValue = style.csvIsExcelResave
        ? excelSavedText(grid, { ...unitedStates, separator: ',' })
        : erpCsvText(grid, style.text);
      return {
        bytes: encodeWindows1256(textValue),
        contentType: 'text/csv; charset=windows-1256',
        extension: 'csv',
      };
    }
    case 'xlsx':
      return {
        bytes: await gridXlsx(grid, style.sheet),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      };
    case 'xls':
      return {
        bytes: Buffer.from(spreadsheetMl(grid, style.sheet), 'utf8'),
        contentType: 'application/vnd.ms-excel',
        extension: 'xls',
      };
    case 'unicode-text':
      return {
        bytes: Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(excelSavedText(grid, unitedStates), 'utf16le'),
        ]),
        contentType: 'text/plain; charset=utf-16le',
        extension: 'txt',
      };
    case 'csv-semicolon': {
      const textValue = excelSavedText(grid, semicolonSettings);
      return lang === 'ar'
        ? {
            bytes: encodeWindows1256(textValue),
            contentType: 'text/csv; charset=windows-1256',
            extension: 'csv',
          }
        : {
            bytes: Buffer.from(`\ufeff${textValue}`, 'utf8'),
            contentType: 'text/csv; charset=utf-8',
            extension: 'csv',
          };
    }
  }
}
