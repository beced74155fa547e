import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { launchChromium } from '../support/browser';
import { ConnectionsPage } from './pages/connections-page';
import { DemoPage } from './pages/demo-page';
import { ReviewPage } from './pages/review-page';
import { ShellPage } from './pages/shell-page';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, process.env.DESK_OUT_DIR ?? 'out');

/** The browser-mode host as an installed app starts: no service, no sandbox, nothing connected. */
interface BareHost {
  url: string;
  port: number;
  output: () => string;
  /** SIGTERM, as closing the app: the host stops its demo sandbox and exits. */
  stop(): Promise<void>;
}

async function startBareHost(dataDir: string, port = 0): Promise<BareHost> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src-main/browser-host/main.ts'),
      '--port',
      String(port),
      '--data',
      dataDir,
      '--renderer',
      join(outDir, 'renderer'),
      '--keychain',
      'memory',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start\n${output}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^open (http:\/\/\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((resolveExit) => {
        child.once('exit', resolveExit);
        child.kill('SIGTERM');
      });
    },
  };
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${new URL(baseUrl).origin}/_sandbox/health`);
    return true;
  } catch {
    return false;
  }
}

describe('"Open the demo company" in browser mode, from a clean data folder', () => {
  let dataDir: string;
  let host: BareHost | undefined;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'desk-demo-'));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers the demo company on the first screen and opens it: connected, documents synced', async () => {
    host = await startBareHost(dataDir);
    const shell = new ShellPage(page);
    const demo = new DemoPage(page);
    await shell.open(host.url);
    await expect.poll(() => demo.welcome.isVisible()).toBe(true);
    expect(await demo.offer.textContent()).toContain('Nothing is sent anywhere.');
    await page.screenshot({ path: 'test-results/demo-first-screen.png' });

    await demo.open();
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 60_000 })
      .toBe('Connected to Demo Trading Company (DEMO) as Demo ERP');
    const review = new ReviewPage(page);
    await expect.poll(() => shell.main('Invoices').isVisible()).toBe(true);
    await expect.poll(() => review.count('All'), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/demo-opened.png' });

    // The sandbox runs beside the host, its data in the host's data folder.
    const connections = new ConnectionsPage(page);
    await connections.open();
    const address = (await connections.fact('Address').textContent()) ?? '';
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/integration\/v1$/);
    expect(await connections.fact('Connection').textContent()).toBe('Demo company (bundled sandbox)');
    expect(readFileSync(join(dataDir, 'demo-sandbox', 'desk-port'), 'utf8').trim()).toBe(
      new URL(address).port,
    );
  });

  it('after the app is closed and started again on the same folder, opens the same connection: no duplicate', async () => {
    const connections = new ConnectionsPage(page);
    const address = (await connections.fact('Address').textContent()) ?? '';
    const port = host!.port;
    await host!.stop();
    // Closing the app stopped its demo sandbox.
    expect(await answers(address)).toBe(false);

    host = await startBareHost(dataDir, port);
    await page.goto(host.url);
    await connections.open();
    const demo = new DemoPage(page);
    await demo.open();
    await expect
      .poll(() => connections.header.textContent(), { timeout: 60_000 })
      .toBe('Connected to Demo Trading Company (DEMO) as Demo ERP');
    await expect
      .poll(() => demo.progress.textContent())
      .toBe('Opened: Demo company (bundled sandbox) is now the active connection.');
    expect(await connections.fact('Address').textContent()).toBe(address);
    const labels = await connections.saved
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(labels).toEqual(['Demo company (bundled sandbox)']);
  });
});
