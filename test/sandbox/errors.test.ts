import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ReferenceResponseSchema } from '../../src-shared/wire';
import { call, expectError, readWire, type Answer } from './platform-support';

let sandbox: RunningSandbox;
let adminUrl: string;

beforeAll(async () => {
  // Writes are held 300 ms (--write-delay-ms) so the shutdown test has a write in flight.
  sandbox = await startSandbox({ docs: 0, rateLimit: 100_000, writeDelayMs: 300 });
  adminUrl = `${sandbox.origin}/_sandbox`;
});
afterAll(async () => {
  await sandbox.dispose();
});

const admin = (method: string, path: string, options: Parameters<typeof call>[2] = {}) =>
  call(`${adminUrl}${path}`, method, { token: sandbox.adminSecret, ...options });

/** Sends raw bytes on a new connection and reads until the server closes it or `timeoutMs` passes. */
function rawExchange(bytes: string, timeoutMs = 2000): Promise<string> {
  const { hostname, port } = new URL(sandbox.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, timeoutMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (received) resolve(received);
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(bytes, 'latin1');
  });
}

describe('X-Request-Id and the envelope (spec, Errors)', () => {
  it('carries X-Request-Id on every answer, equal to the envelope request_id of errors', async () => {
    const answers: Answer[] = [
      await call(`${sandbox.baseUrl}/me`, 'GET', { token: sandbox.token }),
      await call(`${sandbox.origin}/_sandbox/health`, 'GET'),
    ];
    const errors: Array<[Answer, number, string]> = [
      [await call(`${sandbox.baseUrl}/me`, 'GET'), 401, 'TOKEN_INVALID'],
      [await call(`${sandbox.baseUrl}/nope`, 'GET', { token: sandbox.token }), 404, 'NOT_FOUND'],
      [await call(`${sandbox.origin}/nope`, 'GET'), 404, 'NOT_FOUND'],
      [await call(`${sandbox.baseUrl}/%E0%A4%A`, 'GET', { token: sandbox.token }), 400, 'INVALID_REQUEST'],
      [await call(`${sandbox.baseUrl}/me`, 'DELETE', { token: sandbox.token }), 405, 'METHOD_NOT_ALLOWED'],
      [
        await call(`${adminUrl}/clock`, 'POST', { token: 'wrong', body: { advance_seconds: 1 } }),
        401,
        'TOKEN_INVALID',
      ],
    ];
    for (const [answer, status, code] of errors) expectError(answer, status, code);
    const ids = [...answers, ...errors.map(([a]) => a)].map((a) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers 404 NOT_FOUND for an unknown path and 405 METHOD_NOT_ALLOWED with Allow for a known path', async () => {
    const token = sandbox.token;
    expect(
      expectError(await call(`${sandbox.baseUrl}/invoicez`, 'GET', { token }), 404, 'NOT_FOUND').error
        .message,
    ).toContain('/invoicez');
    const cases = [
      [await call(`${sandbox.baseUrl}/me`, 'POST', { token, body: {} }), 'GET, HEAD'],
      [await call(`${sandbox.baseUrl}/me/`, 'PUT', { token }), 'GET, HEAD'],
      [await call(`${sandbox.baseUrl}/reference/currencies`, 'OPTIONS', { token }), 'GET, HEAD'],
      [await call(`${sandbox.baseUrl}/units/u1`, 'GET', { token }), 'PUT'],
      [await call(`${adminUrl}/clock`, 'GET', { token: sandbox.adminSecret }), 'POST'],
    ] as const;
    expect(
      cases.map(([answer]) => {
        expectError(answer, 405, 'METHOD_NOT_ALLOWED');
        return answer.headers.get('allow');
      }),
    ).toEqual(cases.map(([, allow]) => allow));
  });
});

describe('bad input: always a 4xx with the envelope, never a 5xx or a hang', () => {
  it('refuses bodies that are not JSON, are empty, or have another media type with 400 INVALID_REQUEST', async () => {
    const put = (raw: string, contentType?: string) =>
      call(`${sandbox.baseUrl}/units/u-bad`, 'PUT', {
        token: sandbox.token,
        raw,
        contentType,
        headers: { 'idempotency-key': 'k-bad' },
      });
    expectError(await put('{"name": {"en": "Box"', 'application/json'), 400, 'INVALID_REQUEST');
    expectError(await put('', 'application/json'), 400, 'INVALID_REQUEST');
    expectError(await put('{"__proto__": {"x": 1}}', 'application/json'), 400, 'INVALID_REQUEST');
    expectError(await put('name=Box', 'text/plain'), 400, 'INVALID_REQUEST');
    expectError(
      await admin('POST', '/clients', { raw: '{"name": "x",', contentType: 'application/json' }),
      400,
      'INVALID_REQUEST',
    );
  });

  it('refuses wrong types and missing fields with 422 INVALID_REQUEST naming each field; nothing is coerced', async () => {
    const wrong = expectError(
      await admin('POST', '/clients', {
        body: { name: 5, system: 'OTHER', scopes: 'orders:read', rate_limit_per_minute: '60' },
      }),
      422,
      'INVALID_REQUEST',
    );
    expect(wrong.error.details.map((d) => d.field).sort()).toEqual([
      'body.name',
      'body.rate_limit_per_minute',
      'body.scopes',
    ]);
    const missing = expectError(
      await admin('POST', '/clients', { body: { name: 'x' } }),
      422,
      'INVALID_REQUEST',
    );
    expect(
      missing.error.details
        .filter((d) => d.code === 'required')
        .map((d) => d.field)
        .sort(),
    ).toEqual(['body.scopes', 'body.system']);
    const unitName = expectError(
      await call(`${sandbox.baseUrl}/units/u-types`, 'PUT', {
        token: sandbox.token,
        body: { name: { en: 5 } },
        headers: { 'idempotency-key': 'k-types' },
      }),
      422,
      'INVALID_REQUEST',
    );
    expect(unitName.error.details[0]?.field).toBe('body.name.en');
    expectError(
      await admin('PATCH', '/clients/nope', { body: { rate_limit_per_minute: 0 } }),
      422,
      'INVALID_REQUEST',
    );
    // A key over 64 characters is a malformed key, whatever its length (spec, Push semantics).
    const longRef = await call(`${sandbox.baseUrl}/units/${'k'.repeat(300)}`, 'PUT', {
      token: sandbox.token,
      body: { name: { en: 'Box' } },
      headers: { 'idempotency-key': 'k-long-ref' },
    });
    expect(expectError(longRef, 422, 'INVALID_REQUEST').error.details[0]?.field).toBe('params.ref');
  });

  it('answers a body over the limit with 413 and the envelope', async () => {
    const big = `{"name": {"en": "${'x'.repeat(5 * 1024 * 1024)}"}}`;
    const answer = await call(`${sandbox.baseUrl}/units/u-big`, 'PUT', {
      token: sandbox.token,
      raw: big,
      contentType: 'application/json',
      headers: { 'idempotency-key': 'k-big' },
    });
    expectError(answer, 413, 'PAYLOAD_TOO_LARGE');
    expectError(
      await admin('POST', '/clients', { raw: big, contentType: 'application/json' }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers HTTP the parser refuses with a 400 envelope on the socket', async () => {
    const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const id = /x-request-id: (\S+)/i.exec(head)?.[1];
    expect(JSON.parse(body)).toMatchObject({
      error: { code: 'INVALID_REQUEST', request_id: id, retryable: false },
    });
  });

  it('keeps serving after a burst of garbage', async () => {
    const token = sandbox.token;
    const garbage: Array<Promise<unknown>> = [
      rawExchange('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      rawExchange(`GET /api/integration/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      rawExchange('\u0000\u0001\u0002\u0003\r\n\r\n'),
      rawExchange(
        'POST /api/integration/v1/units/x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc',
        300,
      ),
      rawExchange('GET /api/integration/v1/%%% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    ];
    for (let i = 0; i < 20; i += 1) {
      garbage.push(
        call(`${sandbox.baseUrl}/units/g${i}`, 'PUT', {
          token,
          raw: '{'.repeat(i + 1),
          contentType: 'application/json',
          headers: { 'idempotency-key': `g${i}` },
        }),
      );
      garbage.push(call(`${sandbox.baseUrl}/reference/${'%FF'.repeat(i)}x`, 'GET', { token }));
      garbage.push(
        call(`${sandbox.baseUrl}/me?${'a=1&'.repeat(i * 50)}`, 'PATCH', {
          token,
          raw: '\u0000',
          contentType: 'application/octet-stream',
        }),
      );
    }
    const settled = await Promise.allSettled(garbage);
    const statuses = settled.flatMap((s) =>
      s.status === 'fulfilled' && typeof s.value === 'object' && s.value && 'status' in s.value
        ? [s.value.status]
        : [],
    );
    expect(statuses.length).toBe(60);
    expect(statuses.every((status) => typeof status === 'number' && status >= 400 && status < 500)).toBe(
      true,
    );
    expect((await call(`${sandbox.baseUrl}/me`, 'GET', { token })).status).toBe(200);
  });
});

describe('graceful shutdown (last: stops the process)', () => {
  it('finishes the write in flight on SIGTERM, exits 0, and keeps the write', async () => {
    const pending = call(`${sandbox.baseUrl}/units/u-shutdown`, 'PUT', {
      token: sandbox.token,
      body: { name: { en: 'Shutdown box' } },
      headers: { 'idempotency-key': 'k-shutdown' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the write is now held (300 ms)
    const exitCode = await sandbox.stop('SIGTERM');
    const answer = await pending;
    expect([answer.status, exitCode]).toEqual([200, 0]);

    await sandbox.restart();
    const units = await call(`${sandbox.baseUrl}/reference/units`, 'GET', { token: sandbox.token });
    expect(readWire(ReferenceResponseSchema, units).data.map((u) => u.external_ref)).toContain('u-shutdown');
  });
});
