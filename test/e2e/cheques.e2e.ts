import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { Payment } from '../../src-shared/wire';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import { ReviewPage } from './pages/review-page';

// The cheque portfolio (docs/decisions/112-cheque-portfolio.md) on the demo company, through the real
// sandbox: every cheque the payment feed holds, in the state the service gives it, with totals equal to
// the feed's sums; a cheque the bank refuses shows up as bounced after the next sync and leads to its
// payment's detail; the view exports and prints; and the same screen in Arabic, right to left.

/** The clerk's local date now (the browser runs on this machine, in its time zone). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `date` moved by `days`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cents = (amount: string): number => Math.round(Number(amount) * 100);

/** The state a cheque of the feed is in, as the English screen words it. */
function stateWord(payment: Payment): string {
  if (payment.reversal) return 'Reversed';
  if (payment.cheque?.status === 'BOUNCED') return 'Bounced';
  if (payment.receipt?.voided_at) return 'Voided';
  return payment.cheque?.status === 'IN_HAND' ? 'In hand' : (payment.cheque?.status ?? '');
}

/** Why a cheque of the feed is in its state (the reversal's, the bounce's or the void's reason). */
function reasonOf(payment: Payment): string {
  const state = stateWord(payment);
  if (state === 'Reversed') return payment.reversal?.reason ?? '';
  if (state === 'Voided') return payment.receipt?.void_reason ?? '';
  return payment.cheque?.bounce_reason ?? '';
}

/** Where the ERP stands on a cheque's payment, as the English screen words it (no answer of this desk queued). */
function ackWord(payment: Payment): string {
  const ack = payment.ack;
  if (!ack) return 'Pending';
  const number = ack.external_number ?? '';
  if (ack.acked_version !== payment.version)
    return number === '' ? 'Pending again' : `Pending again (accepted as ${number} before it changed)`;
  if (ack.outcome === 'REJECTED') return 'Rejected';
  return number === '' ? 'Accepted' : `Accepted as ${number}`;
}

/** The portfolio's page as a clerk uses it (this suite's own: the views, the register, the totals). */
class ChequesPage {
  constructor(readonly page: Page) {}

  get main(): Locator {
    return this.page.getByRole('main');
  }

  async open(section = 'Cheques', navigation = 'Sections'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: navigation })
      .getByRole('button', { name: section })
      .click();
  }

  /** A view's button, by the start of its name. */
  view(name: string): Locator {
    return this.main.locator('.cheques-tools .views button', { hasText: name }).first();
  }

  /** The count on a view's button. */
  async count(name: string): Promise<number> {
    return Number(((await this.view(name).locator('.count').textContent()) ?? '').replaceAll(',', ''));
  }

  /** The register's rows: each with its payment id and the cells a clerk reads. */
  async rows(): Promise<
    Array<{
      id: string;
      state: string;
      due: string;
      bank: string;
      number: string;
      amount: string;
      customer: string;
      receipt: string;
      reason: string;
      ack: string;
    }>
  > {
    return this.main.locator('table.cheques-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const text = (selector: string): string => row.querySelector(selector)?.textContent?.trim() ?? '';
        return {
          id: row.getAttribute('data-payment-id') ?? '',
          state: text('.cheque-state'),
          due: text('.cheque-due bdi'),
          bank: text('.cheque-bank'),
          number: text('.cheque-number'),
          amount: text('.cheque-amount'),
          customer: text('.cheque-customer bdi'),
          receipt: text('.cheque-receipt'),
          reason: text('.cheque-reason'),
          ack: text('.cheque-ack'),
        };
      }),
    );
  }

  /** A totals table (by its caption) as group → currency → [cheques, amount], the view's total as "*". */
  async totals(caption: string): Promise<Record<string, Record<string, [string, string]>>> {
    return this.main
      .locator('table.cheque-totals', { has: this.page.locator('caption', { hasText: caption }) })
      .evaluate((table) => {
        const out: Record<string, Record<string, [string, string]>> = {};
        for (const group of table.querySelectorAll('tbody, tfoot')) {
          const name =
            group.tagName === 'TFOOT' ? '*' : (group.querySelector('th')?.textContent?.trim() ?? '');
          for (const line of group.querySelectorAll('tr')) {
            const cells = [...line.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '');
            out[name] = { ...out[name], [cells[0]!]: [cells[1]!, cells[2]!] };
          }
        }
        return out;
      });
  }
}

/** Expected totals of some cheques of the feed, grouped by `groupOf`, as the screen writes them. */
function expectedTotals(
  payments: readonly Payment[],
  groupOf: (payment: Payment) => string,
): Record<string, Record<string, [string, string]>> {
  const sums: Record<string, Record<string, { count: number; cents: number }>> = {};
  for (const payment of payments) {
    for (const group of [groupOf(payment), '*']) {
      const perCurrency = (sums[group] ??= {});
      const sum = (perCurrency[payment.currency] ??= { count: 0, cents: 0 });
      sum.count += 1;
      sum.cents += cents(payment.amount);
    }
  }
  return Object.fromEntries(
    Object.entries(sums).map(([group, perCurrency]) => [
      group,
      Object.fromEntries(
        Object.entries(perCurrency).map(([currency, sum]) => [
          currency,
          [String(sum.count), money.format(sum.cents / 100)] as [string, string],
        ]),
      ),
    ]),
  );
}

describe('the cheque portfolio (browser mode, real sandbox)', () => {
  let desk: DeskInBrowser;
  let page: Page;

  beforeAll(async () => {
    desk = await startDeskInBrowser({ docs: 40, seed: 3 }, { acceptDownloads: true });
    page = desk.page;
  });
  afterAll(async () => {
    await desk?.close();
  });

  /** Every cheque of the service's payment feed, each at its newest version (the ERP's view of them). */
  async function chequesFromService(): Promise<Payment[]> {
    const response = await fetch(`${desk.sandbox.baseUrl}/payments?per_page=500`, {
      headers: { authorization: `Bearer ${desk.sandbox.token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Payment[]; meta: { has_more: boolean } };
    expect(body.meta.has_more).toBe(false);
    const newest = new Map<string, Payment>();
    for (const payment of body.data) {
      const seen = newest.get(payment.id);
      if (!seen || seen.version < payment.version) newest.set(payment.id, payment);
    }
    return [...newest.values()].filter((payment) => payment.cheque);
  }

  /** Waits for the first sync of every feed, from the Payments section. */
  async function firstSync(): Promise<void> {
    const review = new ReviewPage(page);
    await page.goto(desk.host.url);
    await review.open('Payments');
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    await expect.poll(() => page.locator('.sync-progress li.feed-done').count(), { timeout: 30_000 }).toBe(4);
  }

  it('lists every cheque of the feed in the state the service gives it, with the totals of the feed', async () => {
    await firstSync();
    const service = await chequesFromService();
    expect(service.length).toBeGreaterThan(10);
    const portfolio = new ChequesPage(page);
    await portfolio.open();
    await portfolio.view('All').click();
    await expect.poll(async () => (await portfolio.rows()).length).toBe(service.length);

    const shown = new Map((await portfolio.rows()).map((row) => [row.id, row]));
    for (const payment of service) {
      const cheque = payment.cheque!;
      expect(shown.get(payment.id), payment.id).toEqual({
        id: payment.id,
        state: stateWord(payment),
        due: cheque.due_on ?? '',
        bank: cheque.bank ?? 'No bank named',
        number: cheque.number,
        amount: `${money.format(cents(payment.amount) / 100)} ${payment.currency}`,
        customer: payment.customer.code ?? payment.customer.external_ref ?? payment.customer.id,
        receipt: payment.receipt?.number ?? payment.number ?? '',
        reason: reasonOf(payment),
        ack: ackWord(payment),
      });
    }
    // The seeded history holds cheques of every kind this suite needs: held, bounced and reversed.
    expect(new Set(service.map(stateWord))).toEqual(new Set(['In hand', 'Bounced', 'Reversed']));
    expect(await portfolio.totals('By state')).toEqual(expectedTotals(service, stateWord));
    expect(await portfolio.totals('By bank')).toEqual(
      expectedTotals(service, (payment) => payment.cheque?.bank ?? 'No bank named'),
    );
    // The customers' names follow once the desk has looked them up: beside each code, without a new read.
    await expect
      .poll(() => portfolio.main.locator('table.cheques-table .cheque-customer bdi.muted').count(), {
        timeout: 30_000,
      })
      .toBe(service.length);
    await page.screenshot({ path: 'test-results/cheques-all.png', fullPage: true });

    // The held ones by due date; due this week and overdue counted from the clerk's today.
    const today = localToday();
    const held = service.filter((payment) => stateWord(payment) === 'In hand');
    const dueOf = (payment: Payment): string => payment.cheque?.due_on ?? '9999-12-31';
    expect(await portfolio.count('In hand by due date')).toBe(held.length);
    expect(await portfolio.count('Due this week')).toBe(
      held.filter((payment) => dueOf(payment) >= today && dueOf(payment) <= addDays(today, 6)).length,
    );
    expect(await portfolio.count('Overdue')).toBe(held.filter((payment) => dueOf(payment) < today).length);
    await portfolio.view('In hand by due date').click();
    const inHand = await portfolio.rows();
    expect(inHand.map((row) => row.due)).toEqual(held.map(dueOf).sort());
    expect(await portfolio.totals('By state')).toEqual(expectedTotals(held, stateWord));
    await page.screenshot({ path: 'test-results/cheques-in-hand.png', fullPage: true });
  });

  it('shows a cheque that bounced after the first sync once the next sync brings it, and leads to its payment', async () => {
    const portfolio = new ChequesPage(page);
    const bouncedBefore = await portfolio.count('Bounced');
    // Overnight the bank refuses the cheque due soonest, and the office voids the receipt of the next.
    const [toBounce, toVoid] = (await chequesFromService())
      .filter((payment) => stateWord(payment) === 'In hand')
      .sort((a, b) => ((a.cheque?.due_on ?? '') < (b.cheque?.due_on ?? '') ? -1 : 1));
    const { created } = await desk.sandbox.admin<{
      created: { cheque_bounces: string[]; receipt_voids: string[] };
    }>('POST', '/simulate', { cheque_bounces: 1, receipt_voids: 1, payment_ids: [toBounce!.id, toVoid!.id] });
    expect([created.cheque_bounces, created.receipt_voids]).toEqual([[toBounce!.id], [toVoid!.id]]);
    const id = toBounce!.id;
    const service = await chequesFromService();
    const bounced = service.find((payment) => payment.id === id)!;
    expect(bounced.cheque?.status).toBe('BOUNCED');
    const voided = service.find((payment) => payment.id === toVoid!.id)!;
    expect(stateWord(voided)).toBe('Voided');

    // The next morning: the clerk syncs, and the portfolio has it.
    const review = new ReviewPage(page);
    await review.open('Payments');
    await review.syncNow.click();
    await portfolio.open();
    await expect.poll(() => portfolio.count('Bounced'), { timeout: 30_000 }).toBe(bouncedBefore + 1);
    await portfolio.view('Bounced').click();
    const rows = await portfolio.rows();
    // Newest collection first, as the feed's own times order them.
    const expected = service
      .filter((payment) => stateWord(payment) === 'Bounced')
      .sort((a, b) => (a.collected_at < b.collected_at ? 1 : -1));
    expect(rows.map((row) => row.id)).toEqual(expected.map((payment) => payment.id));
    const row = rows.find((each) => each.id === id)!;
    expect([row.state, row.reason, row.number]).toEqual([
      'Bounced',
      bounced.cheque?.bounce_reason ?? '',
      bounced.cheque!.number,
    ]);
    expect(await portfolio.totals('By state')).toEqual(expectedTotals(expected, stateWord));
    await page.screenshot({ path: 'test-results/cheques-bounced.png', fullPage: true });

    // The voided receipt's cheque is no longer held: voided, with the reason the office gave.
    expect(await portfolio.count('Voided')).toBe(1);
    await portfolio.view('Voided').click();
    expect((await portfolio.rows()).map((row) => [row.id, row.state, row.reason])).toEqual([
      [voided.id, 'Voided', voided.receipt?.void_reason ?? ''],
    ]);
    await portfolio.view('Bounced').click();

    await portfolio.main
      .getByRole('button', { name: `Open the payment of cheque ${bounced.cheque!.number}` })
      .click();
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('button', { name: 'Payments' })
          .getAttribute('aria-current'),
      )
      .toBe('page');
    const detail = page.getByRole('complementary', { name: 'Document detail' });
    await expect.poll(() => detail.locator('h3').textContent()).toBe(bounced.number);
    await expect.poll(() => detail.textContent()).toContain(bounced.cheque?.bounce_reason ?? '');
    await page.screenshot({ path: 'test-results/cheques-payment-detail.png' });
  });

  it('exports the view as CSV and prints the view with its totals, without the navigation and tools', async () => {
    const portfolio = new ChequesPage(page);
    await portfolio.open();
    await portfolio.view('In hand by due date').click();
    const held = await portfolio.rows();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      portfolio.main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cheques-in-hand-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      'State,Due,Bank,Cheque no.,Amount,Currency,Customer,Customer name,Rep,Receipt,Collected,Reason,ERP,ERP number,Payment',
    );
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(held.map((row) => row.id));

    // The print dialog is the browser's: the page's own print() is counted, and the print layout looked at.
    await page.evaluate(() => {
      const shown = globalThis as unknown as { printed: number; print: () => void };
      shown.printed = 0;
      shown.print = () => {
        shown.printed += 1;
      };
    });
    await portfolio.main.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
    // Printed whole: the register holds every cheque of the view.
    expect(await portfolio.rows()).toHaveLength(held.length);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
      expect(await page.locator('.cheques-tools').isVisible()).toBe(false);
      expect(await page.locator('table.cheques-table').isVisible()).toBe(true);
      expect(await page.locator('table.cheque-totals').count()).toBe(2);
      expect(await page.locator('.cheque-action button').first().isVisible()).toBe(false);
      await page.screenshot({ path: 'test-results/cheques-print.png', fullPage: true });
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('reads in Arabic, right to left, with the same cheques and totals', async () => {
    // One desk on the host at a time (two desks on one host are two-desks.e2e.ts's subject).
    await page.goto('about:blank');
    const context = await desk.browser.newContext({
      locale: 'ar-EG',
      viewport: { width: 1400, height: 900 },
    });
    try {
      const arabic = await context.newPage();
      await arabic.goto(desk.host.url);
      const portfolio = new ChequesPage(arabic);
      await portfolio.open('الشيكات', 'الأقسام');
      const service = await chequesFromService();
      await portfolio.view('الكل').click();
      await expect
        .poll(async () => (await portfolio.rows()).length, { timeout: 30_000 })
        .toBe(service.length);
      expect(await arabic.locator('.cheques').getAttribute('dir')).toBe('rtl');
      // The first sync of this desk done and its customers named, as a clerk's morning would find it.
      // The names come last, looked up at the pace the service's rate budget leaves after the English
      // desk's calls (half a minute here), and show once the whole lookup is stored.
      await expect
        .poll(() => arabic.locator('.cheques-as-of').textContent(), { timeout: 30_000 })
        .not.toContain('لم تتم مزامنة');
      await expect
        .poll(() => arabic.locator('table.cheques-table .cheque-customer bdi.muted').count(), {
          timeout: 90_000,
        })
        .toBe(service.length);
      const rows = await portfolio.rows();
      const states = new Map(rows.map((row) => [row.id, row.state]));
      const arabicState: Record<string, string> = {
        'In hand': 'في اليد',
        Bounced: 'مرتد',
        Reversed: 'معكوس',
        Voided: 'إيصاله ملغى',
      };
      for (const payment of service) expect(states.get(payment.id)).toBe(arabicState[stateWord(payment)]);
      const totals = await portfolio.totals('حسب الحالة');
      expect(totals['*']).toEqual(expectedTotals(service, stateWord)['*']);
      // Nothing in the register is cut or laid over another: each cell's box is inside its row, side by side.
      const overlaps = await arabic.locator('table.cheques-table tbody tr').evaluateAll((trs) =>
        trs.flatMap((tr) => {
          const boxes = [...tr.children].map((cell) => cell.getBoundingClientRect());
          return boxes.slice(1).flatMap((box, index) => {
            const before = boxes[index]!;
            // Right to left: each cell lies to the left of the one before it.
            return box.right > before.left + 0.5
              ? [`${tr.getAttribute('data-payment-id')} cell ${index + 1}`]
              : [];
          });
        }),
      );
      expect(overlaps).toEqual([]);
      await arabic.screenshot({ path: 'test-results/cheques-arabic-all.png', fullPage: true });
      await portfolio.view('مرتدة').click();
      await expect.poll(async () => (await portfolio.rows()).every((row) => row.state === 'مرتد')).toBe(true);
      await arabic.screenshot({ path: 'test-results/cheques-arabic-bounced.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
