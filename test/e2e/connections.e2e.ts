import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ConnectionsPage } from './pages/connections-page';

describe('connections in the app (browser mode, real sandbox)', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    // One context, two tabs later: they share the launch's secret cookie like two windows of a browser.
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('connects a second connection through the form, switches back, and removes it', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Branch ERP',
      system: 'OTHER',
      scopes: ['invoices:read', 'payments:read'],
      rate_limit_per_minute: 60,
    });
    const connections = new ConnectionsPage(page);
    await page.goto(host.url);
    await connections.open();
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Demo ERP');

    // A refused token: plain words, nothing saved.
    await connections.add({ label: 'Wrong', baseUrl: sandbox.baseUrl, token: `svc_test_${'Q'.repeat(43)}` });
    await expect
      .poll(() => connections.addForm.getByRole('alert').textContent())
      .toContain('The service does not know this token.');
    await expect.poll(() => connections.saved.getByRole('listitem').count()).toBe(1);

    await connections.add({ label: 'Branch company', baseUrl: sandbox.baseUrl, token });
    await expect
      .poll(() => connections.addForm.getByRole('status').textContent())
      .toBe('Verified and saved: Branch company is now the active connection.');
    await expect.poll(() => connections.item('Branch company').getAttribute('aria-current')).toBe('true');
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Branch ERP');
    expect(await connections.fact('Company').textContent()).toBe('Demo Trading Company (DEMO)');
    expect(await connections.fact('System').textContent()).toBe('OTHER');
    expect(await connections.fact('Scopes').textContent()).toBe('invoices:read, payments:read');
    expect(await connections.fact('Rate limit').textContent()).toBe('60 requests per minute');
    expect(await connections.fact('Token').textContent()).toMatch(
      new RegExp(`^${token.slice(0, 17)}… expires \\d{4}-\\d{2}-\\d{2} \\(in 36\\d days\\)$`),
    );
    await expect
      .poll(() => connections.header.textContent())
      .toBe('Connected to Demo Trading Company (DEMO) as Branch ERP');
    // The token is nowhere the page can read, and not in the app's data folder.
    expect(await page.content()).not.toContain(token.slice(17));
    expect(
      String(await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie')),
    ).not.toContain(token.slice(17));
    // Every file of it, the audit trail's (a folder of its own) included.
    for (const file of readdirSync(host.dataDir, { recursive: true, withFileTypes: true }))
      if (file.isFile())
        expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(token.slice(17));

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/connections.png', fullPage: true });

    // Switch back from a second tab: this tab learns it from the host's event stream (connection.state).
    const other = await page.context().newPage();
    const otherConnections = new ConnectionsPage(other);
    await other.goto(new URL('/', host.url).href);
    await otherConnections.open();
    await otherConnections.use('Sandbox (demo company)');
    await expect
      .poll(() => connections.header.textContent())
      .toBe('Connected to Demo Trading Company (DEMO) as Demo ERP');
    await expect
      .poll(() => connections.item('Sandbox (demo company)').getAttribute('aria-current'))
      .toBe('true');
    await other.close();

    // The rotation helper and the remove confirmation, for the screenshot.
    await connections.item('Branch company').getByRole('button', { name: 'Rotate token' }).click();
    await connections.item('Branch company').getByRole('button', { name: 'Remove' }).click();
    await page.screenshot({ path: 'test-results/connections-rotate-remove.png', fullPage: true });
    await connections.item('Branch company').getByRole('button', { name: 'Cancel' }).first().click();

    await connections.remove('Branch company');
    await expect.poll(() => connections.item('Branch company').count()).toBe(0);
    expect(await connections.saved.getByRole('listitem').count()).toBe(1);
    expect(await connections.fact('Client').textContent()).toBe('Demo ERP');
  });
});
