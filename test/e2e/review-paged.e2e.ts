import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningAppHost } from '../support/app-host';
import { startDeskOnDisk, type DeskOnDisk } from '../support/desk-in-browser';
import { ReviewPage } from './pages/review-page';
import {
  outboxItemIds,
  reviewRows,
  seedInvoiceRowsBeforeOpening,
  type StoredReviewRow,
} from './pages/local-store';

// The review grid read in pages over 100,000 invoices (src-renderer/data/review-rows/README.md and
// 101-review-exports-and-selection.md): opened, scrolled to its end, sorted, filtered, a whole filtered
// view selected (its totals checked against the store read whole here) and accepted, each document
// queued exactly once.
const rowCount = 100_000;

const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en');

describe('a paged review grid over 100,000 invoices (browser mode)', () => {
  let desk: DeskOnDisk;
  let host: RunningAppHost;
  let page: Page;
  let review: ReviewPage;
  let pending: StoredReviewRow[];

  beforeAll(async () => {
    desk = await startDeskOnDisk({ docs: 0 });
    ({ host, page } = desk);
    review = new ReviewPage(page);
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('opens at its newest rows and scrolls to its oldest', async () => {
    const seededAt = Date.now();
    await seedInvoiceRowsBeforeOpening(page, host.url, rowCount);
    const openedAt = Date.now();
    await page.goto(host.url);
    // The one-time move of version 7's rows says how far it has come (decision 100).
    const note = page.locator('.store-upgrade');
    await expect
      .poll(() => note.textContent(), { timeout: 60_000 })
      .toMatch(/: [\d,]+ of 100,000 moved\. This happens once;/);
    await page.screenshot({ path: 'test-results/review-paged-moving.png' });
    await expect
      .poll(() => page.getByLabel('Last sync').textContent(), { timeout: 900_000 })
      .not.toContain('never');
    console.log(
      `seeded in ${openedAt - seededAt} ms, opened (store upgraded, synced) in ${Date.now() - openedAt} ms`,
    );
    pending = (await reviewRows(page, 'invoices')).filter((row) => row.review === 'pending');
    await expect.poll(() => review.count('Pending'), { timeout: 60_000 }).toBe(pending.length);
    const newest = pending.reduce((max, row) => (row.date > max ? row.date : max), '');
    const oldest = pending.reduce((min, row) => (row.date < min ? row.date : min), '9999');
    await expect.poll(() => review.cellOf(0, 'date'), { timeout: 60_000 }).toBe(newest);
    await page.screenshot({ path: 'test-results/review-paged-open.png', fullPage: true });

    await review.goToLastRow();
    const lastIndex = pending.length - 1;
    await expect.poll(() => review.cellOf(lastIndex, 'date'), { timeout: 60_000 }).toBe(oldest);
    // The focus went with the jump: the next arrow key moves on from the last row, not from the first.
    await expect.poll(() => review.focusedRowIndex()).toBe(lastIndex);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => review.focusedRowIndex()).toBe(lastIndex - 1);
    const lastId = await review.rowId(lastIndex);
    expect(pending.find((row) => row.id === lastId)?.date).toBe(oldest);
    await page
      .getByRole('complementary', { name: 'Document detail' })
      .getByRole('button', { name: 'Close' })
      .click();
  }, 1_200_000);

  it('sorts by amount', async () => {
    await review.sortBy('Amount');
    const smallest = Math.min(...pending.map((row) => row.amountCents));
    await expect
      .poll(() => review.cellOf(0, 'amountCents'), { timeout: 60_000 })
      .toBe(money.format(smallest / 100));
    await review.sortBy('Amount');
    const largest = Math.max(...pending.map((row) => row.amountCents));
    await expect
      .poll(() => review.cellOf(0, 'amountCents'), { timeout: 60_000 })
      .toBe(money.format(largest / 100));
  });

  it('selects a whole filtered view with its totals, and accepts it once per document', async () => {
    await review.quickFilter('السلة الذهبية');
    const matching = pending.filter((row) => row.customerName.includes('السلة الذهبية'));
    // Many rows match: the first page paints at once and the count is told as "at least" what was read
    // (decision 100), never more than the matches.
    const matchingStatus = review.main.getByRole('status', { name: 'Matching documents' });
    await expect.poll(() => matchingStatus.textContent(), { timeout: 60_000 }).toMatch(/match the filter/);
    const told = (await matchingStatus.textContent()) ?? '';
    const atLeast =
      /^At least ([\d,]+) match the filter \(all are counted as you scroll, or by Select all\)$/.exec(told);
    if (atLeast) expect(Number(atLeast[1]?.replaceAll(',', ''))).toBeLessThanOrEqual(matching.length);
    else expect(told).toBe(`${count.format(matching.length)} match the filter`);
    await expect.poll(() => review.cellOf(0, 'customer'), { timeout: 60_000 }).toContain('Golden Basket');
    await page.screenshot({ path: 'test-results/review-paged-filtered.png', fullPage: true });

    await review.selectAll.check();
    const cents = matching.reduce((sum, row) => sum + row.amountCents, 0);
    await expect
      .poll(() => review.selectionBar.textContent(), { timeout: 60_000 })
      .toContain(
        `${count.format(matching.length)} selected (the whole view) · total ${money.format(cents / 100)} EGP`,
      );
    await page.screenshot({ path: 'test-results/review-paged-select-all.png', fullPage: true });
    // The select all walked the view: its count is now exact.
    await expect
      .poll(() => matchingStatus.textContent())
      .toBe(`${count.format(matching.length)} match the filter`);

    // Unticking one row leaves it out of the count, the totals and the accept.
    const left = await review.rowId(0);
    await review.main.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').first().uncheck();
    const leftCents = matching.find((row) => row.id === left)?.amountCents ?? 0;
    await expect
      .poll(() => review.selectionBar.textContent(), { timeout: 60_000 })
      .toContain(
        `${count.format(matching.length - 1)} selected (the whole view) · total ${money.format((cents - leftCents) / 100)} EGP`,
      );

    await review.main.getByRole('button', { name: 'Accept…' }).click();
    // The ERP's numbers come as a register file, a line per document (its number, the ERP's number).
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      review.dialog
        .getByRole('group', { name: 'Import CSV' })
        .getByRole('button', { name: 'Choose file…' })
        .click(),
    ]);
    await chooser.setFiles({
      name: 'erp-numbers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(matching.map((row) => `${row.number},ERP-${row.id.slice(4)}`).join('\r\n')),
    });
    await expect
      .poll(() => review.dialog.getByRole('status').first().textContent())
      .toContain(`${count.format(matching.length)} number(s) read`);
    await review.dialog.getByRole('button', { name: `Accept ${count.format(matching.length - 1)}` }).click();
    // Its progress while the pages are queued ("Queued 12,000 of 24,999").
    const progress = review.dialog.getByRole('status').filter({ hasText: /^Queued [\d,]+ of / });
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toMatch(/^Queued [\d,]+ of 24,999/);
    await page.screenshot({ path: 'test-results/review-paged-accepting.png', fullPage: true });
    await expect.poll(() => review.dialog.count(), { timeout: 120_000 }).toBe(0);
    await expect
      .poll(() => review.main.getByRole('status').filter({ hasText: 'answer(s) queued' }).textContent())
      .toContain('24,999 answer(s) queued');

    const batches = await outboxItemIds(page);
    const queued = batches.flatMap((batch) => batch.docIds);
    expect(Math.max(...batches.map((batch) => batch.docIds.length))).toBeLessThanOrEqual(500);
    expect(queued.length).toBe(new Set(queued).size);
    expect(new Set(queued)).toEqual(new Set(matching.map((row) => row.id).filter((id) => id !== left)));
  }, 900_000);
});
