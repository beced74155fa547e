import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionStatus, DeskEvents } from '../../src-shared/bridge/contract';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { keychainAccount } from '../../src-main/core/connections/connections';
import { DeskCore } from '../../src-main/core/desk-service';
import { dispatchDesk } from '../../src-main/core/dispatch';
import type { Clock, Keychain } from '../../src-main/core/ports';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

const dayMs = 24 * 60 * 60 * 1000;

describe('connections against the real sandbox', () => {
  let sandbox: RunningSandbox;
  const dirs: string[] = [];
  const cores: DeskCore[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
  });
  afterAll(async () => {
    await Promise.all(cores.map((core) => core.close()));
    await sandbox?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function newCore(clock: Clock = { now: () => Date.now() }): {
    core: DeskCore;
    keychain: Keychain;
    events: Array<DeskEvents['connection.state']>;
  } {
    const dir = mkdtempSync(join(tmpdir(), 'desk-connections-'));
    dirs.push(dir);
    const keychain = createMemoryKeychain();
    const core = new DeskCore({
      runtime: 'browser',
      version: 'test',
      keychain,
      store: createFileStore(dir),
      clock,
    });
    cores.push(core);
    const events: ConnectionStatus[] = [];
    core.subscribe((event, payload) => {
      if (event === 'connection.state') events.push(payload as ConnectionStatus);
    });
    return { core, keychain, events };
  }

  async function newClient(
    body: Record<string, unknown> = {},
  ): Promise<{ client_id: string; token: string }> {
    return sandbox.admin('POST', '/clients', {
      name: 'Second ERP',
      system: 'OTHER',
      scopes: ['invoices:read'],
      ...body,
    });
  }

  it('verifies with GET /me before saving, then shows the company, client, scopes, rate limit and expiry', async () => {
    const { core, keychain, events } = newCore();
    const { token } = await newClient({ rate_limit_per_minute: 30 });
    const added = await dispatchDesk(core.api, 'connections.add', [
      { label: ' Second ', baseUrl: sandbox.baseUrl, token },
    ]);
    expect(added).toMatchObject({
      ok: true,
      value: {
        label: 'Second',
        baseUrl: sandbox.baseUrl,
        isActive: true,
        tokenStorage: 'memory',
        identity: {
          companyCode: 'DEMO',
          companyName: 'Demo Trading Company',
          clientName: 'Second ERP',
          system: 'OTHER',
        },
      },
    });
    const id =
      added.ok && typeof added.value === 'object' && added.value !== null && 'id' in added.value
        ? String(added.value.id)
        : '';
    expect(await keychain.get(keychainAccount(id))).toBe(token);

    const status = await core.status();
    expect(status).toMatchObject({
      state: 'connected',
      company: { code: 'DEMO', name: 'Demo Trading Company' },
      client: {
        name: 'Second ERP',
        system: 'OTHER',
        rateLimitPerMinute: 30,
        tokenPrefix: token.slice(0, 17),
      },
      scopes: ['invoices:read'],
      tokenExpiry: { isExpiringSoon: false },
    });
    // Tokens last 12 months (spec, Authentication 4).
    expect(status.tokenExpiry?.daysLeft).toBeGreaterThanOrEqual(363);
    // One event for the new active connection; the same state again is not pushed twice.
    expect(events.map((e) => e.state)).toEqual(['connected']);
  });

  it('saves nothing when the address does not answer or the token is refused, and says why', async () => {
    const { core } = newCore();
    const { token } = await newClient();
    const unreachable = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Nowhere', baseUrl: 'http://127.0.0.1:9/api/integration/v1', token },
    ]);
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'NETWORK_UNREACHABLE', retryable: true } });

    const unknownToken = `svc_test_${'A'.repeat(43)}`;
    const refused = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Wrong', baseUrl: sandbox.baseUrl, token: unknownToken },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'TOKEN_INVALID', retryable: false } });

    const { token: revoked } = await newClient();
    await sandbox.admin('POST', '/tokens/revoke', { token: revoked });
    const revokedResponse = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Revoked', baseUrl: sandbox.baseUrl, token: revoked },
    ]);
    expect(revokedResponse).toMatchObject({ ok: false, error: { code: 'TOKEN_REVOKED' } });

    const insecure = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Clear', baseUrl: 'http://erp.example.com/api/integration/v1', token },
    ]);
    expect(insecure).toMatchObject({
      ok: false,
      error: { code: 'INSECURE_ADDRESS', details: [{ field: 'baseUrl' }] },
    });

    const malformed = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Bad', baseUrl: sandbox.baseUrl, token: 'svc_test_short' },
    ]);
    expect(malformed).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'The arguments of connections.add are not valid.',
        retryable: false,
        details: [{ field: 'token', code: 'pattern' }],
      },
    });

    expect(await core.connections.list()).toEqual([]);
    expect(await core.status()).toEqual({ connection: null, state: 'not-configured' });
  });

  it('takes a bare address and appends the interface path', async () => {
    const { core } = newCore();
    const { token } = await newClient();
    const added = await core.add({ label: 'Bare', baseUrl: `${sandbox.origin}/`, token });
    expect(added.baseUrl).toBe(sandbox.baseUrl);
  });

  it('keeps several connections, switches the active one, and removes one with its keychain entry', async () => {
    const { core, keychain, events } = newCore();
    const first = await core.add({ label: 'Demo', baseUrl: sandbox.baseUrl, token: sandbox.token });
    const { token } = await newClient();
    const second = await core.add({ label: 'Second', baseUrl: sandbox.baseUrl, token });
    expect((await core.connections.list()).map((c) => [c.label, c.isActive])).toEqual([
      ['Demo', false],
      ['Second', true],
    ]);

    const switched = await dispatchDesk(core.api, 'connections.activate', [first.id]);
    expect(switched).toMatchObject({
      ok: true,
      value: {
        state: 'connected',
        connection: { id: first.id, isActive: true },
        client: { name: 'Demo ERP' },
      },
    });
    expect(events.at(-1)).toMatchObject({ connection: { id: first.id }, client: { name: 'Demo ERP' } });

    const removed = await dispatchDesk(core.api, 'connections.remove', [second.id]);
    expect(removed).toMatchObject({ ok: true, value: [{ id: first.id, isActive: true }] });
    expect(await keychain.get(keychainAccount(second.id))).toBeNull();

    // Removing the active one leaves none active: the app never picks another company by itself.
    await core.remove(first.id);
    expect(await keychain.get(keychainAccount(first.id))).toBeNull();
    expect(events.at(-1)).toEqual({ connection: null, state: 'not-configured' });
    expect(await dispatchDesk(core.api, 'connections.activate', [first.id])).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CONNECTION' },
    });
  });

  it('rotates to a new token of the same client and names the old one to revoke', async () => {
    const { core, keychain, events } = newCore();
    const { client_id, token: oldToken } = await newClient();
    const saved = await core.add({ label: 'Rotating', baseUrl: sandbox.baseUrl, token: oldToken });
    const { token: newToken } = await sandbox.admin<{ token: string }>(
      'POST',
      `/clients/${client_id}/tokens`,
    );

    const same = await dispatchDesk(core.api, 'connections.rotate', [{ id: saved.id, token: oldToken }]);
    expect(same).toMatchObject({ ok: false, error: { code: 'SAME_TOKEN' } });
    const { token: stranger } = await newClient({ name: 'Another ERP' });
    const other = await dispatchDesk(core.api, 'connections.rotate', [{ id: saved.id, token: stranger }]);
    expect(other).toMatchObject({ ok: false, error: { code: 'OTHER_CLIENT' } });
    expect(await keychain.get(keychainAccount(saved.id))).toBe(oldToken);

    const rotated = await dispatchDesk(core.api, 'connections.rotate', [{ id: saved.id, token: newToken }]);
    expect(rotated).toMatchObject({
      ok: true,
      value: {
        connection: { id: saved.id, isActive: true, identity: { tokenPrefix: newToken.slice(0, 17) } },
        oldTokenPrefix: oldToken.slice(0, 17),
        newTokenPrefix: newToken.slice(0, 17),
      },
    });
    expect(await keychain.get(keychainAccount(saved.id))).toBe(newToken);
    expect(events.at(-1)).toMatchObject({
      state: 'connected',
      client: { tokenPrefix: newToken.slice(0, 17) },
    });

    // Revoking the old token (the reminder's step) leaves the connection working.
    await sandbox.admin('POST', '/tokens/revoke', { token: oldToken });
    expect(await core.status()).toMatchObject({ state: 'connected' });
  });

  it('turns refused tokens, a suspended company and a foreign address into states with a code', async () => {
    const { core } = newCore();
    const { token } = await newClient();
    const saved = await core.add({ label: 'Soon revoked', baseUrl: sandbox.baseUrl, token });
    await sandbox.admin('POST', '/tokens/revoke', { token });
    expect(await core.status()).toMatchObject({
      state: 'error',
      connection: { id: saved.id },
      error: { code: 'TOKEN_REVOKED' },
    });

    await sandbox.admin('POST', '/companies', { code: 'SUSP', name: 'Suspended Trading' });
    const suspended = await sandbox.admin<{ token: string }>('POST', '/clients', {
      company: 'SUSP',
      name: 'ERP',
      system: 'OTHER',
      scopes: [],
    });
    await core.add({ label: 'Suspended', baseUrl: sandbox.baseUrl, token: suspended.token });
    await sandbox.admin('PATCH', '/companies/SUSP', { suspended: true });
    expect(await core.status()).toMatchObject({ state: 'error', error: { code: 'COMPANY_SUSPENDED' } });

    const walled = await newClient({ ip_allow: ['10.11.12.13'] });
    const refused = await dispatchDesk(core.api, 'connections.add', [
      { label: 'Walled', baseUrl: sandbox.baseUrl, token: walled.token },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'IP_NOT_ALLOWED' } });
  });

  it('turns the header from connected to a plain state when a later call finds the token revoked', async () => {
    const { core, events } = newCore();
    const { token } = await newClient();
    await core.add({ label: 'Revoked later', baseUrl: sandbox.baseUrl, token });
    expect((await core.status()).state).toBe('connected');
    await sandbox.admin('POST', '/tokens/revoke', { token });
    const pulled = await dispatchDesk(core.api, 'feeds.pull', ['invoices', { versionAfter: 0, perPage: 1 }]);
    expect(pulled).toMatchObject({ ok: false, error: { code: 'TOKEN_REVOKED' } });
    await expect
      .poll(() => events.at(-1))
      .toMatchObject({ state: 'error', error: { code: 'TOKEN_REVOKED' } });
  });

  it('warns from 30 days before the token expires, by the app clock', async () => {
    let now = Date.now();
    const { core } = newCore({ now: () => now });
    const { token } = await newClient();
    await core.add({ label: 'Expiring', baseUrl: sandbox.baseUrl, token });
    const expiresAt = Date.parse((await core.status()).client?.tokenExpiresAt ?? '');

    now = expiresAt - 31 * dayMs;
    expect((await core.status()).tokenExpiry).toMatchObject({ daysLeft: 31, isExpiringSoon: false });
    now = expiresAt - 30 * dayMs;
    expect((await core.status()).tokenExpiry).toMatchObject({ daysLeft: 30, isExpiringSoon: true });
    now = expiresAt - 2 * dayMs + 1;
    expect((await core.status()).tokenExpiry).toMatchObject({ daysLeft: 1, isExpiringSoon: true });
  });

  // Last: moving the sandbox clock a year on expires every token of this sandbox.
  it('says TOKEN_EXPIRED once the service clock passes the expiry', async () => {
    const { core } = newCore();
    await core.add({ label: 'Demo', baseUrl: sandbox.baseUrl, token: sandbox.token });
    await sandbox.admin('POST', '/clock', { advance_seconds: 366 * 24 * 60 * 60 });
    expect(await core.status()).toMatchObject({ state: 'error', error: { code: 'TOKEN_EXPIRED' } });
  });
});
