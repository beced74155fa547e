import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { CheckupPage } from './pages/checkup-page';
import { ConnectionsPage } from './pages/connections-page';
import { ReviewPage } from './pages/review-page';

/** Every scope of the spec but payments:read: the client a new user might be given by mistake. */
const scopesWithoutPaymentsRead = [
  'orders:read',
  'orders:write',
  'invoices:read',
  'invoices:write',
  'payments:write',
  'returns:read',
  'returns:write',
  'customers:read',
  'customers:write',
  'catalog:write',
  'prices:write',
  'balances:write',
];

/** "3 min 12 s" for 192, worked out here (the app's own formatter is not under test here). */
function span(seconds: number): string {
  const s = Math.abs(seconds);
  return s < 60 ? `${s} s` : s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

describe('the connection check-up (browser mode, real sandbox)', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 20, seed: 11 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(host.url).origin,
    });
    page = await context.newPage();
    mkdirSync('test-results', { recursive: true });
    ({ token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Branch ERP',
      system: 'OTHER',
      scopes: scopesWithoutPaymentsRead,
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  /** How many invoices the service holds without an answer, read with the new client's own token. */
  async function pendingInvoicesOnService(): Promise<number> {
    const response = await fetch(`${sandbox.baseUrl}/invoices?filter[ack]=pending&per_page=500`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown[] }).data.length;
  }

  it('tells a client without payments:read, in plain words, that payments are not pulled and why', async () => {
    const connections = new ConnectionsPage(page);
    const review = new ReviewPage(page);
    const checkup = new CheckupPage(page);
    await page.goto(host.url);
    await connections.open();
    await connections.add({ label: 'Branch office', baseUrl: sandbox.baseUrl, token });
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Branch ERP');

    await review.open('Invoices');
    await review.syncNow.click();
    const pending = await pendingInvoicesOnService();
    expect(pending).toBeGreaterThan(0);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBe(pending);
    await expect.poll(() => review.page.getByLabel('Last sync').textContent()).not.toContain('never');

    await review.open('Payments');
    await expect
      .poll(() => checkup.scopeNote.getByRole('paragraph').textContent())
      .toBe(
        "Payments: not pulled — the client 'Branch ERP' lacks payments:read. Ask your company administrator to add it in the service's console, Integrations → the client → Scopes.",
      );
    expect(await checkup.scopeNote.getAttribute('role')).toBe('alert');
    expect(await review.count('All')).toBe(0);
    await page.screenshot({ path: 'test-results/checkup-payments-note.png', fullPage: true });

    await checkup.openButton.click();
    await expect.poll(() => checkup.report(), { timeout: 15_000 }).toContain('Branch ERP');
    expect(await checkup.screen('Payments')).toEqual({
      works: 'Accept and Reject of payments',
      missing: "Payments not pulled — the client 'Branch ERP' lacks payments:read",
    });
    expect(await checkup.screen('Invoices')).toEqual({
      works: 'Invoices pulled; Accept and Reject of invoices',
      missing: 'Nothing',
    });
    // The sync never asked for payments: the service would have answered 403.
    const report = await checkup.report();
    expect(report).toContain('GET  /invoices?');
    // The report is the message: a failure shows which call asked for payments, and when.
    expect(report, report).not.toMatch(/ {2}\/payments[?/ ]/);
    expect(report, report).not.toMatch(/ {2}403 /);
  });

  it("explains a refused Accept by the company's ERP mode, with the request id", async () => {
    const review = new ReviewPage(page);
    const checkup = new CheckupPage(page);
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'manual' });
    await review.open('Invoices');
    await review.selectRow(0);
    const id = await review.rowId(0);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog
      .getByLabel(/^ERP number for /)
      .first()
      .fill('ERP-7001');
    await review.dialog.getByRole('button', { name: 'Accept 1' }).click();
    // The batch is held (it goes out once the mode is API); the sync bar says why, the section leads
    // to the check-up.
    await expect
      .poll(() => page.getByText(/^Answers are waiting:/).textContent(), { timeout: 20_000 })
      .toBe(
        "Answers are waiting: The company's ERP mode on the service is not API. An administrator sets it to API in the service's console, under Company settings → ERP mode; until then answers cannot be sent.",
      );
    const note = page.getByRole('note', { name: 'Why the service refuses' });
    expect(await note.textContent()).toBe(
      'The check-up shows why the service refuses calls on this connection, and what to change.Open the check-up',
    );
    await page.screenshot({ path: 'test-results/checkup-erp-mode-refusal.png', fullPage: true });
    await note.getByRole('button', { name: 'Open the check-up' }).click();
    await expect.poll(() => checkup.fact('ERP mode'), { timeout: 15_000 }).toMatch(/^Not API/);
    await checkup.panel.screenshot({ path: 'test-results/checkup-panel-not-api.png' });
    const erpMode = await checkup.fact('ERP mode');
    const requestId = /\(request id (req_[A-Za-z0-9_-]+)\)/.exec(erpMode)?.[1];
    expect(erpMode).toMatch(
      /^Not API: the service refused an Accept with ERP_MODE_NOT_API at \d\d:\d\d:\d\d \(request id req_[A-Za-z0-9_-]{16}\)\. The company's ERP mode is set to manual \(not API\) in the service's console; an administrator sets it to API under Company settings → ERP mode\.$/,
    );
    // The same request id is the /acks call the report lists, refused 409.
    expect(await checkup.report()).toMatch(
      new RegExp(`POST {2}/acks {2}409 ERP_MODE_NOT_API {2}${requestId} {2}\\d+ ms`),
    );
    // Back to API: the held answer goes out with its key, and the check-up sees it applied.
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'api' });
    await review.open('Invoices');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => review.count('Accepted'), { timeout: 20_000 }).toBe(1);
    const held = await fetch(`${sandbox.baseUrl}/invoices/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      ((await held.json()) as { data: { ack?: { external_number?: string } } }).data.ack?.external_number,
    ).toBe('ERP-7001');
    await new ConnectionsPage(page).open();
    await expect
      .poll(() => checkup.fact('ERP mode'), { timeout: 15_000 })
      .toMatch(/^API: acks are being applied \(last at \d\d:\d\d:\d\d\)\.$/);
  });

  it('sees the clock difference once the service clock moves, and copies a report with request ids and no token', async () => {
    const checkup = new CheckupPage(page);
    expect(await checkup.fact('Clock')).toMatch(/^In step with the service/);
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 192 });
    const expected = Math.round((Date.parse(now) - Date.now()) / 1000);
    await checkup.checkAgain();
    const clock = await checkup.fact('Clock');
    const allowed = [expected - 1, expected, expected + 1].map(
      (skew) =>
        `This computer's clock is ${span(skew)} behind the service: times in the app may look off; set the clock automatically (in the system's date and time settings).`,
    );
    expect(allowed).toContain(clock);
    await page.screenshot({ path: 'test-results/checkup-panel.png', fullPage: true });
    await checkup.panel.screenshot({ path: 'test-results/checkup-panel-only.png' });

    await checkup.panel.getByRole('button', { name: 'Copy report' }).click();
    await expect
      .poll(() => checkup.panel.getByRole('status').textContent())
      .toBe("Copied. Paste it into your message to the service's support.");
    const copied = String(await page.evaluate('navigator.clipboard.readText()'));
    const shown = await checkup.report();
    expect(copied).toBe(shown);
    expect(copied).toContain(`Token prefix: ${token.slice(0, 17)}…`);
    expect(copied).toContain(`Connection: Branch office — ${sandbox.baseUrl}`);
    expect(copied).toContain('Client: Branch ERP (system OTHER, 120 requests per minute)');
    const requestIds = copied.match(/ req_[A-Za-z0-9_-]{16} /g) ?? [];
    expect(requestIds.length).toBeGreaterThanOrEqual(5);
    // No token, of this client or of the demo one, and no query value.
    for (const secret of [token, token.slice(17), sandbox.token, sandbox.token.slice(17)])
      expect(copied).not.toContain(secret);
    for (const line of copied.split('\n').filter((l) => /^ {2}\d{4}-/.test(l))) {
      const path = line.split('  ')[3] ?? '';
      expect(path).toMatch(/^\/[^?=&]*(?:\?[^=&?]+=…(?:&[^=&?]+=…)*)?$/);
    }
  });
});
