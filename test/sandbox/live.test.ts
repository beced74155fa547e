import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from 'better-sqlite3';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceSchema, OrderSchema, PaymentSchema, ReturnSchema } from '../../src-shared/wire';
import { fixedClock } from '../support/fixed-clock';
import { ensureDemo } from '../../src-sandbox/demo';
import { LiveMode } from '../../src-sandbox/live/controller';
import { liveTickCount, runLiveTicks, type LiveActivity } from '../../src-sandbox/live/tick';
import { openStore } from '../../src-sandbox/store/db';
import { createDocumentStore, type DocumentKind } from '../../src-sandbox/store/documents';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError } from './platform-support';

// Live mode (docs/decisions/028-live-mode.md): the demo company's reps keep working at a rate, through
// the simulator's flows, deterministically by seed and tick; started by the console or `--live RATE`.

const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'live-test-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A store seeded as a first start would seed it, on a clock that does not move. */
function demoStore(seed: number, docs = 20, dir = tempDir()): Database {
  const db = openStore(dir);
  ensureDemo(db, fixedClock, dir, { seed, docs, rateLimitPerMinute: 120 });
  return db;
}

function documents(db: Database): unknown[] {
  return db
    .prepare(
      'SELECT id, kind, number, version, seq, status, updated_at, body FROM documents ORDER BY version',
    )
    .all();
}

const checks: Record<DocumentKind, ReturnType<typeof Compile>> = {
  order: Compile(OrderSchema),
  invoice: Compile(InvoiceSchema),
  payment: Compile(PaymentSchema),
  return: Compile(ReturnSchema),
};

describe('live ticks', () => {
  it('make the same documents from the same seed and the same number of ticks, and others from another seed', () => {
    const a = demoStore(7);
    const b = demoStore(7);
    const c = demoStore(8);
    expect(documents(b)).toEqual(documents(a)); // the same start
    const ticksA = runLiveTicks(a, fixedClock, 40);
    const ticksB = runLiveTicks(b, fixedClock, 40);
    expect(ticksB).toEqual(ticksA);
    expect(ticksA.map((t) => t.tick)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(documents(b)).toEqual(documents(a));
    expect(liveTickCount(a)).toBe(40);

    runLiveTicks(c, fixedClock, 40);
    expect(documents(c)).not.toEqual(documents(a));
    for (const db of [a, b, c]) db.close();
  });

  it('make the realistic mix through the simulator flows, every document valid, and go on after a restart', () => {
    const dir = tempDir();
    let db = demoStore(3, 10, dir);
    const before = new Set((documents(db) as Array<{ id: string }>).map((d) => d.id));
    const ticks = runLiveTicks(db, fixedClock, 150);
    const seen = new Map<LiveActivity, number>();
    for (const t of ticks) seen.set(t.activity, (seen.get(t.activity) ?? 0) + 1);
    // Every kind of field event happens, orders, invoices and payments most often.
    expect([...seen.keys()].sort()).toEqual(
      ['chequeBounces', 'invoices', 'orders', 'payments', 'receiptVoids', 'returns', 'reversals'].sort(),
    );
    for (const frequent of ['orders', 'invoices', 'payments'] as const)
      expect(seen.get(frequent)).toBeGreaterThan(seen.get('reversals')! + seen.get('receiptVoids')!);

    const store = createDocumentStore(db);
    const rows = db.prepare('SELECT company_id, kind, id FROM documents').all() as Array<{
      company_id: string;
      kind: DocumentKind;
      id: string;
    }>;
    for (const row of rows) {
      const served: unknown = JSON.parse(store.serveOne(row.company_id, row.kind, row.id).toString());
      expect(checks[row.kind].Check(served), `${row.kind} ${row.id}`).toBe(true);
    }
    const made = rows.filter((row) => !before.has(row.id));
    expect(new Set(made.map((row) => row.kind))).toEqual(new Set(['order', 'invoice', 'payment', 'return']));

    // A restart goes on counting ticks, so it never draws the same ids again.
    db.close();
    db = openStore(dir);
    const next = runLiveTicks(db, fixedClock, 20);
    expect(next[0]?.tick).toBe(151);
    expect(liveTickCount(db)).toBe(170);
    db.close();
  });

  it('run on a timer that never keeps the process alive, and stop', async () => {
    const db = demoStore(5, 5);
    const live = new LiveMode(db, fixedClock);
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    expect(live.start({ ratePerMinute: 6000, clockSpeed: 1 })).toMatchObject({
      running: true,
      rate_per_minute: 6000,
      clock_speed: 1,
    });
    expect(timers()).toBe(before); // unref'd
    await new Promise((r) => setTimeout(r, 400));
    expect(live.stop()).toMatchObject({
      running: false,
      rate_per_minute: 0,
      clock_speed: 1,
      last_error: null,
    });
    const ticks = liveTickCount(db);
    expect(ticks).toBeGreaterThan(5);
    await new Promise((r) => setTimeout(r, 200));
    expect(liveTickCount(db)).toBe(ticks);
    db.close();
  });
});

describe('live mode through the console', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 5, rateLimit: 100_000 });
  });
  afterAll(() => sandbox?.dispose());

  const admin = (method: string, path: string, body?: unknown, secret = sandbox.adminSecret) =>
    call(`${sandbox.origin}/_sandbox${path}`, method, { token: secret, body });
  const highWater = async (): Promise<number[]> =>
    Promise.all(
      ['orders', 'invoices', 'payments', 'returns'].map(async (feed) => {
        const answer = await call(`${sandbox.baseUrl}/${feed}/cursor`, 'GET', { token: sandbox.token });
        return (answer.json as { data: { high_water: number } }).data.high_water;
      }),
    );
  const sandboxNow = async (): Promise<number> =>
    Date.parse(((await admin('POST', '/clock', { advance_seconds: 0 })).json as { now: string }).now);

  it('starts at a rate, makes the feeds grow with the sandbox clock running fast, and stops', async () => {
    expect((await admin('GET', '/live')).json).toEqual({
      running: false,
      rate_per_minute: 0,
      clock_speed: 1,
      ticks: 0,
      last_error: null,
    });
    const before = await highWater();
    const clockBefore = (await sandboxNow()) - Date.now();

    const started = await admin('POST', '/live', { rate_per_minute: 1200, clock_speed: 60 });
    expect(started.json).toMatchObject({ running: true, rate_per_minute: 1200, clock_speed: 60 });
    let grown: number[] = before;
    for (let i = 0; i < 50 && grown.filter((h, k) => h > before[k]!).length < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      grown = await highWater();
    }
    // Orders, invoices and payments all moved (returns and changes are rarer).
    expect(grown.slice(0, 3).every((h, k) => h > before[k]!)).toBe(true);
    const invoices = await call(`${sandbox.baseUrl}/invoices?filter[version_after]=${before[1]}`, 'GET', {
      token: sandbox.token,
    });
    expect((invoices.json as { data: unknown[] }).data.length).toBeGreaterThan(0);

    // A change keeps the clock speed when none is given.
    const changed = await admin('POST', '/live', { rate_per_minute: 600 });
    expect(changed.json).toMatchObject({ running: true, rate_per_minute: 600, clock_speed: 60 });
    await new Promise((r) => setTimeout(r, 1100));
    const status = (await admin('GET', '/live')).json as { ticks: number; last_error: string | null };
    expect(status.ticks).toBeGreaterThan(10);
    expect(status.last_error).toBeNull();
    // Over a second of real time at 60 times: the sandbox clock ran about a minute ahead.
    expect((await sandboxNow()) - Date.now() - clockBefore).toBeGreaterThan(45_000);

    const stopped = await admin('DELETE', '/live');
    expect(stopped.json).toMatchObject({ running: false, rate_per_minute: 0, clock_speed: 1 });
    const atStop = await highWater();
    const offsetAtStop = (await sandboxNow()) - Date.now();
    await new Promise((r) => setTimeout(r, 600));
    expect(await highWater()).toEqual(atStop);
    expect(Math.abs((await sandboxNow()) - Date.now() - offsetAtStop)).toBeLessThan(1000);
    expect((await admin('GET', '/live')).json).toMatchObject({ running: false });
  });

  it('refuses bad settings and a missing secret with the envelope', async () => {
    expectError(await admin('POST', '/live', { rate_per_minute: 0 }), 422, 'INVALID_REQUEST');
    expectError(await admin('POST', '/live', { rate_per_minute: 6001 }), 422, 'INVALID_REQUEST');
    expectError(
      await admin('POST', '/live', { rate_per_minute: 10, clock_speed: 0.5 }),
      422,
      'INVALID_REQUEST',
    );
    expectError(await admin('POST', '/live', { rate: 10 }), 422, 'INVALID_REQUEST');
    expectError(await admin('GET', '/live', undefined, 'wrong'), 401, 'TOKEN_INVALID');
    expectError(await admin('DELETE', '/live', undefined, 'wrong'), 401, 'TOKEN_INVALID');
    expect((await admin('GET', '/live')).json).toMatchObject({ running: false });
  });
});

/** Runs the sandbox's main with `args`; resolves with the `{base_url}` line, or the exit code and stderr. */
function spawnSandbox(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-sandbox/main.ts'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const listening = new Promise<string | null>((r) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^listening (http:\/\/\S+)$/.exec(line);
      if (match) r(match[1]!);
    });
    void exited.then(() => r(null));
  });
  return { child, exited, listening, stderr: () => stderr };
}

describe('the --live flag', () => {
  it('starts live mode at the default rate when given no number, with --clock-speed, and SIGTERM still exits 0', async () => {
    const dir = tempDir();
    const run = spawnSandbox(['--port', '0', '--data', dir, '--docs', '0', '--live', '--clock-speed', '30']);
    const baseUrl = await run.listening;
    expect(baseUrl, run.stderr()).not.toBeNull();
    const secret = readFileSync(join(dir, 'admin-secret'), 'utf8').trim();
    const status = await call(`${new URL(baseUrl!).origin}/_sandbox/live`, 'GET', { token: secret });
    expect(status.json).toMatchObject({
      running: true,
      rate_per_minute: 6,
      clock_speed: 30,
      last_error: null,
    });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses a rate that is not a positive number, and --clock-speed without --live', async () => {
    const bad = spawnSandbox(['--port', '0', '--data', tempDir(), '--live', 'fast']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('--live must be a number');
    const alone = spawnSandbox(['--port', '0', '--data', tempDir(), '--clock-speed', '60']);
    expect(await alone.exited).toBe(2);
    expect(alone.stderr()).toContain('give --live too');
  });
});
