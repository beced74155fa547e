// Reads a chosen export into the domain's table: CSV through the shared reader (encoding and
// delimiter found from the file), XLSX through read-excel-file's universal build (no Web Worker of its
// own; its unzipper's, which the strict CSP refuses, is kept from starting: `storedWorkbook`), its
// cells turned into the text a CSV would hold.
import { unzipSync, zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/universal';
import {
  importRowLimit,
  readCsvFile,
  tableFromRows,
  UnreadableFileError,
  type CsvRow,
  type ImportTable,
} from '../../../src-shared/domain/master-data';
import type { MessageId } from '../../messages/catalogue';
import { isolate, say } from '../../messages/intl';

/** A file as read, with what the clerk should know about how. */
export interface ReadFile {
  table: ImportTable;
  /** "CSV, UTF-8, comma", "Excel, sheet Customers". */
  format: string;
}

/** How a file was read, as data: said as its format (`formatWords`) whenever it is shown. */
export type FileReading =
  { type: 'csv'; encoding: string; hasBom: boolean; delimiter: string } | { type: 'xlsx'; sheetName: string };

const delimiterNames: Readonly<Record<string, MessageId>> = {
  ',': 'masterData.format.comma',
  ';': 'masterData.format.semicolon',
  '\t': 'masterData.format.tab',
  '|': 'masterData.format.pipe',
};

/** A spreadsheet cell as CSV text: dates as `YYYY-MM-DD` (or an ISO time when they carry one), numbers plain. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** How a CSV file was read, in the clerk's words: "CSV, UTF-8 with BOM, comma". */
export function csvFormat(read: { encoding: string; hasBom: boolean; delimiter: string }): string {
  const encoding =
    read.encoding === 'utf-8'
      ? read.hasBom
        ? say('masterData.format.utf8Bom')
        : 'UTF-8'
      : read.encoding === 'windows-1256'
        ? say('masterData.format.windows1256')
        : read.encoding.toUpperCase();
  const delimiter = delimiterNames[read.delimiter];
  return say('masterData.format.csv', {
    encoding,
    delimiter: delimiter === undefined ? isolate.ltr(read.delimiter) : say(delimiter),
  });
}

/** How a file was read, in the clerk's words now: "CSV, UTF-8, comma", "Excel, sheet Customers". */
export function formatWords(reading: FileReading): string {
  return reading.type === 'csv'
    ? csvFormat(reading)
    : say('masterData.format.xlsx', { sheet: isolate.name(reading.sheetName) });
}

/** Whether a chosen file is an XLSX workbook: by its name, or a ZIP's first bytes. */
export function isXlsx(name: string, bytes: Uint8Array): boolean {
  return (
    /\.xlsx$/i.test(name) ||
    (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
  );
}

/**
 * The workbook's XML parts stored without compression. read-excel-file unzips with fflate, which
 * inflates a part of 512 KB or more (a sheet of some 5,000 rows) in a Worker made from a `blob:` URL:
 * the CSP refuses it (`worker-src` falls back to `script-src 'self'`), no error reaches
 * read-excel-file, and the read never ends. Inflated here, in the calling thread, nothing is left for
 * fflate to inflate.
 */
function storedWorkbook(buffer: ArrayBuffer): ArrayBuffer {
  const parts = unzipSync(new Uint8Array(buffer), {
    filter: (file) => /\.xml(\.rels)?$|\.rels$/.test(file.name),
  });
  const stored = zipSync(parts, { level: 0 });
  return stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength);
}

/**
 * The rows of an XLSX file's first sheet that holds anything, as CSV text cells, and the sheet's name.
 * Throws UnreadableFileError (its `problem`, words/file-problem-words.ts) when it cannot be read.
 */
export async function readXlsxRows(buffer: ArrayBuffer): Promise<{ rows: CsvRow[]; sheetName: string }> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(storedWorkbook(buffer));
  } catch {
    throw new UnreadableFileError({ code: 'excel-unreadable' });
  }
  const sheet =
    sheets.find((s) => s.data.some((row) => row.some((cell) => cellText(cell).trim() !== ''))) ?? sheets[0];
  if (!sheet) throw new UnreadableFileError({ code: 'no-sheets' });
  const rows: CsvRow[] = sheet.data.map((row, index) => ({ line: index + 1, cells: row.map(cellText) }));
  return { rows, sheetName: sheet.sheet };
}

/** How a CSV or XLSX export reads: its table and how it was read. Throws UnreadableFileError (its `problem`). */
export async function readImportTable(
  name: string,
  buffer: ArrayBuffer,
): Promise<{ table: ImportTable; reading: FileReading }> {
  const bytes = new Uint8Array(buffer);
  if (!isXlsx(name, bytes)) {
    const { table, encoding, hasBom, delimiter } = readCsvFile(bytes, { limit: importRowLimit });
    return { table, reading: { type: 'csv', encoding, hasBom, delimiter } };
  }
  const { rows, sheetName } = await readXlsxRows(buffer);
  return { table: tableFromRows(rows, importRowLimit), reading: { type: 'xlsx', sheetName } };
}

/** Reads a CSV or XLSX export; throws UnreadableFileError (its `problem`) when it cannot. */
export async function readImportFile(name: string, buffer: ArrayBuffer): Promise<ReadFile> {
  const { table, reading } = await readImportTable(name, buffer);
  return { table, format: formatWords(reading) };
}
