import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { deskEventNames, deskOperations } from '../../src-shared/bridge/contract';

const root = resolve(import.meta.dirname, '../..');

/** What the built preload hands to `contextBridge.exposeInMainWorld`, run against a recording electron. */
function loadPreload(code: string) {
  const exposed: Array<{ name: string; api: Record<string, unknown> }> = [];
  const invoked: Array<{ channel: string; args: unknown }> = [];
  const subscribed: string[] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: Record<string, unknown>) => exposed.push({ name, api }),
    },
    ipcRenderer: {
      invoke: (channel: string, args: unknown) => {
        invoked.push({ channel, args });
        return Promise.resolve({ ok: true, value: null });
      },
      on: (channel: string) => subscribed.push(channel),
      removeListener: () => undefined,
    },
  };
  const required: string[] = [];
  const module = { exports: {} };
  runInNewContext(code, {
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`the preload required ${name}`);
      return electron;
    },
    module,
    exports: module.exports,
    console,
  });
  return { exposed, invoked, subscribed, required };
}

describe('the built bundles (electron-vite build)', () => {
  let outDir: string;
  let main: string;
  let preload: string;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'desk-bundles-'));
    await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir],
      {
        cwd: root,
        timeout: 120_000,
      },
    );
    main = readFileSync(join(outDir, 'main/index.js'), 'utf8');
    preload = readFileSync(join(outDir, 'preload/index.cjs'), 'utf8');
  }, 150_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('has a preload that requires only electron and exposes only the bridge operations and events', async () => {
    expect([...preload.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])).toEqual([
      'electron',
    ]);
    const { exposed, invoked, subscribed, required } = loadPreload(preload);
    expect(required).toEqual(['electron']);
    expect(exposed.map((e) => e.name)).toEqual(['desk']);
    const api = exposed[0]?.api ?? {};

    // Exactly the operations, grouped by area, plus `on`; no ipcRenderer, no call-any-channel function.
    const shape = Object.fromEntries(
      Object.entries(api).map(([key, value]) => [
        key,
        typeof value === 'function' ? 'function' : Object.keys(value as object).sort(),
      ]),
    );
    const expected: Record<string, unknown> = { on: 'function' };
    for (const operation of deskOperations) {
      const [area = '', verb = ''] = operation.split('.');
      expected[area] = [...((expected[area] as string[] | undefined) ?? []), verb].sort();
    }
    expect(shape).toEqual(expected);
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipc|invoke|send/i);

    // Each function calls its own channel with its arguments as a list.
    const connections = api.connections as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await connections.activate?.('c1');
    expect(invoked).toEqual([{ channel: 'desk:connections.activate', args: ['c1'] }]);

    // `on` takes the event names of the contract only.
    const on = api.on as (event: string, listener: () => void) => () => void;
    for (const event of deskEventNames) expect(typeof on(event, () => undefined)).toBe('function');
    expect(subscribed).toEqual(deskEventNames.map((e) => `desk:event:${e}`));
    expect(() => on('desk:connections.add', () => undefined)).toThrow(/Unknown desk event/);
    expect(() => on('__proto__', () => undefined)).toThrow(/Unknown desk event/);
  });

  it('has a renderer page with a strict CSP that loads only its own bundled files', () => {
    const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8');
    const policy = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
    // A file:// page gets no response headers to carry a CSP: the meta element is what applies in Electron.
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-eval|https?:|\*|data:[^;]*script/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(body.trim(), 'no inline script').toBe('');
      expect(attributes).toMatch(/src="\.\/assets\/[\w.-]+\.js"/);
    }
    expect(
      [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((url) => !url?.startsWith('./')),
    ).toEqual([]);
  });

  it('has a main process that opens windows with contextIsolation, sandbox and no nodeIntegration', () => {
    expect(main).toMatch(/contextIsolation:\s*true/);
    expect(main).toMatch(/sandbox:\s*true/);
    expect(main).toMatch(/nodeIntegration:\s*false/);
    expect(main).not.toMatch(
      /nodeIntegration:\s*true|contextIsolation:\s*false|sandbox:\s*false|webviewTag:\s*true/,
    );
    expect(main).toContain('enableSandbox()');
    expect(main).toContain('requestSingleInstanceLock()');
    expect(main).toContain('setWindowOpenHandler');
    expect(main).toContain('will-navigate');
    expect(main).toContain('setPermissionRequestHandler');
  });
});
