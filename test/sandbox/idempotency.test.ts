import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, registerInterface } from '../../src-sandbox/app';
import { openClock } from '../../src-sandbox/clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { ApiError } from '../../src-sandbox/errors';
import { openStore } from '../../src-sandbox/store/db';
import { startSandbox } from '../support/sandbox';
import { companyByCode, createClient, createCompany } from '../../src-sandbox/store/platform';
import { call, expectError } from './platform-support';

// The interface's write endpoints belong to other modules; these tests put writes of their own behind
// the real interface hooks and the real `idempotentWrite`, on an in-process sandbox served over loopback.
// Each write inserts a row, so "wrote nothing" is observable.

const ThingBody = Type.Object({ name: Type.String(), tags: Type.Optional(Type.Array(Type.String())) });
const ThingResponse = Type.Object({ data: Type.Object({ id: Type.Integer(), name: Type.String() }) });

interface Sandbox {
  app: SandboxApp;
  db: Database;
  origin: string;
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-idem-'));
let tokenA: string;
let tokenB: string;
let current: Sandbox;

/** Builds the sandbox on the store in `dir` (again after a "restart") and listens on loopback. */
async function start(writeDelayMs: number): Promise<Sandbox> {
  const db = openStore(dir);
  db.exec('CREATE TABLE IF NOT EXISTS test_things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  const app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 10_000, writeDelayMs }, 'secret');
  const insert = db.prepare('INSERT INTO test_things(name) VALUES (?)');
  await registerInterface(
    app,
    async (api) => {
      api.post(
        '/things',
        { schema: { body: ThingBody, response: { 201: ThingResponse } } },
        async (request, reply) =>
          api.sandbox.idempotentWrite(request, reply, () => {
            const id = Number(insert.run(request.body.name).lastInsertRowid);
            if (request.body.name === 'unknown') {
              // Refused after writing: the transaction must roll the row back.
              throw new ApiError('UNKNOWN_REFERENCE', 'The thing names an unknown reference. Push it first.');
            }
            if (request.body.name === 'conflict')
              return { status: 409, body: { data: { id, name: 'conflict' } } };
            return { status: 201, body: { data: { id, name: request.body.name } } };
          }),
      );
    },
    '/_test/v1',
  );
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, db, origin };
}

async function stop(sandbox: Sandbox): Promise<void> {
  await sandbox.app.close();
  sandbox.db.close();
}

const rows = () => (current.db.prepare('SELECT COUNT(*) AS n FROM test_things').get() as { n: number }).n;
const write = (body: unknown, key: string | undefined, token = tokenA) =>
  call(`${current.origin}/_test/v1/things`, 'POST', {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

beforeAll(async () => {
  const db = openStore(dir);
  const clock = openClock(db);
  const company = createCompany(db, clock, 'DEMO', 'Demo');
  const client = (name: string) =>
    createClient(db, clock, {
      companyId: company.id,
      name,
      system: 'OTHER',
      scopes: [],
      ipAllow: [],
      rateLimitPerMinute: 10_000,
    }).token;
  tokenA = client('A');
  tokenB = client('B');
  expect(companyByCode(db, 'DEMO').id).toBe(company.id);
  db.close();
  current = await start(0);
});
afterAll(async () => {
  await stop(current);
  rmSync(dir, { recursive: true, force: true });
});

describe('Idempotency-Key (spec, Limits)', () => {
  it('is required on a write: 400 IDEMPOTENCY_KEY_REQUIRED, and nothing is written', async () => {
    const before = rows();
    expectError(await write({ name: 'a' }, undefined), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expectError(await write({ name: 'a' }, '  '), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expect(rows()).toBe(before);
  });

  it('takes at most 100 characters', async () => {
    const tooLong = expectError(await write({ name: 'a' }, 'k'.repeat(101)), 400, 'INVALID_REQUEST');
    expect(tooLong.error.details).toEqual([{ field: 'Idempotency-Key', code: 'too_long', value: '101' }]);
    expect((await write({ name: 'a' }, 'k'.repeat(100))).status).toBe(201);
  });

  it('replays the first answer byte for byte for the same key and body, with Idempotent-Replayed', async () => {
    const before = rows();
    const first = await write({ name: 'replayed', tags: ['x', 'y'] }, 'key-replay');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its members in another order is the same request.
    const again = await write({ tags: ['x', 'y'], name: 'replayed' }, 'key-replay');
    expect([again.status, again.text, again.headers.get('idempotent-replayed')]).toEqual([
      201,
      first.text,
      'true',
    ]);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(rows()).toBe(before + 1);
  });

  it('refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    await write({ name: 'one' }, 'key-reused');
    expectError(await write({ name: 'two' }, 'key-reused'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await write({ name: 'one', tags: [] }, 'key-reused'), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps keys per client', async () => {
    const a = await write({ name: 'per-client' }, 'key-shared');
    const b = await write({ name: 'per-client' }, 'key-shared', tokenB);
    expect([a.status, b.status, b.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
    expect(a.text).not.toBe(b.text); // two rows, two ids
  });

  it('stores only successes: a refused call wrote nothing and may be fixed and sent again with the same key', async () => {
    const before = rows();
    expectError(await write({ name: 'unknown' }, 'key-refused'), 422, 'UNKNOWN_REFERENCE');
    const conflict = await write({ name: 'conflict' }, 'key-conflict');
    expect(conflict.status).toBe(409);
    expect(rows()).toBe(before);
    const fixed = await write({ name: 'known' }, 'key-refused');
    expect([fixed.status, fixed.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(rows()).toBe(before + 1);
  });

  it('answers a body that fails its schema before taking the key', async () => {
    expectError(await write({ name: 5 }, 'key-schema'), 422, 'INVALID_REQUEST');
    expect((await write({ name: '5' }, 'key-schema')).status).toBe(201);
  });

  it('keeps a key 7 days by the sandbox clock, then forgets it', async () => {
    await write({ name: 'week' }, 'key-week');
    current.app.sandbox.clock.advance(6 * 86_400);
    expectError(await write({ name: 'week later' }, 'key-week'), 422, 'IDEMPOTENCY_KEY_REUSED');
    current.app.sandbox.clock.advance(86_400 + 1);
    const reused = await write({ name: 'week later' }, 'key-week');
    expect([reused.status, reused.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  it('keeps stored answers across a restart', async () => {
    const first = await write({ name: 'durable' }, 'key-durable');
    await stop(current);
    current = await start(0);
    const again = await write({ name: 'durable' }, 'key-durable');
    expect([again.status, again.text, again.headers.get('idempotent-replayed')]).toEqual([
      201,
      first.text,
      'true',
    ]);
  });

  it('answers 409 REQUEST_IN_PROGRESS while the first request with the key is running, then replays', async () => {
    await stop(current);
    current = await start(300); // --write-delay-ms: holds each write after marking its key in progress
    const before = rows();
    const firstPending = write({ name: 'slow' }, 'key-slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await write({ name: 'slow' }, 'key-slow');
    const first = await firstPending;
    expect(first.status).toBe(201);
    expectError(second, 409, 'REQUEST_IN_PROGRESS');
    const retried = await write({ name: 'slow' }, 'key-slow');
    expect([retried.status, retried.text, retried.headers.get('idempotent-replayed')]).toEqual([
      201,
      first.text,
      'true',
    ]);
    expect(rows()).toBe(before + 1);
  });
});

describe('Idempotency-Key on a real endpoint of the sandbox process', () => {
  it('replays PUT /units/{ref} and refuses its key for another body', async () => {
    const sandbox = await startSandbox({ docs: 0 });
    try {
      const put = (name: string, key?: string) =>
        call(`${sandbox.baseUrl}/units/IDEM-BOX`, 'PUT', {
          token: sandbox.token,
          body: { name: { en: name } },
          headers: key === undefined ? {} : { 'idempotency-key': key },
        });
      expectError(await put('Box'), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      const first = await put('Box', 'idem-box');
      const again = await put('Box', 'idem-box');
      expect([first.status, again.status, again.text, again.headers.get('idempotent-replayed')]).toEqual([
        200,
        200,
        first.text,
        'true',
      ]);
      expectError(await put('Crate', 'idem-box'), 422, 'IDEMPOTENCY_KEY_REUSED');
    } finally {
      await sandbox.dispose();
    }
  });
});
