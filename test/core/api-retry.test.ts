import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, writes, type ApiClientOptions } from '../../src-main/core/api/client';
import {
  CancelledError,
  NetworkError,
  ServiceError,
  TimeoutError,
  WireError,
} from '../../src-main/core/api/errors';
import { newIdempotencyKey } from '../../src-shared/domain/idempotency-key';
import {
  decideRetry,
  defaultRetryPolicy,
  sleepReal,
  withRetry,
  type RetryPolicy,
} from '../../src-main/core/api/retry';
import { gateway503, rateLimited429, startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

/** A clock that moves only when slept on, and the waits asked of it. */
function fakeTime(startMs = Date.now()) {
  let nowMs = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => nowMs },
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new CancelledError();
      sleeps.push(ms);
      nowMs += ms;
    },
  };
}

function serviceError(status: number, code: string, retryAfterSec: number | null = null): ServiceError {
  return new ServiceError(
    status,
    { code, message: code, details: [], request_id: 'r', retryable: false },
    retryAfterSec,
  );
}

describe("decideRetry: the spec's table", () => {
  it('retries 429, 500, 503, REQUEST_IN_PROGRESS and lost answers, and nothing else', () => {
    const policy: RetryPolicy = {
      maxAttempts: 6,
      maxElapsedMs: 120_000,
      baseDelayMs: 1000,
      maxDelayMs: 20_000,
    };
    const half = (): number => 0.5;
    const cases = {
      '429 with Retry-After': serviceError(429, 'RATE_LIMITED', 7),
      '429 without': serviceError(429, 'RATE_LIMITED'),
      '500': serviceError(500, 'INTERNAL'),
      '503 with Retry-After': serviceError(503, 'SERVICE_UNAVAILABLE', 4),
      '503 without': serviceError(503, 'SERVICE_UNAVAILABLE'),
      '409 in progress': serviceError(409, 'REQUEST_IN_PROGRESS'),
      '409 already acked': serviceError(409, 'ALREADY_ACKNOWLEDGED'),
      '400': serviceError(400, 'INVALID_REQUEST'),
      '401': serviceError(401, 'TOKEN_REVOKED'),
      '403': serviceError(403, 'SCOPE_MISSING'),
      '404': serviceError(404, 'NOT_FOUND'),
      '422': serviceError(422, 'UNKNOWN_REFERENCE'),
      network: new NetworkError('reset'),
      timeout: new TimeoutError('slow', 100),
      cancelled: new CancelledError(),
      wire: new WireError('/me', ['bad']),
      other: new Error('bug'),
    };
    // Third failure: the back-off ceiling is 1000 * 2^2 = 4000, half of it with this jitter.
    const decisions = Object.fromEntries(
      Object.entries(cases).map(([name, error]) => [name, decideRetry(error, 3, policy, half)]),
    );
    expect(decisions).toEqual({
      '429 with Retry-After': { retry: true, delayMs: 7000, reason: 'rate-limited' },
      '429 without': { retry: true, delayMs: 2000, reason: 'rate-limited' },
      '500': { retry: true, delayMs: 2000, reason: 'server-error' },
      '503 with Retry-After': { retry: true, delayMs: 4000, reason: 'unavailable' },
      '503 without': { retry: true, delayMs: 2000, reason: 'unavailable' },
      '409 in progress': { retry: true, delayMs: 2000, reason: 'in-progress' },
      '409 already acked': { retry: false },
      '400': { retry: false },
      '401': { retry: false },
      '403': { retry: false },
      '404': { retry: false },
      '422': { retry: false },
      network: { retry: true, delayMs: 2000, reason: 'network' },
      timeout: { retry: true, delayMs: 2000, reason: 'network' },
      cancelled: { retry: false },
      wire: { retry: false },
      other: { retry: false },
    });
  });

  it('waits a full-jitter back-off: anywhere from 0 to a doubling ceiling, capped', () => {
    const policy: RetryPolicy = {
      maxAttempts: 10,
      maxElapsedMs: 600_000,
      baseDelayMs: 500,
      maxDelayMs: 8000,
    };
    const delay = (attempt: number, random: number): number => {
      const decision = decideRetry(new NetworkError('x'), attempt, policy, () => random);
      return decision.retry ? decision.delayMs : -1;
    };
    expect([1, 2, 3, 4, 5, 9].map((attempt) => delay(attempt, 0.999999))).toEqual([
      499, 999, 1999, 3999, 7999, 7999,
    ]);
    expect(delay(4, 0)).toBe(0);
  });
});

describe('withRetry: bounded in attempts and in time', () => {
  it('gives up after maxAttempts and throws the last failure', async () => {
    const time = fakeTime();
    let attempts = 0;
    const failing = withRetry(
      async () => {
        attempts += 1;
        throw serviceError(503, 'SERVICE_UNAVAILABLE');
      },
      { clock: time.clock, sleep: time.sleep, random: () => 0.5 },
    );
    await expect(failing).rejects.toMatchObject({ status: 503 });
    expect({ attempts, waits: time.sleeps.length }).toEqual({
      attempts: defaultRetryPolicy.maxAttempts,
      waits: defaultRetryPolicy.maxAttempts - 1,
    });
  });

  it('does not begin a wait that would end past maxElapsedMs', async () => {
    const time = fakeTime();
    let attempts = 0;
    const failing = withRetry(
      async () => {
        attempts += 1;
        throw serviceError(429, 'RATE_LIMITED', 50);
      },
      { clock: time.clock, sleep: time.sleep, policy: { ...defaultRetryPolicy, maxElapsedMs: 120_000 } },
    );
    await expect(failing).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // 0 s, 50 s, 100 s; a third wait would end at 150 s.
    expect({ attempts, sleeps: time.sleeps }).toEqual({ attempts: 3, sleeps: [50_000, 50_000] });
  });

  it('stops at once when cancelled, even while waiting', async () => {
    const controller = new AbortController();
    let attempts = 0;
    const run = withRetry(
      async () => {
        attempts += 1;
        if (attempts === 1) setTimeout(() => controller.abort(), 20);
        throw new NetworkError('reset');
      },
      {
        clock: { now: () => Date.now() },
        sleep: sleepReal,
        random: () => 0.99,
        signal: controller.signal,
        policy: { ...defaultRetryPolicy, baseDelayMs: 10_000 },
      },
    );
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(attempts).toBe(1);
  });
});

describe('the API client retrying against the sandbox through a fault proxy', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  // The sandbox holds each write 600 ms so a retry can meet the first attempt still running.
  const writeDelayMs = 600;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 2, writeDelayMs });
    proxy = await startFaultProxy(sandbox.origin);
    const setup = new ApiClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    await setup.send(
      writes.putCustomer('C-RETRY', { name: { en: 'Retry Customer' }, blocked: false }),
      newIdempotencyKey(),
    );
    await setup.close();
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.dispose();
  });
  beforeEach(() => proxy.reset());

  function clientViaProxy(options: Partial<ApiClientOptions> = {}) {
    const time = fakeTime();
    const client = new ApiClient({
      baseUrl: proxy.baseUrl,
      token: sandbox.token,
      clock: time.clock,
      sleep: time.sleep,
      random: () => 0.5,
      ...options,
    });
    return { client, time };
  }

  it("retries a gateway's 503 with back-off, then succeeds", async () => {
    proxy.add(gateway503(2, undefined, { path: '/me' }));
    const { client, time } = clientViaProxy();
    const answer = await client.me();
    await client.close();
    expect(answer.data.company.code).toBe('DEMO');
    expect(proxy.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    // Full jitter at 0.5 of ceilings 500 and 1000 ms.
    expect(time.sleeps).toEqual([250, 500]);
  });

  it('honours Retry-After on a 503 and on a 429', async () => {
    proxy.add(gateway503(1, 7, { path: '/me' }));
    proxy.add(rateLimited429(1, 3, { path: '/me' }));
    const { client, time } = clientViaProxy();
    const answer = await client.me();
    await client.close();
    expect(answer.status).toBe(200);
    expect({ statuses: proxy.requests.map((r) => r.status), sleeps: time.sleeps }).toEqual({
      statuses: [503, 429, 200],
      sleeps: [7000, 3000],
    });
  });

  it('does not retry refusals: 401, 403 and 422 are sent once', async () => {
    const { client } = clientViaProxy({ token: `svc_test_${'x'.repeat(43)}` });
    await expect(client.me()).rejects.toMatchObject({ status: 401, code: 'TOKEN_INVALID' });
    await client.close();

    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Reader',
      system: 'OTHER',
      scopes: ['invoices:read'],
    });
    const reader = clientViaProxy({ token }).client;
    await expect(
      reader.send(writes.putUnit('U-X', { name: { en: 'X' } }), newIdempotencyKey()),
    ).rejects.toMatchObject({
      status: 403,
      code: 'SCOPE_MISSING',
    });
    await reader.close();

    const writer = clientViaProxy().client;
    const unknownUnit = writer.send(
      writes.putProduct('P-NOUNIT', { name: { en: 'No unit' }, base_unit_ref: 'NEVER-PUSHED' }),
      newIdempotencyKey(),
    );
    await expect(unknownUnit).rejects.toMatchObject({ status: 422, code: 'UNKNOWN_REFERENCE' });
    await writer.close();

    expect(proxy.requests.map((r) => r.status)).toEqual([401, 403, 422]);
  });

  it('resends a write whose answer was dropped with the same key; the service replays it and applied it once', async () => {
    const direct = new ApiClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    // A direct balance first makes the customer's version the company's latest (a shared counter,
    // docs/decisions/031), so each further application moves it by exactly one.
    await direct.send(
      writes.putBalance('C-RETRY', { balance: 1, as_of: '2025-01-01T00:00:00Z' }),
      newIdempotencyKey(),
    );
    const before = await direct.lookup({ entity: 'customer', ref: 'C-RETRY' });
    proxy.add({ method: 'PUT', path: '/balance', times: 1, action: { kind: 'drop-answer' } });
    const { client } = clientViaProxy();
    const key = newIdempotencyKey();
    // Same as_of as before is `updated` again (docs/decisions/035): a second application would move the version twice.
    const answer = await client.send(
      writes.putBalance('C-RETRY', { balance: 1250.5, as_of: '2025-03-01T00:00:00Z' }),
      key,
    );
    await client.close();
    const after = await direct.lookup({ entity: 'customer', ref: 'C-RETRY' });
    await direct.close();

    expect(
      proxy.requests.map((r) => ({ key: r.idempotencyKey, upstream: r.upstreamStatus, client: r.status })),
    ).toEqual([
      { key, upstream: 200, client: null },
      { key, upstream: 200, client: 200 },
    ]);
    expect({ result: answer.data.result, replayed: answer.replayed }).toEqual({
      result: 'updated',
      replayed: true,
    });
    // Moved by exactly one: one application.
    expect(after.data.version - before.data.version).toBe(1);
    expect(after.data.balance?.erp_balance).toBe(1250.5);
  });

  it('resends an ack whose answer was dropped; the payment shows the one ack the replay reports', async () => {
    const direct = new ApiClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    const [payment] = (await direct.feedPage('payments', { ack: 'pending', perPage: 1 })).data;
    if (!payment) throw new Error('the sandbox seeded no payment');
    proxy.add({ method: 'POST', path: '/ack', times: 1, action: { kind: 'drop-answer' } });
    const { client } = clientViaProxy();
    const answer = await client.send(
      writes.ack('payments', payment.id, { outcome: 'ACCEPTED', external_number: 'ERP-R-1' }),
      newIdempotencyKey(),
    );
    await client.close();
    const read = await direct.document('payments', payment.id);
    await direct.close();
    expect(proxy.requests.map((r) => r.upstreamStatus)).toEqual([200, 200]);
    // A second application would answer `unchanged`, not replay `applied`.
    expect({ result: answer.data.result, replayed: answer.replayed, ack: read.data.ack }).toEqual({
      result: 'applied',
      replayed: true,
      ack: answer.data.ack,
    });
  });

  it('retries REQUEST_IN_PROGRESS until the first attempt finishes, then gets its answer replayed', async () => {
    // The first attempt times out while the sandbox still holds the write.
    const { client } = clientViaProxy({
      timeoutMs: 250,
      sleep: (_ms, signal) => sleepReal(60, signal),
      retryPolicy: { ...defaultRetryPolicy, maxAttempts: 30 },
    });
    const codes: Array<string | null> = [];
    const answer = await client.send(
      writes.putUnit('U-SLOW', { name: { en: 'Slow unit' } }),
      newIdempotencyKey(),
      {
        onAttempt: (event) => codes.push(event.code),
      },
    );
    await client.close();
    expect(answer).toMatchObject({ data: { result: 'created' }, replayed: true });
    expect(codes[0]).toBe('TimeoutError');
    expect(codes).toContain('REQUEST_IN_PROGRESS');
    expect(codes.at(-1)).toBeNull();
  });

  it('gives up on a call that keeps timing out, bounded by the policy', async () => {
    proxy.add({ path: '/me', times: 2, action: { kind: 'delay', ms: 1500 } });
    const { client } = clientViaProxy({
      timeoutMs: 200,
      retryPolicy: { ...defaultRetryPolicy, maxAttempts: 2 },
    });
    await expect(client.me()).rejects.toBeInstanceOf(TimeoutError);
    await client.close();
    expect(proxy.requests).toHaveLength(2);
  });

  it('cancels a call in flight without retrying it', async () => {
    proxy.add({ path: '/me', times: 1, action: { kind: 'delay', ms: 1500 } });
    const { client } = clientViaProxy();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(client.me({ signal: controller.signal })).rejects.toBeInstanceOf(CancelledError);
    await client.close();
    expect(proxy.requests).toHaveLength(1);
  });
});
