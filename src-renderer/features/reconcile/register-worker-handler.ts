// The register worker's one contract and its work, as plain functions: the messages the main thread
// and the worker exchange (./read-register-in-worker.ts and ./register-worker.ts are both typed from
// them), and the answers, which the main thread also gives itself when it has no worker, so the two
// paths cannot read a file differently. Answers are data: every word a clerk reads is made on the main
// thread, the shared reader's UnreadableFileError as its `problem` (words/file-problem-words.ts).
import {
  UnreadableFileError,
  type CsvDelimiter,
  type FileProblem,
  type TextEncodingName,
} from '../../../src-shared/domain/master-data';
import {
  readRegister,
  readRegisterFile,
  registerTableFromRows,
  type ReadRegisterOptions,
  type RegisterMapping,
  type RegisterRead,
  type RegisterTable,
} from '../../../src-shared/domain/reconcile';
import { isXlsx, readXlsxRows } from '../master-data/read-file';

/** How a register file was read: a text file (CSV, or SpreadsheetML when `xmlSheet` is set), or an XLSX sheet. */
export type RegisterFileSource =
  | {
      type: 'text';
      encoding: TextEncodingName;
      hasBom: boolean;
      delimiter: CsvDelimiter;
      /** The sheet's name when the file was a SpreadsheetML 2003 workbook (NetSuite's `.xls`). */
      xmlSheet: string | null;
    }
  | { type: 'xlsx'; sheetName: string };

/** How a text file was read, as a source: what a register's and a salesperson list's readers answer. */
export function textFileSource(read: {
  encoding: TextEncodingName;
  hasBom: boolean;
  delimiter: CsvDelimiter;
  xmlSheet: string | null;
}): RegisterFileSource {
  return {
    type: 'text',
    encoding: read.encoding,
    hasBom: read.hasBom,
    delimiter: read.delimiter,
    xmlSheet: read.xmlSheet,
  };
}

/** A register file read: its table, and how it was read. */
export interface RegisterFileData {
  table: RegisterTable;
  source: RegisterFileSource;
}

/**
 * A register table without its rows: what the screen shows of a file (its header, where it was found,
 * what was above it, how many rows) while the rows stay with the worker: a table of 250,000 rows takes
 * the thread it is sent to more than a second to take in, the screen frozen meanwhile (measured by
 * test/bench/register-read.bench.ts).
 */
export interface RegisterTableOutline extends Omit<RegisterTable, 'rows'> {
  rowCount: number;
  /** The first rows under the header (the clerk picks the header's line among them and those above). */
  firstRows: RegisterTable['rows'];
}

/** A file read, as the main thread asked it back: with its table whole, or its outline. */
export type RegisterFileReply =
  | { source: RegisterFileSource; table: RegisterTable }
  | { source: RegisterFileSource; outline: RegisterTableOutline };

/** What the main thread asks the worker. */
export type RegisterWorkerRequest =
  | {
      /** Read a file; keep its table under `tableId` (instead of the one kept before). */
      type: 'read-file';
      requestId: number;
      tableId: string;
      name: string;
      /** The file's bytes, transferred: the sender's buffer is detached. */
      bytes: ArrayBuffer;
      /** The clerk's choice of the header's line; found from the file when absent. */
      headerLine?: number;
      /** What to send back: the table whole, or its outline (the rows stay in the worker). */
      returns: 'table' | 'outline';
    }
  | {
      /** Read the table kept under `tableId` with a mapping; `table` is sent only when it is not kept. */
      type: 'read-register';
      requestId: number;
      tableId: string;
      table?: RegisterTable;
      mapping: RegisterMapping;
      options: ReadRegisterOptions;
    }
  | {
      /** Forget the table kept under `tableId`, if it is that one. */
      type: 'release';
      tableId: string;
    };

/**
 * Why the worker did not do what was asked: the file cannot be read (the reader's problem and its
 * values), the table asked for is not the one kept, or something went wrong that has no words for a
 * clerk (a fault of the desk, logged in the worker).
 */
export type RegisterWorkerFailure =
  { reason: 'unreadable'; problem: FileProblem } | { reason: 'table-gone' } | { reason: 'unexpected' };

/** A request's result: its value, or why not. */
export type RegisterWorkerResult<T> = { ok: true; value: T } | { ok: false; failure: RegisterWorkerFailure };

/** What the worker answers: that it runs (once, first), then one answer per `read-*` request. */
export type RegisterWorkerReply =
  | { type: 'ready' }
  | { type: 'file-read'; requestId: number; result: RegisterWorkerResult<RegisterFileReply> }
  | { type: 'register-read'; requestId: number; result: RegisterWorkerResult<RegisterRead> };

/**
 * Reads a register file's bytes into its table: XLSX through read-excel-file, CSV and SpreadsheetML
 * through the shared reader. Throws UnreadableFileError.
 */
export async function readRegisterFileData(
  name: string,
  buffer: ArrayBuffer,
  headerLine: number | undefined,
): Promise<RegisterFileData> {
  const bytes = new Uint8Array(buffer);
  const options = headerLine === undefined ? {} : { headerLine };
  if (isXlsx(name, bytes)) {
    const { rows, sheetName } = await readXlsxRows(buffer);
    return { table: registerTableFromRows(rows, options), source: { type: 'xlsx', sheetName } };
  }
  const read = readRegisterFile(bytes, options);
  return { table: read.table, source: textFileSource(read) };
}

/** How many rows under the header an outline carries. */
const outlineRows = 3;

function failureOf(error: unknown): RegisterWorkerFailure {
  if (error instanceof UnreadableFileError) return { reason: 'unreadable', problem: error.problem };
  console.error('register worker: a request failed', error);
  return { reason: 'unexpected' };
}

/**
 * The worker's work: answers each request, keeping the table of the last file read (the one a clerk
 * maps) so that reading it again with another mapping sends only the mapping. `release` has no answer.
 */
export function createRegisterWorkerHandler(): (
  request: RegisterWorkerRequest,
) => Promise<RegisterWorkerReply | null> {
  let kept: { tableId: string; table: RegisterTable } | null = null;
  return async (request) => {
    switch (request.type) {
      case 'read-file': {
        const { requestId } = request;
        try {
          const { table, source } = await readRegisterFileData(
            request.name,
            request.bytes,
            request.headerLine,
          );
          kept = { tableId: request.tableId, table };
          const { rows, ...outline } = table;
          const value: RegisterFileReply =
            request.returns === 'table'
              ? { source, table }
              : {
                  source,
                  outline: { ...outline, rowCount: rows.length, firstRows: rows.slice(0, outlineRows) },
                };
          return { type: 'file-read', requestId, result: { ok: true, value } };
        } catch (error) {
          return { type: 'file-read', requestId, result: { ok: false, failure: failureOf(error) } };
        }
      }
      case 'read-register': {
        const { requestId } = request;
        if (request.table) kept = { tableId: request.tableId, table: request.table };
        if (kept?.tableId !== request.tableId)
          return {
            type: 'register-read',
            requestId,
            result: { ok: false, failure: { reason: 'table-gone' } },
          };
        try {
          const read = readRegister(kept.table, request.mapping, request.options);
          return { type: 'register-read', requestId, result: { ok: true, value: read } };
        } catch (error) {
          return { type: 'register-read', requestId, result: { ok: false, failure: failureOf(error) } };
        }
      }
      case 'release':
        if (kept?.tableId === request.tableId) kept = null;
        return null;
    }
  };
}
