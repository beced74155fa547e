import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createNodeDemoSandbox } from '../../src-main/core/demo/node-demo-sandbox';
import type { DemoSandbox } from '../../src-main/core/ports';

const root = resolve(import.meta.dirname, '../..');

// The sandbox the installed app starts is the bundle `electron-vite build` writes (out/main/sandbox.js),
// run by plain Node here and by Electron's utility process in the app: both load it the same way.
describe('the bundled sandbox (electron-vite build → main/sandbox.js)', () => {
  let outDir: string;
  let demo: DemoSandbox;

  beforeAll(async () => {
    // Inside the checkout (out-*/ is ignored), so the bundle finds node_modules as the app's does.
    outDir = mkdtempSync(join(root, 'out-demo-bundle-'));
    await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir],
      { cwd: root, timeout: 120_000 },
    );
    demo = createNodeDemoSandbox({
      dataDir: join(outDir, 'user-data', 'demo-sandbox'),
      entry: join(outDir, 'main', 'sandbox.js'),
    });
  }, 150_000);
  afterAll(async () => {
    await demo?.stop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('keeps better-sqlite3 a package of node_modules (a native module is never bundled)', () => {
    const bundle = readFileSync(join(outDir, 'main', 'sandbox.js'), 'utf8');
    expect(bundle).toMatch(/from\s*["']better-sqlite3["']/);
  });

  it('starts from the packaged layout, better-sqlite3 as the installer holds it: its prebuilt binary, no sources', async () => {
    // The app folder as electron-builder lays it out (electron-builder.json: the build, package.json and
    // the production node_modules, never rebuilt): out/ and package.json copied; better-sqlite3 copied
    // without what the configuration leaves out and without any build/ (nothing compiled at install);
    // the other packages linked. The sandbox must load SQLite from the prebuild alone (decision 103).
    const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as {
      files: string[];
    };
    const exclusion = config.files.find((pattern) => pattern.startsWith('!node_modules/better-sqlite3/'));
    const leftOut = [...(/\{([^}]+)\}/.exec(exclusion ?? '')?.[1]?.split(',') ?? []), 'build'];
    expect(leftOut).toEqual(expect.arrayContaining(['binding.gyp', 'deps', 'src', 'build']));

    const app = mkdtempSync(join(tmpdir(), 'desk-packaged-'));
    const packaged = createNodeDemoSandbox({
      dataDir: join(app, 'user-data', 'demo-sandbox'),
      entry: join(app, 'out', 'main', 'sandbox.js'),
    });
    try {
      cpSync(outDir, join(app, 'out'), { recursive: true, filter: (path) => !path.includes('user-data') });
      cpSync(join(root, 'package.json'), join(app, 'package.json'));
      mkdirSync(join(app, 'node_modules'));
      for (const name of readdirSync(join(root, 'node_modules'))) {
        if (name === 'better-sqlite3' || name.startsWith('.')) continue;
        symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name), 'junction');
      }
      const source = join(root, 'node_modules', 'better-sqlite3');
      for (const entry of readdirSync(source)) {
        if (leftOut.includes(entry)) continue;
        cpSync(join(source, entry), join(app, 'node_modules', 'better-sqlite3', entry), { recursive: true });
      }

      const { baseUrl, token } = await packaged.start();
      const invoices = await fetch(`${baseUrl}/invoices`, { headers: { authorization: `Bearer ${token}` } });
      expect(invoices.status).toBe(200);
      expect(((await invoices.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    } finally {
      await packaged.stop();
      rmSync(app, { recursive: true, force: true });
    }
  });

  it('runs under plain Node: seeds the demo company, serves the interface and the console page', async () => {
    const { baseUrl, token } = await demo.start();
    const me = await fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { data: { company: { code: string; name: string } } };
    expect(body.data.company).toMatchObject({ code: 'DEMO', name: 'Demo Trading Company' });
    // The store's migrations and the console's files are found beside the bundle.
    const invoices = await fetch(`${baseUrl}/invoices`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invoices.status).toBe(200);
    const consolePage = await fetch(`${new URL(baseUrl).origin}/_sandbox/`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toContain('<html');
  });
});
