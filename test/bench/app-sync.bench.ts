import { startFaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import {
  customersShown,
  indexedDbWriteFloor,
  isSyncDone,
  jsHeapMiB,
  median,
  peakRssMiB,
  round,
  sampleHeap,
  stagedCount,
  startApp,
  timeOpenView,
  timeQuickFilters,
  waitFor,
} from './app-harness';
import { documentChunkSize, reviewRowIndexes } from '../../src-renderer/data/store-layout';
import type { BenchModule, BenchRow } from './types';

/**
 * The app's sync, end to end (issue 8): a sandbox holding 100,000 documents (`--docs 20000`: 20,000
 * invoices, payments and returns and 40,000 orders) pulled by the app in Chromium (browser mode: the
 * renderer's sync engine asks the host's core for pages of 500 and stages them in IndexedDB), timed
 * from opening the page to every feed caught up.
 *
 * - at a raised rate limit: documents/s (target at least 5,000/s), the memory it took (the host's
 *   peak RSS, the renderer's JS heap), and the Invoices grid on that data;
 * - at the default 120 requests/min: documents staged in one full rate window (60 s of wall clock),
 *   as a share of the 60,000 the window allows (120 pages of 500: the bound of 1,000 documents/s;
 *   target at least 90%), with at most the first 429. The sandbox clock is moved once, before the app
 *   starts, so that a window begins a few seconds after the sync does: nothing measured is sped up.
 */

const defaultLimit = 120;
const pageSize = 500;

async function syncFast(sandbox: RunningSandbox, total: number, rows: BenchRow[]): Promise<void> {
  const app = await startApp(sandbox.baseUrl, sandbox.dataDir);
  try {
    const heap = sampleHeap(app.cdp);
    const started = performance.now();
    await app.page.goto(app.host.url);
    await waitFor(() => isSyncDone(app.page), 600_000, 'the sync to finish');
    const elapsedMs = performance.now() - started;
    const heapPeak = await heap.stop();
    const staged = (await stagedCount(app.page)) ?? 0;
    if (staged !== total) throw new Error(`staged ${staged} documents, the sandbox holds ${total}`);
    const perSecond = staged / (elapsedMs / 1000);
    const syncRows: BenchRow[] = [];
    rows.push({
      group: 'memory',
      name: `main-process core (browser-mode host) peak RSS, ${staged.toLocaleString('en-US')}-document sync`,
      value: round(peakRssMiB(app.host.process.pid ?? 0), 0),
      unit: 'MiB',
    });
    rows.push({
      group: 'memory',
      name: 'renderer JS heap, peak sampled during the sync',
      value: round(heapPeak, 0),
      unit: 'MiB',
    });

    // The Invoices view on this data, as a clerk opens it: from another section, then a quick filter.
    const invoices = total / 5;
    const opens: number[] = [];
    for (let round_ = 0; round_ < 5; round_ += 1) {
      await app.page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: 'Connections' })
        .click();
      opens.push((await timeOpenView(app.page, 'Invoices')).firstMs);
    }
    const words = [...new Set(await customersShown(app.page, 30))];
    const filters = await timeQuickFilters(app.page, words, 5);
    const heapSettled = await jsHeapMiB(app.cdp, true);

    // The same-run baseline of the sync figure: what writing as many such documents to IndexedDB costs
    // by itself in this Chromium (documents of each feed, as many orders as the rest together).
    const samples: unknown[] = [];
    const mix = [
      ['orders', 200],
      ['invoices', 100],
      ['payments', 100],
      ['returns', 100],
    ] as const;
    for (const [kind, count] of mix) {
      const response = await fetch(`${sandbox.baseUrl}/${kind}?per_page=${count}`, {
        headers: { authorization: `Bearer ${sandbox.token}` },
      });
      const body: unknown = await response.json();
      const data = body !== null && typeof body === 'object' ? Reflect.get(body, 'data') : null;
      if (Array.isArray(data)) samples.push(...data);
    }
    // Written as the app writes them: its row indexes (the first name in the Dexie schema is the primary
    // key) and its document chunks.
    const indexes = reviewRowIndexes
      .split(',')
      .map((index) => index.trim())
      .slice(1);
    const floor = await indexedDbWriteFloor(app.page, samples, Math.min(40, total / 500), {
      indexes,
      chunkSize: documentChunkSize,
    });
    syncRows.push(
      {
        group: 'sync',
        name: `${staged.toLocaleString('en-US')} documents into IndexedDB (Chromium), raised limit (x: of the write floor)`,
        value: round(perSecond, 0),
        unit: 'docs/s',
        target: '>= 5,000 docs/s',
        ratio: perSecond / floor,
        pass: perSecond >= 5000,
      },
      {
        group: 'sync',
        name: 'time to every feed caught up (page opened to done)',
        value: round(elapsedMs / 1000, 1),
        unit: 's',
      },
      {
        group: 'sync',
        name: 'IndexedDB write floor, same Chromium: 500 documents (in chunks) + rows a transaction, nothing else',
        value: round(floor, 0),
        unit: 'docs/s',
      },
    );
    rows.unshift(...syncRows);
    rows.push({
      group: 'grid',
      name: `open Invoices to first rows painted (${invoices.toLocaleString('en-US')} of ${staged.toLocaleString('en-US')} synced), median of 5`,
      value: round(median(opens), 0),
      unit: 'ms',
      target: '<= 1,000 ms',
      pass: median(opens) <= 1000,
    });
    rows.push({
      group: 'grid',
      name: `quick filter on ${invoices.toLocaleString('en-US')} invoices, median of ${filters.length}`,
      value: round(median(filters), 0),
      unit: 'ms',
      target: '<= 150 ms',
      pass: median(filters) <= 150,
    });
    rows.push({
      group: 'memory',
      name: `renderer JS heap with ${staged.toLocaleString('en-US')} documents, Invoices open (after GC)`,
      value: round(heapSettled, 0),
      unit: 'MiB',
    });
  } finally {
    await app.close();
  }
}

/** The sandbox clock now, in ms (it runs ahead of the wall clock by whatever it was moved). */
async function sandboxNowMs(sandbox: RunningSandbox, advanceSeconds = 0): Promise<number> {
  const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: advanceSeconds });
  return Date.parse(now);
}

async function syncAtDefaultLimit(sandbox: RunningSandbox, total: number, rows: BenchRow[]): Promise<void> {
  const me = await fetch(`${sandbox.baseUrl}/me`, { headers: { authorization: `Bearer ${sandbox.token}` } });
  const { data } = (await me.json()) as { data: { client: { id: string } } };
  await sandbox.admin('PATCH', `/clients/${data.client.id}`, { rate_limit_per_minute: defaultLimit });
  // A proxy that only watches: it counts the 429s the app meets.
  const proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 600_000 });
  const app = await startApp(proxy.baseUrl, sandbox.dataDir);
  try {
    // Into a window nobody has used yet, ending `leadMs` from now: the sync starts in it, and the next
    // window, measured whole, begins while the sync runs.
    const leadMs = 6_000;
    const nowMs = await sandboxNowMs(sandbox);
    const nextWindowMs = Math.floor(nowMs / 60_000) * 60_000 + 60_000;
    const movedMs = await sandboxNowMs(sandbox, (nextWindowMs + 60_000 - leadMs - nowMs) / 1000);
    const windowStartsAt = Date.now() + (nextWindowMs + 60_000 - movedMs);
    await app.page.goto(app.host.url);
    const sampleAt = async (atMs: number): Promise<number> => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, atMs - Date.now())));
      return (await stagedCount(app.page)) ?? 0;
    };
    const atStart = await sampleAt(windowStartsAt);
    const atEnd = await sampleAt(windowStartsAt + 60_000);
    const throttled = proxy.requests.filter((request) => request.status === 429).length;
    const inWindow = atEnd - atStart;
    const bound = defaultLimit * pageSize; // documents one window allows: 1,000/s
    if (atEnd >= total)
      throw new Error('the sync finished inside the measured window: too few documents for the slice');
    rows.push({
      group: 'sync',
      name: `default limit (${defaultLimit}/min): documents staged in one full 60 s window`,
      value: inWindow,
      unit: 'docs',
      target: '>= 90% of 60,000 (1,000 docs/s)',
      ratio: inWindow / bound,
      pass: inWindow / bound >= 0.9,
    });
    rows.push({
      group: 'sync',
      name: 'default limit: 429 answers met by the app during the run',
      value: throttled,
      unit: '429s',
      target: '<= 1 (at most the first)',
      pass: throttled <= 1,
    });
  } finally {
    await app.close();
    await proxy.close();
  }
}

const bench: BenchModule = async (context) => {
  const docsPerKind = context.quick ? 2000 : 20_000;
  const total = docsPerKind * 5;
  const rows: BenchRow[] = [];
  const sandbox = await startSandbox({ docs: docsPerKind, seed: 11, rateLimit: 1_000_000_000 });
  try {
    await syncFast(sandbox, total, rows);
    // The default-limit slice needs a full minute and more pages than a quick run's sandbox holds.
    if (!context.quick) await syncAtDefaultLimit(sandbox, total, rows);
  } finally {
    await sandbox.dispose();
  }
  return rows;
};

export default bench;
