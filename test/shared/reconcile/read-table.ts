import readXlsxFile from 'read-excel-file/node';
import type { CsvRow } from '../../../src-shared/domain/master-data';
import {
  readRegisterFile,
  registerTableFromRows,
  type RegisterTable,
} from '../../../src-shared/domain/reconcile';

/** A spreadsheet cell as the renderer turns it into text (src-renderer/features/master-data/read-file.ts). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return String(value);
}

/**
 * A register file as the import reads it, in Node: CSV and SpreadsheetML through the shared reader,
 * XLSX through read-excel-file's Node build (the renderer uses its universal build), its first sheet
 * with something in it.
 */
export async function readRegisterTableInNode(name: string, bytes: Buffer): Promise<RegisterTable> {
  if (!name.endsWith('.xlsx')) return readRegisterFile(new Uint8Array(bytes)).table;
  const sheets = await readXlsxFile(bytes);
  const sheet = sheets.find((each) => each.data.some((row) => row.some((cell) => cellText(cell) !== '')));
  const rows: CsvRow[] = (sheet?.data ?? []).map((row, index) => ({
    line: index + 1,
    cells: row.map(cellText),
  }));
  return registerTableFromRows(rows);
}
