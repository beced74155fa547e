// A page for test/e2e/register-worker.e2e.ts: built by Vite with the renderer's config and served under
// the app's CSP (this folder's index.html carries the app's own meta; the hosts add theirs), it reads
// registers through the register worker and on its own thread, and answers how the two compare.
import {
  readRegisterInWorker,
  readRegisterOutlineInWorker,
  readRegisterTableInWorker,
} from '../../../../src-renderer/features/reconcile/read-register-in-worker';
import { readRegisterFileData } from '../../../../src-renderer/features/reconcile/register-worker-handler';
import {
  readRegister,
  suggestRegister,
  type ReadRegisterOptions,
  type RegisterTable,
} from '../../../../src-shared/domain/reconcile';
import { makeRegisterExport } from '../../../../src-shared/domain/reconcile/register-fixture';

const options: ReadRegisterOptions = { kind: 'invoices', dateOrder: 'auto', defaultCurrency: 'EGP' };

/** How the worker's read of one file compares with this thread's, and what the page saw of it. */
export interface PageCheck {
  /** Both read the same header, rows (when the table came back) and register; or the errors. */
  isSame: boolean;
  errors: { worker: string | null; here: string | null };
  format: string | null;
  lines: number | null;
  /** Whether the buffer given to the worker was detached (transferred, not copied). */
  isTransferred: boolean;
  /** The worker's read (file, then register), from the call to the answer. */
  workerMs: number;
  /** The longest task of this page's thread meanwhile (the Long Tasks API: tasks over 50 ms). */
  longestTaskMs: number;
  hereMs: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function outlineOf(table: RegisterTable): string {
  const { rows, ...outline } = table;
  return JSON.stringify({ ...outline, rowCount: rows.length, firstRows: rows.slice(0, 3) });
}

/** The longest task of the page's thread while `work` runs. */
async function withLongestTask<T>(work: () => Promise<T>): Promise<{ value: T; longestTaskMs: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const value = await work();
  // Entries are delivered after their task: let the last one arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return { value, longestTaskMs: longest };
}

/** What one path read, as JSON: the outline, the rows (null when they stayed in the worker), the register. */
interface PathRead {
  outline: string;
  rows: string | null;
  read: string;
}

/** This thread's read of the file, as the worker's handler reads it, or its error. */
async function readHere(name: string, bytes: Uint8Array): Promise<PathRead | string> {
  try {
    const { table } = await readRegisterFileData(name, bytes.slice().buffer, undefined);
    const read = readRegister(table, suggestRegister(table.headers).mapping, options);
    return { outline: outlineOf(table), rows: JSON.stringify(table.rows), read: JSON.stringify(read) };
  } catch (error) {
    return errorText(error);
  }
}

/**
 * Reads a file through the worker, as a table or an outline and then with its suggested mapping,
 * watching this page's thread meanwhile; then, when `isCompared`, on this thread too.
 */
async function check(
  name: string,
  bytes: Uint8Array,
  answer: 'table' | 'outline',
  isCompared = true,
): Promise<PageCheck> {
  const buffer = bytes.slice().buffer;
  const started = performance.now();
  // Only the reads are watched; comparing them (JSON of every row) is this page's work, not the desk's.
  const { value: worker, longestTaskMs } = await withLongestTask(async () => {
    try {
      if (answer === 'table') {
        const held = await readRegisterTableInWorker(name, buffer);
        const mapping = suggestRegister(held.table.headers).mapping;
        return { held, read: await readRegisterInWorker(held, mapping, options) };
      }
      const held = await readRegisterOutlineInWorker(name, buffer);
      const mapping = suggestRegister(held.outline.headers).mapping;
      return { held, read: await readRegisterInWorker(held, mapping, options) };
    } catch (error) {
      return errorText(error);
    }
  });
  const workerMs = performance.now() - started;
  const isTransferred = buffer.byteLength === 0;
  const hereStarted = performance.now();
  const here = isCompared ? await readHere(name, bytes) : null;
  const hereMs = isCompared ? performance.now() - hereStarted : 0;
  let isSame = false;
  if (typeof worker !== 'string' && here !== null && typeof here !== 'string') {
    const { held, read } = worker;
    const outline = 'table' in held ? outlineOf(held.table) : JSON.stringify(held.outline);
    const rows = 'table' in held ? JSON.stringify(held.table.rows) : null;
    isSame =
      outline === here.outline && JSON.stringify(read) === here.read && (rows === null || rows === here.rows);
  }
  return {
    isSame,
    errors: {
      worker: typeof worker === 'string' ? worker : null,
      here: typeof here === 'string' ? here : null,
    },
    format: typeof worker === 'string' ? null : worker.held.format,
    lines: typeof worker === 'string' || !worker.read.ok ? null : worker.read.register.lines.length,
    isTransferred,
    workerMs,
    longestTaskMs,
    hereMs,
  };
}

const page = {
  /** The generated line-per-item export of `rows` rows (src-shared/domain/reconcile/register-fixture.ts). */
  readExport: (rows: number, answer: 'table' | 'outline', isCompared: boolean) =>
    check('invoices.csv', makeRegisterExport(rows, 7).bytes, answer, isCompared),
  /** A file the test sends, base64. */
  readFile: (name: string, base64: string, answer: 'table' | 'outline') =>
    check(
      name,
      Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
      answer,
    ),
};

/** The page's checks, as the test calls them. */
export type RegisterWorkerPage = typeof page;

// Every refusal of the CSP, in words the test looks for.
document.addEventListener('securitypolicyviolation', (event) =>
  console.error(`CSP refused ${event.blockedURI} (${event.effectiveDirective})`),
);
Object.assign(globalThis, { registerWorkerPage: page });
