import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ReconcilePage, type StateName } from './pages/reconcile-page';
import { ReviewPage } from './pages/review-page';

// The issue "Real ERP files", done as a new clerk does it: the desk syncs a sandbox's invoices, the
// clerk downloads the sandbox's register laid out as QuickBooks Online exports it (a report title
// above the header, customers by name under group rows, "Total for …" and TOTAL rows, month-first
// dates) and as Odoo exports it with its Arabic labels (XLSX with day group rows), and imports each
// through "Choose file…". The desk picks the columns itself, says what it skipped and how it read
// the dates, and its counts are the answer key's (decision 104): every line booked as issued is
// matched, a rounding slip suggested (with 0.05 tolerance), a real difference differs, a slip in the
// reference suggested by customer, amount and date, a line of the ERP's own only in the ERP, an
// invoice it lacks only in the service.

const seed = 6;

/** `GET /_sandbox/erp/registers/key`. */
interface RegisterKey {
  lines: Array<{ line: number; erp_number: string; document_id: string | null; defect: string }>;
  missing: string[];
}

describe('Reconcile: registers laid out as real ERPs export them, as a clerk', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let rec: ReconcilePage;

  /** A file of the sandbox's ERP (admin secret). */
  async function erpFile(path: string): Promise<Buffer> {
    const response = await fetch(`${sandbox.origin}/_sandbox/erp${path}`, {
      headers: { authorization: `Bearer ${sandbox.adminSecret}` },
    });
    expect(response.status, path).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** The counts the key implies (decision 104), with a 0.05 tolerance for the rounding slips. */
  function countsOfKey(key: RegisterKey): Record<StateName, number> {
    const count = (defect: string): number => key.lines.filter((line) => line.defect === defect).length;
    return {
      Matched: count('none'),
      Suggested: count('rounding') + count('typo'),
      Differs: count('amount'),
      Ambiguous: 0,
      'Only in the service': key.missing.length,
      'Only in the ERP': count('extra'),
    };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 60, seed });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1100 } });
    page = await context.newPage();
    rec = new ReconcilePage(page);
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('syncs the invoices to reconcile', async () => {
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBe(60);
  });

  it('imports a QuickBooks Online report: title rows skipped, totals left out, month-first dates found', async () => {
    const query = 'kind=invoices&layout=quickbooks&format=csv';
    const file = await erpFile(`/registers?${query}`);
    const key = JSON.parse((await erpFile(`/registers/key?${query}`)).toString('utf8')) as RegisterKey;
    await rec.open();
    await rec.chooseFile('Transaction List by Customer.csv', file);
    await expect.poll(() => rec.reading.textContent()).toContain('Recognised as: QuickBooks Online report.');
    const said = (await rec.reading.locator('li').allTextContents()).join('\n');
    expect(said).toContain('3 rows above the header skipped; the column names are on line 5.');
    expect(said).toMatch(/\d+ total rows left out/);
    expect(said).toMatch(
      /Dates are read month first \(03\/31\/2026\): \d{1,2}\/\d{1,2}\/2026 on line \d+ can only be read that way\./,
    );
    expect(await rec.columnChosen('ERP document number')).toBe('Num');
    expect(await rec.columnChosen('Customer name')).toBe('Name');
    expect(await rec.columnChosen('Service document (number or id)')).toBe('Memo/Description');
    await page.screenshot({ path: 'test-results/erp-layouts-quickbooks-read.png', fullPage: true });
    // The clerk may turn the decision back: the total rows read as documents have no number.
    const asDocuments = rec.importPanel.getByLabel('Read total and heading rows as documents');
    await asDocuments.check();
    await expect
      .poll(() => rec.importPanel.getByRole('alert', { name: 'Rows that cannot be read' }).textContent())
      .toMatch(/the ERP document number is empty/);
    await asDocuments.uncheck();
    await expect.poll(() => rec.importButton.textContent()).toBe(`Reconcile ${key.lines.length} documents`);
    await rec.importButton.click();
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain(`Transaction List by Customer.csv · CSV, UTF-8, comma · ${key.lines.length} register lines`);
    await rec.tolerance.fill('0.05');
    await rec.tolerance.press('Tab');
    await expect.poll(() => rec.counts(), { timeout: 20_000 }).toEqual(countsOfKey(key));
    await page.screenshot({ path: 'test-results/erp-layouts-quickbooks-reconciled.png', fullPage: true });
  });

  it('imports an Odoo export with Arabic labels as XLSX: day group rows left out, the same counts', async () => {
    const query = 'kind=invoices&layout=odoo&lang=ar&format=xlsx';
    const file = await erpFile(`/registers?${query}`);
    const key = JSON.parse((await erpFile(`/registers/key?${query}`)).toString('utf8')) as RegisterKey;
    await rec.chooseFile('فواتير العملاء.xlsx', file);
    await expect.poll(() => rec.reading.textContent()).toContain('Recognised as: Odoo invoices export.');
    expect(await rec.columnChosen('ERP document number')).toBe('عدد');
    expect(await rec.columnChosen('Amount')).toBe('مجموع الموقّع عليهم');
    const said = (await rec.reading.locator('li').allTextContents()).join('\n');
    expect(said).toMatch(/\d+ heading or note rows? left out/);
    expect(said).toMatch(/\d+ documents written on several rows \(one per item\)/);
    // A new file, not the open reconciliation's documents again.
    await rec.addToOpen.uncheck();
    await page.screenshot({ path: 'test-results/erp-layouts-odoo-arabic-read.png', fullPage: true });
    await rec.importButton.click();
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain(`فواتير العملاء.xlsx · Excel, sheet`);
    await rec.tolerance.fill('0.05');
    await rec.tolerance.press('Tab');
    await expect.poll(() => rec.counts(), { timeout: 20_000 }).toEqual(countsOfKey(key));
  });

  it('adds nothing twice when the same export is imported again, and keeps the reconciliation', async () => {
    const query = 'kind=invoices&layout=odoo&lang=ar&format=xlsx';
    const file = await erpFile(`/registers?${query}`);
    const key = JSON.parse((await erpFile(`/registers/key?${query}`)).toString('utf8')) as RegisterKey;
    const before = await rec.reconciliations.locator('option').count();
    await rec.chooseFile('فواتير العملاء.xlsx', file);
    await expect.poll(() => rec.addToOpen.isChecked()).toBe(true);
    await expect.poll(() => rec.importButton.textContent()).toBe('Add 0 new documents');
    await rec.importButton.click();
    await expect
      .poll(() => rec.importPanel.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe(
        `0 documents added to the reconciliation; ${key.lines.length} already in it unchanged, 0 updated from the new file. Its decisions are kept.`,
      );
    expect(await rec.reconciliations.locator('option').count()).toBe(before);
    await expect.poll(() => rec.counts(), { timeout: 20_000 }).toEqual(countsOfKey(key));
  });
});
