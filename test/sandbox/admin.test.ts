import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError, readMe } from './platform-support';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 0, rateLimit: 77 });
});
afterAll(async () => {
  await sandbox.dispose();
});

const admin = (method: string, path: string, body?: unknown, secret = sandbox.adminSecret) =>
  call(`${sandbox.origin}/_sandbox${path}`, method, { token: secret, body });

describe('the console (sandbox contract, Admin API)', () => {
  it('answers health without the secret, and 401 with the envelope for a wrong or missing secret', async () => {
    const health = await call(`${sandbox.origin}/_sandbox/health`, 'GET');
    expect([health.status, health.json]).toEqual([200, { ok: true }]);
    expectError(await admin('POST', '/clock', { advance_seconds: 0 }, 'wrong'), 401, 'TOKEN_INVALID');
    expectError(
      await call(`${sandbox.origin}/_sandbox/clock`, 'POST', { body: { advance_seconds: 0 } }),
      401,
      'TOKEN_INVALID',
    );
    // The demo client's token is not the admin secret.
    expectError(await admin('POST', '/clock', { advance_seconds: 0 }, sandbox.token), 401, 'TOKEN_INVALID');
  });

  it('creates companies with unique codes and changes them with PATCH', async () => {
    const created = await admin('POST', '/companies', { code: 'NILE', name: 'Nile Traders' });
    expect(created.json).toEqual({ id: expect.stringMatching(/^co_/), code: 'NILE' });
    expectError(await admin('POST', '/companies', { code: 'NILE', name: 'Again' }), 409, 'ALREADY_EXISTS');
    const patched = await admin('PATCH', '/companies/NILE', { erp_mode: 'manual' });
    expect(patched.json).toEqual({
      id: (created.json as { id: string }).id,
      code: 'NILE',
      name: 'Nile Traders',
      suspended: false,
      erp_mode: 'manual',
      created_at: expect.any(String),
    });
    expectError(await admin('PATCH', '/companies/NILE', { erp_mode: 'fax' }), 422, 'INVALID_REQUEST');
    expectError(await admin('PATCH', '/companies/NOPE', { suspended: true }), 404, 'NOT_FOUND');
  });

  it('creates clients with the --rate-limit default, refuses unknown scopes and bad allow-lists, and answers the client on PATCH', async () => {
    const created = await admin('POST', '/clients', {
      company: 'NILE',
      name: 'Nile ERP',
      system: 'OTHER',
      scopes: ['orders:read'],
    });
    const { client_id: clientId, token } = created.json as { client_id: string; token: string };
    expect(token).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/);
    expectError(
      await admin('POST', '/clients', { name: 'x', system: 'OTHER', scopes: ['orders:delete'] }),
      422,
      'INVALID_REQUEST',
    );
    expectError(
      await admin('POST', '/clients', { company: 'NOPE', name: 'x', system: 'OTHER', scopes: [] }),
      404,
      'NOT_FOUND',
    );
    const badAllow = expectError(
      await admin('POST', '/clients', {
        name: 'x',
        system: 'OTHER',
        scopes: [],
        ip_allow: ['10.0.0.0/8', 'office'],
      }),
      422,
      'INVALID_REQUEST',
    );
    expect(badAllow.error.details).toEqual([{ field: 'body.ip_allow', code: 'format', value: 'office' }]);

    const patched = await admin('PATCH', `/clients/${clientId}`, {
      ip_allow: ['203.0.113.0/24'],
      rate_limit_per_minute: 500,
    });
    expect(patched.json).toEqual({
      id: clientId,
      company: 'NILE',
      name: 'Nile ERP',
      system: 'OTHER',
      scopes: ['orders:read'],
      ip_allow: ['203.0.113.0/24'],
      rate_limit_per_minute: 500,
      created_at: expect.any(String),
      tokens: [
        {
          token_prefix: token.slice(0, 17),
          created_at: expect.any(String),
          expires_at: expect.any(String),
          revoked_at: null,
          live: true,
        },
      ],
    });
    const unpatched = await admin('PATCH', `/clients/${clientId}`, {});
    expect((unpatched.json as { rate_limit_per_minute: number }).rate_limit_per_minute).toBe(500);
    expectError(await admin('PATCH', '/clients/cl_nope', { scopes: [] }), 404, 'NOT_FOUND');
    expectError(await admin('POST', '/clients/cl_nope/tokens'), 404, 'NOT_FOUND');

    const defaulted = await admin('POST', '/clients', { name: 'Default', system: 'OTHER', scopes: [] });
    const me = await call(`${sandbox.baseUrl}/me`, 'GET', {
      token: (defaulted.json as { token: string }).token,
    });
    expect(readMe(me).data.client.rate_limit_per_minute).toBe(77);
  });

  it('revokes by token or prefix, answering how many, and moves the clock forward only', async () => {
    const { token } = (await admin('POST', '/clients', { name: 'Revoked', system: 'OTHER', scopes: [] }))
      .json as { token: string };
    expect((await admin('POST', '/tokens/revoke', { token })).json).toEqual({ revoked: 1 });
    expect((await admin('POST', '/tokens/revoke', { token })).json).toEqual({ revoked: 0 });
    expect((await admin('POST', '/tokens/revoke', { token_prefix: 'svc_test_nothing1' })).json).toEqual({
      revoked: 0,
    });
    expectError(await admin('POST', '/tokens/revoke', { token_prefix: 'svc_' }), 422, 'INVALID_REQUEST');

    const before = Date.now();
    const { now } = (await admin('POST', '/clock', { advance_seconds: 3600 })).json as { now: string };
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(3600_000);
    expectError(await admin('POST', '/clock', { advance_seconds: -1 }), 422, 'INVALID_REQUEST');
  });
});
