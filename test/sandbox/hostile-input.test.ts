import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '../../src-shared/wire';
import { basePath, buildSandbox } from '../../src-sandbox/app';
import { openClock } from '../../src-sandbox/clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { ensureDemo } from '../../src-sandbox/demo';
import { openStore } from '../../src-sandbox/store/db';

// Hostile input (docs/decisions/060-hostile-request-paths.md): request paths cost time linear in
// their length, whatever they hold. In-process (`buildSandbox` + `inject`).

const checkEnvelope = Compile(ErrorEnvelopeSchema);

const dir = mkdtempSync(join(tmpdir(), 'sandbox-hostile-'));
let db: Database;
let app: SandboxApp;
let token: string;
let adminSecret: string;
beforeAll(async () => {
  db = openStore(dir);
  adminSecret = ensureDemo(db, openClock(db), dir, { seed: 3, docs: 8, rateLimitPerMinute: 1_000_000 });
  token = readFileSync(join(dir, 'demo-token'), 'utf8').trim();
  app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 1_000_000, writeDelayMs: 0 }, adminSecret);
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
