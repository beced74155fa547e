import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { RunningAppHost } from '../support/app-host';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import type { RunningSandbox } from '../support/sandbox';
import { ReviewPage } from './pages/review-page';

describe('review and answers in the app (browser mode, real sandbox)', () => {
  let desk: DeskInBrowser;
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    desk = await startDeskInBrowser({ docs: 40, seed: 3 });
    ({ sandbox, host, context, page } = desk);
  });

  afterAll(async () => {
    await desk?.close();
  });

  /** What the service holds for some documents, read with the demo token (the ERP's view). */
  async function fromService(
    kind: string,
    ids: string[],
  ): Promise<
    Array<{
      id: string;
      status: string;
      ack?: { outcome: string; external_number?: string | null; reason_code?: string | null } | null;
    }>
  > {
    const response = await fetch(`${sandbox.baseUrl}/${kind}?filter[id]=${ids.join(',')}&per_page=100`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status).toBe(200);
    return (
      (await response.json()) as {
        data: Array<{
          id: string;
          status: string;
          ack?: { outcome: string; external_number?: string | null } | null;
        }>;
      }
    ).data;
  }

  it('syncs the feeds on opening and shows the invoices to review', async () => {
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(10);
    await expect.poll(() => review.network.textContent()).toContain('Online');
    await expect.poll(() => review.page.getByLabel('Last sync').textContent()).not.toContain('never');
    await page.screenshot({ path: 'test-results/review-invoices.png' });
  });

  it('accepts 10 invoices with ERP numbers', async () => {
    const review = new ReviewPage(page);
    const pendingBefore = await review.count('Pending');
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      await review.selectRow(index);
      ids.push(await review.rowId(index));
    }
    await expect.poll(() => review.main.getByText('10 selected').count()).toBe(1);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const inputs = review.dialog.getByLabel(/^ERP number for /);
    await expect.poll(() => inputs.count()).toBe(10);
    // Seven typed, three pasted as CSV lines of id and ERP number.
    for (let index = 0; index < 7; index += 1) await inputs.nth(index).fill(`ERP-${5000 + index}`);
    await review.dialog.getByLabel('Paste id,number pairs').fill(
      ids
        .slice(7)
        .map((id, offset) => `${id},ERP-${5007 + offset}`)
        .join('\n'),
    );
    await review.dialog.getByRole('button', { name: 'Apply pasted numbers' }).click();
    await page.screenshot({ path: 'test-results/review-accept-dialog.png' });
    await review.dialog.getByRole('button', { name: 'Accept 10' }).click();
    await expect.poll(() => review.lastSend.textContent(), { timeout: 20_000 }).toContain('10 applied');
    await expect.poll(() => review.count('Pending')).toBe(pendingBefore - 10);
    expect(await review.count('Accepted')).toBe(10);
    const held = await fromService('invoices', ids);
    expect(held.map((doc) => doc.ack?.external_number).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `ERP-${5000 + index}`).sort(),
    );
    await review.view('Accepted').click();
    await expect.poll(() => review.reviewOf(0)).toBe('Accepted');
    await page.screenshot({ path: 'test-results/review-invoices-accepted.png' });

    // The current view exports as it is shown: the 10 accepted invoices with their ERP numbers.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      review.main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = readFileSync((await csv.path()) ?? '', 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      '"Invoice","Issue date","Customer","Rep","Branch","Order","Status","Amount","Cur.","Review","Answered","ERP number"',
    );
    expect(lines).toHaveLength(11);
    // Each accepted here: the Answered column says this desk.
    expect(lines.slice(1).every((line) => /"Accepted","On this desk","ERP-50\d\d"$/.test(line))).toBe(true);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      review.main.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^invoices-accepted-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(
      readFileSync((await xlsx.path()) ?? '')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('accepts invoices with an ERP number series in the order shown, refusing one already used', async () => {
    const review = new ReviewPage(page);
    await review.view('Pending').click();
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    await review.sortBy('Invoice');
    await expect.poll(() => review.main.locator('.ag-header-cell[aria-sort="ascending"]').count()).toBe(1);
    const shown = [await review.rowId(0), await review.rowId(1), await review.rowId(2)];
    const numbers = [
      await review.cellOf(0, 'number'),
      await review.cellOf(1, 'number'),
      await review.cellOf(2, 'number'),
    ];
    // Ticked in another order than shown: the series follows the grid.
    for (const index of [2, 0, 1]) await review.selectRow(index);
    await expect.poll(() => review.main.getByText('3 selected').count()).toBe(1);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const inputs = review.dialog.getByLabel(/^ERP number for /);
    await expect.poll(() => inputs.count()).toBe(3);
    const typed = () => Promise.all([0, 1, 2].map((index) => inputs.nth(index).inputValue()));

    // ERP-5008 and ERP-5009 were given to invoices accepted above.
    const from = review.dialog.getByLabel('ERP numbers from');
    await from.fill('ERP-5007');
    await review.dialog.getByRole('button', { name: 'Number in the order shown' }).click();
    await expect
      .poll(() => review.dialog.getByRole('status').textContent())
      .toMatch(
        /^ERP-5007 is already the ERP number of .+, and 2 more numbers of this series are used\. Nothing was numbered/,
      );
    expect(await typed()).toEqual(['', '', '']);

    await from.fill('SI-01043');
    await review.dialog.getByRole('button', { name: 'Number in the order shown' }).click();
    await expect
      .poll(() => review.dialog.getByRole('status').textContent())
      .toBe('3 documents numbered SI-01043 to SI-01045, in the order shown. Check them, then press Accept.');
    const labels = await inputs.evaluateAll((all) => all.map((input) => input.getAttribute('aria-label')));
    expect(labels).toEqual(numbers.map((number) => `ERP number for ${number}`));
    expect(await typed()).toEqual(['SI-01043', 'SI-01044', 'SI-01045']);
    await page.screenshot({ path: 'test-results/review-accept-series.png' });
    await review.dialog.getByRole('button', { name: 'Accept 3' }).click();
    await expect.poll(() => review.lastSend.textContent(), { timeout: 20_000 }).toContain('3 applied');
    const held = new Map(
      (await fromService('invoices', shown)).map((doc) => [doc.id, doc.ack?.external_number]),
    );
    expect(shown.map((id) => held.get(id))).toEqual(['SI-01043', 'SI-01044', 'SI-01045']);
  });

  it('rejects 2 payments with a reason', async () => {
    const review = new ReviewPage(page);
    await review.open('Payments');
    await expect.poll(() => review.count('Pending')).toBeGreaterThan(2);
    const ids = [await review.rowId(0), await review.rowId(1)];
    await review.selectRow(0);
    await review.selectRow(1);
    await review.main.getByRole('button', { name: 'Reject…' }).click();
    await review.dialog.getByLabel('Reason').selectOption('AMOUNT_MISMATCH');
    await review.dialog.getByLabel('Message').fill('Slip and cheque differ.');
    await page.screenshot({ path: 'test-results/review-reject-dialog.png' });
    await review.dialog.getByRole('button', { name: 'Reject 2' }).click();
    await expect.poll(() => review.count('Rejected'), { timeout: 20_000 }).toBe(2);
    const held = await fromService('payments', ids);
    expect(held.map((doc) => [doc.ack?.outcome, doc.ack?.reason_code])).toEqual([
      ['REJECTED', 'AMOUNT_MISMATCH'],
      ['REJECTED', 'AMOUNT_MISMATCH'],
    ]);
  });

  it('confirms an order with its ERP number', async () => {
    const review = new ReviewPage(page);
    await review.open('Orders');
    await expect.poll(() => review.count('Pending')).toBeGreaterThan(0);
    const id = await review.rowId(0);
    await review.selectRow(0);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog.getByLabel(/^ERP number for /).fill('SO-ERP-1');
    await review.dialog.getByRole('button', { name: 'Accept 1' }).click();
    await expect
      .poll(async () => (await fromService('orders', [id]))[0]?.status, { timeout: 20_000 })
      .toBe('ERP_CONFIRMED');
    await review.view('Accepted').click();
    await expect
      .poll(() => review.main.locator(`.ag-row[row-id="${id}"]`).first().textContent())
      .toContain('ERP_CONFIRMED');
    await review.main.locator(`.ag-row[row-id="${id}"] [col-id="number"]`).click();
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Document detail' }).textContent())
      .toContain('SO-ERP-1');
    await page.screenshot({ path: 'test-results/review-order-detail.png' });
  });

  it('shows an accepted payment that was reversed as pending again, with what changed', async () => {
    const review = new ReviewPage(page);
    await review.open('Payments');
    await review.view('Pending').click();
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const pending = await review.count('Pending');
    await review.main.locator('.ag-header-select-all input').first().check();
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog.getByRole('button', { name: `Accept ${pending}` }).click();
    await expect.poll(() => review.count('Pending'), { timeout: 20_000 }).toBe(0);

    const { created } = await sandbox.admin<{ created: { reversals: string[] } }>('POST', '/simulate', {
      reversals: 1,
    });
    await review.syncNow.click();
    await expect.poll(() => review.count('Pending'), { timeout: 20_000 }).toBe(1);
    const id = created.reversals[0]!;
    await expect.poll(() => review.reviewOf(0)).toBe('Pending again');
    expect(await review.rowId(0)).toBe(id);
    await review.main.locator(`.ag-row[row-id="${id}"] [col-id="number"]`).click();
    const detail = page.getByRole('complementary', { name: 'Document detail' });
    await expect
      .poll(() => detail.getByRole('region', { name: 'What changed since it was answered' }).textContent())
      .toMatch(/Reversed \d{4}-\d{2}-\d{2} by /);
    await page.screenshot({ path: 'test-results/review-payment-pending-again.png' });
    await detail.getByRole('button', { name: 'Close' }).click();
  });

  it('queues answers offline and applies them once when the connection returns', async () => {
    const review = new ReviewPage(page);
    await review.open('Invoices');
    await review.view('Pending').click();
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const pendingBefore = await review.count('Pending');
    // The service goes away (and the browser reports the network gone).
    await sandbox.stop();
    await context.setOffline(true);
    await expect.poll(() => review.network.textContent()).toContain('Offline');
    const ids = [await review.rowId(0), await review.rowId(1)];
    await review.selectRow(0);
    await review.selectRow(1);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const inputs = review.dialog.getByLabel(/^ERP number for /);
    await inputs.nth(0).fill('ERP-OFF-1');
    await inputs.nth(1).fill('ERP-OFF-2');
    await review.dialog.getByRole('button', { name: 'Accept 2' }).click();
    await expect.poll(() => review.waiting.textContent()).toContain('2 answers waiting');
    // The app tried: nothing answered, so the answers stay queued and the app says so.
    await expect.poll(() => review.network.textContent(), { timeout: 30_000 }).toContain('Offline');
    await page.screenshot({ path: 'test-results/review-offline.png' });

    // The service and the network come back: the queued batch goes out by itself, with its key.
    await sandbox.restart();
    await context.setOffline(false);
    await expect.poll(() => review.waiting.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => review.count('Pending')).toBe(pendingBefore - 2);
    const held = await fromService('invoices', ids);
    expect(held.map((doc) => doc.ack?.external_number).sort()).toEqual(['ERP-OFF-1', 'ERP-OFF-2']);
    // Applied once: the service holds 15 accepted invoices (10 + 3 of the series + 2), each answered one time.
    const accepted = await fetch(`${sandbox.baseUrl}/invoices?filter[ack]=accepted&per_page=500`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(((await accepted.json()) as { data: unknown[] }).data).toHaveLength(15);
  });

  it('accepts a whole view with an ERP number series: every number shown first, each document once', async () => {
    const review = new ReviewPage(page);
    await review.open('Invoices');
    await review.view('Pending').click();
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const pending = await review.count('Pending');
    expect(pending).toBeGreaterThan(3);
    await review.selectAll.check();
    await expect
      .poll(() => review.selectionBar.textContent(), { timeout: 30_000 })
      .toContain(`${pending} selected (the whole view)`);
    // One row unticked after the select all: left out of the series and of the answers.
    const left = await review.rowId(0);
    await review.main.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').first().uncheck();
    // The grid's first rows in its order (the rows further down are drawn as it scrolls).
    const firstShown: string[] = [];
    for (let index = 1; index <= 8; index += 1) firstShown.push(await review.cellOf(index, 'number'));
    const count = pending - 1;

    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog.getByLabel('ERP numbers from').fill('SI-03001');
    await review.dialog.getByRole('button', { name: 'Number in the order shown' }).click();
    const series = Array.from({ length: count }, (_, index) => `SI-0${3_001 + index}`);
    await expect
      .poll(() => review.dialog.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe(
        `${count} documents numbered SI-03001 to ${series.at(-1)}, in the order shown. Check them, then press Accept.`,
      );
    // Every number is on screen beside its document, in the grid's order, before anything is queued.
    const listed = await review.dialog
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [row.children[0]?.textContent, row.children[3]?.textContent]));
    expect(listed.map(([, number]) => number)).toEqual(series);
    expect(listed.slice(0, firstShown.length).map(([document]) => document)).toEqual(firstShown);
    await page.screenshot({ path: 'test-results/review-accept-whole-series.png' });
    await review.dialog.getByRole('button', { name: `Accept ${count}` }).click();
    await expect.poll(() => review.dialog.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => review.lastSend.textContent(), { timeout: 30_000 }).toContain(`${count} applied`);
    // The service holds each listed document once, accepted with the number the dialog showed it.
    const response = await fetch(`${sandbox.baseUrl}/invoices?filter[ack]=accepted&per_page=500`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    const accepted = (
      (await response.json()) as {
        data: Array<{ id: string; number: string; ack?: { external_number?: string } }>;
      }
    ).data;
    const heldByNumber = new Map(accepted.map((doc) => [doc.number, doc.ack?.external_number]));
    expect(listed.map(([document]) => heldByNumber.get(document ?? ''))).toEqual(series);
    expect(accepted.some((doc) => doc.id === left)).toBe(false);
  });
});
