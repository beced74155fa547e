// The register worker's two paths: through a Worker (here a stand-in that runs the worker's own
// handler behind structured clones, transfers included, as a browser's postMessage does) and on the
// page's thread where there is no Worker (happy-dom has none). test/e2e/register-worker.e2e.ts runs the
// real worker in Chromium, from the build, under the app's CSP.
import { afterEach, describe, expect, it, vi } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import {
  readRegister,
  suggestRegister,
  type ReadRegisterOptions,
} from '../../../src-shared/domain/reconcile';
import type { FileProblem } from '../../../src-shared/domain/master-data';
import { makeRegisterExport } from '../../../src-shared/domain/reconcile/register-fixture';
import { registerFileFormat } from '../../../src-renderer/features/reconcile/read-register-file';
import { readRegisterFileData } from '../../../src-renderer/features/reconcile/register-worker-handler';
import { fileProblemWords } from '../../../src-renderer/words/file-problem-words';

/** The file read on this thread, as the worker reads it, and its format in the clerk's words. */
async function readRegisterTable(name: string, buffer: ArrayBuffer) {
  const { table, source } = await readRegisterFileData(name, buffer, undefined);
  return { table, format: registerFileFormat(source) };
}
import {
  createRegisterWorkerHandler,
  type RegisterWorkerReply,
  type RegisterWorkerRequest,
} from '../../../src-renderer/features/reconcile/register-worker-handler';

const options: ReadRegisterOptions = { kind: 'invoices', dateOrder: 'auto', defaultCurrency: 'EGP' };

/** What the stand-in workers were made with and were sent. */
interface WorkerLog {
  made: Array<{ url: string; type: string | undefined }>;
  sent: RegisterWorkerRequest[];
}

/**
 * A Worker that runs the register worker's handler: messages cross by structured clone both ways,
 * with their transfer list (a transferred buffer is detached on the sending side, as in a browser).
 * `fails` makes a worker that reports an error instead of starting (a CSP refusal, a 404);
 * `dies-reading-register` one that fails (out of memory) when asked to read with a mapping.
 */
function standInWorker(log: WorkerLog, start: 'runs' | 'fails' | 'dies-reading-register' = 'runs') {
  return class StandInWorker {
    private readonly listeners = new Map<string, Array<(event: unknown) => void>>();
    private readonly handle = createRegisterWorkerHandler();
    private isStopped = false;

    constructor(url: URL, workerOptions?: WorkerOptions) {
      log.made.push({ url: String(url), type: workerOptions?.type });
      setTimeout(() =>
        start === 'fails'
          ? this.emit('error', new Event('error'))
          : this.emit('message', new MessageEvent('message', { data: { type: 'ready' } })),
      );
    }

    addEventListener(type: string, listener: (event: unknown) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }

    postMessage(message: RegisterWorkerRequest, transfer: Transferable[] = []): void {
      const received = structuredClone(message, { transfer });
      log.sent.push(received);
      if (start === 'dies-reading-register' && received.type === 'read-register') {
        setTimeout(() => this.emit('error', new Event('error')));
        return;
      }
      void this.handle(received).then((answer: RegisterWorkerReply | null) => {
        if (answer && !this.isStopped)
          this.emit('message', new MessageEvent('message', { data: structuredClone(answer) }));
      });
    }

    terminate(): void {
      this.isStopped = true;
    }

    private emit(type: string, event: unknown): void {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  };
}

/** The module afresh (it keeps its worker), with `Worker` as given. */
async function readerWith(worker: unknown) {
  vi.resetModules();
  vi.stubGlobal('Worker', worker);
  return import('../../../src-renderer/features/reconcile/read-register-in-worker');
}

function bytesOf(text: string): ArrayBuffer {
  return new TextEncoder().encode(text).buffer;
}

/** A copy of a buffer, so the original survives being transferred. */
function copyOf(buffer: ArrayBuffer): ArrayBuffer {
  return buffer.slice(0);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading a register in the worker', () => {
  const fixture = makeRegisterExport(600, 5);
  const file = fixture.bytes.slice().buffer;

  it('reads the file as readRegisterTable does, the bytes transferred, and keeps the table', async () => {
    const log: WorkerLog = { made: [], sent: [] };
    const reader = await readerWith(standInWorker(log));
    const sent = copyOf(file);
    const held = await reader.readRegisterTableInWorker('invoices.csv', sent);

    expect(sent.byteLength).toBe(0); // transferred, not copied
    const { table, format } = await readRegisterTable('invoices.csv', copyOf(file));
    expect({ table: held.table, format: held.format }).toEqual({ table, format });
    expect(format).toBe('CSV, UTF-8 with BOM, comma');
    expect(log.made).toEqual([{ url: expect.stringMatching(/\/register-worker\.ts(\?|$)/), type: 'module' }]);

    // Reading it with a mapping sends the mapping, not the table: the worker kept it.
    const { mapping } = suggestRegister(held.table.headers);
    const read = await reader.readRegisterInWorker(held, mapping, options);
    expect(read).toEqual(readRegister(table, mapping, options));
    expect(read.ok && read.register.lines.length).toBe(fixture.counts.lines);
    expect(log.sent.map((request) => [request.type, 'table' in request])).toEqual([
      ['read-file', false],
      ['read-register', false],
    ]);
  });

  it('sends the table along when the worker has read another file since', async () => {
    const log: WorkerLog = { made: [], sent: [] };
    const reader = await readerWith(standInWorker(log));
    const first = await reader.readRegisterTableInWorker('invoices.csv', copyOf(file));
    const second = await reader.readRegisterTableInWorker(
      'other.csv',
      bytesOf('Invoice No,Amount\nA-1,10\n'),
    );
    const { mapping } = suggestRegister(first.table.headers);
    const read = await reader.readRegisterInWorker(first, mapping, options);

    expect(read).toEqual(readRegister(first.table, mapping, options));
    expect([first.tableId === second.tableId, log.sent.map((r) => [r.type, 'table' in r])]).toEqual([
      false,
      [
        ['read-file', false],
        ['read-file', false],
        ['read-register', true],
      ],
    ]);
    // Now the worker keeps the first table again: the next mapping goes alone.
    await reader.readRegisterInWorker(first, { ...mapping, isTaxIncluded: false }, options);
    expect('table' in log.sent.at(-1)!).toBe(false);
  });

  it('answers an outline, the rows left in the worker, and reads them there', async () => {
    const log: WorkerLog = { made: [], sent: [] };
    const reader = await readerWith(standInWorker(log));
    const held = await reader.readRegisterOutlineInWorker('invoices.csv', copyOf(file));
    const { table, format } = await readRegisterTable('invoices.csv', copyOf(file));
    const { rows, ...outline } = table;
    expect({ outline: held.outline, format: held.format }).toEqual({
      outline: { ...outline, rowCount: rows.length, firstRows: rows.slice(0, 3) },
      format,
    });

    const { mapping } = suggestRegister(held.outline.headers);
    expect(await reader.readRegisterInWorker(held, mapping, options)).toEqual(
      readRegister(table, mapping, options),
    );
    expect(log.sent.map((request) => [request.type, 'table' in request])).toEqual([
      ['read-file', false],
      ['read-register', false],
    ]);
  });

  it("asks for the file again when an outline's rows are no longer in the worker", async () => {
    const reader = await readerWith(standInWorker({ made: [], sent: [] }));
    const first = await reader.readRegisterOutlineInWorker('invoices.csv', copyOf(file));
    await reader.readRegisterOutlineInWorker('other.csv', bytesOf('Invoice No,Amount\nA-1,10\n'));
    const { mapping } = suggestRegister(first.outline.headers);
    await expect(reader.readRegisterInWorker(first, mapping, options)).rejects.toThrow(
      'The file is no longer open for reading. Choose it again.',
    );
  });

  it('reads an Excel workbook in the worker as readRegisterTable does', async () => {
    const reader = await readerWith(standInWorker({ made: [], sent: [] }));
    const written = await writeExcelFile([
      [{ value: 'Invoices, March' }],
      [{ value: 'Document No.' }, { value: 'Posting Date' }, { value: 'Amount' }],
      [
        { value: 'SI-1' },
        { value: new Date(Date.UTC(2025, 2, 1)), type: Date, format: 'yyyy-mm-dd' },
        { value: 12.5 },
      ],
    ]).toBuffer();
    const workbook = written.buffer.slice(written.byteOffset, written.byteOffset + written.byteLength);
    const held = await reader.readRegisterTableInWorker('march.xlsx', copyOf(workbook));
    const { table, format } = await readRegisterTable('march.xlsx', copyOf(workbook));
    expect({ table: held.table, format: held.format }).toEqual({ table, format });
    expect(table.rows).toEqual([{ line: 3, cells: ['SI-1', '2025-03-01', '12.5'] }]);
  });

  it("passes the reader's UnreadableFileError through, its code and problem", async () => {
    const reader = await readerWith(standInWorker({ made: [], sent: [] }));
    // The class of the module graph the reader was loaded in (`readerWith` loads it afresh).
    const { UnreadableFileError } = await import('../../../src-shared/domain/master-data');
    const failed = await reader
      .readRegisterTableInWorker('empty.csv', new ArrayBuffer(0))
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(UnreadableFileError);
    expect(failed).toMatchObject({ code: 'EMPTY', problem: { code: 'empty' } });
    expect(fileProblemWords((failed as { problem: FileProblem }).problem)).toBe('The file is empty.');
  });
});

describe('reading a register without a worker', () => {
  const fixture = makeRegisterExport(600, 5);
  const file = fixture.bytes.slice().buffer;

  /** What the worker path gives for the fixture: the file read, then read with its suggested mapping. */
  async function throughWorker() {
    const reader = await readerWith(standInWorker({ made: [], sent: [] }));
    const held = await reader.readRegisterTableInWorker('invoices.csv', copyOf(file));
    const { mapping } = suggestRegister(held.table.headers);
    return { held, read: await reader.readRegisterInWorker(held, mapping, options) };
  }

  it('reads on this thread where there is no Worker, as the worker does', async () => {
    const reader = await readerWith(undefined);
    const sent = copyOf(file);
    const held = await reader.readRegisterTableInWorker('invoices.csv', sent);
    const { mapping } = suggestRegister(held.table.headers);
    const read = await reader.readRegisterInWorker(held, mapping, options);

    expect(sent.byteLength).toBe(file.byteLength); // nothing was transferred
    expect({ held, read }).toEqual(await throughWorker());

    // An outline too: the rows stay with this thread's handler, and are read there.
    const outlined = await reader.readRegisterOutlineInWorker('invoices.csv', copyOf(file));
    expect(outlined.outline.rowCount).toBe(held.table.rows.length);
    expect(await reader.readRegisterInWorker(outlined, mapping, options)).toEqual(read);
  });

  it('reads on this thread when the worker cannot be made or does not start, the bytes kept', async () => {
    const throwing = class {
      constructor() {
        throw new DOMException('Refused by the Content-Security-Policy', 'SecurityError');
      }
    };
    const log: WorkerLog = { made: [], sent: [] };
    for (const worker of [throwing, standInWorker(log, 'fails')]) {
      const reader = await readerWith(worker);
      const sent = copyOf(file);
      const held = await reader.readRegisterTableInWorker('invoices.csv', sent);
      const { mapping } = suggestRegister(held.table.headers);
      const read = await reader.readRegisterInWorker(held, mapping, options);
      expect(sent.byteLength).toBe(file.byteLength);
      expect({ held, read }).toEqual(await throughWorker());
    }
    expect([log.made.length, log.sent]).toEqual([1, []]);
  });

  it('reads a held table on this thread when the worker dies reading it', async () => {
    const reader = await readerWith(standInWorker({ made: [], sent: [] }, 'dies-reading-register'));
    const held = await reader.readRegisterTableInWorker('invoices.csv', copyOf(file));
    const { mapping } = suggestRegister(held.table.headers);
    expect(await reader.readRegisterInWorker(held, mapping, options)).toEqual(
      readRegister(held.table, mapping, options),
    );
    // An outline has no rows here to read: the clerk chooses the file again.
    const outlined = await reader.readRegisterOutlineInWorker('invoices.csv', copyOf(file));
    await expect(reader.readRegisterInWorker(outlined, mapping, options)).rejects.toThrow(
      'The file is no longer open for reading. Choose it again.',
    );
  });
});
