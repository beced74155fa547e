import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, pushed } from './push-helpers';
import { call, expectError } from './platform-support';

// The console's lists (sandbox contract, Additions "For ERP developers";
// docs/decisions/017-console-lists-and-faults.md): companies, clients with their tokens' prefixes, routes.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
});
afterAll(() => sandbox?.dispose());

const admin = (method: string, path: string, body?: unknown, secret = sandbox.adminSecret) =>
  call(`${sandbox.origin}/_sandbox${path}`, method, { token: secret, body });

describe('the console lists', () => {
  it('refuse a wrong admin secret with the envelope', async () => {
    for (const path of ['/companies', '/clients', '/routes'])
      expectError(await admin('GET', path, undefined, 'wrong'), 401, 'TOKEN_INVALID');
  });

  it('lists companies by code, with suspension and ERP mode', async () => {
    const nile = (await admin('POST', '/companies', { code: 'NILE', name: 'Nile Traders' })).json as {
      id: string;
    };
    await admin('PATCH', '/companies/NILE', { suspended: true, erp_mode: 'manual' });
    const answer = await admin('GET', '/companies');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      data: [
        {
          id: expect.stringMatching(/^co_/),
          code: 'DEMO',
          name: 'Demo Trading Company',
          suspended: false,
          erp_mode: 'api',
        },
        { id: nile.id, code: 'NILE', name: 'Nile Traders', suspended: true, erp_mode: 'manual' },
      ],
    });
  });

  it('lists clients with their tokens as prefixes only, of one company or all', async () => {
    const created = (
      await admin('POST', '/clients', {
        company: 'NILE',
        name: 'Nile ERP',
        system: 'OTHER',
        scopes: ['orders:read', 'payments:read'],
        ip_allow: ['10.0.0.0/8'],
        rate_limit_per_minute: 300,
      })
    ).json as { client_id: string; token: string };
    const second = ((await admin('POST', `/clients/${created.client_id}/tokens`)).json as { token: string })
      .token;
    await admin('POST', '/tokens/revoke', { token: created.token });

    const nile = await admin('GET', '/clients?company=NILE');
    expect(nile.json).toEqual({
      data: [
        {
          client_id: created.client_id,
          company: 'NILE',
          name: 'Nile ERP',
          system: 'OTHER',
          scopes: ['orders:read', 'payments:read'],
          ip_allow: ['10.0.0.0/8'],
          rate_limit_per_minute: 300,
          tokens: [
            { token_prefix: created.token.slice(0, 17), expires_at: expect.any(String), revoked: true },
            { token_prefix: second.slice(0, 17), expires_at: expect.any(String), revoked: false },
          ],
        },
      ],
    });
    const tokens = (nile.json as { data: Array<{ tokens: Array<{ expires_at: string }> }> }).data[0]!.tokens;
    for (const token of tokens) expect(Date.parse(token.expires_at)).toBeGreaterThan(Date.now());
    // Never a token or its hash.
    for (const secret of [created.token, second, sandbox.token]) {
      expect(nile.text).not.toContain(secret);
    }

    const all = await admin('GET', '/clients');
    const rows = (all.json as { data: Array<{ company: string; name: string; tokens: unknown[] }> }).data;
    expect(rows.map((row) => [row.company, row.name])).toEqual([
      ['DEMO', 'Demo ERP'],
      ['NILE', 'Nile ERP'],
    ]);
    expect(rows[0]!.tokens).toEqual([
      { token_prefix: sandbox.token.slice(0, 17), expires_at: expect.any(String), revoked: false },
    ]);
    expect(all.text).not.toContain(sandbox.token);
    expect(all.text).not.toMatch(/hash/);

    expect((await admin('GET', '/clients?company=DEMO')).json).toEqual({ data: [rows[0]] });
    expectError(await admin('GET', '/clients?company=NOPE'), 404, 'NOT_FOUND');
  });

  it('lists the routes of a company by the keys the route calls take', async () => {
    expect((await admin('GET', '/routes')).json).toEqual({ data: [] });
    // A customer and branch the ERP pushed (named by ERP key), and a seeded one (named by code).
    const api = apiOf(sandbox);
    pushed(await api.put('/customers/ERP-77', { name: { en: 'Delta Market' }, blocked: false }));
    pushed(await api.put('/customers/ERP-77/branches/MAIN', { name: { en: 'Main street' }, blocked: false }));
    await admin('POST', '/routes', { customer_ref: 'ERP-77', branch_ref: 'MAIN' });
    await admin('POST', '/routes', { customer_ref: 'C-1002', branch_ref: 'C-1002-1' });
    await admin('POST', '/routes', { customer_ref: 'C-1001', branch_ref: 'C-1001-1' });

    const routes = await admin('GET', '/routes?company=DEMO');
    expect(routes.json).toEqual({
      data: [
        { customer_ref: 'C-1001', branch_ref: 'C-1001-1' },
        { customer_ref: 'C-1002', branch_ref: 'C-1002-1' },
        { customer_ref: 'ERP-77', branch_ref: 'MAIN' },
      ],
    });
    // What the list names, the route calls take back.
    await admin('DELETE', '/routes', { customer_ref: 'C-1002', branch_ref: 'C-1002-1' });
    expect((await admin('GET', '/routes')).json).toEqual({
      data: [
        { customer_ref: 'C-1001', branch_ref: 'C-1001-1' },
        { customer_ref: 'ERP-77', branch_ref: 'MAIN' },
      ],
    });
    expect((await admin('GET', '/routes?company=NILE')).json).toEqual({ data: [] });
    expectError(await admin('GET', '/routes?company=NOPE'), 404, 'NOT_FOUND');
  });
});
