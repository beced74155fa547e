import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../../src-shared/domain/master-data';

// Helpers of erp-registers.test.ts: the ERP files of /_sandbox/erp/* fetched and read back, and a
// sandbox started with --erp-samples (test/support/sandbox.ts passes only the contract's own flags).

const root = resolve(import.meta.dirname, '../..');

/** A file answer: status, headers and the bytes. */
export interface FileAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** GET under `/_sandbox` with the admin secret (none when `secret` is null). */
export async function getAdminFile(origin: string, path: string, secret: string | null): Promise<FileAnswer> {
  const response = await fetch(`${origin}/_sandbox${path}`, {
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A CSV file's rows of cells (UTF-8 with its byte-order mark, or text already decoded), header first. */
export function csvRows(file: Buffer | string): string[][] {
  const text = typeof file === 'string' ? file : file.toString('utf8').replace(/^\ufeff/, '');
  const parsed = parseCsv(text, ',');
  expectClosed(parsed.unclosedQuoteLine);
  return parsed.rows.map((row) => row.cells);
}

function expectClosed(line: number | null): void {
  if (line !== null) throw new Error(`a quoted cell opened on line ${line} is never closed`);
}

/** The cells of an XLSX file's first sheet as they came: numbers, dates, text, null. */
export async function xlsxCells(file: Buffer): Promise<unknown[][]> {
  const sheets = await readXlsxFile(file);
  const first = sheets[0];
  if (!first) throw new Error('the workbook has no sheet');
  return first.data;
}

/** An XLSX cell as the CSV writes it: amounts with 2 decimals, dates as days, empty as ''. */
export function cellAsCsv(value: unknown, isAmount: boolean): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return isAmount ? value.toFixed(2) : String(value);
  return String(value);
}

/** Whether `a` is `b` with one character changed, dropped or added, or two neighbours swapped. */
export function isOneSlip(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diff = [...a].flatMap((char, i) => (char === b[i] ? [] : [i]));
    if (diff.length === 1) return true;
    const [i, j] = diff;
    return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** A sandbox process started with extra flags, and what it printed up to its `listening` line. */
export interface FlaggedSandbox {
  origin: string;
  lines: string[];
  child: ChildProcess;
  stop(): Promise<number | null>;
}

/** Starts `src-sandbox/main.ts --port 0 …args` and waits for its `listening` line. */
export function startFlaggedSandbox(args: string[]): Promise<FlaggedSandbox> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'src-sandbox/main.ts'), '--port', '0', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  const stop = (): Promise<number | null> =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise((done) => {
          child.once('exit', (code) => done(code));
          child.kill('SIGTERM');
        });
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start within 60 s\n${stderr}`)), 60_000);
    const output = child.stdout;
    if (!output) throw new Error('no stdout');
    createInterface({ input: output }).on('line', (line) => {
      lines.push(line);
      const match = /^listening (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({ origin: new URL(match[1]).origin, lines, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before listening\n${stderr}`));
    });
  });
}
