import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { RunningAppHost } from '../support/app-host';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import type { RunningSandbox } from '../support/sandbox';
import { ReconcilePage } from './pages/reconcile-page';
import { ReviewPage } from './pages/review-page';

// Item 2 of the desktop issue in browser mode (docs/decisions/102-files-and-shortcuts.md): exports
// save through the bridge (here the browser's download), imports open through "Choose file…" (here the
// browser's file chooser), and the menu's shortcuts raise its commands instead of the browser's own
// use of the keys (F5 reload, Ctrl+F's find bar).

describe('files and shortcuts in browser mode (real sandbox)', () => {
  let desk: DeskInBrowser;
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let page: Page;

  beforeAll(async () => {
    desk = await startDeskInBrowser({ docs: 30, seed: 6 }, { acceptDownloads: true });
    ({ sandbox, host, page } = desk);
  });

  afterAll(async () => {
    await desk?.close();
  });

  /** The sandbox's ERP register of invoices, as the ERP would export it (decision 027). */
  async function erpRegister(): Promise<Buffer> {
    const response = await fetch(`${sandbox.origin}/_sandbox/erp/registers?kind=invoices&format=csv`, {
      headers: { authorization: `Bearer ${sandbox.adminSecret}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** How many times the page was loaded: a reload (F5's own use) would start it again at 1. */
  const loads = async (): Promise<number> =>
    Number(await page.evaluate('window.deskTestLoads = (window.deskTestLoads ?? 0) + 1'));

  it('exports the review view as a CSV download with its name and rows, and says where it went', async () => {
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(5);
    await expect.poll(() => review.page.getByLabel('Last sync').textContent()).not.toContain('never');
    const pending = await review.count('Pending');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      review.main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const name = csv.suggestedFilename();
    expect(name).toMatch(/^invoices-pending-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await csv.path()) ?? '');
    // UTF-8 with its BOM, as Excel needs to read Arabic names.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      '"Invoice","Issue date","Customer","Rep","Branch","Order","Status","Amount","Cur.","Review","Answered","ERP number"',
    );
    expect(lines).toHaveLength(pending + 1);
    expect(await review.main.getByRole('status', { name: 'Export' }).textContent()).toBe(`Saved ${name}`);
    await page.screenshot({ path: 'test-results/files-export-saved.png' });
  });

  it('F5 syncs now, and the page is not reloaded', async () => {
    const review = new ReviewPage(page);
    await review.main.click({ position: { x: 5, y: 5 } });
    expect(await loads()).toBe(1);
    const [pull] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/desk/feeds.pull'), { timeout: 20_000 }),
      page.keyboard.press('F5'),
    ]);
    expect(pull.method()).toBe('POST');
    expect(await loads()).toBe(2);
  });

  it('Ctrl+F focuses the quick filter instead of the find bar', async () => {
    const review = new ReviewPage(page);
    await review.main.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+f');
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe('Quick filter');
    await page.keyboard.type('zz-no-such-invoice');
    await expect.poll(() => review.rows.count()).toBe(0);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => review.rows.count()).toBeGreaterThan(0);
  });

  it('Ctrl+Shift+A says what to do with nothing selected, then opens Accept for the selected rows', async () => {
    const review = new ReviewPage(page);
    await review.main.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Shift+A');
    await expect
      .poll(() => page.getByRole('status', { name: 'Command' }).textContent())
      .toContain('Select invoices with the checkboxes first, then Accept.');
    await page.screenshot({ path: 'test-results/files-command-note.png' });

    await review.selectRow(0);
    await review.selectRow(1);
    await expect.poll(() => review.main.getByText('2 selected').count()).toBe(1);
    await page.keyboard.press('Control+Shift+A');
    await expect.poll(() => page.getByRole('dialog', { name: 'Accept 2 documents' }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/files-accept-by-shortcut.png' });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('imports an ERP register through "Choose file…" and the file chooser', async () => {
    const rec = new ReconcilePage(page);
    const register = await erpRegister();
    const rows = register.toString('utf8').trim().split(/\r?\n/).length - 1;
    await rec.open();
    await rec.chooseFile('invoices.csv', register);
    await expect
      .poll(() => rec.draftSummary.textContent())
      .toBe(`invoices.csv · CSV, UTF-8 with BOM, comma · ${rows} rows`);
    await page.screenshot({ path: 'test-results/files-register-chosen.png' });
    await rec.importButton.click();
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain(`invoices.csv · CSV, UTF-8 with BOM, comma · ${rows} register lines`);
  });
});
