import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError } from './platform-support';

// Faults injected for one client (sandbox contract, Additions; docs/decisions/017-console-lists-and-faults.md):
// that client's calls to {base_url} answer 429, 503 or slowly for a number of wall-clock seconds.

let sandbox: RunningSandbox;
let demoClient: string;
let otherToken: string;
beforeAll(async () => {
  sandbox = await startSandbox({ docs: 3, rateLimit: 100_000 });
  const clients = (await sandbox.admin<{ data: Array<{ client_id: string }> }>('GET', '/clients')).data;
  demoClient = clients[0]!.client_id;
  otherToken = (
    await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Other ERP',
      system: 'OTHER',
      scopes: ['orders:read', 'orders:write'],
    })
  ).token;
});
afterAll(() => sandbox?.dispose());

const admin = (method: string, path: string, body?: unknown) =>
  call(`${sandbox.origin}/_sandbox${path}`, method, { token: sandbox.adminSecret, body });
const me = (token = sandbox.token) => call(`${sandbox.baseUrl}/me`, 'GET', { token });

describe('faults injected for one client', () => {
  it('refuses an unknown client, kind or duration with the envelope', async () => {
    expectError(
      await admin('POST', '/faults', { client_id: 'cl_nope', kind: 'unavailable', seconds: 5 }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin('POST', '/faults', { client_id: demoClient, kind: 'flood', seconds: 5 }),
      422,
      'INVALID_REQUEST',
    );
    expectError(
      await admin('POST', '/faults', { client_id: demoClient, kind: 'slow', seconds: 0 }),
      422,
      'INVALID_REQUEST',
    );
    expectError(await admin('DELETE', '/faults?kind=flood'), 400, 'INVALID_REQUEST');
    expect((await admin('GET', '/faults')).json).toEqual({ data: [] });
  });

  it('rate_storm: the client gets 429 RATE_LIMITED with Retry-After, others and the console do not; the write applies later', async () => {
    const set = await admin('POST', '/faults', { client_id: demoClient, kind: 'rate_storm', seconds: 30 });
    expect(set.json).toEqual({
      client_id: demoClient,
      kind: 'rate_storm',
      ends_at: expect.any(String),
      seconds_left: 30,
      delay_ms: 0,
    });

    const refused = await me();
    expectError(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(29);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));

    // A write refused by the storm is not applied and keeps no Idempotency-Key.
    const orders = await call(`${sandbox.baseUrl}/orders?filter[ack]=pending&per_page=1`, 'GET', {
      token: otherToken,
    });
    const order = (orders.json as { data: Array<{ id: string }> }).data[0]!;
    const key = randomUUID();
    const ack = () =>
      call(`${sandbox.baseUrl}/orders/${order.id}/ack`, 'POST', {
        token: sandbox.token,
        headers: { 'idempotency-key': key },
        body: { outcome: 'ACCEPTED', external_number: 'SO-ERP-1' },
      });
    expectError(await ack(), 429, 'RATE_LIMITED');

    // Another client of the company, and the console, are served.
    expect((await me(otherToken)).status).toBe(200);
    expect((await admin('GET', '/faults')).json).toEqual({
      data: [{ ...(set.json as object), seconds_left: expect.any(Number) }],
    });

    expect((await admin('DELETE', `/faults?client_id=${demoClient}&kind=slow`)).json).toEqual({ cleared: 0 });
    expect((await admin('DELETE', `/faults?client_id=${demoClient}`)).json).toEqual({ cleared: 1 });
    const applied = await ack();
    expect(applied.status).toBe(200);
    expect(applied.headers.get('idempotent-replayed')).toBeNull();
  });

  it('rate_storm: refused calls are not counted against the client rate limit', async () => {
    const tight = (
      await admin('POST', '/clients', {
        name: 'Tight',
        system: 'OTHER',
        scopes: [],
        rate_limit_per_minute: 2,
      })
    ).json as { client_id: string; token: string };
    await admin('POST', '/faults', { client_id: tight.client_id, kind: 'rate_storm', seconds: 30 });
    for (let i = 0; i < 4; i++) expectError(await me(tight.token), 429, 'RATE_LIMITED');
    await admin('DELETE', `/faults?client_id=${tight.client_id}`);
    const first = await me(tight.token);
    expect([first.status, first.headers.get('x-ratelimit-limit')]).toEqual([200, '2']);
    expect((await me(tight.token)).status).toBe(200);
  });

  it('unavailable: the client gets 503 with Retry-After and the envelope', async () => {
    await admin('POST', '/faults', { client_id: demoClient, kind: 'unavailable', seconds: 20 });
    const refused = await me();
    const envelope = expectError(refused, 503, 'SERVICE_UNAVAILABLE');
    expect(envelope.error.retryable).toBe(true);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(19);
    expect(refused.headers.get('x-ratelimit-limit')).toBeNull();
    // Unknown paths under {base_url} too: the gateway answers before the service.
    expectError(
      await call(`${sandbox.baseUrl}/nowhere`, 'GET', { token: sandbox.token }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    // A storm at the same time: the gateway's 503 comes first.
    await admin('POST', '/faults', { client_id: demoClient, kind: 'rate_storm', seconds: 20 });
    expectError(await me(), 503, 'SERVICE_UNAVAILABLE');
    expect((await admin('DELETE', '/faults')).json).toEqual({ cleared: 2 });
    expect((await me()).status).toBe(200);
  });

  it('slow: answers come delay_ms late until the fault ends by itself', async () => {
    await admin('POST', '/faults', { client_id: demoClient, kind: 'slow', seconds: 2, delay_ms: 700 });
    let started = performance.now();
    const slow = await me();
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(650);
    started = performance.now();
    expect((await me(otherToken)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);

    await new Promise((r) => setTimeout(r, 2100 - 700));
    expect((await admin('GET', '/faults')).json).toEqual({ data: [] });
    started = performance.now();
    expect((await me()).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
