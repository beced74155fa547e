import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAddressAllowed, parseAllowEntry, requireScope } from '../../src-sandbox/auth';
import { buildSandbox, registerInterface } from '../../src-sandbox/app';
import type { SandboxApp } from '../../src-sandbox/context';
import { openStore } from '../../src-sandbox/store/db';
import { companyByCode, createClient, createCompany } from '../../src-sandbox/store/platform';
import { openClock } from '../../src-sandbox/clock';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError, readMe } from './platform-support';

interface NewClientResponse {
  client_id: string;
  token: string;
}

let sandbox: RunningSandbox;
const me = (token: string) => call(`${sandbox.baseUrl}/me`, 'GET', { token });
const newClient = (body: Record<string, unknown>) =>
  sandbox.admin<NewClientResponse>('POST', '/clients', {
    name: 'Test ERP',
    system: 'OTHER',
    scopes: [],
    ...body,
  });

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 0 });
});
afterAll(async () => {
  await sandbox.dispose();
});

describe('tokens (spec, Authentication)', () => {
  it('answers /me for the demo token, naming its client, company and a 12-month expiry', async () => {
    const answer = await me(sandbox.token);
    expect(answer.status).toBe(200);
    const { data } = readMe(answer);
    expect(data.company.code).toBe('DEMO');
    expect(data.client.name).toBe('Demo ERP');
    expect(sandbox.token).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/);
    expect(data.client.token_prefix).toBe(sandbox.token.slice(0, 17));
    const daysLeft = (Date.parse(data.client.token_expires_at) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThan(366);
  });

  it('refuses a missing, malformed, or unknown token with 401 TOKEN_INVALID', async () => {
    expectError(await call(`${sandbox.baseUrl}/me`, 'GET'), 401, 'TOKEN_INVALID');
    expectError(
      await call(`${sandbox.baseUrl}/me`, 'GET', { headers: { authorization: `Basic ${sandbox.token}` } }),
      401,
      'TOKEN_INVALID',
    );
    expectError(await me('svc_test_short'), 401, 'TOKEN_INVALID');
    expectError(await me(`svc_test_${'A'.repeat(43)}`), 401, 'TOKEN_INVALID');
    // One character changed: well-formed, but its hash matches nothing.
    const last = sandbox.token.endsWith('A') ? 'B' : 'A';
    expectError(await me(`${sandbox.token.slice(0, -1)}${last}`), 401, 'TOKEN_INVALID');
  });

  it('rotates to a second live token, refuses a third with 409 TOKEN_LIMIT_REACHED, and revokes at once', async () => {
    const { client_id: clientId, token: first } = await newClient({});
    const rotate = () =>
      call(`${sandbox.origin}/_sandbox/clients/${clientId}/tokens`, 'POST', { token: sandbox.adminSecret });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    const second = (rotated.json as { token: string }).token;
    expect([(await me(first)).status, (await me(second)).status]).toEqual([200, 200]);

    expectError(await rotate(), 409, 'TOKEN_LIMIT_REACHED');

    // Revoke the old token by its whole value: the next call with it answers 401 TOKEN_REVOKED.
    expect(await sandbox.admin('POST', '/tokens/revoke', { token: first })).toEqual({ revoked: 1 });
    expectError(await me(first), 401, 'TOKEN_REVOKED');
    expect((await me(second)).status).toBe(200);

    // With one live token left, rotation works again; then revoke by prefix (what /me shows).
    const third = (await rotate().then((a) => a.json as { token: string })).token;
    const prefix = readMe(await me(third)).data.client.token_prefix;
    expect(await sandbox.admin('POST', '/tokens/revoke', { token_prefix: prefix })).toEqual({ revoked: 1 });
    expectError(await me(third), 401, 'TOKEN_REVOKED');
    expect((await me(second)).status).toBe(200);
  });
});

describe('company and client settings', () => {
  it('keeps a second company apart: its client sees only its own company', async () => {
    const company = await sandbox.admin<{ id: string; code: string }>('POST', '/companies', {
      code: 'ACME',
      name: 'Acme Foods',
    });
    const { token } = await newClient({ company: 'ACME', scopes: ['orders:read'] });
    const { data } = readMe(await me(token));
    expect(data.company).toEqual({ code: 'ACME', id: company.id, name: 'Acme Foods' });
    expect(data.scopes).toEqual(['orders:read']);
  });

  it('answers 401 COMPANY_SUSPENDED while the company is suspended', async () => {
    await sandbox.admin('POST', '/companies', { code: 'SUSP', name: 'Suspended Co' });
    const { token } = await newClient({ company: 'SUSP' });
    const suspended = await sandbox.admin<Record<string, unknown>>('PATCH', '/companies/SUSP', {
      suspended: true,
    });
    expect(suspended).toMatchObject({ code: 'SUSP', name: 'Suspended Co', suspended: true, erp_mode: 'api' });
    expectError(await me(token), 401, 'COMPANY_SUSPENDED');
    expect(
      await sandbox.admin('PATCH', '/companies/SUSP', { suspended: false, erp_mode: 'manual' }),
    ).toMatchObject({
      suspended: false,
      erp_mode: 'manual',
    });
    expect((await me(token)).status).toBe(200);
  });

  it('changes scopes through PATCH /_sandbox/clients/{id}, seen by the next call', async () => {
    const { client_id: clientId, token } = await newClient({ scopes: ['orders:read'] });
    const pushUnit = () =>
      call(`${sandbox.baseUrl}/units/SCOPE-BOX`, 'PUT', {
        token,
        body: { name: { en: 'Box' } },
        headers: { 'idempotency-key': 'scope-box' },
      });
    const missing = expectError(await pushUnit(), 403, 'SCOPE_MISSING');
    expect(missing.error.message).toContain('catalog:write');
    const client = await sandbox.admin<Record<string, unknown>>('PATCH', `/clients/${clientId}`, {
      scopes: ['orders:read', 'catalog:write'],
    });
    expect(client).toMatchObject({
      id: clientId,
      company: 'DEMO',
      scopes: ['orders:read', 'catalog:write'],
      ip_allow: [],
    });
    expect(readMe(await me(token)).data.scopes).toEqual(['orders:read', 'catalog:write']);
    expect((await pushUnit()).status).toBe(200);
  });

  it('checks the IP allow-list: addresses, IPv4-mapped forms and CIDR blocks', async () => {
    const { client_id: clientId, token } = await newClient({ ip_allow: ['10.0.0.1'] });
    const denied = expectError(await me(token), 403, 'IP_NOT_ALLOWED');
    expect(denied.error.message).toContain('127.0.0.1');

    const statusWith = async (ipAllow: string[]) => {
      await sandbox.admin('PATCH', `/clients/${clientId}`, { ip_allow: ipAllow });
      return (await me(token)).status;
    };
    expect({
      exact: await statusWith(['127.0.0.1']),
      mapped: await statusWith(['::ffff:127.0.0.1']),
      block: await statusWith(['192.168.0.0/16', '127.0.0.0/8']),
      mappedBlock: await statusWith(['::ffff:127.0.0.0/104']),
      otherBlocks: await statusWith(['10.0.0.0/8', '::1', '2001:db8::/32']),
      anyone: await statusWith([]),
    }).toEqual({ exact: 200, mapped: 200, block: 200, mappedBlock: 200, otherBlocks: 403, anyone: 200 });
  });
});

describe('isAddressAllowed', () => {
  it('matches IPv4 and IPv6 addresses and blocks, IPv4-mapped forms as IPv4', () => {
    const cases: Array<[string, string[], boolean]> = [
      ['2001:db8::1', ['2001:db8::/32'], true],
      ['2001:db8:ffff::1', ['2001:db8::/32'], true],
      ['2001:db9::1', ['2001:db8::/32'], false],
      ['2001:db8::1', ['2001:0db8:0000:0000::0001'], true],
      ['2001:db8::2', ['2001:db8::1'], false],
      ['fe80::1%eth0', ['fe80::/10'], true],
      ['::1', ['::1/128'], true],
      ['::1', ['127.0.0.1'], false],
      ['127.0.0.1', ['::1'], false],
      ['::ffff:10.1.2.3', ['10.0.0.0/8'], true],
      ['10.1.2.3', ['::ffff:10.0.0.0/104'], true],
      ['10.1.2.3', ['::ffff:0:0/96'], true],
      ['11.1.2.3', ['::ffff:10.0.0.0/104'], false],
      ['::ffff:127.0.0.1', ['127.0.0.1'], true],
      ['192.0.2.1', ['0.0.0.0/0'], true],
      ['2001:db8::1', ['::/0'], true],
      ['192.0.2.1', ['not-an-address', '192.0.2.0/33'], false],
      ['garbage', ['0.0.0.0/0'], false],
    ];
    expect(cases.map(([address, allow]) => isAddressAllowed(address, allow))).toEqual(
      cases.map(([, , want]) => want),
    );
  });

  it('parses only well-formed entries', () => {
    expect(
      ['127.1', '10.0.0.0/33', '2001:db8::/129', '1.2.3.4/8/1', 'x', '10.0.0.0/-1', ''].map(parseAllowEntry),
    ).toEqual([null, null, null, null, null, null, null]);
    expect(
      ['10.0.0.0/8', '2001:db8::/32', '::ffff:1.2.3.4', ' 192.0.2.1 '].every(
        (e) => parseAllowEntry(e) !== null,
      ),
    ).toBe(true);
  });
});

describe('SCOPE_MISSING', () => {
  // The scope check of an endpoint, on a route of the test's own behind the real interface hooks, served
  // over loopback by an in-process sandbox: the interface's own scoped endpoints are other modules'.
  let app: SandboxApp;
  let dir: string;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-auth-'));
    const db = openStore(dir);
    const clock = openClock(db);
    createCompany(db, clock, 'DEMO', 'Demo');
    ({ token } = createClient(db, clock, {
      companyId: companyByCode(db, 'DEMO').id,
      name: 'Reader',
      system: 'OTHER',
      scopes: ['orders:read', 'customers:read'],
      ipAllow: [],
      rateLimitPerMinute: 1000,
    }));
    app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 1000, writeDelayMs: 0 }, 'secret');
    await registerInterface(
      app,
      async (api) => {
        api.get('/needs-catalog', async (request) => {
          requireScope(request, 'catalog:write');
          return { ok: true };
        });
        api.get('/needs-customers', async (request) => {
          requireScope(request, ['customers:read', 'customers:write']);
          return { ok: true };
        });
      },
      '/_test/v1',
    );
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
    app.sandbox.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 403 naming the scope, and passes a client holding any scope of a family', async () => {
    const missing = expectError(
      await call(`${origin}/_test/v1/needs-catalog`, 'GET', { token }),
      403,
      'SCOPE_MISSING',
    );
    expect(missing.error.message).toContain('catalog:write');
    expect(missing.error.details).toEqual([{ field: 'scope', code: 'missing', value: 'catalog:write' }]);
    expect((await call(`${origin}/_test/v1/needs-customers`, 'GET', { token })).status).toBe(200);
  });
});

describe('token lifetime (last: moves the sandbox clock a year)', () => {
  it('answers 401 TOKEN_EXPIRED 366 days later', async () => {
    const { token } = await newClient({});
    expect((await me(token)).status).toBe(200);
    await sandbox.admin('POST', '/clock', { advance_seconds: 366 * 86_400 });
    const expired = expectError(await me(token), 401, 'TOKEN_EXPIRED');
    expect(expired.error.message).toMatch(/Rotate/);
  });
});
