import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { parseCsv } from '../../src-shared/domain/master-data';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { BalancesPage } from './pages/balances-page';
import { MasterDataPage } from './pages/master-data-page';
import { ReviewPage } from './pages/review-page';
import { ShellPage } from './pages/shell-page';

interface Balance {
  erp_balance: number | null;
  as_of: string | null;
  current_balance: number;
}

/** Cents as the app writes money (`1,234.50`, `-20.00`). */
function money(cents: number): string {
  return new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

describe('the balance worksheet, in browser mode against the sandbox', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;

  /** A call of the interface with the demo token (the ERP's own view, independent of the app). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${sandbox.token}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** The service's balance block of a customer, read by id. */
  async function balanceOf(id: string): Promise<Balance> {
    const { data } = await api<{ data: { balance: Balance } }>(
      'GET',
      `/lookup?entity=customer&id=${encodeURIComponent(id)}`,
    );
    return data.balance;
  }

  /** Every customer id named by a document of the four feeds, as the service holds them. */
  async function customersWithDocuments(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const feed of ['orders', 'invoices', 'payments', 'returns']) {
      for (let after = 0, more = true; more;) {
        const page = await api<{
          data: Array<{ customer: { id: string } }>;
          meta: { has_more: boolean; next_version_after: number };
        }>('GET', `/${feed}?per_page=500&filter[version_after]=${after}`);
        for (const doc of page.data) ids.add(doc.customer.id);
        [after, more] = [page.meta.next_version_after, page.meta.has_more];
      }
    }
    return ids;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 30, seed: 15, rateLimit: 6000 });
    // The ERP links its customers (the demo's were made in the service: adopted by service_id) and
    // pushes the balances of its own export (GET /_sandbox/erp/master-data?kind=balances).
    const csv = await (
      await fetch(`${sandbox.origin}/_sandbox/erp/master-data?kind=balances&format=csv`, {
        headers: { authorization: `Bearer ${sandbox.adminSecret}` },
      })
    ).text();
    const [header, ...lines] = parseCsv(csv.replace(/^\uFEFF/, ''), ',').rows.map((row) => row.cells);
    const columns = header!;
    const at = (name: string) => columns.indexOf(name);
    const items = [];
    for (const cells of lines) {
      const code = cells[at('Customer Code')]!;
      const found = await api<{ data: { id: string; name: Record<string, string> } }>(
        'GET',
        `/lookup?entity=customer&code=${encodeURIComponent(code)}`,
      );
      await api('PUT', `/customers/${encodeURIComponent(code)}`, {
        name: found.data.name,
        blocked: false,
        service_id: found.data.id,
      });
      items.push({
        ref: code,
        body: { balance: Number(cells[at('Balance')]), as_of: cells[at('As Of')]! },
      });
    }
    await api('POST', '/batch/balances', { items });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    // Tall enough for ag-grid to render every customer's row.
    page = await browser.newPage({ viewport: { width: 1500, height: 2200 } });
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('explains every customer’s difference to the cent, and a fresh balance resolves one', async () => {
    const shell = new ShellPage(page);
    await shell.open(host.url);
    await expect.poll(() => shell.connection.textContent(), { timeout: 30_000 }).toContain('Connected to');

    // A customer pushed from this desk, with no documents: listed through the keys this desk pushed.
    await shell.section('Master data').click();
    const md = new MasterDataPage(page);
    await md.addFiles([{ name: 'customers.csv', text: 'Customer Code,Name\nE2E-NEW,New Corner Shop\n' }]);
    await expect.poll(() => md.check('customers.csv').textContent()).toMatch(/: 1 will be pushed\.$/);
    await md.pushButton().click();
    await expect.poll(() => md.runState.textContent(), { timeout: 30_000 }).toMatch(/^Finished/);

    // Field activity after the balances were taken: invoices, payments, returns and a reversal.
    await sandbox.admin('POST', '/simulate', { invoices: 8, payments: 8, returns: 4, reversals: 1 });
    const review = new ReviewPage(page);
    await review.open('Payments');
    await review.syncNow.click();
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(8);
    // Every feed of that sync done before rows are ticked: a feed still staging repaints the grid.
    await expect.poll(() => page.locator('.sync-progress li.feed-done').count(), { timeout: 30_000 }).toBe(4);
    // The clerk accepts the newest documents: three payments, two returns, two invoices.
    for (const [section, count] of [
      ['Payments', 3],
      ['Returns', 2],
      ['Invoices', 2],
    ] as const) {
      await review.open(section);
      await review.view('Pending').click();
      await expect.poll(() => review.reviewOf(0)).toBe('Pending');
      for (let index = 0; index < count; index += 1) await review.selectRow(index);
      await review.main.getByRole('button', { name: 'Accept…' }).click();
      const numbers = review.dialog.getByLabel(/^ERP number for /);
      for (let index = 0; index < (await numbers.count()); index += 1)
        await numbers.nth(index).fill(`ERP-${section}-${index}`);
      await review.dialog.getByRole('button', { name: `Accept ${count}` }).click();
      await expect
        .poll(() => review.lastSend.textContent(), { timeout: 20_000 })
        .toContain(`${count} applied`);
    }
    await review.syncNow.click();
    await expect.poll(() => review.page.getByLabel('Last sync').textContent()).not.toContain('never');

    // Every customer: those with documents, and the one pushed from this desk.
    const balances = new BalancesPage(page);
    await balances.open();
    const expectedIds = await customersWithDocuments();
    const pushed = await api<{ data: { id: string } }>('GET', '/lookup?entity=customer&ref=E2E-NEW');
    expectedIds.add(pushed.data.id);
    await expect
      .poll(() => balances.listed.textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`^${expectedIds.size} customers, all listed`));
    await expect
      .poll(() => balances.unexplainedTotal.textContent())
      .toBe('Every difference is explained by the documents staged here.');
    await expect.poll(async () => (await balances.rows()).length).toBe(expectedIds.size);
    const rows = await balances.rows();
    expect(new Set(rows.map((row) => row.id))).toEqual(expectedIds);

    // Checked against the service itself, customer by customer: difference = current − ERP balance,
    // all of it explained by the listed documents, none left over.
    let withDifference = 0;
    for (const row of rows) {
      const balance = await balanceOf(row.id!);
      const erpCents = Math.round((balance.erp_balance ?? 0) * 100);
      const difference = Math.round(balance.current_balance * 100) - erpCents;
      if (difference !== 0) withDifference += 1;
      expect(
        {
          service: row.service,
          difference: row.difference,
          explained: row.explained,
          unexplained: row.unexplained,
        },
        row.id,
      ).toEqual({
        service: money(Math.round(balance.current_balance * 100)),
        difference: money(difference),
        explained: money(difference),
        unexplained: '0.00',
      });
    }
    expect(withDifference).toBeGreaterThan(0);
    expect(await balances.count('Only differences')).toBe(withDifference);
    await page.screenshot({ path: 'test-results/balances-worksheet.png', fullPage: true });

    // A customer with accepted documents since its ERP balance needs a fresh one.
    await balances.view('Only needing a fresh balance').click();
    const needingBefore = await balances.count('Only needing a fresh balance');
    const needing = (await balances.rows()).filter((row) => row.fresh === 'needed' && row.erp !== '');
    expect(needing.length).toBeGreaterThan(0);
    const target = needing[0]!;
    await balances.openCustomer(target.id!);
    await expect.poll(() => balances.fact('Unexplained').textContent()).toBe('0.00');
    const lines = await balances.explanation();
    expect(lines.length).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/balances-detail.png', fullPage: true });

    await balances.detail.getByRole('button', { name: 'Push a fresh balance…' }).click();
    const input = balances.dialog.getByRole('textbox');
    const proposed = (await input.inputValue()).trim();
    expect(proposed).toMatch(/^-?\d+\.\d{2}$/);
    await page.screenshot({ path: 'test-results/balances-fresh-dialog.png', fullPage: true });
    await balances.dialog.getByRole('button', { name: 'Push 1 fresh balance' }).click();
    await expect
      .poll(() => balances.pushOutcome.textContent(), { timeout: 30_000 })
      .toContain('updated: the service took the fresh balance');

    // The service took it: its ERP balance is the one pushed, and nothing is left to explain.
    const after = await balanceOf(target.id!);
    expect(after.erp_balance).toBe(Number(proposed));
    await expect
      .poll(() => balances.fact('ERP balance (pushed)').textContent())
      .toBe(money(Math.round(Number(proposed) * 100)));
    await expect
      .poll(() => balances.fact('Difference').textContent())
      .toBe(money(Math.round(after.current_balance * 100) - Math.round(Number(proposed) * 100)));
    await expect.poll(() => balances.fact('Unexplained').textContent()).toBe('0.00');
    await expect.poll(() => balances.count('Only needing a fresh balance')).toBe(needingBefore - 1);
    await page.screenshot({ path: 'test-results/balances-after-push.png', fullPage: true });

    // The push is kept in Master data's history like any run, and leads back to Balances.
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('button', { name: 'Master data' }).click();
    const runs = page.getByRole('table', { name: 'Pushes' });
    await runs
      .getByRole('button', { name: 'Fresh balance of 1 customer from the balance worksheet' })
      .click();
    await expect
      .poll(() => page.getByRole('status', { name: 'Push state' }).textContent(), { timeout: 20_000 })
      .toMatch(/^Finished/);
    await expect.poll(() => page.getByRole('button', { name: /^Updated 1$/ }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/balances-push-in-master-data.png', fullPage: true });
    await page.getByRole('button', { name: 'Explain in Balances' }).click();
    await expect
      .poll(() => sections.getByRole('button', { name: 'Balances' }).getAttribute('aria-current'))
      .toBe('page');
  });
});
