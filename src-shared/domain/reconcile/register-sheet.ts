/**
 * A register file as a table: the header row found under whatever an export puts above it (a
 * company name, a report title, a date range, ERPNext's filter rows), and the file read whatever it
 * is: CSV in any encoding the desk reads (../master-data/table.ts), or SpreadsheetML 2003, the XML
 * that NetSuite and older tools save as `.xls`. XLSX is read in the renderer and handed over as rows.
 */
import type { CsvDelimiter, CsvRow } from '../master-data/csv';
import { detectDelimiter } from '../master-data/csv';
import { csvRowsOf, isBlank, type CsvFileRead, type ImportTable, type RowLimit } from '../master-data/table';
import { decodeText, UnreadableFileError } from '../master-data/text';
import { foldToken } from '../text/fold';
import { foldedSynonyms, registerFields, type RegisterField } from './register-words';

/**
 * The most lines one register may hold. Larger than the master-data import's: a register is compared
 * on this computer and never crosses the bridge as a push plan does. A line-per-item export of about
 * 60,000 documents has about 250,000 rows.
 */
export const maxRegisterLines = 250_000;

/** The register's row limit (../master-data/table.ts `RowLimit`). */
export const registerRowLimit: RowLimit = { maxRows: maxRegisterLines, of: 'register' };

/** A register table: the header, the data rows under it, and what was above it. */
export interface RegisterTable extends ImportTable {
  /** The header's line in the file (or row in the sheet), 1-based. */
  headerLine: number;
  /** Rows above the header that hold something (a title, a date range, filters): left out. */
  rowsAbove: CsvRow[];
}

/** How many rows from the top the header is looked for in. */
const headerSearchRows = 40;

const fieldOfWord = new Map<string, RegisterField>();
for (const field of registerFields)
  for (const word of foldedSynonyms(field)) if (!fieldOfWord.has(word)) fieldOfWord.set(word, field);

/**
 * How likely a row of cells is a file's header: how many of the columns wanted its cells name (at least
 * two make a header). The register's counts register columns; other ERP exports read through this file
 * (a salesperson export: ../rep-names.ts) bring their own.
 */
export type HeaderScore = (cells: readonly string[]) => number;

/** How many register columns a row's cells name: the more, the likelier it is the header. */
function headerScore(cells: readonly string[]): number {
  const fields = new Set<RegisterField>();
  for (const cell of cells) {
    if (cell.length > 60) continue;
    const field = fieldOfWord.get(foldToken(cell));
    if (field) fields.add(field);
  }
  return fields.size;
}

/**
 * The header row among the first rows: the one naming the most register columns (at least two; the
 * first such row on a tie), else the first row that is not blank. `headerLine`, when given, is the
 * clerk's choice and wins. `score` counts another export's columns instead of a register's.
 */
export function findHeaderIndex(
  rows: readonly CsvRow[],
  headerLine?: number,
  score: HeaderScore = headerScore,
): number {
  if (headerLine !== undefined) {
    const chosen = rows.findIndex((row) => row.line === headerLine && !isBlank(row.cells));
    if (chosen >= 0) return chosen;
  }
  let best = { index: -1, score: 1 };
  for (let i = 0; i < rows.length && i < headerSearchRows; i += 1) {
    const row = rows[i]!;
    if (isBlank(row.cells)) continue;
    const named = score(row.cells);
    if (named > best.score) best = { index: i, score: named };
  }
  if (best.index >= 0) return best.index;
  return rows.findIndex((row) => !isBlank(row.cells));
}

/**
 * A register table from rows of cells (a CSV file's, or an XLSX sheet's): the header found under any
 * preamble (`findHeaderIndex`), blank rows dropped, cells trimmed. Throws UnreadableFileError
 * (`no-rows`, `too-many-rows`).
 */
export function registerTableFromRows(
  rows: readonly CsvRow[],
  options: { headerLine?: number; headerScore?: HeaderScore } = {},
): RegisterTable {
  const index = findHeaderIndex(rows, options.headerLine, options.headerScore);
  const header = rows[index];
  if (index < 0 || !header) throw new UnreadableFileError({ code: 'no-rows' });
  const data: CsvRow[] = [];
  for (let i = index + 1; i < rows.length; i += 1) {
    const row = rows[i]!;
    // Trimmed once; a row of blank cells is dropped.
    const cells = row.cells.map((cell) => cell.trim());
    if (cells.some((cell) => cell !== '')) data.push({ line: row.line, cells });
  }
  if (data.length > registerRowLimit.maxRows)
    throw new UnreadableFileError({
      code: 'too-many-rows',
      rows: data.length,
      most: registerRowLimit.maxRows,
      of: registerRowLimit.of,
    });
  return {
    headers: header.cells.map((cell) => cell.trim()),
    rows: data,
    headerLine: header.line,
    rowsAbove: rows.slice(0, index).filter((row) => !isBlank(row.cells)),
  };
}

// ---------------------------------------------------------------------------------------------
// SpreadsheetML 2003 (NetSuite's ".xls")
// ---------------------------------------------------------------------------------------------

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(raw: string): string {
  return raw.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return xmlEntities[name.toLowerCase()] ?? whole;
  });
}

/** Whether decoded text is a SpreadsheetML 2003 workbook. */
export function isSpreadsheetXml(text: string): boolean {
  const head = text.slice(0, 4096);
  return (
    /<\?xml/i.test(head) && /urn:schemas-microsoft-com:office:spreadsheet/.test(text.slice(0, 64 * 1024))
  );
}

/**
 * The rows of the first worksheet of a SpreadsheetML 2003 workbook, as text cells: `ss:Index` gaps
 * kept, `DateTime` cells as `YYYY-MM-DD` (with the time when it is not midnight), numbers as written.
 * Rows are numbered as the sheet numbers them (`ss:Index` on a row moves the count).
 */
export function spreadsheetXmlRows(text: string): { rows: CsvRow[]; sheetName: string } {
  const sheet = /<(?:ss:)?Worksheet\b([^>]*)>([\s\S]*?)<\/(?:ss:)?Worksheet>/.exec(text);
  if (!sheet) throw new UnreadableFileError({ code: 'workbook-without-sheet' });
  const sheetName = xmlText(/(?:ss:)?Name="([^"]*)"/.exec(sheet[1] ?? '')?.[1] ?? 'Sheet1');
  const rows: CsvRow[] = [];
  let line = 0;
  for (const row of (sheet[2] ?? '').matchAll(/<(?:ss:)?Row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:ss:)?Row>)/g)) {
    const rowIndex = /(?:ss:)?Index="(\d+)"/.exec(row[1] ?? '');
    line = rowIndex ? Number(rowIndex[1]) : line + 1;
    const cells: string[] = [];
    for (const cell of (row[2] ?? '').matchAll(
      /<(?:ss:)?Cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:ss:)?Cell>)/g,
    )) {
      const cellIndex = /(?:ss:)?Index="(\d+)"/.exec(cell[1] ?? '');
      if (cellIndex) while (cells.length < Number(cellIndex[1]) - 1) cells.push('');
      const data = /<(?:ss:)?Data\b([^>]*)>([\s\S]*?)<\/(?:ss:)?Data>/.exec(cell[2] ?? '');
      let value = data ? xmlText(data[2] ?? '') : '';
      if (data && /Type="DateTime"/.test(data[1] ?? '')) {
        const moment = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(value);
        if (moment) value = moment[2] === '00:00:00' ? (moment[1] ?? value) : `${moment[1]} ${moment[2]}`;
      }
      cells.push(value);
      const across = /(?:ss:)?MergeAcross="(\d+)"/.exec(cell[1] ?? '');
      if (across) for (let i = 0; i < Number(across[1]); i += 1) cells.push('');
    }
    rows.push({ line, cells });
  }
  return { rows, sheetName };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** A register file read: its table and how it was read. */
export interface RegisterFileRead extends CsvFileRead {
  table: RegisterTable;
  /** The sheet's name when the file was a SpreadsheetML workbook (`.xls` from NetSuite), else null. */
  xmlSheet: string | null;
}

/** An old binary Excel file (BIFF in an OLE container). */
const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Reads a register exported as CSV (UTF-8, UTF-16 or Windows-1256; delimiter given or found) or as
 * SpreadsheetML 2003 XML, its header found under any preamble (by `headerScore`'s columns when given,
 * else a register's). Throws UnreadableFileError (its `problem`) when the file cannot be read.
 */
export function readRegisterFile(
  bytes: Uint8Array,
  options: { delimiter?: CsvDelimiter; headerLine?: number; headerScore?: HeaderScore } = {},
): RegisterFileRead {
  if (oleSignature.every((byte, index) => bytes[index] === byte))
    throw new UnreadableFileError({ code: 'old-xls' });
  const decoded = decodeText(bytes);
  if (isSpreadsheetXml(decoded.text)) {
    const { rows, sheetName } = spreadsheetXmlRows(decoded.text);
    return {
      encoding: decoded.encoding,
      hasBom: decoded.hasBom,
      delimiter: ',',
      xmlSheet: sheetName,
      table: registerTableFromRows(rows, options),
    };
  }
  const delimiter = options.delimiter ?? detectDelimiter(afterPreamble(decoded.text));
  return {
    encoding: decoded.encoding,
    hasBom: decoded.hasBom,
    delimiter,
    xmlSheet: null,
    table: registerTableFromRows(csvRowsOf(decoded.text, delimiter), options),
  };
}

/**
 * The text from the first line that looks like a row of several cells: report titles above the
 * header (one cell each) would otherwise make the delimiter look like none.
 */
function afterPreamble(text: string): string {
  const lines = /[^\r\n]*(?:\r\n|\n|\r|$)/g;
  let count = 0;
  for (
    let match = lines.exec(text);
    match && match[0] !== '' && count < headerSearchRows;
    match = lines.exec(text)
  ) {
    if ((match[0].match(/[,;\t|]/g) ?? []).length >= 2) return text.slice(match.index);
    count += 1;
  }
  return text;
}
