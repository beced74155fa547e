/**
 * The one shape every imported file takes before mapping: a header row and data rows of text
 * cells, each with the line (CSV) or row (XLSX) it came from. CSV files are read here; XLSX files
 * are read in the renderer (a spreadsheet reader is a runtime package) and handed over as rows of
 * cells through `tableFromRows`.
 */
import { detectDelimiter, parseCsv, type CsvDelimiter, type CsvRow } from './csv';
import { decodeText, UnreadableFileError, type TextEncodingName } from './text';

/** A file as rows of text cells under a header. */
export interface ImportTable {
  headers: string[];
  /** Data rows; `line` is the file's own line or sheet row (1-based), the header being the first. */
  rows: CsvRow[];
}

/** A CSV file read: its table and how it was read. */
export interface CsvFileRead {
  table: ImportTable;
  encoding: TextEncodingName;
  hasBom: boolean;
  delimiter: CsvDelimiter;
}

/** The most data rows one file may hold (a push plan crosses the bridge whole; see ./push-plan.ts). */
export const maxImportRows = 20_000;

/** Whether every cell of a row is empty once trimmed. */
export function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** How many data rows a file may hold, and which reader's limit it is (the clerk is told how to split). */
export interface RowLimit {
  maxRows: number;
  of: 'import' | 'register';
}

/** The master-data import's limit (`maxImportRows`). */
export const importRowLimit: RowLimit = { maxRows: maxImportRows, of: 'import' };

/**
 * A table from rows of cells: the first row that is not blank is the header; blank rows are
 * dropped; every cell is trimmed (ERP exports pad fixed-width columns with spaces). More data rows
 * than `limit` allows is UnreadableFileError `too-many-rows`.
 */
export function tableFromRows(rows: readonly CsvRow[], limit: RowLimit = importRowLimit): ImportTable {
  const kept = rows.filter((row) => !isBlank(row.cells));
  const [header, ...data] = kept;
  if (!header) throw new UnreadableFileError({ code: 'no-rows' });
  if (data.length > limit.maxRows)
    throw new UnreadableFileError({
      code: 'too-many-rows',
      rows: data.length,
      most: limit.maxRows,
      of: limit.of,
    });
  return {
    headers: header.cells.map((cell) => cell.trim()),
    rows: data.map((row) => ({ line: row.line, cells: row.cells.map((cell) => cell.trim()) })),
  };
}

/**
 * The rows of CSV text (./csv.ts `parseCsv`); a quoted cell never closed is UnreadableFileError
 * `unclosed-quote` with its line.
 */
export function csvRowsOf(text: string, delimiter: CsvDelimiter): CsvRow[] {
  const parsed = parseCsv(text, delimiter);
  if (parsed.unclosedQuoteLine !== null) {
    throw new UnreadableFileError({ code: 'unclosed-quote', line: parsed.unclosedQuoteLine });
  }
  return parsed.rows;
}

/**
 * Reads a CSV export: encoding (./text.ts), delimiter (given, or found from the file) and rows.
 * Throws UnreadableFileError (its `problem`) when the file cannot be read.
 */
export function readCsvFile(
  bytes: Uint8Array,
  options: { delimiter?: CsvDelimiter; limit?: RowLimit } = {},
): CsvFileRead {
  const decoded = decodeText(bytes);
  const delimiter = options.delimiter ?? detectDelimiter(decoded.text);
  return {
    table: tableFromRows(csvRowsOf(decoded.text, delimiter), options.limit),
    encoding: decoded.encoding,
    hasBom: decoded.hasBom,
    delimiter,
  };
}
