import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ReviewPage } from './pages/review-page';

// The audit trail (docs/decisions/110-audit-trail.md) as a clerk and an auditor use it: the day's
// calls (the sync's reads, an answer sent), found by filters, exported, and still there after the desk
// crashed and started again, with no token anywhere in it.
describe('the audit trail (browser mode, real sandbox)', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 20, seed: 5 });
    dataDir = mkdtempSync(join(tmpdir(), 'desk-audit-e2e-'));
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir, { dataDir });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const table = () => page.getByRole('table', { name: 'Calls of the audit trail' });
  const rows = () => table().locator('tbody tr');
  async function openTrail(): Promise<void> {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Audit trail' })
      .click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  /** The text of each cell of the rows whose text has `text`. */
  async function rowsWith(text: string): Promise<string[][]> {
    return (await rows().filter({ hasText: text }).all()).length === 0
      ? []
      : Promise.all(
          (await rows().filter({ hasText: text }).all()).map((row) => row.locator('td').allTextContents()),
        );
  }

  it("shows the day's calls: the sync's reads and an answer sent, with its key and request id", async () => {
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(2);
    await review.selectRow(0);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog.getByLabel(/^ERP number for /).fill('AUD-1');
    await review.dialog.getByRole('button', { name: 'Accept 1' }).click();
    await expect.poll(() => review.lastSend.textContent(), { timeout: 20_000 }).toContain('1 applied');

    await openTrail();
    const [ack] = await rowsWith('POST /acks');
    expect(ack).toBeDefined();
    // Time, connection, action, call, status, error code, request id, key, duration, attempt.
    expect(ack!.slice(1, 5)).toEqual([
      'Sandbox (demo company)',
      'Send answers (Accept, Reject)',
      'POST /acks',
      '200',
    ]);
    expect(ack![6]).toMatch(/\S/);
    expect(ack![7]).toMatch(/\S/);
    const feedReads = await rowsWith('GET /invoices?');
    expect(feedReads.length).toBeGreaterThan(0);
    // Query values are never kept, only their names.
    expect(feedReads[0]![3]).toMatch(/^GET \/invoices\?(filter\[[a-z_]+\]=…&?|per_page=…&?)+$/);
    await page.screenshot({ path: 'test-results/audit-trail.png' });

    // Writes only, then the one call of a request id.
    await page.getByLabel('Show').selectOption('writes');
    await expect
      .poll(async () => (await rows().allTextContents()).every((text) => text.includes('POST')))
      .toBe(true);
    await page.getByLabel('Show').selectOption('all');
    await page.getByLabel('Words').fill(ack![6]!);
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByLabel('Words').fill('');

    // The export is the view as filtered, as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('Time,Connection,What you did,Call,Status');
    expect(csv).toContain(ack![6]!);
  });

  it('still shows every call after the desk crashed and started again, and holds no token', async () => {
    await openTrail();
    const before = await rows().allTextContents();
    const [ack] = await rowsWith('POST /acks');
    const port = Number(new URL(host.url).port);
    await host.kill();
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir, { dataDir, port });
    await page.goto(host.url);
    await openTrail();
    await expect.poll(async () => (await rowsWith(ack![6]!)).length).toBe(1);
    // Every call kept before the crash is still there (the new start's own calls come on top).
    const after = await rows().allTextContents();
    expect(before.every((row) => after.includes(row))).toBe(true);

    const trail = readdirSync(join(dataDir, 'audit'));
    expect(trail.every((name) => /^calls-\d{4}-\d{2}-\d{2}\.jsonl$/.test(name))).toBe(true);
    const text = trail.map((name) => readFileSync(join(dataDir, 'audit', name), 'utf8')).join('\n');
    expect(text).not.toContain(sandbox.token.slice(17));
    expect(await page.locator('main').textContent()).not.toContain(sandbox.token.slice(17));
  });
});
