import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import readXlsxFile from 'read-excel-file/node';
import type { RunningAppHost } from '../support/app-host';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import type { RunningSandbox } from '../support/sandbox';
import { DayEndPage, type ReportLine, type Totals } from './pages/day-end-page';
import { ReviewPage } from './pages/review-page';

// The day-end report as a new user of the demo company meets it: a week of field activity in the
// sandbox (its clock moved a day at a time, with reversals, bounced cheques, voided receipts, an order
// sent again and a return decided after it was answered), answers made in the app and on another
// client of the company, one sync, and the Day end section on its default range (the last 7 days by
// the app's clock, set to the sandbox's). Every figure the report shows is checked against the
// service's own feeds (`filter[ack]=accepted|rejected|pending`, grouped by the documents' own date),
// and "answered from this desk" against the answers this test made in the app.

type Kind = 'orders' | 'invoices' | 'payments' | 'returns';
const kinds: Kind[] = ['invoices', 'payments', 'returns', 'orders'];
const labels = { invoices: 'Invoices', payments: 'Payments', returns: 'Returns', orders: 'Orders' } as const;
const entities = { invoices: 'invoice', payments: 'payment', returns: 'return', orders: 'order' } as const;

/** A document as the feeds serve it, with only what the test reads. */
interface FeedDoc {
  id: string;
  version: number;
  status: string;
  currency: string;
  seq?: number | null;
  ack?: { outcome: 'ACCEPTED' | 'REJECTED'; acked_version: number } | null;
  order_date?: string;
  issue_date?: string;
  collection_date?: string;
  return_date?: string;
  totals?: { gross?: string; total?: string };
  amount?: string;
  total?: string;
}

const dayMs = 86_400_000;

/** The document's own date (spec, Resources: order, issue, collection, return date). */
function dateOf(kind: Kind, doc: FeedDoc): string {
  const date = {
    orders: doc.order_date,
    invoices: doc.issue_date,
    payments: doc.collection_date,
    returns: doc.return_date,
  }[kind];
  if (!date) throw new Error(`${kind} ${doc.id} has no date`);
  return date;
}

/** The document's amount in cents, read from the decimal string (spec: 2 decimals). */
function centsOf(kind: Kind, doc: FeedDoc): number {
  const text = {
    orders: doc.totals?.gross,
    invoices: doc.totals?.total,
    payments: doc.amount,
    returns: doc.total,
  }[kind];
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`${kind} ${doc.id} has no amount`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

describe('the day-end report over a week of simulated activity (browser mode, real sandbox)', () => {
  let desk: DeskInBrowser;
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let page: Page;
  /** The other client of the company (another office's ERP), with its own token. */
  let otherToken: string;
  /** The sandbox clock's time now (ms). */
  let nowMs: number;
  /** What this test answered in the app, by document id. */
  const answeredInApp = new Map<string, 'ACCEPTED' | 'REJECTED'>();
  /** The order the other client rejected, and the return rejected in the app: both change later. */
  let orderRejectedElsewhere = '';
  let returnRejectedHere = '';
  /** What the other client answered, by document id. */
  const answeredElsewhere = new Map<string, 'ACCEPTED' | 'REJECTED'>();

  async function nextDay(activity: Record<string, number>): Promise<Record<string, string[]>> {
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 86_400 });
    nowMs = Date.parse(now);
    const { created } = await sandbox.admin<{ created: Record<string, string[]> }>(
      'POST',
      '/simulate',
      activity,
    );
    return created;
  }

  /** Every document of a feed with `ack` state, paged by version, with `token`. */
  async function feed(
    kind: Kind,
    ack: 'accepted' | 'rejected' | 'pending' | 'any',
    token = sandbox.token,
  ): Promise<FeedDoc[]> {
    const docs: FeedDoc[] = [];
    let after = 0;
    for (;;) {
      const response = await fetch(
        `${sandbox.baseUrl}/${kind}?filter[ack]=${ack}&filter[version_after]=${after}&per_page=500`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        data: FeedDoc[];
        meta: { has_more: boolean; next_version_after: number };
      };
      docs.push(...page.data);
      if (!page.meta.has_more) return docs;
      after = page.meta.next_version_after;
    }
  }

  /** Answers documents on the other client: `POST /acks` with its own token and key. */
  async function answerElsewhere(kind: Kind, items: Array<Record<string, string>>): Promise<void> {
    const response = await fetch(`${sandbox.baseUrl}/acks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${otherToken}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ entity: entities[kind], items }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { meta: { applied: number } };
    expect(body.meta.applied).toBe(items.length);
    for (const item of items) {
      answeredElsewhere.set(item.id!, item.outcome as 'ACCEPTED' | 'REJECTED');
      // The answer standing now is this one: an earlier one from the app no longer is.
      answeredInApp.delete(item.id!);
    }
  }

  /** The report's figures of one kind, from the service's own feeds: the whole range, and per day. */
  async function expected(
    kind: Kind,
    from: string,
    to: string,
  ): Promise<{ whole: ReportLine; days: Map<string, ReportLine> }> {
    const [all, accepted, rejected, pending] = await Promise.all([
      feed(kind, 'any'),
      feed(kind, 'accepted'),
      feed(kind, 'rejected'),
      feed(kind, 'pending'),
    ]);
    const inRange = (doc: FeedDoc) => dateOf(kind, doc) >= from && dateOf(kind, doc) <= to;
    const blank = (): ReportLine => ({
      issued: 0,
      totals: {},
      accepted: 0,
      rejected: 0,
      pending: 0,
      again: {},
      here: 0,
      elsewhere: 0,
      seq: '–',
    });
    const whole = blank();
    const days = new Map<string, ReportLine>();
    const lines = (doc: FeedDoc): ReportLine[] => {
      const date = dateOf(kind, doc);
      if (!days.has(date)) days.set(date, blank());
      return [whole, days.get(date)!];
    };
    const add = (totals: Totals, doc: FeedDoc) =>
      (totals[doc.currency] = (totals[doc.currency] ?? 0) + centsOf(kind, doc));
    const seqs: number[] = [];
    for (const doc of all.filter(inRange)) {
      if (doc.seq) seqs.push(doc.seq);
      for (const line of lines(doc)) {
        line.issued += 1;
        add(line.totals, doc);
      }
    }
    for (const [list, outcome] of [
      [accepted, 'ACCEPTED'],
      [rejected, 'REJECTED'],
    ] as const) {
      for (const doc of list.filter(inRange)) {
        const isHere = answeredInApp.get(doc.id) === outcome;
        for (const line of lines(doc)) {
          if (outcome === 'ACCEPTED') line.accepted += 1;
          else line.rejected += 1;
          if (isHere) line.here += 1;
          else line.elsewhere += 1;
        }
      }
    }
    for (const doc of pending.filter(inRange)) {
      // Pending again: answered at a version before the current one (an order: sent again after an answer).
      const isAgain = kind === 'orders' ? !!doc.ack : !!doc.ack && doc.ack.acked_version !== doc.version;
      const reason =
        kind === 'payments' && ['REVERSED', 'BOUNCED', 'VOIDED'].includes(doc.status)
          ? { REVERSED: 'reversed', BOUNCED: 'bounced', VOIDED: 'voided' }[doc.status as 'REVERSED']
          : 'changed';
      for (const line of lines(doc)) {
        line.pending += 1;
        if (isAgain) line.again[reason] = (line.again[reason] ?? 0) + 1;
      }
    }
    if (kind === 'orders') whole.seq = 'no seq';
    else if (seqs.length > 0) {
      const [first, last] = [Math.min(...seqs), Math.max(...seqs)];
      whole.seq = first === last ? String(first) : `${first}–${last}`;
    }
    return { whole, days };
  }

  beforeAll(async () => {
    // The demo company with its master data and no documents yet: the week below is all there is. The
    // sandbox's dates are UTC days; the desk's "today" is its computer's day: one zone for both.
    desk = await startDeskInBrowser({ docs: 0, seed: 21 }, { timezoneId: 'UTC', acceptDownloads: true });
    ({ sandbox, host, page } = desk);
    const client = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Head office ERP',
      system: 'OTHER',
      scopes: kinds.flatMap((kind) => [`${kind}:read`, `${kind}:write`]),
    });
    otherToken = client.token;
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('five days of field activity, some answered on the head office client', async () => {
    for (let day = 1; day <= 5; day += 1)
      await nextDay({
        orders: 2,
        invoices: 3,
        payments: 2,
        returns: 1,
        ...(day === 3 ? { cheque_bounces: 1 } : {}),
      });
    const pending = Object.fromEntries(
      await Promise.all(kinds.map(async (kind) => [kind, await feed(kind, 'pending', otherToken)] as const)),
    ) as Record<Kind, FeedDoc[]>;
    await answerElsewhere(
      'invoices',
      pending.invoices
        .slice(0, 2)
        .map((doc, index) => ({ id: doc.id, outcome: 'ACCEPTED', external_number: `HQ-${index + 1}` })),
    );
    await answerElsewhere('payments', [
      { id: pending.payments[0]!.id, outcome: 'REJECTED', reason_code: 'DUPLICATE' },
    ]);
    await answerElsewhere('returns', [
      { id: pending.returns[0]!.id, outcome: 'ACCEPTED', external_number: 'HQ-CN-1' },
    ]);
    orderRejectedElsewhere = pending.orders[0]!.id;
    await answerElsewhere('orders', [
      { id: orderRejectedElsewhere, outcome: 'REJECTED', reason_code: 'CREDIT_LIMIT' },
    ]);
  });

  it('the clerk opens the desk on the sandbox day, syncs, and answers invoices, payments, a return and orders', async () => {
    await page.clock.setFixedTime(nowMs);
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(6);
    await page.getByLabel('Poll interval').selectOption('0');
    await expect
      .poll(() => review.page.getByLabel('Last sync').textContent(), { timeout: 30_000 })
      .not.toContain('never');

    // Invoices: four accepted with ERP numbers, then two rejected.
    const accepted: string[] = [];
    for (let index = 0; index < 4; index += 1) accepted.push(await review.rowId(index));
    for (const id of accepted) await review.selectRowById(id);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const numbers = review.dialog.getByLabel(/^ERP number for /);
    for (let index = 0; index < 4; index += 1) await numbers.nth(index).fill(`SI-${9001 + index}`);
    await review.dialog.getByRole('button', { name: 'Accept 4' }).click();
    await expect.poll(() => review.count('Accepted'), { timeout: 20_000 }).toBe(4 + 2);
    for (const id of accepted) answeredInApp.set(id, 'ACCEPTED');
    // The view's counts may change before its rows are read again: until then the grid still shows the
    // accepted rows where they were, and a row id read there would be one that is leaving the view.
    await expect.poll(async () => accepted.includes(await review.rowId(0)), { timeout: 20_000 }).toBe(false);
    const rejected = [await review.rowId(0), await review.rowId(1)];
    for (const id of rejected) await review.selectRowById(id);
    await review.main.getByRole('button', { name: 'Reject…' }).click();
    await review.dialog.getByLabel('Reason').selectOption('DUPLICATE');
    await review.dialog.getByRole('button', { name: 'Reject 2' }).click();
    await expect.poll(() => review.count('Rejected'), { timeout: 20_000 }).toBe(2);
    for (const id of rejected) answeredInApp.set(id, 'REJECTED');

    // Payments: every pending one accepted (so that the reversals to come hit answered ones).
    await review.open('Payments');
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const pendingPayments = await review.count('Pending');
    const paymentIds = [
      ...new Set(
        await review.main
          .locator('.ag-row[row-id]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? '')),
      ),
    ];
    expect(paymentIds).toHaveLength(pendingPayments);
    await review.main.locator('.ag-header-select-all input').first().check();
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog.getByRole('button', { name: `Accept ${pendingPayments}` }).click();
    await expect.poll(() => review.count('Accepted'), { timeout: 20_000 }).toBe(pendingPayments);
    for (const id of paymentIds) answeredInApp.set(id, 'ACCEPTED');

    // A return rejected.
    await review.open('Returns');
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const returnId = await review.rowId(0);
    await review.selectRow(0);
    await review.main.getByRole('button', { name: 'Reject…' }).click();
    await review.dialog.getByLabel('Reason').selectOption('AMOUNT_MISMATCH');
    await review.dialog.getByRole('button', { name: 'Reject 1' }).click();
    await expect.poll(() => review.count('Rejected'), { timeout: 20_000 }).toBe(1);
    answeredInApp.set(returnId, 'REJECTED');
    returnRejectedHere = returnId;

    // Two orders confirmed with the ERP's numbers.
    await review.open('Orders');
    await expect.poll(() => review.reviewOf(0)).toBe('Pending');
    const orderIds = [await review.rowId(0), await review.rowId(1)];
    await review.selectRow(0);
    await review.selectRow(1);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    await review.dialog
      .getByLabel(/^ERP number for /)
      .nth(0)
      .fill('SO-1');
    await review.dialog
      .getByLabel(/^ERP number for /)
      .nth(1)
      .fill('SO-2');
    await review.dialog.getByRole('button', { name: 'Accept 2' }).click();
    await expect.poll(() => review.count('Accepted'), { timeout: 20_000 }).toBe(2);
    for (const id of orderIds) answeredInApp.set(id, 'ACCEPTED');
  });

  it('two more days: reversals, a bounce, a void, an order sent again and a return decided; the desk syncs', async () => {
    await nextDay({
      orders: 1,
      invoices: 2,
      payments: 1,
      returns: 1,
      reversals: 1,
      cheque_bounces: 1,
      receipt_voids: 1,
    });
    // The order the head office rejected is sent again by the office; the return rejected here is decided.
    await sandbox.admin('POST', `/orders/${orderRejectedElsewhere}/resend`);
    await sandbox.admin('POST', `/returns/${returnRejectedHere}/decide`, {
      approved: true,
      note: 'Checked at the depot.',
    });
    // A payment the app accepted, reversed since, is accepted again on the head office client: the
    // answer standing is the head office's, though this desk once answered the same document the same way.
    const reversed = (await feed('payments', 'pending')).find(
      (doc) => doc.ack && doc.ack.acked_version !== doc.version && answeredInApp.has(doc.id),
    );
    expect(reversed).toBeDefined();
    await answerElsewhere('payments', [
      { id: reversed!.id, outcome: 'ACCEPTED', external_number: 'HQ-RC-1' },
    ]);
    await nextDay({ orders: 1, invoices: 2, payments: 1 });

    await page.clock.setFixedTime(nowMs);
    const review = new ReviewPage(page);
    await review.open('Invoices');
    await expect.poll(() => review.syncNow.isVisible(), { timeout: 30_000 }).toBe(true);
    await review.syncNow.click();
    await expect.poll(() => review.syncNow.isVisible(), { timeout: 60_000 }).toBe(true);
  });

  it('Day end shows the last 7 days, each kind as the service counts it, and this desk answers as sent', async () => {
    const dayEnd = new DayEndPage(page);
    await dayEnd.open();
    const to = new Date(nowMs).toISOString().slice(0, 10);
    const from = new Date(nowMs - 6 * dayMs).toISOString().slice(0, 10);
    expect([await dayEnd.from.inputValue(), await dayEnd.to.inputValue()]).toEqual([from, to]);
    expect(await dayEnd.quickRange('Last 7 days').getAttribute('aria-pressed')).toBe('true');
    await dayEnd.settled();

    const want = Object.fromEntries(
      await Promise.all(kinds.map(async (kind) => [kind, await expected(kind, from, to)] as const)),
    ) as Record<Kind, Awaited<ReturnType<typeof expected>>>;
    // The week covers every case the report tells apart.
    const payments = want.payments.whole;
    expect(Object.values(payments.again).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    expect(want.orders.whole.again.changed).toBe(1);
    expect(want.returns.whole.again.changed).toBe(1);
    for (const kind of kinds) expect(want[kind].whole.here + want[kind].whole.elsewhere).toBeGreaterThan(0);

    for (const kind of kinds) {
      await expect.poll(() => dayEnd.summary(labels[kind]), { timeout: 30_000 }).toEqual(want[kind].whole);
      const shown = await dayEnd.byDay(labels[kind]);
      expect(shown.get('total')).toEqual(want[kind].whole);
      for (const [date, line] of want[kind].days) {
        const { seq: _seq, ...figures } = line;
        expect({ date, ...shown.get(date), seq: undefined }).toEqual({ date, ...figures, seq: undefined });
      }
      // The days with nothing issued show nothing.
      const quiet = [...shown].filter(([date]) => date !== 'total' && !want[kind].days.has(date));
      expect(quiet.every(([, line]) => line.issued === 0)).toBe(true);
    }
    // What the app sent and the service still holds as the answer: from this desk, and no more.
    const here = kinds.reduce((sum, kind) => sum + want[kind].whole.here, 0);
    expect(here).toBeGreaterThan(0);
    expect(here).toBeLessThanOrEqual(answeredInApp.size);

    expect(await dayEnd.seqLines()).toEqual(
      (['invoices', 'payments', 'returns'] as const).map(
        (kind) => `${labels[kind]}: seq ${want[kind].whole.seq}, none missing`,
      ),
    );
    await page.screenshot({ path: 'test-results/day-end-report.png', fullPage: true });
  });

  it('exports the same figures to XLSX, read back with the project reader', async () => {
    const dayEnd = new DayEndPage(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dayEnd.action('Export XLSX').click(),
    ]);
    const to = new Date(nowMs).toISOString().slice(0, 10);
    const from = new Date(nowMs - 6 * dayMs).toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`day-end-${from}-to-${to}.xlsx`);
    const sheets = await readXlsxFile((await download.path()) ?? '');
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Days', 'Seq gaps', 'About']);
    const [header, ...lines] = sheets[0]!.data as unknown[][];
    const column = (name: string) => (header ?? []).indexOf(name);
    for (const kind of kinds) {
      const want = (await expected(kind, from, to)).whole;
      const total = lines.find((line) => line[0] === 'Total' && line[1] === labels[kind]) ?? [];
      const egp = total[column('Issued EGP')];
      expect({
        issued: total[column('Issued')],
        accepted: total[column('Accepted')],
        rejected: total[column('Rejected')],
        pending: total[column('Pending')],
        here: total[column('Answered from this desk')],
        elsewhere: total[column('Answered elsewhere')],
        egpCents: typeof egp === 'number' ? Math.round(egp * 100) : egp,
      }).toEqual({
        issued: want.issued,
        accepted: want.accepted,
        rejected: want.rejected,
        pending: want.pending,
        here: want.here,
        elsewhere: want.elsewhere,
        egpCents: want.totals.EGP ?? 0,
      });
      // Seven days and the total for each kind.
      expect(lines.filter((line) => line[1] === labels[kind])).toHaveLength(8);
    }
  });

  it('prints the report only: no navigation, no tools, readable on A4 landscape', async () => {
    const dayEnd = new DayEndPage(page);
    await page.emulateMedia({ media: 'print' });
    // A landscape A4 page's printable width (297 mm less two 12 mm margins) at 96 dpi.
    await page.setViewportSize({ width: 1032, height: 700 });
    try {
      await page.screenshot({ path: 'test-results/day-end-print.png', fullPage: true });
      expect({
        nav: await page.getByRole('navigation', { name: 'Sections' }).isVisible(),
        header: await page.getByRole('banner').isVisible(),
        tools: await dayEnd.main.getByRole('toolbar', { name: 'Day-end tools' }).isVisible(),
        report: await dayEnd.report.isVisible(),
        table: await dayEnd.report.getByRole('table', { name: 'Invoices by day' }).isVisible(),
      }).toEqual({
        nav: false,
        header: false,
        tools: false,
        report: true,
        table: true,
      });
      // Nothing of the report is wider than the page.
      expect(
        await dayEnd.report.evaluate((report) =>
          Math.max(
            ...[...report.querySelectorAll('table, svg')].map((each) => each.getBoundingClientRect().right),
          ),
        ),
      ).toBeLessThanOrEqual(1032);
      // What Print makes of it (Chromium's own PDF of the print layout), kept to look at.
      const pdf = await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        path: 'test-results/day-end.pdf',
      });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.emulateMedia({ media: 'screen' });
    }
  });
});
