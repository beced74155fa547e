// Reads a chosen ERP register into a table: CSV through the shared register reader (UTF-8, UTF-16 or
// Windows-1256; delimiter found from the file), XLSX through read-excel-file, its cells turned into
// the text a CSV would hold, exactly as the Master data import reads an export.
import readXlsxFile from 'read-excel-file/universal';
import type { CsvRow, ImportTable } from '../../../src-shared/domain/master-data';
import { UnreadableFileError } from '../../../src-shared/domain/master-data';
import { readRegisterFile, registerTableFromRows } from '../../../src-shared/domain/reconcile';
import { cellText } from '../master-data/read-file';

/** A register file as read, and how, in the clerk's words. */
export interface ReadRegisterTable {
  table: ImportTable;
  /** "CSV, Windows-1256 (Arabic), comma", "Excel, sheet Invoices". */
  format: string;
}

const delimiterNames: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
const encodingNames: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
  'windows-1256': 'Windows-1256 (Arabic)',
};

/** Reads a CSV or XLSX register; throws UnreadableFileError with plain words when it cannot. */
export async function readRegisterTable(name: string, buffer: ArrayBuffer): Promise<ReadRegisterTable> {
  const bytes = new Uint8Array(buffer);
  const isXlsx = /\.xlsx$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (!isXlsx) {
    const read = readRegisterFile(bytes);
    return {
      table: read.table,
      format: `CSV, ${encodingNames[read.encoding] ?? read.encoding}, ${delimiterNames[read.delimiter] ?? read.delimiter}`,
    };
  }
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(buffer);
  } catch {
    throw new UnreadableFileError(
      'SPREADSHEET',
      'The Excel file cannot be read. Save it again as .xlsx (Excel 2007 or later), or export CSV.',
    );
  }
  const sheet =
    sheets.find((s) => s.data.some((row) => row.some((cell) => cellText(cell).trim() !== ''))) ?? sheets[0];
  if (!sheet) throw new UnreadableFileError('EMPTY', 'The Excel file has no sheets.');
  const rows: CsvRow[] = sheet.data.map((row, index) => ({ line: index + 1, cells: row.map(cellText) }));
  return { table: registerTableFromRows(rows), format: `Excel, sheet ${sheet.sheet}` };
}
