import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { Payment } from '../../src-shared/wire';
import { amountToCents } from '../../src-shared/domain/feeds';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import { ReviewPage } from './pages/review-page';

// The rep cash-up (docs/decisions/111-rep-cash-up.md) on a simulated day of the demo company: the
// cashier counts a rep's cash, sees the difference, closes the rep's day with a note, prints the sheet;
// a receipt of that day reversed afterwards shows on the closed day; the day is reopened on purpose.
describe('the rep cash-up (browser mode, real sandbox)', () => {
  let desk: DeskInBrowser;
  let page: Page;
  let today: string;
  let todays: Payment[];
  let cash: Payment;

  /** Every payment the service holds, as the ERP reads them. */
  async function servicePayments(): Promise<Payment[]> {
    const response = await fetch(`${desk.sandbox.baseUrl}/payments?per_page=500`, {
      headers: { authorization: `Bearer ${desk.sandbox.token}` },
    });
    return ((await response.json()) as { data: Payment[] }).data;
  }

  const formatted = (cents: number): string =>
    `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EGP`;

  beforeAll(async () => {
    desk = await startDeskInBrowser({ docs: 40, seed: 9 });
    page = desk.page;
    // Today's field work: payments by several reps, cash and cheques.
    await desk.sandbox.admin('POST', '/simulate', { payments: 12 });
    const payments = await servicePayments();
    today = payments
      .map((payment) => payment.collection_date)
      .sort()
      .at(-1)!;
    todays = payments.filter((payment) => payment.collection_date === today);
    cash = todays.find((payment) => payment.method === 'CASH' && !payment.reversal)!;
    expect(cash).toBeDefined();
  });
  afterAll(async () => {
    await desk?.close();
  });

  const sections = () => page.getByRole('navigation', { name: 'Sections' });
  const repTable = () => page.getByRole('table', { name: "The day's reps" });
  const repRow = (code: string) => repTable().locator('tbody tr').filter({ hasText: code });

  it("lists each rep's day with what the receipts say, as the service holds them", async () => {
    const review = new ReviewPage(page);
    await page.goto(desk.host.url);
    await review.open('Payments');
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBeGreaterThanOrEqual(todays.length);
    await sections().getByRole('button', { name: 'Cash-up' }).click();
    await page.getByLabel('Collection day').fill(today);
    await expect.poll(() => repTable().locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(1);

    // Each rep's cash due is the sum of its cash receipts of the day not reversed or voided.
    const byRep = new Map<string, number>();
    for (const payment of todays) {
      const code = payment.collected_by.sales_rep?.code ?? '';
      const counts = payment.method === 'CASH' && !payment.reversal && !payment.receipt?.voided_at;
      byRep.set(code, (byRep.get(code) ?? 0) + (counts ? amountToCents(payment.amount) : 0));
    }
    for (const [code, cents] of byRep) {
      const cells = await repRow(code).first().locator('td').allTextContents();
      expect(cells[2]).toBe(cents === 0 ? '—' : formatted(cents));
    }
    await page.screenshot({ path: 'test-results/cash-up-day.png' });
  });

  it("counts a rep's cash, says the difference, and closes the day only with a note saying why", async () => {
    const code = cash.collected_by.sales_rep?.code ?? '';
    await repRow(code).getByRole('button').first().click();
    const sheet = page.getByRole('region', { name: /^Cash-up of / });
    await expect.poll(() => sheet.count()).toBe(1);
    const due = todays
      .filter(
        (payment) =>
          payment.collected_by.sales_rep?.code === code &&
          payment.method === 'CASH' &&
          !payment.reversal &&
          !payment.receipt?.voided_at,
      )
      .reduce((sum, payment) => sum + amountToCents(payment.amount), 0);
    await sheet.getByLabel('Cash counted, EGP').fill(((due - 1000) / 100).toFixed(2));
    await expect.poll(() => sheet.getByText(/^Cash difference/).textContent()).toContain('−10.00 EGP');
    for (const box of await sheet.getByRole('checkbox').all()) await box.check();
    await sheet.getByRole('button', { name: 'Close the day for this rep' }).click();
    await expect
      .poll(() => sheet.getByRole('alert').textContent())
      .toBe('The count differs from the receipts: say why in the note, then close the day.');
    await sheet.getByLabel('Note').fill('Short 10 EGP: the rep pays it in tomorrow.');
    await sheet.getByRole('button', { name: 'Close the day for this rep' }).click();
    await expect.poll(() => sheet.getByRole('status').first().textContent()).toMatch(/^This day was closed/);
    expect(await sheet.getByRole('status').first().textContent()).toContain(
      `At closing: cash due ${formatted(due)}, counted ${formatted(due - 1000)}, difference −10.00 EGP.`,
    );
    await expect
      .poll(async () => (await repRow(code).locator('td').allTextContents())[6])
      .toMatch(/^Closed /);
    expect(await sheet.getByLabel('Cash counted, EGP').isDisabled()).toBe(true);

    // The sheet as printed: the rep's receipts and lines for both signatures, nothing of the desk around.
    await page.evaluate("document.body.classList.add('printing-cash-up')");
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText("Cashier's signature").isVisible()).toBe(true);
    expect(await sections().isVisible()).toBe(false);
    await page.screenshot({ path: 'test-results/cash-up-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate("document.body.classList.remove('printing-cash-up')");
  });

  it("finds a rep's cheque payments of the last week with the grid's filters alone", async () => {
    const review = new ReviewPage(page);
    await review.open('Payments');
    await review.view('All').click();
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const payments = await servicePayments();
    const isCheque = (payment: Payment) => payment.method === 'CHEQUE';
    const inWeek = (payment: Payment) =>
      payment.collection_date >= weekAgo && payment.collection_date <= today;
    const rep = payments.find((payment) => isCheque(payment) && inWeek(payment))!.collected_by.sales_rep!
      .code!;
    const wanted = payments
      .filter(
        (payment) => payment.collected_by.sales_rep?.code === rep && isCheque(payment) && inWeek(payment),
      )
      .map((payment) => payment.id)
      .sort();
    await review.filterColumn('rep', rep);
    await review.filterColumn('note', 'CHEQUE');
    await review.filterDays(weekAgo, today);
    const shown = async (): Promise<string[]> =>
      (await review.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? '')))
        .filter((id) => id !== '')
        .sort();
    await expect.poll(shown, { timeout: 20_000 }).toEqual(wanted);
    await page.screenshot({ path: 'test-results/review-filters-rep-cheques-week.png' });
    await page.reload();
  });

  it('flags a reversal of a closed day after the next sync, and reopens the day only with a reason', async () => {
    const code = cash.collected_by.sales_rep?.code ?? '';
    await desk.sandbox.admin('POST', '/simulate', { reversals: 1, payment_ids: [cash.id] });
    const review = new ReviewPage(page);
    await review.open('Payments');
    await review.syncNow.click();
    await expect.poll(() => review.count('Pending'), { timeout: 20_000 }).toBeGreaterThan(0);
    await sections().getByRole('button', { name: 'Cash-up' }).click();
    await page.getByLabel('Collection day').fill(today);
    await expect
      .poll(async () => (await repRow(code).locator('td').allTextContents())[6], { timeout: 20_000 })
      .toMatch(/^Closed .*; 1 change since$/);
    await repRow(code).getByRole('button').first().click();
    const sheet = page.getByRole('region', { name: /^Cash-up of / });
    const number = cash.receipt?.number ?? cash.number ?? cash.id;
    await expect
      .poll(() => sheet.getByRole('alert').textContent())
      .toContain(
        `Receipt ${number} (${formatted(amountToCents(cash.amount))}) changed after the day was closed: it counted as cash, now as nothing. Reversed`,
      );
    // The difference the day was closed with stays as it was; the flag says what moved since.
    expect(await sheet.getByRole('status').first().textContent()).toContain('difference −10.00 EGP.');
    await page.screenshot({ path: 'test-results/cash-up-changed.png' });

    await sheet.getByRole('button', { name: 'Reopen the day…' }).click();
    await sheet.getByRole('button', { name: 'Reopen the day', exact: true }).click();
    await expect
      .poll(() => sheet.getByRole('alert').last().textContent())
      .toBe('Say why the day is reopened: the reason is kept with the day.');
    await sheet.getByLabel('Why it is reopened').fill('Receipt reversed after closing');
    await sheet.getByRole('button', { name: 'Reopen the day', exact: true }).click();
    await expect.poll(async () => (await repRow(code).locator('td').allTextContents())[6]).toBe('Open');
    await expect.poll(() => sheet.getByText(/^Reopened .*: Receipt reversed after closing$/).count()).toBe(1);

    // The day as a workbook.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cash-up-${today}.xlsx`);
    expect(
      readFileSync((await download.path()) ?? '')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
