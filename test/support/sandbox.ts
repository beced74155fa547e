import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fetch } from 'undici';

const root = resolve(import.meta.dirname, '../..');

/** What a process that died in native code writes to stderr (a failed assertion, a crash). */
export const nativeAbort = /Assertion failed|Native stack trace|FATAL ERROR|Segmentation fault|core dumped/;

/** A real sandbox process on loopback, for tests, end-to-end runs and benchmarks. */
export interface RunningSandbox {
  /** `{base_url}`: http://127.0.0.1:PORT/api/integration/v1 */
  baseUrl: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The demo client's token (from DIR/demo-token). */
  token: string;
  /** The admin secret (from DIR/admin-secret). */
  adminSecret: string;
  dataDir: string;
  process: ChildProcess;
  /** Calls the admin API; throws on a non-2xx answer. */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** What the process has written to stderr since it was (re)started. */
  stderr(): string;
  /** Stops the process (SIGTERM by default) and waits for it to exit: its exit code, null when a signal ended it. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the process again on the same data folder and port. */
  restart(): Promise<void>;
  /** Stops the process and removes its data folder. */
  dispose(): Promise<void>;
}

/** Flags of ../shared/spec/sandbox-contract.md, beyond --port and --data. */
export interface SandboxFlags {
  seed?: number;
  docs?: number;
  rateLimit?: number;
  writeDelayMs?: number;
  dataDir?: string;
  /** Node's own options for the sandbox process (before the script), such as `--expose-gc`. */
  nodeArgs?: string[];
}

interface Launched {
  child: ChildProcess;
  baseUrl: string;
  stderr: () => string;
}

function launch(nodeArgs: string[], args: string[]): Promise<Launched> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(root, 'src-sandbox/main.ts'), ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`sandbox did not start within 60 s\n${stderr}`)), 60_000);
    lines.on('line', (line) => {
      const match = /^listening (http:\/\/\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, baseUrl: match[1]!, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before listening\n${stderr}`));
    });
  });
}

/** Starts the sandbox on a free port and a temporary data folder (unless one is given). */
export async function startSandbox(flags: SandboxFlags = {}): Promise<RunningSandbox> {
  const dataDir = flags.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-'));
  const extra = [
    ...(flags.seed !== undefined ? ['--seed', String(flags.seed)] : []),
    ...(flags.docs !== undefined ? ['--docs', String(flags.docs)] : []),
    ...(flags.rateLimit !== undefined ? ['--rate-limit', String(flags.rateLimit)] : []),
    ...(flags.writeDelayMs !== undefined ? ['--write-delay-ms', String(flags.writeDelayMs)] : []),
  ];
  const nodeArgs = flags.nodeArgs ?? [];
  let running = await launch(nodeArgs, ['--port', '0', '--data', dataDir, ...extra]);
  const baseUrl = running.baseUrl;
  const origin = new URL(baseUrl).origin;
  const port = new URL(baseUrl).port;
  const token = readFileSync(join(dataDir, 'demo-token'), 'utf8').trim();
  const adminSecret = readFileSync(join(dataDir, 'admin-secret'), 'utf8').trim();

  const sandbox: RunningSandbox = {
    baseUrl,
    origin,
    token,
    adminSecret,
    dataDir,
    get process() {
      return running.child;
    },
    stderr: () => running.stderr(),
    async admin<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${origin}/_sandbox${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminSecret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`admin ${method} ${path} answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      const child = running.child;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolveStop) => {
        child.once('exit', (code) => resolveStop(code));
        child.kill(signal);
      });
    },
    async restart() {
      await sandbox.stop();
      running = await launch(nodeArgs, ['--port', port, '--data', dataDir, ...extra]);
    },
    async dispose() {
      await sandbox.stop();
      if (!flags.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return sandbox;
}

/**
 * Pushes a customer with the sandbox's demo token, as an ERP's own integration would (`PUT
 * /customers/{ref}`, with undici's fetch, which a test environment's DOM does not replace): the response's status, and the service's id of the customer when it took it.
 */
export async function pushCustomerAsErp(
  sandbox: RunningSandbox,
  ref: string,
): Promise<{ status: number; id: string | null }> {
  const response = await fetch(`${sandbox.baseUrl}/customers/${ref}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ name: { en: `Shop ${ref}` }, blocked: false }),
  });
  const body = (await response.json()) as { data?: { id?: string } };
  return { status: response.status, id: body.data?.id ?? null };
}
