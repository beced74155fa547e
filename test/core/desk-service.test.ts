import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { applyStartupConnection } from '../../src-main/core/bootstrap';
import { DeskCore } from '../../src-main/core/desk-service';
import { dispatchDesk } from '../../src-main/core/dispatch';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('the core against the real sandbox', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
  });
  afterAll(async () => {
    await sandbox?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function newCore(): DeskCore {
    return new DeskCore({
      runtime: 'browser',
      version: '0.0.0-test',
      keychain: createMemoryKeychain(),
      store: createFileStore(dataDir),
      clock: { now: () => Date.now() },
    });
  }

  it('is not configured until a connection is saved', async () => {
    const core = newCore();
    expect(await core.status()).toEqual({ connection: null, state: 'not-configured' });
  });

  it('connects with the sandbox demo token and reports who it is', async () => {
    const core = newCore();
    await applyStartupConnection(core, { serviceUrl: sandbox.baseUrl, sandboxDataDir: sandbox.dataDir });
    const status = await core.status();
    expect(status).toMatchObject({
      state: 'connected',
      company: { code: 'DEMO', name: 'Demo Trading Company' },
      client: { name: 'Demo ERP', system: 'OTHER', rateLimitPerMinute: 120 },
    });
    expect(status.client?.tokenPrefix).toMatch(/^svc_test_.{8}$/);
    // The view the renderer gets carries no token.
    expect(JSON.stringify(status)).not.toContain(sandbox.token);
  });

  it('turns a revoked token into a plain state, not a throw', async () => {
    const core = newCore();
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Short-lived',
      system: 'OTHER',
      scopes: ['invoices:read'],
    });
    await core.connections.save({ label: 'Doomed', baseUrl: sandbox.baseUrl, token });
    await sandbox.admin('POST', '/tokens/revoke', { token });
    const status = await core.status();
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('TOKEN_REVOKED');
  });

  it('dispatches only known operations with valid arguments', async () => {
    const core = newCore();
    expect(await dispatchDesk(core.api, 'app.info', [])).toEqual({
      ok: true,
      value: {
        name: 'Reconciliation Desk',
        version: '0.0.0-test',
        runtime: 'browser',
        tokenStorage: 'memory',
        damagedFiles: [],
      },
    });
    const unknown = await dispatchDesk(core.api, 'connections.steal', []);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const badArgs = await dispatchDesk(core.api, 'connections.list', ['extra']);
    expect(badArgs).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const notArray = await dispatchDesk(core.api, 'connections.list', { 0: 1 });
    expect(notArray).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('refuses a feed page asked for a connection that is no longer the active one', async () => {
    const core = newCore();
    await applyStartupConnection(core, { serviceUrl: sandbox.baseUrl, sandboxDataDir: sandbox.dataDir });
    const active = (await core.status()).connection!;
    const request = { versionAfter: 0, perPage: 5 };
    const own = await dispatchDesk(core.api, 'feeds.pull', [
      'invoices',
      { ...request, connectionId: active.id },
    ]);
    expect(own).toMatchObject({ ok: true });
    // A sync that began on another connection: its page is never answered from this company.
    const other = await dispatchDesk(core.api, 'feeds.pull', [
      'invoices',
      { ...request, connectionId: 'another-connection' },
    ]);
    expect(other).toMatchObject({ ok: false, error: { code: 'OTHER_CONNECTION' } });
  });
});
