// Reads a chosen ERP register into a table: CSV through the shared register reader (UTF-8, UTF-16 or
// Windows-1256; delimiter found from the file), XLSX through read-excel-file, its cells turned into
// the text a CSV would hold, exactly as the Master data import reads an export.
import type { ImportTable } from '../../../src-shared/domain/master-data';
import { readRegisterFile, registerTableFromRows } from '../../../src-shared/domain/reconcile';
import { csvFormat, isXlsx, readXlsxRows } from '../master-data/read-file';

/** A register file as read, and how, in the clerk's words. */
export interface ReadRegisterTable {
  table: ImportTable;
  /** "CSV, Windows-1256 (Arabic), comma", "Excel, sheet Invoices". */
  format: string;
}

/** Reads a CSV or XLSX register; throws UnreadableFileError with plain words when it cannot. */
export async function readRegisterTable(name: string, buffer: ArrayBuffer): Promise<ReadRegisterTable> {
  const bytes = new Uint8Array(buffer);
  if (!isXlsx(name, bytes)) {
    const read = readRegisterFile(bytes);
    return { table: read.table, format: csvFormat(read) };
  }
  const { rows, sheetName } = await readXlsxRows(buffer);
  return { table: registerTableFromRows(rows), format: `Excel, sheet ${sheetName}` };
}
