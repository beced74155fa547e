// Reading an ERP register off the screen's thread: a register of 250,000 rows takes seconds to read,
// and more than a second again to read with a mapping, which on the page's own thread would freeze the
// screen (test/bench/register-read.bench.ts).
// The register worker (./register-worker.ts) reads the file, keeps its table, and reads it again with
// each mapping the clerk tries, so the table crosses at most once (never, for an outline). Where no
// worker can run (a test under happy-dom, a worker that cannot start), the same handler runs on this
// thread (./register-worker-handler.ts), so the two paths cannot read a file differently.
import { UnreadableFileError } from '../../../src-shared/domain/master-data';
import type {
  ReadRegisterOptions,
  RegisterMapping,
  RegisterRead,
  RegisterTable,
} from '../../../src-shared/domain/reconcile';
import { say } from '../../messages/intl';
import { registerFileFormat } from './read-register-file';
import {
  createRegisterWorkerHandler,
  type RegisterFileReply,
  type RegisterTableOutline,
  type RegisterWorkerReply,
  type RegisterWorkerRequest,
  type RegisterWorkerResult,
} from './register-worker-handler';

/** A register file read (its table, and how it was read in the clerk's words), and the key its table is kept under. */
export interface HeldRegisterTable {
  table: RegisterTable;
  /** "CSV, Windows-1256 (Arabic), comma", "Excel, sheet Invoices", "Excel 2003 XML, sheet Invoices". */
  format: string;
  /** The key the worker keeps the table under, for `readRegisterInWorker`. */
  tableId: string;
}

/** A register file read, its rows left with the worker: what the screen needs until the clerk imports. */
export interface HeldRegisterOutline {
  outline: RegisterTableOutline;
  format: string;
  tableId: string;
}

/** How long the worker may take to start before files are read on this thread instead. */
const workerStartMs = 10_000;

/** The worker stopped (or failed) after it started: what it was asked is lost. */
class WorkerLostError extends Error {}

type ReadRequest = Extract<RegisterWorkerRequest, { requestId: number }>;
type ReadReply = Exclude<RegisterWorkerReply, { type: 'ready' }>;

/** Where requests are answered: the worker, or this thread (the same handler, nothing cloned). */
interface Connection {
  /** Sends a request and resolves to its reply; rejects with WorkerLostError when the worker stops first. */
  ask(request: ReadRequest, transfer?: Transferable[]): Promise<ReadReply>;
  tell(request: Extract<RegisterWorkerRequest, { type: 'release' }>): void;
  /** The table kept there, as far as its replies told. */
  keptTableId: string | null;
}

let connection: Promise<Connection> | null = null;
let lastRequestId = 0;
let lastTableId = 0;

/** This thread as a connection: the handler run here. */
function connectHere(): Connection {
  const handle = createRegisterWorkerHandler();
  return {
    async ask(request) {
      const reply = await handle(request);
      if (!reply || reply.type === 'ready') throw new Error('The register handler did not answer.');
      return reply;
    },
    tell: (request) => void handle(request),
    keptTableId: null,
  };
}

/**
 * Starts the worker and waits for it to say it runs; this thread instead when this page has no
 * `Worker`, or the worker cannot be made or does not start (the CSP or a missing file refuses it, it
 * fails to load). Nothing is sent before it runs, so a worker that never starts takes no file with it.
 */
function startWorker(): Promise<Connection> {
  if (typeof Worker === 'undefined') return Promise.resolve(connectHere());
  let worker: Worker;
  try {
    worker = new Worker(new URL('./register-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(connectHere());
  }
  return new Promise((resolve) => {
    const pending = new Map<
      number,
      { resolve: (reply: ReadReply) => void; reject: (error: Error) => void }
    >();
    let isRunning = false;
    const stop = (): void => {
      clearTimeout(startTimer);
      worker.terminate();
      if (!isRunning) return resolve(connectHere());
      // Stopped after it ran: the next read starts a new worker.
      connection = null;
      for (const waiting of pending.values()) waiting.reject(new WorkerLostError());
      pending.clear();
    };
    const startTimer = setTimeout(stop, workerStartMs);
    const running: Connection = {
      ask: (request, transfer = []) =>
        new Promise<ReadReply>((answered, failed) => {
          pending.set(request.requestId, { resolve: answered, reject: failed });
          worker.postMessage(request, transfer);
        }),
      tell: (request) => worker.postMessage(request),
      keptTableId: null,
    };
    worker.addEventListener('message', (event: MessageEvent<RegisterWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'ready') {
        clearTimeout(startTimer);
        isRunning = true;
        resolve(running);
        return;
      }
      const waiting = pending.get(reply.requestId);
      pending.delete(reply.requestId);
      waiting?.resolve(reply);
    });
    worker.addEventListener('error', stop);
    worker.addEventListener('messageerror', stop);
  });
}

function connect(): Promise<Connection> {
  connection ??= startWorker();
  return connection;
}

/** Reads a file where the connection answers; its answer and the key its table is kept under. */
async function readFile(
  name: string,
  buffer: ArrayBuffer,
  options: { headerLine?: number },
  returns: 'table' | 'outline',
): Promise<{ file: RegisterFileReply; tableId: string }> {
  lastTableId += 1;
  lastRequestId += 1;
  const tableId = `register-${lastTableId}`;
  const there = await connect();
  let read: ReadReply;
  try {
    read = await there.ask(
      {
        type: 'read-file',
        requestId: lastRequestId,
        tableId,
        name,
        bytes: buffer,
        returns,
        ...(options.headerLine === undefined ? {} : { headerLine: options.headerLine }),
      },
      [buffer],
    );
  } catch (error) {
    if (!(error instanceof WorkerLostError)) throw error;
    throw new Error(say('reconcile.read.stopped'));
  }
  const result: RegisterWorkerResult<RegisterFileReply> =
    read.type === 'file-read' ? read.result : { ok: false, failure: { reason: 'unexpected' } };
  if (!result.ok) {
    const { failure } = result;
    if (failure.reason === 'unreadable') throw new UnreadableFileError(failure.problem);
    throw new Error(say('reconcile.read.fileUnreadable'));
  }
  there.keptTableId = tableId;
  return { file: result.value, tableId };
}

/**
 * Reads a register file (CSV, SpreadsheetML or XLSX) in the register worker, as the handler's
 * `readRegisterFileData` reads it; `headerLine` is the clerk's choice of the header's line. The buffer is
 * transferred to the worker, not copied: it is empty (detached) once this is called, so pass a copy
 * you may lose (`bufferOf`). The worker keeps the table for `readRegisterInWorker` until the next file.
 * The table whole crosses back to this thread: for 250,000 rows that takes this thread more than a
 * second; `readRegisterOutlineInWorker` leaves the rows in the worker. Throws UnreadableFileError with
 * plain words when the file cannot be read.
 */
export async function readRegisterTableInWorker(
  name: string,
  buffer: ArrayBuffer,
  options: { headerLine?: number } = {},
): Promise<HeldRegisterTable> {
  const { file, tableId } = await readFile(name, buffer, options, 'table');
  if (!('table' in file)) throw new Error(say('reconcile.read.fileUnreadable'));
  return { table: file.table, format: registerFileFormat(file.source), tableId };
}

/**
 * Reads a register file as `readRegisterTableInWorker` does, but answers only its outline (header,
 * rows above it, row count): the rows stay in the worker, for `readRegisterInWorker`.
 */
export async function readRegisterOutlineInWorker(
  name: string,
  buffer: ArrayBuffer,
  options: { headerLine?: number } = {},
): Promise<HeldRegisterOutline> {
  const { file, tableId } = await readFile(name, buffer, options, 'outline');
  if (!('outline' in file)) throw new Error(say('reconcile.read.fileUnreadable'));
  return { outline: file.outline, format: registerFileFormat(file.source), tableId };
}

/**
 * Reads a register table with a mapping (src-shared/domain/reconcile `readRegister`) in the register
 * worker, which keeps the table: only the mapping and options cross, unless the worker keeps another
 * file's table (read since), when a held table is sent with them. When the worker stops meanwhile, a
 * held table is read on this thread; an outline cannot be (its rows were in the worker), and the clerk
 * is asked to choose the file again.
 */
export async function readRegisterInWorker(
  held: HeldRegisterTable | HeldRegisterOutline,
  mapping: RegisterMapping,
  options: ReadRegisterOptions,
): Promise<RegisterRead> {
  const table = 'table' in held ? held.table : undefined;
  const ask = async (
    there: Connection,
    isTableSent: boolean,
  ): Promise<RegisterWorkerResult<RegisterRead>> => {
    lastRequestId += 1;
    const reply = await there.ask({
      type: 'read-register',
      requestId: lastRequestId,
      tableId: held.tableId,
      mapping,
      options,
      ...(isTableSent && table ? { table } : {}),
    });
    return reply.type === 'register-read' ? reply.result : { ok: false, failure: { reason: 'unexpected' } };
  };
  let there = await connect();
  let result: RegisterWorkerResult<RegisterRead>;
  try {
    result = await ask(there, there.keptTableId !== held.tableId);
    if (!result.ok && result.failure.reason === 'table-gone' && table) result = await ask(there, true);
  } catch (error) {
    if (!(error instanceof WorkerLostError)) throw error;
    // The worker stopped: this thread reads the table it holds, if it holds it.
    if (!table) throw new Error(say('reconcile.read.noLongerOpen'));
    there = connectHere();
    result = await ask(there, true);
  }
  if (result.ok) {
    there.keptTableId = held.tableId;
    return result.value;
  }
  if (result.failure.reason === 'table-gone') throw new Error(say('reconcile.read.noLongerOpen'));
  throw new Error(say('reconcile.read.registerUnreadable'));
}

/** Lets the worker forget a table no longer mapped (the import kept or abandoned); nothing when it keeps another. */
export function releaseRegisterTable(held: HeldRegisterTable | HeldRegisterOutline): void {
  void connection?.then((there) => {
    if (there.keptTableId !== held.tableId) return;
    there.keptTableId = null;
    there.tell({ type: 'release', tableId: held.tableId });
  });
}
