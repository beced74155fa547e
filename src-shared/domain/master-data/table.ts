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

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * A table from rows of cells: the first row that is not blank is the header; blank rows are
 * dropped; every cell is trimmed (ERP exports pad fixed-width columns with spaces).
 */
export function tableFromRows(rows: readonly CsvRow[]): ImportTable {
  const kept = rows.filter((row) => !isBlank(row.cells));
  const [header, ...data] = kept;
  if (!header) throw new UnreadableFileError('EMPTY', 'The file has no rows.');
  if (data.length > maxImportRows) {
    throw new UnreadableFileError(
      'TOO_LARGE',
      `The file has ${data.length} rows; the desk takes at most ${maxImportRows} per file. Split the export.`,
    );
  }
  return {
    headers: header.cells.map((cell) => cell.trim()),
    rows: data.map((row) => ({ line: row.line, cells: row.cells.map((cell) => cell.trim()) })),
  };
}

/**
 * Reads a CSV export: encoding (./text.ts), delimiter (given, or found from the file) and rows.
 * Throws UnreadableFileError with plain words when the file cannot be read.
 */
export function readCsvFile(bytes: Uint8Array, options: { delimiter?: CsvDelimiter } = {}): CsvFileRead {
  const decoded = decodeText(bytes);
  const delimiter = options.delimiter ?? detectDelimiter(decoded.text);
  const parsed = parseCsv(decoded.text, delimiter);
  if (parsed.unclosedQuoteLine !== null) {
    throw new UnreadableFileError(
      'MALFORMED',
      `A quoted cell that starts on line ${parsed.unclosedQuoteLine} is never closed. Check the export's quotes.`,
    );
  }
  return { table: tableFromRows(parsed.rows), encoding: decoded.encoding, hasBom: decoded.hasBom, delimiter };
}
