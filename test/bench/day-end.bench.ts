import type { Page } from 'playwright-core';
import { keySeparator, keyTop, keyedStates } from '../../src-renderer/data/review-rows/keys';
import { reviewRowTableNames } from '../../src-renderer/data/review-rows/layout';
import { startSandbox } from '../support/sandbox';
import { isSyncDone, median, round, startApp, untilPainted, waitFor } from './app-harness';
import type { BenchModule, BenchRow } from './types';

/**
 * The Day end report over 100,000 stored documents (issue 15, the day-end): time from opening the
 * section to the report painted, for its default range (the last 7 days) and for the whole store (60
 * days), each the median of 3, timed inside the page. Baseline of the same run: the same rows read
 * through the `kDate` key of each review state (version 8's paged tables) in one transaction with no
 * aggregation, nothing drawn.
 *
 * The rows are written straight into the app's IndexedDB as version 7's syncs of 60 days of four feeds
 * would have left them (25,000 of each kind, dated over the 60 days up to today, seqs in issue order, a
 * tenth of the issued ones rejected, three tenths pending, some pending again), with a third of the
 * answers sent from this desk (audit entries and outbox batches of 500) and a seq gap in each issued
 * feed's ledger; the reload moves them into version 8's tables (data/review-rows/row-move.ts), as a clerk's upgrade
 * does, before anything is timed.
 */

/** Writes the rows, this desk's answers and the seq ledgers; answers the date range it covers. */
function writeScript(count: number): string {
  return `(async () => {
    const kinds = ['invoices', 'payments', 'returns', 'orders'];
    const perKind = ${count} / kinds.length;
    const pad = (n) => String(n).padStart(2, '0');
    const dateOf = (moment) => moment.getFullYear() + '-' + pad(moment.getMonth() + 1) + '-' + pad(moment.getDate());
    const now = new Date();
    const dayOf = (back) => dateOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back));
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('reconciliation-desk');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
    let version = 0;
    let batchNo = 0;
    for (const kind of kinds) {
      const answered = [];
      for (let start = 0; start < perKind; start += 500) {
        const tx = db.transaction(kind, 'readwrite');
        const store = tx.objectStore(kind);
        for (let n = start; n < Math.min(start + 500, perKind); n += 1) {
          version += 1;
          const slot = n % 10;
          const review = kind === 'orders' && slot === 9 ? 'not-awaiting' : slot < 6 ? 'accepted' : slot === 6 ? 'rejected' : 'pending';
          const again = review === 'pending' && n % 50 === 7 ? 1 : 0;
          const status = kind === 'payments' && again ? 'REVERSED' : kind === 'orders' ? 'ERP_PENDING' : 'ISSUED';
          store.put({
            id: kind.slice(0, 3) + '_' + String(n).padStart(6, '0'), version, review, pendingAgain: again,
            changes: again ? ['Reversed ' + dayOf(0) + ' by R01: wrong customer.'] : [], status,
            number: kind.slice(0, 3).toUpperCase() + '-' + String(n).padStart(6, '0'),
            date: dayOf(59 - Math.floor((n * 60) / perKind)), customer: 'C-' + (1000 + (n % 400)), customerId: 'cus_' + (n % 400),
            customerName: '', rep: 'R0' + ((n % 6) + 1), currency: n % 25 === 0 ? 'USD' : 'EGP', note: '',
            amountCents: 1000 + ((n * 7919) % 5000000), externalNumber: '', answerState: '', answerOutcome: '', answerError: '',
            chunk: '', seq: kind === 'orders' ? 0 : n + 1,
          });
          if ((review === 'accepted' || review === 'rejected') && n % 3 === 0)
            answered.push({ id: kind.slice(0, 3) + '_' + String(n).padStart(6, '0'), outcome: review === 'accepted' ? 'ACCEPTED' : 'REJECTED', version });
        }
        await done(tx);
      }
      for (let start = 0; start < answered.length; start += 500) {
        const items = answered.slice(start, start + 500);
        const id = 'bench-batch-' + (batchNo += 1);
        const tx = db.transaction(['outbox', 'audit'], 'readwrite');
        tx.objectStore('outbox').put({
          id, connectionId: 'bench', kind, items: items.map((a) => ({ id: a.id, outcome: a.outcome })),
          versions: items.map((a) => a.version), createdAt: now.toISOString(), state: 'sent', attempts: 1,
          lastAttemptAt: now.toISOString(), lastError: null,
          results: items.map((a) => ({ id: a.id, result: 'applied', version: a.version })),
        });
        tx.objectStore('audit').add({
          at: now.toISOString(), connectionId: 'bench', call: 'POST /acks', kind, batchId: id, docIds: items.map((a) => a.id),
          outcome: 'answered', applied: items.length, unchanged: 0, failed: 0, requestId: null, error: null,
          items: items.map((a) => ({ id: a.id, outcome: a.outcome, externalNumber: null, reasonCode: null, result: 'applied', error: null })),
        });
        await done(tx);
      }
      if (kind !== 'orders') {
        const tx = db.transaction('cursors', 'readwrite');
        const store = tx.objectStore('cursors');
        const found = await new Promise((resolve) => { const r = store.get(kind); r.onsuccess = () => resolve(r.result); });
        store.put({
          ...(found ?? { kind, versionAfter: 0, highWater: 0, caughtUpAt: null, staged: 0 }),
          seq: { from: 0, highest: perKind, missing: [[perKind - 10, perKind - 9]], checkedAt: null, serviceLastSeq: null,
            filled: [{ seq: perKind - 20, id: 'x', number: 'N-' + (perKind - 20), foundAt: now.toISOString(), filledAt: now.toISOString() }] },
        });
        await done(tx);
      }
    }
    db.close();
    return { first: dayOf(59), last: dayOf(0), weekFrom: dayOf(6) };
  })()`;
}

/** Waits in the page until the Day end report shows `documents` documents, not busy, painted. */
const untilReport = `
  ${untilPainted}
  const shows = (documents) => () => {
    const report = document.querySelector('main[aria-label="Day end"] .day-end-report[aria-busy="false"]');
    return !!report && !!report.querySelector('table.by-day') && (report.querySelector('.report-range')?.textContent ?? '').includes(documents + ' documents');
  };`;

/** Opens Day end from the navigation (another section shown before) and times it to the report painted. */
async function timeOpen(page: Page, documents: string): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Connections' })
    .click();
  const value: unknown = await page.evaluate(`(async () => {
    ${untilReport}
    const button = [...document.querySelectorAll('nav[aria-label="Sections"] button')].find((b) => b.textContent.trim() === 'Day end');
    const started = performance.now();
    button.click();
    await until(shows(${JSON.stringify(documents)}), ${JSON.stringify(`report of ${documents} documents`)});
    await painted();
    return performance.now() - started;
  })()`);
  if (typeof value !== 'number') throw new Error('Day end did not open');
  return value;
}

/** Types `from` into the report's From field (one input event) and times it to the report painted. */
async function timeRange(page: Page, from: string, documents: string): Promise<number> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilReport}
    const input = document.querySelector('main input[aria-label="From"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const started = performance.now();
    setValue.call(input, ${JSON.stringify(from)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(shows(${JSON.stringify(documents)}), ${JSON.stringify(`report of ${documents} documents`)});
    await painted();
    return performance.now() - started;
  })()`);
  if (typeof value !== 'number') throw new Error('the range did not apply');
  return value;
}

/**
 * The baseline: the same rows through the `kDate` key of each review state (`<state>␁<date>␁<id>`), the
 * four paged tables in one transaction, nothing else.
 */
async function timeIndexRead(page: Page, from: string, to: string): Promise<{ ms: number; rows: number }> {
  const value: unknown = await page.evaluate(`(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('reconciliation-desk');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tables = ${JSON.stringify(Object.values(reviewRowTableNames))};
    const states = ${JSON.stringify(keyedStates)};
    const separator = ${JSON.stringify(keySeparator)};
    const top = ${JSON.stringify(keyTop)};
    const started = performance.now();
    const tx = db.transaction(tables, 'readonly');
    const reads = tables.flatMap((table) => states.map((state) => new Promise((resolve, reject) => {
      const prefix = state + separator;
      const range = IDBKeyRange.bound(prefix + ${JSON.stringify(from)}, prefix + ${JSON.stringify(to)} + separator + top);
      const request = tx.objectStore(table).index('kDate').getAll(range);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    })));
    const lists = await Promise.all(reads);
    const ms = performance.now() - started;
    db.close();
    return { ms, rows: lists.reduce((sum, list) => sum + list.length, 0) };
  })()`);
  if (value === null || typeof value !== 'object') throw new Error('the baseline read failed');
  return { ms: Number(Reflect.get(value, 'ms')), rows: Number(Reflect.get(value, 'rows')) };
}

/** The data layer's own time, as the report shows it ("Read in N ms"). */
async function shownReadMs(page: Page): Promise<number> {
  const text = (await page.locator('main .report-note').textContent()) ?? '';
  return Number(/Read in ([\d,]+) ms/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);
}

/** A row of the median of `samples` (ms, whole). */
function medianRow(name: string, samples: readonly number[]): BenchRow {
  return {
    group: 'day-end',
    name,
    value: round(median(samples), 0),
    unit: 'ms',
    samples: samples.map((ms) => round(ms, 0)),
  };
}

/** A row held to a target of at most `limitMs`, with its ratio to the baseline read of the same rows. */
function targetRow(
  name: string,
  samples: readonly number[],
  baseline: readonly number[],
  limitMs: number,
): BenchRow {
  return {
    ...medianRow(name, samples),
    target: `<= ${limitMs.toLocaleString('en-US')} ms`,
    ratio: median(samples) / median(baseline),
    pass: median(samples) <= limitMs,
  };
}

const bench: BenchModule = async (context) => {
  const count = context.quick ? 20_000 : 100_000;
  const total = count.toLocaleString('en-US');
  const sandbox = await startSandbox({ docs: 0 });
  const app = await startApp(sandbox.baseUrl, sandbox.dataDir);
  const opens: number[] = [];
  const opensRead: number[] = [];
  const wholes: number[] = [];
  const wholesRead: number[] = [];
  const baseWeek: number[] = [];
  const baseWhole: number[] = [];
  let weekRows = 0;
  try {
    const { page } = app;
    await page.goto(app.host.url);
    await waitFor(() => isSyncDone(page), 60_000, 'the first sync');
    await page.getByLabel('Poll interval').selectOption('0');
    const range = (await page.evaluate(writeScript(count))) as {
      first: string;
      last: string;
      weekFrom: string;
    };
    await page.reload();
    // The reload moves the rows into version 8's tables first (about 17 s for 100,000 on a quiet
    // machine), then syncs.
    await waitFor(() => isSyncDone(page), 600_000, 'the move and the sync after reload');
    await page.getByLabel('Poll interval').selectOption('0');
    const week = await timeIndexRead(page, range.weekFrom, range.last);
    weekRows = week.rows;
    const weekDocuments = week.rows.toLocaleString('en-US');
    for (let run = 0; run < context.runs; run += 1) {
      opens.push(await timeOpen(page, weekDocuments));
      opensRead.push(await shownReadMs(page));
      wholes.push(await timeRange(page, range.first, total));
      wholesRead.push(await shownReadMs(page));
      baseWeek.push((await timeIndexRead(page, range.weekFrom, range.last)).ms);
      baseWhole.push((await timeIndexRead(page, range.first, range.last)).ms);
    }
    await page.screenshot({ path: 'test-results/bench-day-end-whole.png', fullPage: false });
  } finally {
    await app.close();
    await sandbox.dispose();
  }
  const rows: BenchRow[] = [
    targetRow(
      `open Day end, last 7 days (${weekRows.toLocaleString('en-US')} of ${total} documents), to the report painted, median of ${opens.length} (x: of the baseline read)`,
      opens,
      baseWeek,
      1000,
    ),
    targetRow(
      `Day end over the whole store (${total} documents, 60 days), From changed to the report painted, median of ${wholes.length} (x: of the baseline read)`,
      wholes,
      baseWhole,
      3000,
    ),
    medianRow(
      'of which reading the store and computing the report (its "Read in"), last 7 days, median',
      opensRead,
    ),
    medianRow(
      'of which reading the store and computing the report (its "Read in"), whole store, median',
      wholesRead,
    ),
    medianRow(
      "baseline: the same rows through each state's kDate key, no aggregation, last 7 days, median",
      baseWeek,
    ),
    medianRow(
      `baseline: the same rows through each state's kDate key, no aggregation, whole store (${total}), median`,
      baseWhole,
    ),
  ];
  return rows;
};

export default bench;
