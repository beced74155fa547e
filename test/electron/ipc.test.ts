import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary cannot run here: `ipcMain` is replaced by a recorder of the registered handlers, so
// the real registerDeskIpc (sender check + dispatcher) is exercised as Electron would call it.
const handlers = vi.hoisted(() => new Map<string, (event: unknown, args: unknown) => Promise<unknown>>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
      handlers.set(channel, handler),
  },
}));

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deskOperations } from '../../src-shared/bridge/contract';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';
import { registerDeskIpc } from '../../src-main/electron/ipc';
import { rendererEntryUrl as rendererUrl } from '../../src-main/electron/security';

const dataDir = mkdtempSync(join(tmpdir(), 'desk-ipc-'));
const core = new DeskCore({
  runtime: 'electron',
  version: '1',
  keychain: createMemoryKeychain(),
  store: createFileStore(dataDir),
  clock: { now: () => Date.now() },
  verifyTimeoutMs: 2_000,
});

const fromApp = { senderFrame: { url: rendererUrl, parent: null } };
const token = `svc_live_${'a'.repeat(43)}`;

describe('the IPC handlers', () => {
  afterAll(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    handlers.clear();
    registerDeskIpc(core.api);
  });

  it('registers exactly one channel per bridge operation', () => {
    expect([...handlers.keys()].sort()).toEqual(deskOperations.map((o) => `desk:${o}`).sort());
  });

  it('refuses calls from any other frame', async () => {
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
    const sub = { senderFrame: { url: rendererUrl, parent: { url: rendererUrl } } };
    // The page as a file: the window no longer loads it so, and nothing on disk may call in.
    const file = {
      senderFrame: { url: 'file:///opt/desk/resources/app.asar/out/renderer/index.html', parent: null },
    };
    for (const event of [foreign, sub, file, { senderFrame: null }]) {
      expect(await handlers.get('desk:app.info')?.(event, [])).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
  });

  it('validates every argument against its schema before the core sees it', async () => {
    const add = handlers.get('desk:connections.add');
    const bad: unknown[] = [
      undefined,
      'not a list',
      [],
      [{ label: 'L', baseUrl: 'https://x.example', token: 'svc_live_short' }],
      [{ label: '', baseUrl: 'https://x.example', token }],
      [{ label: 'L'.repeat(81), baseUrl: 'https://x.example', token }],
      [{ label: 'L', baseUrl: 'ftp://x.example', token }],
      [{ label: 'L', baseUrl: 'javascript:alert(1)', token }],
      [{ label: 'L', baseUrl: `https://x.example/${'p'.repeat(2048)}`, token }],
      [{ label: 'L', baseUrl: 'https://x.example', token, extra: true }],
      [{ label: 'L', baseUrl: 'https://x.example', token }, 'second'],
      [{ label: 1, baseUrl: 'https://x.example', token }],
    ];
    for (const args of bad) {
      const answer = await add?.(fromApp, args);
      expect(answer, JSON.stringify(args)?.slice(0, 80)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
      expect(JSON.stringify(answer)).not.toContain('a'.repeat(43));
    }
    expect(await handlers.get('desk:connections.activate')?.(fromApp, ['../../etc'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await handlers.get('desk:connections.list')?.(fromApp, ['extra'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await core.connections.list()).toEqual([]);

    // Valid arguments reach the core, which tries GET /me (nothing listens on port 9) and saves nothing.
    const good = await add?.(fromApp, [
      { label: 'Live', baseUrl: 'http://127.0.0.1:9/api/integration/v1', token },
    ]);
    expect(good).toMatchObject({ ok: false, error: { code: 'NETWORK_UNREACHABLE' } });
    expect(await handlers.get('desk:app.info')?.(fromApp, [])).toEqual({
      ok: true,
      value: {
        name: 'Reconciliation Desk',
        version: '1',
        runtime: 'electron',
        tokenStorage: 'memory',
        damagedFiles: [],
      },
    });
  });
});
