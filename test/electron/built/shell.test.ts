// The desktop shell as built (`electron-vite build`): the main bundle run in Node against a recording
// stand-in for `electron` (fake-electron/), the preload run against one in a VM, and the renderer's
// page read. Electron's binary cannot run here; these check what the build would do inside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import { menuCommandItems, menuWordsFrom } from '../../../src-shared/bridge/commands';
import english from '../../../src-shared/messages/menu.en.json';
import { deskEventNames, deskOperations } from '../../../src-shared/bridge/contract';
import { electronContentSecurityPolicy, secureWebPreferences } from '../../../src-main/electron/security';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** What run-main.mjs reports (the fields the assertions read). */
interface MainReport {
  beforeReady: string[];
  calls: Array<{ name: string; ready: boolean }>;
  privileged: unknown;
  handledSchemes: string[];
  windows: unknown[];
  loaded: unknown;
  protocolAnswers: Record<
    string,
    { status: number; contentType: string; csp: string; isIndexHtml: boolean; body: string }
  >;
  permissionRequests: Record<string, boolean>;
  permissionChecks: boolean[];
  devicePermission: boolean;
  deviceChoices: unknown;
  requests: Record<string, boolean>;
  headers: unknown;
  contents: unknown;
  openedExternally: string[];
  menuOutline: Array<{ menu: string; items: unknown[] | null }>;
  menuSent: unknown[];
  ipc: Record<string, unknown>;
  documentsFolder: string;
  windowState: unknown;
}

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

describe('the built desktop shell', () => {
  // Inside the checkout (out-*/ is ignored): the main bundle imports its packages from node_modules.
  let outDir: string;
  let scratch: string;
  const reports: Record<'packaged' | 'unpackaged', MainReport> = {} as never;

  /** Runs the built main bundle with the stand-in electron, packaged or not, and reads its report. */
  async function runMain(packaged: boolean): Promise<MainReport> {
    const dir = mkdtempSync(join(scratch, packaged ? 'packaged-' : 'unpackaged-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FAKE_ELECTRON_PACKAGED: packaged ? '1' : '0',
      FAKE_ELECTRON_USER_DATA: join(dir, 'user-data'),
    };
    for (const name of ['DESK_SERVICE_URL', 'DESK_SERVICE_TOKEN', 'DESK_SANDBOX_DATA']) delete env[name];
    const fake = join(root, 'test/electron/built/fake-electron');
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', join(fake, 'register.mjs'), join(fake, 'run-main.mjs'), outDir, dir],
      { cwd: root, env, timeout: 30_000 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('REPORT '));
    if (!line) throw new Error(`run-main.mjs reported nothing:\n${stdout}\n${stderr}`);
    return JSON.parse(line.slice('REPORT '.length)) as MainReport;
  }

  beforeAll(async () => {
    outDir = mkdtempSync(join(root, 'out-built-'));
    scratch = mkdtempSync(join(tmpdir(), 'desk-built-'));
    await run(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: root,
      env: { ...process.env, DESK_OUT_DIR: outDir },
      timeout: 120_000,
    });
    [reports.packaged, reports.unpackaged] = await Promise.all([runMain(true), runMain(false)]);
  }, 180_000);
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('registers app:// as a privileged scheme and enables the sandbox before ready', () => {
    const { beforeReady, privileged, calls } = reports.packaged;
    expect(beforeReady).toEqual([
      'app.requestSingleInstanceLock',
      'protocol.registerSchemesAsPrivileged',
      'app.enableSandbox',
    ]);
    expect(privileged).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
    // The protocol and every guard of the session are in place before the window exists.
    const names = calls.map((call) => call.name);
    const windowAt = names.indexOf('new BrowserWindow');
    for (const name of [
      'protocol.handle',
      'session.webRequest.onBeforeRequest',
      'session.webRequest.onHeadersReceived',
      'session.setPermissionRequestHandler',
      'session.setPermissionCheckHandler',
      'session.setDevicePermissionHandler',
    ]) {
      expect(names.indexOf(name), name).toBeGreaterThan(-1);
      expect(names.indexOf(name), name).toBeLessThan(windowAt);
    }
    expect(reports.packaged.handledSchemes).toEqual(['app']);
  });

  it('opens one window on app://desk/index.html with contextIsolation, sandbox, no nodeIntegration', () => {
    for (const [mode, report] of Object.entries(reports)) {
      const packaged = mode === 'packaged';
      expect(report.loaded, mode).toEqual({ url: 'app://desk/index.html' });
      expect(report.windows, mode).toEqual([
        secureWebPreferences(join(outDir, 'preload/index.cjs'), { devTools: !packaged }),
      ]);
      expect(report.windows[0], mode).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
      });
    }
  });

  it('opens the window where the last session left it, and keeps its place when it closes', () => {
    expect(reports.packaged.windowState).toEqual({
      opened: { x: 100, y: 50, width: 1000, height: 700 },
      savedOnClose: { x: 300, y: 200, width: 1100, height: 720, maximized: false },
    });
  });

  it('serves the renderer build, with the strict CSP, and nothing outside it', () => {
    const answers = reports.packaged.protocolAnswers;
    const script = Object.keys(answers).find((url) => /^app:\/\/desk\/assets\/.+\.js$/.test(url)) ?? '';
    expect(answers['app://desk/index.html']).toMatchObject({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      isIndexHtml: true,
    });
    expect(answers['app://desk/']).toMatchObject({ status: 200, isIndexHtml: true });
    expect(answers[script]).toMatchObject({ status: 200, contentType: 'text/javascript; charset=utf-8' });
    for (const [url, answer] of Object.entries(answers)) {
      expect(answer.csp, url).toBe(electronContentSecurityPolicy);
      if (
        url.includes('index.js') ||
        url.includes('index.cjs') ||
        url.includes('other') ||
        url.includes('missing')
      ) {
        expect([answer.status, answer.body], url).toEqual([404, 'Not found']);
      }
    }
  });

  it('denies every permission and device, and loads nothing remote or from file://', () => {
    for (const [mode, report] of Object.entries(reports)) {
      expect(Object.values(report.permissionRequests), mode).toEqual([
        false,
        false,
        false,
        false,
        false,
        false,
      ]);
      expect(report.permissionChecks, mode).toEqual([false, false, false, false, false]);
      expect(report.devicePermission, mode).toBe(false);
      expect(report.deviceChoices, mode).toEqual({
        'select-hid-device': { prevented: true, chosen: [] },
        'select-usb-device': { prevented: true, chosen: [] },
        'select-serial-port': { prevented: true, chosen: [''] },
      });
      expect(report.requests, mode).toEqual({
        'app://desk/index.html': false,
        'data:image/png;base64,AAAA': false,
        'devtools://devtools/bundled/inspector.html': mode === 'packaged',
        'file:///etc/passwd': true,
        'https://cdn.example.com/lib.js': true,
        'http://127.0.0.1:8787/api/integration/v1/me': true,
      });
      expect(report.headers, mode).toEqual({ 'Content-Security-Policy': [electronContentSecurityPolicy] });
    }
  });

  it('denies navigation, redirects, webviews, Bluetooth and new windows in every web contents', () => {
    const denied = {
      'will-navigate': true,
      'will-redirect': true,
      'will-attach-webview': true,
      'select-bluetooth-device': { prevented: true, chosen: '' },
      windowOpen: ['deny', 'deny', 'deny'],
    };
    expect(reports.packaged.contents).toEqual({ window: denied, other: denied });
    // An https link the page opens goes to the user's browser; nothing else leaves.
    expect(reports.packaged.openedExternally).toEqual(['https://service.example.com/docs']);
  });

  it('has the menu with the four commands and their shortcuts, sent to the window when chosen', () => {
    const commands = Object.fromEntries(
      reports.packaged.menuOutline.flatMap(({ items }) =>
        (items ?? []).filter((item): item is [string, string] => Array.isArray(item) && item[1] !== null),
      ),
    );
    expect(commands).toEqual(
      Object.fromEntries(
        menuCommandItems.map((item) => [
          menuWordsFrom((id) => english[id]).commands[item.command],
          item.accelerator,
        ]),
      ),
    );
    expect(reports.packaged.menuSent).toEqual(
      menuCommandItems.map((item) => ['desk:event:menu.command', item.command]),
    );
    const view = (report: MainReport) => report.menuOutline.find((menu) => menu.menu === 'View')?.items;
    expect(JSON.stringify(view(reports.packaged))).not.toMatch(/reload|DevTools/i);
    expect(view(reports.unpackaged)?.slice(0, 3)).toEqual([
      ['reload', null],
      ['forceReload', 'Shift+F5'],
      ['toggleDevTools', null],
    ]);
  });

  it('takes bridge calls from the app page only, and saves and opens files through native dialogs', () => {
    const { ipc, documentsFolder } = reports.packaged;
    expect(ipc.channels).toEqual(deskOperations.map((operation) => `desk:${operation}`).sort());
    expect(ipc.infoFromApp).toMatchObject({ ok: true, value: { runtime: 'electron' } });
    expect(ipc.infoFromFile).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    // The dialog left the extension out; the app added it and wrote the bytes.
    expect(ipc.saved).toMatchObject({ ok: true, value: { name: 'day-end.csv' } });
    expect(ipc.savedBytes).toBe('day,total\n');
    expect(ipc.savedWithoutBytes).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(ipc.opened).toEqual({
      ok: true,
      files: [{ name: 'register.csv', bytes: 'id,number\nINV-1,ERP-1\n' }],
    });
    expect(ipc.cancelled).toEqual({ ok: true, value: null });
    expect(ipc.openedSeveral).toEqual({
      ok: true,
      files: [
        { name: 'units.csv', bytes: 'code,name\nPCS,Piece\n' },
        { name: 'register.csv', bytes: 'id,number\nINV-1,ERP-1\n' },
      ],
    });
    expect(ipc.severalRefused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const csv = [{ name: 'CSV file', extensions: ['csv'] }];
    const folder = String((ipc.saved as { value: { path: string } }).value.path).replace(
      /\/day-end\.csv$/,
      '',
    );
    expect(ipc.dialogs).toEqual([
      {
        name: 'dialog.showSaveDialog',
        hasParent: true,
        options: { defaultPath: join(documentsFolder, 'day-end.csv'), filters: csv },
      },
      {
        name: 'dialog.showOpenDialog',
        hasParent: true,
        options: { title: 'Import a register', defaultPath: folder, filters: csv, properties: ['openFile'] },
      },
      {
        name: 'dialog.showOpenDialog',
        hasParent: true,
        options: { title: 'Import a register', defaultPath: folder, filters: csv, properties: ['openFile'] },
      },
      {
        name: 'dialog.showOpenDialog',
        hasParent: true,
        options: {
          title: 'ERP exports',
          defaultPath: folder,
          filters: csv,
          properties: ['openFile', 'multiSelections'],
        },
      },
    ]);
  });

  it('opens the demo company through the bridge: the bundled sandbox in a utility process, stopped when the app quits', () => {
    const { demo } = reports.packaged.ipc as { demo: Record<string, unknown> };
    expect(demo.opened).toMatchObject({
      ok: true,
      value: { label: 'Demo company (bundled sandbox)', isActive: true },
    });
    expect(String((demo.opened as { value: { baseUrl: string } }).value.baseUrl)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/integration\/v1$/,
    );
    expect(demo.company).toEqual({ code: 'DEMO', name: 'Demo Trading Company' });
    expect(demo.fork).toMatchObject({ stdio: 'pipe' });
    expect(demo.forks).toBe(1);
    expect(demo.stoppedOnQuit).toBe(true);
  });

  it('has a preload that requires only electron and exposes only `desk`: the operations and events', async () => {
    const preload = readFileSync(join(outDir, 'preload/index.cjs'), 'utf8');
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

    // Each function calls its own channel with its arguments as a list; bytes pass as they are.
    const connections = api.connections as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await connections.activate?.('c1');
    const files = api.files as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const bytes = new Uint8Array([1, 2, 3]);
    await files.save?.({ suggestedName: 'a.csv', filter: { name: 'CSV', extensions: ['csv'] }, bytes });
    expect(invoked).toEqual([
      { channel: 'desk:connections.activate', args: ['c1'] },
      {
        channel: 'desk:files.save',
        args: [{ suggestedName: 'a.csv', filter: { name: 'CSV', extensions: ['csv'] }, bytes }],
      },
    ]);
    expect((invoked[1]?.args as Array<{ bytes: unknown }>)[0]?.bytes).toBe(bytes);

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
    // The protocol's header carries the full policy; the page's own copy still holds where no header
    // reaches (a page saved to disk and opened by hand).
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
});
