import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createDemoSandbox, demoPortFile } from '../../../src-main/core/demo/demo-sandbox';
import { forkNode } from '../../../src-main/core/demo/node-demo-sandbox';
import { LocalError } from '../../../src-main/core/local-error';
import type { DemoSandbox } from '../../../src-main/core/ports';

const root = resolve(import.meta.dirname, '../../..');
const sandboxEntry = join(root, 'src-sandbox/main.ts');
const tsx = ['--import', 'tsx'];

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'demo-sandbox-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The demo sandbox on the real sandbox (run by tsx), counting the processes it starts. */
function demoOn(dataDir: string, options: { entry?: string; startTimeoutMs?: number } = {}) {
  const started: Array<ReturnType<typeof forkNode>> = [];
  const logged: string[] = [];
  const demo = createDemoSandbox({
    dataDir,
    entry: options.entry ?? sandboxEntry,
    startTimeoutMs: options.startTimeoutMs,
    log: (line) => logged.push(line),
    fork: (entry, args) => {
      const child = forkNode(entry, args, tsx);
      started.push(child);
      return child;
    },
  });
  cleanups.push(() => demo.stop());
  return { demo, started, logged };
}

async function me(baseUrl: string, token: string): Promise<{ status: number; company?: string }> {
  try {
    const response = await fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data?: { company?: { name?: string } } };
    return { status: response.status, company: body.data?.company?.name };
  } catch {
    return { status: 0 };
  }
}

async function failureOf(demo: DemoSandbox): Promise<LocalError> {
  const error = await demo.start().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LocalError);
  return error as LocalError;
}

describe('the demo sandbox (core/demo)', () => {
  it('starts the sandbox on 127.0.0.1 in its data folder and answers its address and demo token', async () => {
    const dataDir = join(tempDir(), 'demo-sandbox');
    const { demo, started } = demoOn(dataDir);

    const [first, second] = await Promise.all([demo.start(), demo.start()]);
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/integration\/v1$/);
    expect(first.token).toBe(readFileSync(join(dataDir, 'demo-token'), 'utf8').trim());
    expect(await me(first.baseUrl, first.token)).toEqual({ status: 200, company: 'Demo Trading Company' });
    // Two starts at once, and a start while it runs, share one process.
    expect(second).toEqual(first);
    expect(await demo.start()).toEqual(first);
    expect(started).toHaveLength(1);
    // The port is remembered in the data folder; ERP sample files are written beside the data.
    expect(readFileSync(join(dataDir, demoPortFile), 'utf8').trim()).toBe(new URL(first.baseUrl).port);
    expect(existsSync(join(dataDir, 'erp-samples', 'registers'))).toBe(true);
  });

  it('stops on stop() and starts again on the same address and data', async () => {
    const dataDir = join(tempDir(), 'demo-sandbox');
    const { demo, started } = demoOn(dataDir);
    const first = await demo.start();
    const adminSecret = readFileSync(join(dataDir, 'admin-secret'), 'utf8').trim();
    const origin = new URL(first.baseUrl).origin;
    // Something happens in the demo company that only its data folder can remember.
    const created = await fetch(`${origin}/_sandbox/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'KEPT-1', name: 'Kept across restarts' }),
    });
    expect(created.status).toBe(200);

    await demo.stop();
    expect((await me(first.baseUrl, first.token)).status).toBe(0);
    await demo.stop();

    const again = await demo.start();
    expect(again).toEqual(first);
    expect(started).toHaveLength(2);
    const lookup = await fetch(`${first.baseUrl}/lookup?entity=customer&code=KEPT-1`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(lookup.status).toBe(200);
  });

  it('starts it again after it died, on the same address', async () => {
    const { demo, started, logged } = demoOn(join(tempDir(), 'demo-sandbox'));
    const first = await demo.start();
    const exited = new Promise<void>((resolveExit) => started[0]!.onExit(() => resolveExit()));
    process.kill(started[0]!.pid!, 'SIGKILL');
    await exited;
    // The host's log says that it ended, and how, where the clerk's support would look.
    expect(logged).toContain('ended (exit code none)');

    const again = await demo.start();
    expect(again).toEqual(first);
    expect(started).toHaveLength(2);
    expect((await me(again.baseUrl, again.token)).status).toBe(200);
  });

  it('takes a free port, and remembers it, when another program holds the one it used last', async () => {
    const dataDir = join(tempDir(), 'demo-sandbox');
    const { demo } = demoOn(dataDir);
    const first = await demo.start();
    const port = Number(new URL(first.baseUrl).port);
    await demo.stop();
    const squatter = await listenOn(port);
    cleanups.push(() => new Promise<void>((r) => squatter.close(() => r())));

    const again = await demo.start();
    expect(new URL(again.baseUrl).port).not.toBe(String(port));
    expect(again.token).toBe(first.token);
    expect(readFileSync(join(dataDir, demoPortFile), 'utf8').trim()).toBe(new URL(again.baseUrl).port);
  });

  it('says what to do when the sandbox does not say it listens in time, and stops it', async () => {
    const dir = tempDir();
    const entry = join(dir, 'silent.mjs');
    writeFileSync(entry, 'setInterval(() => undefined, 60_000);\n');
    const { demo, started } = demoOn(join(dir, 'demo-sandbox'), { entry, startTimeoutMs: 1500 });

    const error = await failureOf(demo);
    expect(error.code).toBe('DEMO_UNAVAILABLE');
    expect(error.message).toContain('The demo company did not start within 2 s. Try again;');
    expect(error.message).toContain(`delete the folder ${join(dir, 'demo-sandbox')}`);
    const stopped = await new Promise<boolean>((resolveStop) => {
      started[0]!.onExit(() => resolveStop(true));
      setTimeout(() => resolveStop(false), 5000);
    });
    expect(stopped).toBe(true);
  });

  it('says what it said when the sandbox stops while starting', async () => {
    const dir = tempDir();
    const entry = join(dir, 'failing.mjs');
    writeFileSync(entry, "console.error('sandbox: could not start: the disk is full');\nprocess.exit(3);\n");
    const { demo } = demoOn(join(dir, 'demo-sandbox'), { entry });

    const error = await failureOf(demo);
    expect(error.code).toBe('DEMO_UNAVAILABLE');
    expect(error.message).toMatch(/^The demo company stopped while starting \(exit code 3\)\. Try again;/);
    expect(error.message).toContain('It said: sandbox: could not start: the disk is full');
  });

  it('says the app lacks its sandbox when the bundle is not there', async () => {
    const dir = tempDir();
    const { demo, started } = demoOn(join(dir, 'demo-sandbox'), { entry: join(dir, 'main', 'sandbox.js') });
    const error = await failureOf(demo);
    expect(error.code).toBe('DEMO_UNAVAILABLE');
    expect(error.message).toContain('This copy of the app lacks its bundled sandbox');
    expect(started).toHaveLength(0);
  });

  it('ends with a host that crashed, so no sandbox is left holding the demo port', async () => {
    const dataDir = join(tempDir(), 'demo-sandbox');
    const host = spawn(
      process.execPath,
      [...tsx, join(root, 'test/core/demo/support/host-child.ts'), dataDir],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanups.push(() => void host.kill('SIGKILL'));
    const baseUrl = await new Promise<string>((resolveUrl, reject) => {
      createInterface({ input: host.stdout }).on('line', (line) => {
        const match = /^demo (http:\/\/\S+)$/.exec(line);
        if (match) resolveUrl(match[1]!);
      });
      host.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
    });
    const token = readFileSync(join(dataDir, 'demo-token'), 'utf8').trim();
    expect((await me(baseUrl, token)).status).toBe(200);

    host.kill('SIGKILL');
    await expect.poll(async () => (await me(baseUrl, token)).status, { timeout: 15_000 }).toBe(0);
  });
});

/** A plain TCP server holding 127.0.0.1:`port`, as another program would. */
function listenOn(port: number): Promise<Server> {
  return new Promise((resolveServer, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveServer(server));
  });
}
