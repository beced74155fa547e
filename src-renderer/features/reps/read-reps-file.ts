// Reads the ERP's salesperson export the way Master data's import and the Reconcile register read
// their files: XLSX through read-excel-file (../master-data/read-file.ts `readXlsxRows`), CSV in any
// encoding the desk reads and SpreadsheetML through the shared reader, the header found under any title
// by the salesperson words (src-shared/domain/rep-names.ts). An export of reps is a few hundred rows,
// read on this thread. Refusals are said from the catalogue by their code.
import { UnreadableFileError } from '../../../src-shared/domain/master-data';
import type { RegisterTable } from '../../../src-shared/domain/reconcile';
import { readRepNamesFile, repNamesTableFromRows } from '../../../src-shared/domain/rep-names';
import { say } from '../../messages/intl';
import { isXlsx, readXlsxRows } from '../master-data/read-file';
import { textFileSource, type RegisterFileSource } from '../reconcile/register-worker-handler';

/** A salesperson export as read: its table under the header found, and how it was read. */
export interface RepsFileRead {
  table: RegisterTable;
  source: RegisterFileSource;
}

/** Why a file cannot be read, in the clerk's words, by the reader's code. */
function refusalWords(error: UnreadableFileError): string {
  switch (error.code) {
    case 'EMPTY':
      return say('reps.read.empty');
    case 'SPREADSHEET':
      return say('reps.read.oldExcel');
    case 'BINARY':
    case 'ENCODING':
    case 'MALFORMED':
      return say('reps.read.notText');
    case 'TOO_LARGE':
      return say('reps.read.tooLarge');
  }
}

/** The shared reader's work, its refusal (said in English) said again in the clerk's words. */
function saidIfRefused<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnreadableFileError) throw new Error(refusalWords(error));
    throw error;
  }
}

/** Reads a salesperson export; throws an Error in the clerk's words when it cannot. */
export async function readRepsFile(name: string, buffer: ArrayBuffer): Promise<RepsFileRead> {
  const bytes = new Uint8Array(buffer);
  if (isXlsx(name, bytes)) {
    // readXlsxRows says its own refusals (Master data's words).
    const { rows, sheetName } = await readXlsxRows(buffer);
    return {
      table: saidIfRefused(() => repNamesTableFromRows(rows)),
      source: { type: 'xlsx', sheetName },
    };
  }
  const read = saidIfRefused(() => readRepNamesFile(bytes));
  return { table: read.table, source: textFileSource(read) };
}
