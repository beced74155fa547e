import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AckReceipt, ConnectionCheckup } from '../../src-shared/bridge/contract';
import type { Result } from '../../src-shared/bridge/result';
import { CallLog, redactPath, skewSecondsOf } from '../../src-main/core/api/call-log';
import { dispatchDesk } from '../../src-main/core/dispatch';
import { startTestCore, type TestCore } from '../support/core';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

/** A path as the log must keep it: query names only, every value `…`. */
const redactedPath = /^\/[^?=&]*(?:\?[^=&?]+=…(?:&[^=&?]+=…)*)?$/;

describe('the call log and the check-up, against the real sandbox', () => {
  let sandbox: RunningSandbox;
  let desk: TestCore;
  let demoClientId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 10, seed: 4 });
    desk = await startTestCore({ sandbox });
    const clients = await sandbox.admin<{ data: Array<{ client_id: string; name: string }> }>(
      'GET',
      '/clients',
    );
    demoClientId = clients.data.find((client) => client.name === 'Demo ERP')!.client_id;
  });
  afterAll(async () => {
    await sandbox?.admin('PATCH', '/companies/DEMO', { erp_mode: 'api' }).catch(() => undefined);
    await desk?.dispose();
    await sandbox?.dispose();
  });

  async function checkup(): Promise<ConnectionCheckup> {
    const result = await desk.core.api.connections.checkup();
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }

  /** What no part of a check-up may hold: the token, or any query value the calls were sent with. */
  function expectNoSecrets(found: ConnectionCheckup, queryValues: string[]): void {
    const text = JSON.stringify(found);
    expect(text).not.toContain(sandbox.token);
    expect(text).not.toContain(sandbox.token.slice(17));
    for (const call of found.recentCalls) expect(call.path).toMatch(redactedPath);
    for (const value of queryValues) {
      for (const call of found.recentCalls) expect(call.path).not.toContain(`=${value}`);
    }
  }

  it('lists the calls with their request ids, query values replaced, newest first', async () => {
    const page = await desk.core.api.feeds.pull('invoices', {
      versionAfter: 0,
      perPage: 7,
    });
    expect(page.ok).toBe(true);
    const found = await checkup();
    // The check-up's own GET /me first, then the pull.
    expect(
      found.recentCalls.slice(0, 2).map(({ method, path, status, code }) => ({ method, path, status, code })),
    ).toEqual([
      { method: 'GET', path: '/me', status: 200, code: null },
      { method: 'GET', path: '/invoices?filter[version_after]=…&per_page=…', status: 200, code: null },
    ]);
    for (const call of found.recentCalls) expect(call.requestId).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(found.status.state).toBe('connected');
    expect(found.rate).toMatchObject({ limit: 120, last429At: null, refused429: 0 });
    // Two calls at least this minute (the pull and the check-up's GET /me).
    expect(found.rate.remaining).toBeLessThanOrEqual(118);
    expect(found.erpMode).toEqual({ state: 'unknown', seenAt: null, requestId: null });
    expectNoSecrets(found, ['0', '7']);
  });

  it('measures the clock difference from the Date header, and sees the sandbox clock move', async () => {
    const before = await checkup();
    expect(Math.abs(before.clock.skewSeconds ?? 99)).toBeLessThanOrEqual(1);
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 192 });
    const expected = Math.round((Date.parse(now) - Date.now()) / 1000);
    const after = await checkup();
    expect(Math.abs((after.clock.skewSeconds ?? 0) - expected)).toBeLessThanOrEqual(1);
    expect(Math.abs((after.clock.skewSeconds ?? 0) - 192)).toBeLessThanOrEqual(1);
    expect(Date.parse(after.clock.serviceDate ?? '') - Date.parse(after.clock.localAt ?? '')).toBeGreaterThan(
      190_000,
    );
  });

  it('counts the 429s of a rate storm and keeps the last one', async () => {
    await sandbox.admin('POST', '/faults', { client_id: demoClientId, kind: 'rate_storm', seconds: 2 });
    const stormAt = Date.now();
    // The pull waits the storm out (Retry-After) and succeeds.
    expect((await desk.core.api.feeds.cursor('payments')).ok).toBe(true);
    const found = await checkup();
    const refused = found.recentCalls.filter((call) => call.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(found.rate.refused429).toBe(refused.length);
    expect(refused.every((call) => call.code === 'RATE_LIMITED' && call.path === '/payments/cursor')).toBe(
      true,
    );
    expect(Date.parse(found.rate.last429At ?? '')).toBeGreaterThanOrEqual(stormAt - 1000);
    expect(found.status.state).toBe('connected');
    expect(found.rate.limit).toBe(120);
  });

  it('tells the ERP mode from the acks: refused with ERP_MODE_NOT_API, then applied', async () => {
    const pending = await desk.core.api.feeds.pull('invoices', {
      versionAfter: 0,
      perPage: 2,
      ack: 'pending',
    });
    if (!pending.ok) throw new Error(pending.error.message);
    const ids = pending.value.data.map((doc) => doc.id);
    const batch = {
      id: randomUUID(),
      kind: 'invoices' as const,
      items: ids.map((id, index) => ({ id, outcome: 'ACCEPTED' as const, external_number: `ERP-${index}` })),
    };
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'manual' });
    // Through the dispatcher, as the renderer calls it: a refusal is a Result, not a throw.
    const refused = (await dispatchDesk(desk.core.api, 'acks.send', [batch])) as Result<AckReceipt>;
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('ERP_MODE_NOT_API');
    const notApi = await checkup();
    expect(notApi.erpMode.state).toBe('not-api');
    expect(notApi.erpMode.requestId).toBe(refused.error.requestId);
    expect(notApi.recentCalls.find((call) => call.path === '/acks')).toMatchObject({
      method: 'POST',
      status: 409,
      code: 'ERP_MODE_NOT_API',
      requestId: refused.error.requestId,
    });

    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'api' });
    const applied = await desk.core.api.acks.send(batch);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.response.meta.applied).toBe(ids.length);
    const api = await checkup();
    expect(api.erpMode).toMatchObject({ state: 'api', requestId: applied.value.requestId });
    // The same batch again is a replay of the first answer: it tells nothing new of the mode.
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'manual' });
    const replay = await desk.core.api.acks.send(batch);
    expect(replay.ok && replay.value.isReplay).toBe(true);
    expect((await checkup()).erpMode).toEqual(api.erpMode);
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'api' });
  });

  it('starts a new log for another connection', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'No payments',
      system: 'OTHER',
      scopes: ['invoices:read', 'invoices:write'],
    });
    const added = await desk.core.api.connections.add({ label: 'Other', baseUrl: sandbox.baseUrl, token });
    expect(added.ok).toBe(true);
    const found = await checkup();
    expect(found.status.scopes).toEqual(['invoices:read', 'invoices:write']);
    expect(found.recentCalls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /me']);
    expect(found.rate.refused429).toBe(0);
    expect(found.erpMode.state).toBe('unknown');
    expect(JSON.stringify(found)).not.toContain(token.slice(17));
  });
});

describe('the call log on its own', () => {
  const base = {
    attempt: 1,
    replayed: false,
    idempotencyKey: null,
    sentAtMs: Date.parse('2025-06-01T10:00:00Z'),
    durationMs: 40,
    serviceDate: null,
    rateLimit: null,
  };

  it('replaces every query value and keeps the names', () => {
    expect(redactPath('/lookup?entity=customer&ref=C%2F1&customer_ref=x')).toBe(
      '/lookup?entity=…&ref=…&customer_ref=…',
    );
    expect(redactPath('/invoices?filter%5Bid%5D=a%2Cb&per_page=100')).toBe(
      '/invoices?filter[id]=…&per_page=…',
    );
    expect(redactPath('/me')).toBe('/me');
    expect(redactPath('/price-lists/PL/prices?mode=merge')).toBe('/price-lists/PL/prices?mode=…');
  });

  it('reads an HTTP date to the middle of its second', () => {
    const localMs = Date.parse('2025-06-01T10:03:12.300Z');
    expect(skewSecondsOf('Sun, 01 Jun 2025 10:00:00 GMT', localMs)).toBe(-192);
    expect(skewSecondsOf('Sun, 01 Jun 2025 10:03:12 GMT', localMs)).toBe(0);
    expect(skewSecondsOf('not a date', localMs)).toBeNull();
    expect(skewSecondsOf(null, localMs)).toBeNull();
  });

  it('keeps the newest 50 calls', () => {
    const log = new CallLog('c1');
    for (let i = 0; i < 60; i += 1) {
      log.record({
        ...base,
        method: 'GET',
        path: `/invoices/inv_${i}`,
        status: 200,
        code: null,
        requestId: `req_${i}`,
      });
    }
    const calls = log.facts(base.sentAtMs).recentCalls;
    expect(calls).toHaveLength(50);
    expect([calls[0]?.requestId, calls[49]?.requestId]).toEqual(['req_59', 'req_10']);
  });

  it('reads ERP_MODE_NOT_API as a batch item error, and an applied item after it', () => {
    const log = new CallLog('c1');
    const receipt = (result: string, code: string | null, requestId: string): AckReceipt => ({
      batchId: 'b1',
      isReplay: false,
      requestId,
      response: {
        data: [
          {
            result,
            id: 'inv_1',
            error:
              code === null
                ? null
                : { code, message: 'Not API.', details: [], retryable: false, status: 409 },
          },
        ],
        meta: { applied: result === 'applied' ? 1 : 0, failed: code ? 1 : 0, unchanged: 0 },
      },
    });
    log.recordAckReceipt(receipt('failed', 'ERP_MODE_NOT_API', 'req_a'), Date.parse('2025-06-01T10:40:00Z'));
    expect(log.facts(0).erpMode).toEqual({
      state: 'not-api',
      seenAt: '2025-06-01T10:40:00.000Z',
      requestId: 'req_a',
    });
    log.recordAckReceipt(
      receipt('failed', 'ALREADY_ACKNOWLEDGED', 'req_b'),
      Date.parse('2025-06-01T10:41:00Z'),
    );
    expect(log.facts(0).erpMode.requestId).toBe('req_a');
    log.recordAckReceipt(receipt('applied', null, 'req_c'), Date.parse('2025-06-01T10:42:00Z'));
    expect(log.facts(0).erpMode).toEqual({
      state: 'api',
      seenAt: '2025-06-01T10:42:00.000Z',
      requestId: 'req_c',
    });
    // A single ack answered 409 ERP_MODE_NOT_API, then one applied.
    log.record({
      ...base,
      method: 'POST',
      path: '/payments/pay_1/ack',
      status: 409,
      code: 'ERP_MODE_NOT_API',
      requestId: 'req_d',
    });
    expect(log.facts(0).erpMode.state).toBe('not-api');
    log.record({
      ...base,
      method: 'POST',
      path: '/payments/pay_1/ack',
      status: 200,
      code: null,
      requestId: 'req_e',
    });
    expect(log.facts(0).erpMode).toMatchObject({ state: 'api', requestId: 'req_e' });
  });

  it('counts the reset down from the answer that told it', () => {
    const log = new CallLog('c1');
    log.record({
      ...base,
      method: 'GET',
      path: '/me',
      status: 200,
      code: null,
      requestId: 'req_1',
      rateLimit: { limit: 120, remaining: 37, resetSec: 40 },
    });
    const answeredAtMs = base.sentAtMs + base.durationMs;
    expect(log.facts(answeredAtMs + 15_000).rate).toEqual({
      limit: 120,
      remaining: 37,
      resetSeconds: 25,
      last429At: null,
      refused429: 0,
    });
  });
});
