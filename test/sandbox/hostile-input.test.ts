import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from 'better-sqlite3';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchAckResponseSchema, ErrorEnvelopeSchema, endpoints } from '../../src-shared/wire';
import { basePath, buildSandbox, registerInterface } from '../../src-sandbox/app';
import { openClock } from '../../src-sandbox/clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { ensureDemo } from '../../src-sandbox/demo';
import { maxJsonDepth } from '../../src-sandbox/json-depth';
import { redactSecrets } from '../../src-sandbox/log';
import { openStore } from '../../src-sandbox/store/db';

// Hostile input (docs/decisions/060-hostile-request-paths.md, 061-json-depth-limit.md,
// 062-batch-ack-invalid-items.md, 063-process-survival.md): request paths cost time linear in their
// length, a body nested past the depth limit is a 400 on every write, one bad batch-ack item is that
// item's error, and a failure that escapes every handler is logged without secrets while the process
// keeps serving. In-process (`buildSandbox` + `inject`), except the process test, which needs the
// real process.

const checkEnvelope = Compile(ErrorEnvelopeSchema);
const checkBatchAck = Compile(BatchAckResponseSchema);

const dir = mkdtempSync(join(tmpdir(), 'sandbox-hostile-'));
let db: Database;
let app: SandboxApp;
let token: string;
let adminSecret: string;
/** A token-shaped string that failing handlers carry in their errors; it must never be logged. */
const leakedToken = `svc_live_${'Z'.repeat(43)}`;

beforeAll(async () => {
  db = openStore(dir);
  adminSecret = ensureDemo(db, openClock(db), dir, { seed: 3, docs: 8, rateLimitPerMinute: 1_000_000 });
  token = readFileSync(join(dir, 'demo-token'), 'utf8').trim();
  app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 1_000_000, writeDelayMs: 0 }, adminSecret);
  // Handlers with bugs, behind the interface's own hooks: one throws, one rejects.
  await registerInterface(
    app,
    async (api) => {
      api.get('/throws', () => {
        throw new TypeError(`a bug; Authorization: Bearer ${leakedToken}`);
      });
      api.get('/rejects', async () => {
        await Promise.resolve();
        throw Object.assign(new Error(`a late bug with ${leakedToken}`), {
          headers: { authorization: `Bearer ${leakedToken}` },
        });
      });
    },
    '/_test/v1',
  );
});
afterAll(async () => {
  await app?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  status: number;
  json: unknown;
}

let keyCount = 0;

/** One call by `inject`; `auth` picks the demo token, the admin secret or none. */
async function send(
  method: string,
  url: string,
  options: { auth?: 'token' | 'admin' | 'none'; raw?: string; body?: unknown; key?: string } = {},
): Promise<Sent> {
  const auth = options.auth ?? 'token';
  const headers: Record<string, string> = {};
  if (auth !== 'none') headers.authorization = `Bearer ${auth === 'admin' ? adminSecret : token}`;
  if (method !== 'GET') headers['idempotency-key'] = options.key ?? `hostile-${(keyCount += 1)}`;
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const answer = await app.inject({ method: method as 'GET', url, headers, payload });
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  return { status: answer.statusCode, json };
}

/** The error of an answer: status, code and details, after checking it is the whole envelope. */
function errorOf(answer: Sent): { status: number; code: string; details: unknown[] } {
  if (!checkEnvelope.Check(answer.json)) throw new Error(`${answer.status} is not the envelope`);
  return { status: answer.status, code: answer.json.error.code, details: answer.json.error.details };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Pending documents of a feed, read through the interface. */
async function pending(feed: string): Promise<Array<{ id: string; version: number }>> {
  const page = await send('GET', `${basePath}/${feed}?filter[ack]=pending&per_page=500`);
  return (page.json as { data: Array<{ id: string; version: number }> }).data;
}

describe('request paths: time linear in their length (docs/decisions/060)', () => {
  // 14 KB fits Node's 16 KB header limit, so a client can send it over the wire.
  const slashes = '/'.repeat(14_000);
  const hostile: Array<{ name: string; url: string; auth: 'token' | 'none'; status: number }> = [
    { name: 'slashes then a letter', url: `${slashes}x`, auth: 'none', status: 404 },
    {
      name: 'slashes then a letter, with a query',
      url: `${slashes}x?${'/'.repeat(500)}`,
      auth: 'none',
      status: 404,
    },
    {
      name: 'slashes under the admin API, no secret',
      url: `/_sandbox${slashes}x`,
      auth: 'none',
      status: 401,
    },
    {
      name: 'slashes under {base_url}, with a token',
      url: `${basePath}${slashes}x`,
      auth: 'token',
      status: 404,
    },
    { name: 'slashes after a known path', url: `${basePath}/me${slashes}x`, auth: 'token', status: 404 },
    { name: 'many short segments', url: `${basePath}${'/a'.repeat(7_000)}`, auth: 'token', status: 404 },
    { name: 'dot segments', url: `${basePath}${'/.'.repeat(7_000)}x`, auth: 'token', status: 404 },
    { name: 'encoded slashes', url: `${basePath}${'/%2F'.repeat(3_500)}x`, auth: 'token', status: 404 },
    {
      name: 'a long path parameter',
      url: `${basePath}/units/${'k'.repeat(2_000)}`,
      auth: 'token',
      status: 405,
    },
    { name: 'broken percent-encoding', url: `${basePath}${'/%'.repeat(7_000)}`, auth: 'token', status: 400 },
  ];

  it('answers each pathological path with a 4xx envelope', async () => {
    const answers = [];
    for (const { url, auth } of hostile) answers.push(errorOf(await send('GET', url, { auth })).status);
    expect(answers).toEqual(hostile.map((h) => h.status));
  });

  it.each(hostile)(
    '$name: median cost at most 20 times that of GET /me in the same run',
    async ({ url, auth }) => {
      // Quadratic handling (a `/\/+$/` regex on the path) cost 65-150 ms for 14 KB of slashes, 120-350
      // times a GET /me with the demo token; linear handling costs 1-4 times as much. Runs alternate, so
      // noise on a shared machine hits both sides alike, and the median drops the slow outliers.
      const me = `${basePath}/me`;
      for (let i = 0; i < 3; i += 1) {
        await send('GET', me);
        await send('GET', url, { auth });
      }
      const meMs: number[] = [];
      const hostileMs: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        meMs.push(await timeMs(() => send('GET', me)));
        hostileMs.push(await timeMs(() => send('GET', url, { auth })));
      }
      const ratio = median(hostileMs) / median(meMs);
      expect(
        ratio,
        `median ${median(hostileMs).toFixed(2)} ms vs GET /me ${median(meMs).toFixed(2)} ms`,
      ).toBeLessThanOrEqual(20);
    },
  );
});

/** A JSON text nesting `depth` objects, `{"a":{"a":...{}}}`. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

const tooDeep = {
  status: 400,
  code: 'INVALID_REQUEST',
  details: [{ field: 'body', code: 'too_deep', value: String(maxJsonDepth) }],
};

describe(`JSON depth: every write refuses a body nested past ${maxJsonDepth} levels (docs/decisions/061)`, () => {
  const params: Record<string, string> = {
    ref: 'u1',
    branch_ref: 'b1',
    id: 'inv_x',
    orderId: 'ord_x',
    kind: 'units',
  };
  const fill = (path: string) => path.replace(/:([a-z_A-Z]+)/g, (_, name: string) => params[name] ?? 'x');
  const interfaceWrites = Object.entries(endpoints)
    .filter(([, def]) => def.method !== 'GET')
    .map(([name, def]) => ({
      name,
      method: def.method,
      url: `${basePath}${fill(def.path)}`,
      auth: 'token' as const,
    }));
  const adminWrites = [
    ['POST', '/companies'],
    ['PATCH', '/companies/DEMO'],
    ['POST', '/clients'],
    ['PATCH', '/clients/cl_x'],
    ['POST', '/clients/cl_x/tokens'],
    ['POST', '/tokens/revoke'],
    ['POST', '/clock'],
    ['POST', '/simulate'],
    ['POST', '/customers'],
    ['POST', '/routes'],
    ['DELETE', '/routes'],
    ['POST', '/orders/ord_x/resend'],
  ].map(([method = '', path = '']) => ({
    name: `${method} /_sandbox${path}`,
    method,
    url: `/_sandbox${path}`,
    auth: 'admin' as const,
  }));
  const writes = [...interfaceWrites, ...adminWrites];

  it('covers every write endpoint of the interface', () => {
    expect(interfaceWrites.length).toBe(
      Object.values(endpoints).filter((def) => def.method !== 'GET').length,
    );
    expect(interfaceWrites.length).toBeGreaterThanOrEqual(17);
  });

  it.each(writes)(
    '$name: a body nested one level too deep is 400 INVALID_REQUEST',
    async ({ method, url, auth }) => {
      const answer = await send(method, url, { auth, raw: nested(maxJsonDepth + 1) });
      expect(errorOf(answer)).toEqual(tooDeep);
    },
  );

  it.each(writes)(
    '$name: a member nested a million levels deep (2 MB) is 400 INVALID_REQUEST, never a 5xx',
    async ({ method, url, auth }) => {
      // Before the limit, walking such a member (the idempotency fingerprint, the schema's defaults)
      // overflowed the stack: 500 INTERNAL.
      const depth = 1_000_000;
      const answer = await send(method, url, { auth, raw: `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}` });
      expect(errorOf(answer)).toEqual(tooDeep);
    },
  );

  it('takes an ack whose extra member nests to the limit, and refuses one level more', async () => {
    const [first, second] = await pending('invoices');
    const extra = (depth: number) => `{"outcome":"ACCEPTED","note":${nested(depth - 1)}}`;
    const atLimit = await send('POST', `${basePath}/invoices/${first!.id}/ack`, { raw: extra(maxJsonDepth) });
    expect([atLimit.status, (atLimit.json as { data: { result: string } }).data.result]).toEqual([
      200,
      'applied',
    ]);
    const over = await send('POST', `${basePath}/invoices/${second!.id}/ack`, {
      raw: extra(maxJsonDepth + 1),
    });
    expect(errorOf(over)).toEqual(tooDeep);
    expect((await pending('invoices')).map((d) => d.id)).toContain(second!.id);
  });

  it('refuses deep nesting in a batch ack item, a push and a batch push item the same way', async () => {
    const deepItem = `{"entity":"invoice","items":[{"id":"inv_x","outcome":"ACCEPTED","x":${nested(maxJsonDepth)}}]}`;
    expect(errorOf(await send('POST', `${basePath}/acks`, { raw: deepItem }))).toEqual(tooDeep);
    const deepName = `{"name":{"en":"Box","x":${nested(maxJsonDepth)}}}`;
    expect(errorOf(await send('PUT', `${basePath}/units/u-deep`, { raw: deepName }))).toEqual(tooDeep);
    const deepBatch = `{"items":[{"ref":"u-deep","body":${deepName}}]}`;
    expect(errorOf(await send('POST', `${basePath}/batch/units`, { raw: deepBatch }))).toEqual(tooDeep);
  });

  it('counts brackets inside strings as text, not as nesting', async () => {
    const answer = await send('PUT', `${basePath}/units/u-brackets`, {
      body: { name: { en: `${'['.repeat(100)}{"\\"${'{'.repeat(100)}` } },
    });
    expect([answer.status, (answer.json as { data: { result: string } }).data.result]).toEqual([
      200,
      'created',
    ]);
  });
});

describe("batch acks: an invalid item is that item's error, the others apply (docs/decisions/062)", () => {
  it('answers 200 with a 422 INVALID_REQUEST item error for each invalid item, and applies the rest', async () => {
    const [a, b, c, d, e] = await pending('invoices');
    const items = [
      { id: a!.id, outcome: 'ACCEPTED', external_number: 'ERP-INV-1' },
      { id: b!.id, outcome: 'MAYBE' },
      { id: c!.id, external_number: 'ERP-INV-3' },
      { id: d!.id, outcome: 'REJECTED', reason_code: 5 },
      { id: e!.id, outcome: 'REJECTED', reason_code: 'WRONG_PRICE' },
      { id: 'inv_unknown', outcome: 'SOMETIMES' },
    ];
    const body = { entity: 'invoice', items };
    const answer = await send('POST', `${basePath}/acks`, { body, key: 'batch-invalid-items' });
    expect(answer.status).toBe(200);
    if (!checkBatchAck.Check(answer.json)) throw new Error('not a batch ack answer');
    const { data, meta } = answer.json;
    expect(meta).toEqual({ applied: 2, failed: 4, unchanged: 0 });
    expect(
      data.map((r) => [
        r.result,
        r.id,
        r.error?.code ?? null,
        r.error?.status ?? null,
        r.error?.retryable ?? null,
      ]),
    ).toEqual([
      ['applied', a!.id, null, null, null],
      ['failed', b!.id, 'INVALID_REQUEST', 422, false],
      ['failed', c!.id, 'INVALID_REQUEST', 422, false],
      ['failed', d!.id, 'INVALID_REQUEST', 422, false],
      ['applied', e!.id, null, null, null],
      ['failed', 'inv_unknown', 'INVALID_REQUEST', 422, false],
    ]);
    // Each item error names the item's own fields, in the shape a single ack's refusal has.
    expect(data.map((r) => [...new Set((r.error?.details ?? []).map((detail) => detail.field))])).toEqual([
      [],
      ['body.items.1.outcome'],
      ['body.items.2.outcome'],
      ['body.items.3.reason_code'],
      [],
      ['body.items.5.outcome'],
    ]);
    expect(data[1]?.error?.details).toEqual([
      { field: 'body.items.1.outcome', code: 'const', value: 'must be equal to constant' },
      { field: 'body.items.1.outcome', code: 'anyOf', value: 'must match a schema in anyOf' },
    ]);
    // A failed item of a known document shows where that document stands; an unknown one shows nothing.
    expect(data[2]?.error?.details[0]).toMatchObject({ field: 'body.items.2.outcome', code: 'required' });
    expect([data[1]?.status, data[1]?.version]).toEqual(['ISSUED', b!.version]);
    expect([data[5]?.status, data[5]?.version]).toEqual([undefined, undefined]);

    const stillPending = (await pending('invoices')).map((doc) => doc.id);
    expect([a, b, c, d, e].map((doc) => stillPending.includes(doc!.id))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);

    // The whole body is the idempotent request: the same key and body replay the same answer.
    const replay = await send('POST', `${basePath}/acks`, { body, key: 'batch-invalid-items' });
    expect(replay).toEqual(answer);
  });

  it('still refuses the whole call when the envelope is wrong: no id, a non-object item, over 500 items, an unknown entity', async () => {
    const [doc] = await pending('invoices');
    const valid = { id: doc!.id, outcome: 'ACCEPTED' };
    const calls = [
      { entity: 'invoice', items: [valid, { outcome: 'ACCEPTED' }] },
      { entity: 'invoice', items: [valid, { id: 5, outcome: 'ACCEPTED' }] },
      { entity: 'invoice', items: [valid, 'inv_x'] },
      { entity: 'invoice', items: Array.from({ length: 501 }, () => valid) },
      { entity: 'visit', items: [valid] },
      { entity: 'invoice' },
    ];
    const answers = [];
    for (const body of calls) answers.push(errorOf(await send('POST', `${basePath}/acks`, { body })));
    expect(answers.map((a) => [a.status, a.code])).toEqual(calls.map(() => [422, 'INVALID_REQUEST']));
    expect((await pending('invoices')).map((d) => d.id)).toContain(doc!.id);
  });
});

describe('the process survives failures that escape every handler (docs/decisions/063)', () => {
  it('answers a handler that throws or rejects with 500 INTERNAL, logs it without the token, and serves on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answers = [await send('GET', '/_test/v1/throws'), await send('GET', '/_test/v1/rejects')];
      expect(answers.map((answer) => [errorOf(answer).status, errorOf(answer).code])).toEqual([
        [500, 'INTERNAL'],
        [500, 'INTERNAL'],
      ]);
      const text = logged.mock.calls.flat().map(String).join('\n');
      expect([
        text.includes('TypeError: a bug'),
        text.includes('a late bug'),
        text.includes(leakedToken),
      ]).toEqual([true, true, false]);
    } finally {
      logged.mockRestore();
    }
    expect((await send('GET', `${basePath}/me`)).status).toBe(200);
  });

  it('masks tokens, bearer credentials, Authorization values and given secrets in log text', () => {
    const live = `svc_live_${'L'.repeat(43)}`;
    const text = `Bearer ${live} then { authorization: 'Basic dXNlcjpwYXNz' } and "Authorization":"raw-secret" and admin-s3cret and ${live}`;
    const redacted = redactSecrets(text, ['admin-s3cret']);
    for (const secret of [live, 'dXNlcjpwYXNz', 'raw-secret', 'admin-s3cret'])
      expect(redacted).not.toContain(secret);
    expect(redacted).toContain('Bearer [redacted]');
  });

  it('masks a token glued to a letter, a digit or an underscore, as the app’s core does (one shared pattern)', () => {
    const secret = 'Qz9_-Kp'.repeat(5);
    const token = `svc_live_abcdEFGH${secret}`;
    for (const text of [
      `token%3D${token}`,
      JSON.stringify(`line\n${token}`),
      `id7${token}`,
      `key_${token}tail`,
    ]) {
      const redacted = redactSecrets(text);
      expect(redacted, text).not.toContain(secret.slice(0, 6));
      expect(redacted, text).not.toContain('abcdEFGH');
      expect(redacted, text).toContain('svc_live_[redacted]');
    }
  });

  it('logs an unhandled rejection and an exception thrown from a timer, without the token, and keeps serving', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-survive-'));
    const root = resolve(import.meta.dirname, '../..');
    const child: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        join(root, 'test/sandbox/fixtures/escape-handlers.mjs'),
        join(root, 'src-sandbox/main.ts'),
        ...['--port', '0', '--data', dataDir, '--docs', '0'],
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const baseUrl = await new Promise<string>((done, fail) => {
        const lines = createInterface({ input: child.stdout! });
        lines.on('line', (line) => {
          const match = /^listening (http:\/\/\S+)$/.exec(line);
          if (match?.[1]) done(match[1]);
        });
        void exited.then((code) => fail(new Error(`exited with ${code}: ${stderr}`)));
      });
      const demoToken = readFileSync(join(dataDir, 'demo-token'), 'utf8').trim();
      const meStatus = () =>
        fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${demoToken}` } }).then(
          (answer) => answer.status,
          () => 0, // refused: the process is gone
        );

      child.kill('SIGUSR2'); // the fixture now rejects a promise and throws from a timer
      for (let waited = 0; waited < 10_000 && !/uncaughtException/.test(stderr); waited += 50) {
        if (child.exitCode !== null) break;
        await new Promise((done) => setTimeout(done, 50));
      }
      expect({
        running: child.exitCode === null,
        me: await meStatus(),
        rejectionLogged: stderr.includes('a promise was rejected and nothing handled it; still serving'),
        exceptionLogged: stderr.includes('uncaughtException escaped every handler; still serving'),
        tokenLogged: stderr.includes('T'.repeat(43)) || stderr.includes(demoToken),
      }).toEqual({
        running: true,
        me: 200,
        rejectionLogged: true,
        exceptionLogged: true,
        tokenLogged: false,
      });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
