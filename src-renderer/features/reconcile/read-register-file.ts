// How a register file was read, in the clerk's words, for the line above its columns: "CSV,
// Windows-1256 (Arabic), comma", "Excel, sheet Invoices", "Excel 2003 XML, sheet Invoices". The file
// itself is read in the register worker (./read-register-in-worker.ts), which answers data only.
import { isolate, say } from '../../messages/intl';
import { csvFormat } from '../master-data/read-file';
import type { RegisterFileSource } from './register-worker-handler';

/** How a register file was read, in the clerk's words (said on the screen's thread, never in the worker). */
export function registerFileFormat(source: RegisterFileSource): string {
  if (source.type === 'xlsx') return say('reconcile.format.xlsx', { sheet: isolate.name(source.sheetName) });
  return source.xmlSheet === null
    ? csvFormat(source)
    : say('reconcile.format.xml', { sheet: isolate.name(source.xmlSheet) });
}
