// Reads a chosen ERP register into a table, its header found under any rows above it: CSV and
// SpreadsheetML 2003 (NetSuite's ".xls") through the shared register reader (UTF-8, UTF-16 or
// Windows-1256; delimiter found from the file), XLSX through read-excel-file, its cells turned into the
// text a CSV would hold (date cells as YYYY-MM-DD), exactly as the Master data import reads an export.
import {
  readRegisterFile,
  registerTableFromRows,
  type RegisterTable,
} from '../../../src-shared/domain/reconcile';
import { csvFormat, isXlsx, readXlsxRows } from '../master-data/read-file';

/** A register file as read, and how, in the clerk's words. */
export interface ReadRegisterTable {
  table: RegisterTable;
  /** "CSV, Windows-1256 (Arabic), comma", "Excel, sheet Invoices", "Excel 2003 XML, sheet Invoices". */
  format: string;
}

/**
 * Reads a CSV, SpreadsheetML or XLSX register; `headerLine` is the clerk's choice of the header's
 * line. Throws UnreadableFileError with plain words when it cannot.
 */
export async function readRegisterTable(
  name: string,
  buffer: ArrayBuffer,
  options: { headerLine?: number } = {},
): Promise<ReadRegisterTable> {
  const bytes = new Uint8Array(buffer);
  if (!isXlsx(name, bytes)) {
    const read = readRegisterFile(bytes, options);
    return {
      table: read.table,
      format: read.xmlSheet === null ? csvFormat(read) : `Excel 2003 XML, sheet ${read.xmlSheet}`,
    };
  }
  const { rows, sheetName } = await readXlsxRows(buffer);
  return { table: registerTableFromRows(rows, options), format: `Excel, sheet ${sheetName}` };
}
