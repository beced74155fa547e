import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ShellPage } from './pages/shell-page';

describe('the app in browser mode', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 5 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it("opens connected to the sandbox's demo company", async () => {
    const shell = new ShellPage(page);
    await shell.open(host.url);
    await expect
      .poll(() => shell.connection.textContent())
      .toContain('Connected to Demo Trading Company (DEMO) as Demo ERP');
    await shell.section('Connections').click();
    const main = shell.main('Connections');
    await expect.poll(() => main.textContent()).toContain('120 requests per minute');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/shell-connections.png' });
  });

  it('refuses the page without the launch secret', async () => {
    const response = await fetch(host.origin + '/');
    expect(response.status).toBe(401);
  });
});
