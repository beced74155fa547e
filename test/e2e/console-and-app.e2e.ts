// An ERP developer's afternoon, end to end: the sandbox in live mode from its console page, the desk
// watching documents arrive, and a token revoked on the console page that the desk then names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ConnectionsPage } from './pages/connections-page';
import { ReviewPage } from './pages/review-page';
import { SandboxConsolePage } from './pages/sandbox-console-page';

describe('the sandbox console and the desk together (browser mode)', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let desk: Page;
  let consolePage: SandboxConsolePage;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 10, seed: 41 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    desk = await context.newPage();
    consolePage = new SandboxConsolePage(await context.newPage());
    mkdirSync('test-results', { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('shows the documents live mode makes arrive in the desk', async () => {
    const review = new ReviewPage(desk);
    await desk.goto(host.url);
    await review.open('Orders');
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await review.count('All');

    await consolePage.open(sandbox.origin, sandbox.adminSecret);
    await consolePage.live.getByLabel('Documents per minute').fill('1200');
    await consolePage.live.getByRole('button', { name: 'Start live mode' }).click();
    // Eleven ticks at 1,200 a minute take half a second; a loaded machine may take many times that,
    // and expect.poll gives up after one second unless told otherwise.
    await expect
      .poll(async () => (await sandbox.admin<{ ticks: number }>('GET', '/live')).ticks, { timeout: 30_000 })
      .toBeGreaterThan(10);
    await consolePage.live.getByRole('button', { name: 'Stop live mode' }).click();
    await expect
      .poll(async () => (await sandbox.admin<{ running: boolean }>('GET', '/live')).running, {
        timeout: 30_000,
      })
      .toBe(false);

    await review.syncNow.click();
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBeGreaterThan(before);
    await desk.screenshot({ path: 'test-results/console-and-app-live.png' });
  });

  it('names a token revoked on the console page as revoked', async () => {
    // Live mode off whatever the case before did, so that this case stands on its own.
    await sandbox.admin('DELETE', '/live');
    await consolePage.revokeByPrefix(sandbox.token.slice(0, 17));
    const review = new ReviewPage(desk);
    await review.syncNow.click();
    const connections = new ConnectionsPage(desk);
    await expect.poll(() => connections.header.textContent(), { timeout: 30_000 }).toMatch(/revoked/i);
    await desk.screenshot({ path: 'test-results/console-and-app-revoked.png' });
  });
});
