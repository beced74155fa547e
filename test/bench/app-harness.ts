/**
 * What the app benchmarks (app-*.bench.ts) share: the app in Chromium against a sandbox, and the few
 * measurements they take from inside the page (scripts run in the page, timed with the page's own
 * clock) and from outside it (the host's memory from /proc, the renderer's JS heap over CDP).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { reviewRowTableNames } from '../../src-renderer/data/review-rows/layout';
import { rowOf, withRowKeys } from '../../src-renderer/data/review-rows/projection';
import { nextStored } from '../../src-renderer/data/document-versions';
import type { OutboxState } from '../../src-renderer/data/rows';
import type { KindedDocument } from '../../src-shared/domain/feeds';
import { launchChromium, launchChromiumProfile } from '../support/browser';
import { startAppHost, type AppHostOptions, type RunningAppHost } from '../support/app-host';

const root = resolve(import.meta.dirname, '../..');

/**
 * The words the page scripts find the desk's controls by, in the language the desk shows: taken from
 * the app's own catalogue (src-renderer/messages/<language>/*.json), so a benchmark in Arabic finds the
 * same controls as one in English, and a wording change moves both.
 */
export interface DeskWords {
  /** The navigation's accessible name. */
  sections: string;
  /** A section's button, by the section's id (`invoices`, `connections`). */
  section(id: string): string;
  /** The quick filter's accessible name. */
  quickFilter: string;
  /** How the "Select all" button's text starts: with the count known, and while it is not. */
  selectAll: string[];
  /** The selection bar's link that clears the selection. */
  clearSelection: string;
  /** The selection bar's words for `count` (formatted) rows selected, as its text reads. */
  selected(count: string): string;
}

type Catalogue = Record<string, string>;

function catalogueOf(language: 'en' | 'ar', feature: string): Catalogue {
  const path = join(root, 'src-renderer/messages', language, `${feature}.json`);
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

/** The desk's words in `language`, from its catalogue. */
export function deskWords(language: 'en' | 'ar'): DeskWords {
  const shell = catalogueOf(language, 'shell');
  const review = catalogueOf(language, 'review');
  const word = (catalogue: Catalogue, id: string): string => {
    const text = catalogue[id];
    if (text === undefined) throw new Error(`the catalogue has no ${id} in ${language}`);
    return text;
  };
  // "Select all {count}" / "تحديد الكل ({count})": what comes before the count.
  const selectAll = [
    word(review, 'review.selectAll.count')
      .split('{count}')[0]!
      .replace(/[\s(]+$/, ''),
    word(review, 'review.selectAll.matching'),
  ];
  // "<b>{count}</b> selected{isWhole, …} · total …": the words around the count, up to the choice.
  const summary = word(review, 'review.selection.summary').split('{isWhole')[0]!;
  return {
    sections: word(shell, 'shell.sections'),
    section: (id) => word(shell, `shell.section.${id}`),
    quickFilter: word(review, 'review.quickFilter'),
    selectAll,
    clearSelection: word(review, 'review.selection.clear'),
    selected: (count) => summary.replace('<b>{count}</b>', count),
  };
}

/** The desk's English words: what the page scripts use unless told otherwise. */
export const englishWords = deskWords('en');

/** The app: its host process, and a page of it in a fresh Chromium. */
export interface RunningApp {
  host: RunningAppHost;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

let built: Promise<string> | null = null;

/**
 * The renderer of the sources as they are now, built once per bench run into a temporary folder
 * (`electron-vite build`, a second or two), so that a stale out/ is never what gets measured; into
 * `DESK_OUT_DIR` when set (kept, like test/support/app-host.ts reads it), so that a bench run beside
 * others' tests never builds into the `out/` they serve.
 */
export function builtRenderer(): Promise<string> {
  built ??= (async () => {
    const named = process.env.DESK_OUT_DIR;
    const outDir = named ? resolve(root, named) : mkdtempSync(join(tmpdir(), 'desk-bench-build-'));
    if (!named) process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', outDir],
      { cwd: root, timeout: 300_000 },
    );
    return join(outDir, 'renderer');
  })();
  return built;
}

/** Starts the host on `serviceUrl` with the demo token of `sandboxDataDir` and opens a fresh browser on it (not yet navigated). */
export async function startApp(
  serviceUrl: string,
  sandboxDataDir: string,
  options: AppHostOptions = {},
): Promise<RunningApp> {
  const host = await startAppHost(serviceUrl, sandboxDataDir, {
    rendererDir: await builtRenderer(),
    ...options,
  });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  return {
    host,
    browser,
    context,
    page,
    cdp,
    async close() {
      await browser.close();
      await host.dispose();
    },
  };
}

/**
 * As `startApp`, but Chromium keeps its profile, IndexedDB included, on disk in a folder of its own (as
 * the desktop app does; removed on close): a fresh context's IndexedDB is held in memory, and slows as it
 * grows past some 100,000 rows. `browser` is null (the persistent context has none to close).
 */
export async function startAppOnDisk(
  serviceUrl: string,
  sandboxDataDir: string,
  options: AppHostOptions = {},
  /** The computer's language (`ar-EG`: the desk opens in Arabic); default the machine's. */
  locale?: string,
): Promise<Omit<RunningApp, 'browser'>> {
  const host = await startAppHost(serviceUrl, sandboxDataDir, {
    rendererDir: await builtRenderer(),
    ...options,
  });
  const profile = mkdtempSync(join(tmpdir(), 'desk-bench-profile-'));
  const context = await launchChromiumProfile(profile, undefined, locale);
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  return {
    host,
    context,
    page,
    cdp,
    async close() {
      await context.close();
      await host.dispose();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const mib = 1024 * 1024;

/** A process's peak resident set so far (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** What the whole machine did, from `/proc/stat`: processor time busy (every process's) and its cores. */
export interface MachineBusy {
  busySeconds: number;
  cores: number;
}

/**
 * The processor time the machine has been busy since boot, summed over its cores (every process: the
 * browser's, the core's, the sandbox's and this one's; not idle, not waiting for the disk), and its
 * core count. Null where there is no `/proc/stat` (not Linux).
 */
export function machineBusy(): MachineBusy | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const lines = stat.split('\n');
  const total = lines[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq (then steal, a hypervisor's, not this machine's work; guest
  // time is counted in user already).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = total;
  const ticksPerSecond = 100; // USER_HZ: 100 on every Linux build this runs on
  return {
    busySeconds: (user + nice + system + irq + softirq) / ticksPerSecond,
    cores: lines.filter((line) => /^cpu\d+ /.test(line)).length,
  };
}

/** Processor seconds the machine was busy between two `machineBusy` readings (NaN without them). */
export function busyBetween(before: MachineBusy | null, after: MachineBusy | null): number {
  return before && after ? after.busySeconds - before.busySeconds : Number.NaN;
}

/** The page's JS heap in use, in MiB; after a full garbage collection when `collect`. */
export async function jsHeapMiB(cdp: CDPSession, collect: boolean): Promise<number> {
  if (collect) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / mib;
}

/** Samples the page's JS heap every `everyMs` until stopped; answers the largest sample, in MiB. */
export function sampleHeap(cdp: CDPSession, everyMs = 500): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        peak = Math.max(peak, await jsHeapMiB(cdp, false));
      } catch {
        // the page is navigating; the next sample will do
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** The script body that opens the app's database in the page, or answers null when it does not exist yet. */
const openDb = `
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes('reconciliation-desk')) return null;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('reconciliation-desk');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });`;

/**
 * Rows staged in the four feeds' review-row tables (store version 8: review-rows/layout.ts), null before the
 * app made them.
 */
export async function stagedCount(page: Page): Promise<number | null> {
  const value: unknown = await page.evaluate(`(async () => {
    ${openDb}
    try {
      let total = 0;
      for (const store of ${JSON.stringify(Object.values(reviewRowTableNames))}) {
        if (!db.objectStoreNames.contains(store)) return null;
        total += await new Promise((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      return total;
    } finally {
      db.close();
    }
  })()`);
  return typeof value === 'number' ? value : null;
}

/**
 * Outbox batches in `state` (e.g. `sent`), counted on the outbox's `state` index, or every batch
 * (`any`): no batch is read. The acks benchmark asks this every 50 ms on the app's own page while it is
 * timed, so the ask is one count request on a connection opened once and kept on the page (closed
 * should the app ask to upgrade the store): opening the store, listing the databases and walking the
 * index at every ask took about a tenth of the page's thread while it waited for the rate window (a
 * trace of 2026-11-29).
 */
export async function batchesInState(page: Page, state: OutboxState | 'any'): Promise<number> {
  const source = state === 'any' ? `objectStore('outbox')` : `objectStore('outbox').index('state')`;
  const key = state === 'any' ? '' : JSON.stringify(state);
  const value: unknown = await page.evaluate(`(async () => {
    if (!window.__benchOutboxDb) {
      ${openDb}
      window.__benchOutboxDb = db;
      window.__benchOutboxDb.onversionchange = () => {
        window.__benchOutboxDb.close();
        window.__benchOutboxDb = null;
      };
    }
    return await new Promise((resolve, reject) => {
      const request = window.__benchOutboxDb.transaction('outbox').${source}.count(${key});
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  })()`);
  return typeof value === 'number' ? value : 0;
}

/** Whether every feed's run ended caught up (the sync bar lists the four feeds as up to date). */
export async function isSyncDone(page: Page): Promise<boolean> {
  return (await page.locator('.sync-progress li.feed-done').count()) === 4;
}

/** Waits until `check` answers true, polling every `everyMs`; throws after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * In-page waits, put before the script that uses them: `until(condition, what, limitMs)` resolves once
 * `condition()` holds (checked on every change of the page), and rejects after `limitMs` (60 s by
 * default; null: no limit of its own, for a wait raced against one) naming what it waited for;
 * `painted()` waits two frames, so what the condition saw is painted.
 */
export const untilPainted = `
  const until = (condition, what, limitMs = 60000) => new Promise((resolve, reject) => {
    if (condition()) return resolve();
    const timer = limitMs === null ? null : setTimeout(() => {
      observer.disconnect();
      reject(new Error('no ' + what + ' within ' + limitMs / 1000 + ' s'));
    }, limitMs);
    const observer = new MutationObserver(() => {
      if (condition()) {
        observer.disconnect();
        if (timer !== null) clearTimeout(timer);
        resolve();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'aria-label'] });
  });
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));`;

/** A row of a settled grid: aria-busy false (the whole view in) or none (a paged grid), not loading. */
const settledGridRow = '.grid-frame:not([aria-busy="true"]) .ag-row:not(.ag-row-loading)';

/** How long opening a view took: to its first rows painted, and to the grid settled. */
export interface ViewOpening {
  firstMs: number;
  /** To the grid settled: not `aria-busy` and no row of the rows in view still loading. */
  settledMs: number;
}

/**
 * Opens a section from the navigation and times, in the page, until its grid's first rows are painted
 * and until it is settled (as waitGridSettled: a paged grid has no `aria-busy` at all and is settled
 * once the rows in view are read), in ms. The section shown before must be another one.
 */
export async function timeOpenView(
  page: Page,
  section: string,
  words: DeskWords = englishWords,
): Promise<ViewOpening> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilPainted}
    const button = [...document.querySelectorAll(${JSON.stringify(`nav[aria-label="${words.sections}"] button`)})].find((b) => b.textContent.trim() === ${JSON.stringify(section)});
    const main = () => document.querySelector('main');
    const started = performance.now();
    button.click();
    await until(() => main()?.getAttribute('aria-label') === ${JSON.stringify(section)} && main().querySelector('.ag-row') !== null, ${JSON.stringify(`rows of ${section}`)});
    await painted();
    const firstMs = performance.now() - started;
    await until(() => main()?.querySelector(${JSON.stringify(settledGridRow)}) != null, ${JSON.stringify(`settled grid of ${section}`)});
    await painted();
    return { firstMs, settledMs: performance.now() - started };
  })()`);
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof Reflect.get(value, 'firstMs') !== 'number' ||
    typeof Reflect.get(value, 'settledMs') !== 'number'
  )
    throw new Error('the view did not open');
  return {
    firstMs: Number(Reflect.get(value, 'firstMs')),
    settledMs: Number(Reflect.get(value, 'settledMs')),
  };
}

/**
 * Types `text` into the quick filter of the section shown (as one input event) and times, in the page,
 * until the first row shown is one that matches, painted (ms); `text` must not match the first row
 * shown before.
 */
export async function timeQuickFilter(
  page: Page,
  text: string,
  words: DeskWords = englishWords,
): Promise<number> {
  return (await timeQuickFilterToCount(page, text, null, undefined, words)).firstMs;
}

/** Clears the quick filter and waits until the rows shown are unfiltered again. */
export async function clearQuickFilter(
  page: Page,
  text: string,
  words: DeskWords = englishWords,
): Promise<void> {
  await page.evaluate(`(async () => {
    ${untilPainted}
    const input = document.querySelector(${JSON.stringify(`main input[aria-label="${words.quickFilter}"]`)});
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setValue.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => [...document.querySelectorAll('main .ag-row[row-index="0"]')].some((row) => !row.textContent.includes(${JSON.stringify(text)})), 'unfiltered first row');
    await painted();
  })()`);
}

/**
 * The customers of the first `count` rows shown, as a clerk would type them into the quick filter: the
 * name's first part (before " · ", the English of an English · Arabic name), or the code.
 */
export async function customersShown(page: Page, count: number): Promise<string[]> {
  const value: unknown = await page.evaluate(`[...document.querySelectorAll('main .ag-row')]
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .slice(0, ${count})
    .map((row) => (row.querySelector('[col-id="customer"]')?.textContent ?? '').split(' · ')[0].trim())`);
  return Array.isArray(value) ? value.map(String).filter((text) => text !== '') : [];
}

/**
 * Quick-filter timings for `words` in turn (median and each), each cleared before the next; a word
 * matching the first row shown is skipped (it would not change what is painted first).
 */
export async function timeQuickFilters(
  page: Page,
  words: readonly string[],
  rounds: number,
): Promise<number[]> {
  const timings: number[] = [];
  for (const word of words) {
    if (timings.length >= rounds) break;
    const first = (await customersShown(page, 1))[0] ?? '';
    if (first.includes(word)) continue;
    timings.push(await timeQuickFilter(page, word));
    await clearQuickFilter(page, word);
  }
  return timings;
}

/**
 * The grid row the app stages for each sample (a first sync: nothing stored before it, no customer's
 * name yet), made by the app's own staging, projection and keys (src-renderer/data/document-versions.ts,
 * review-rows/projection.ts), for `indexedDbWriteFloor` to write.
 */
export function floorRowsOf(samples: readonly KindedDocument[]): object[] {
  return samples.map((item) => withRowKeys(rowOf(nextStored(item, undefined), undefined, 'chunk')));
}

/**
 * The IndexedDB write floor of this Chromium on this machine: `pages` transactions that each write 500
 * documents as they came from the sandbox (`samples`) the way the app stores them (in chunks of
 * `layout.chunkSize` under a new chunk key each, with its live count) plus a grid row for each, with the
 * app's row indexes (`layout.indexes`; both from src-renderer/data/review-rows/layout.ts), into a scratch
 * database of the page's origin. No fetching, no parsing, no reading back: what staging a synced page
 * cannot go below. Documents/s.
 *
 * The rows are `layout.rows` (one a sample, made by the app's own projection: `floorRowsOf`), each
 * written under the page's id with its keys made for that id, so that the floor writes rows of the very
 * fields and sizes the sync writes. Without them, the rows runs before 2026-11-28 wrote (version 8's
 * fields, written inline below, and a number for a chunk's key): about a sixth smaller than the app's.
 */
export async function indexedDbWriteFloor(
  page: Page,
  samples: readonly unknown[],
  pages: number,
  layout: { indexes: readonly string[]; chunkSize: number; rows?: readonly object[] },
): Promise<number> {
  const value: unknown = await page.evaluate(
    `(async ({ samples, pages, indexes, chunkSize, rowsOfSamples }) => {
      const name = 'bench-write-floor';
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => {
          const rows = open.result.createObjectStore('rows', { keyPath: 'id' });
          for (const index of indexes) rows.createIndex(index, index);
          open.result.createObjectStore('chunks', rowsOfSamples ? { keyPath: 'key' } : { keyPath: 'key', autoIncrement: true });
          open.result.createObjectStore('chunkLive', { keyPath: 'key' });
          open.result.createObjectStore('cursors', { keyPath: 'kind' });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const started = performance.now();
      for (let p = 0; p < pages; p += 1) {
        await new Promise((resolve, reject) => {
          const tx = db.transaction(['rows', 'chunks', 'chunkLive', 'cursors'], 'readwrite');
          const rows = tx.objectStore('rows');
          let chunk = [];
          // The app's way: a chunk's key made before it is written, its rows naming it (chunk-layout.ts).
          let chunkKey = rowsOfSamples ? crypto.randomUUID() : null;
          const flush = () => {
            const docs = chunk;
            chunk = [];
            if (rowsOfSamples) {
              tx.objectStore('chunks').put({ key: chunkKey, kind: 'invoices', docs });
              tx.objectStore('chunkLive').put({ key: chunkKey, live: docs.length });
              chunkKey = crypto.randomUUID();
              return;
            }
            const request = tx.objectStore('chunks').add({ kind: 'invoices', docs });
            request.onsuccess = () => tx.objectStore('chunkLive').put({ key: request.result, live: docs.length });
          };
          for (let i = 0; i < 500; i += 1) {
            const doc = samples[i % samples.length];
            const id = doc.id + '-' + p;
            chunk.push({ kind: 'invoices', id, version: p, doc, answered: null });
            if (rowsOfSamples) {
              // The sample's row as the app made it, under this id: its keys end with the id.
              const row = { ...rowsOfSamples[i % samples.length], id, version: p, chunk: chunkKey };
              for (const field of indexes) {
                const key = row[field];
                if (typeof key === 'string' && key.endsWith(doc.id)) row[field] = key.slice(0, -doc.id.length) + id;
              }
              rows.put(row);
              if (chunk.length === chunkSize) flush();
              continue;
            }
            if (chunk.length === chunkSize) flush();
            const number = String(doc.number ?? '');
            const customerId = String(doc.customer?.id ?? '');
            const code = String(doc.customer?.code ?? '');
            // The keys version 8 keeps with a row (src-renderer/data/review-rows/keys.ts: rowKeysOf).
            const k = (value) => 'pending\u0001' + value + '\u0001' + id;
            const serial = (number.match(/\\d+/g) ?? []).at(-1)?.replace(/^0+(?=\\d)/, '');
            rows.put({
              id, version: p, review: 'pending', pendingAgain: 0, changes: [], status: String(doc.status),
              number, date: '2026-01-01', customer: code,
              customerId, customerName: '', rep: 'R01', currency: 'EGP', note: '',
              amountCents: i, externalNumber: '', answerState: '', answerOutcome: '', answerError: '', chunk: 1,
              kDate: k('2026-01-01'), kNumber: k(number), kCustomer: k(code.toLowerCase()),
              kAmount: k(String(i + 5e14).padStart(16, '0')), kCust: customerId + '\u0001pending\u0001' + id,
              ...(serial ? { kSerial: serial + '\u0001pending\u0001' + id } : {}),
            });
          }
          if (chunk.length > 0) flush();
          tx.objectStore('cursors').put({ kind: 'invoices', versionAfter: p });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      }
      const elapsedMs = performance.now() - started;
      db.close();
      await new Promise((resolve) => { const r = indexedDB.deleteDatabase(name); r.onsuccess = r.onerror = r.onblocked = resolve; });
      return (pages * 500) / (elapsedMs / 1000);
    })(${JSON.stringify({ samples, pages, indexes: layout.indexes, chunkSize: layout.chunkSize, rowsOfSamples: layout.rows ?? null })})`,
  );
  if (typeof value !== 'number') throw new Error('the write floor was not measured');
  return value;
}

/**
 * Opens a section from the navigation and times, in the page, until its grid's first rows are painted
 * (ms), and no further: a view too large to read whole is still timed to what the clerk first sees.
 * Throws after `timeoutMs`. The section shown before must be another one.
 */
export async function timeFirstRows(
  page: Page,
  section: string,
  timeoutMs: number,
  words: DeskWords = englishWords,
): Promise<number> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilPainted}
    const button = [...document.querySelectorAll(${JSON.stringify(`nav[aria-label="${words.sections}"] button`)})].find((b) => b.textContent.trim() === ${JSON.stringify(section)});
    const main = () => document.querySelector('main');
    const started = performance.now();
    button.click();
    // A row with its data: the infinite row model shows loading rows before a block arrives.
    const hasData = () => [...main().querySelectorAll('.ag-row:not(.ag-row-loading) [col-id="number"]')].some((cell) => cell.textContent.trim() !== '');
    const shown = until(() => main()?.getAttribute('aria-label') === ${JSON.stringify(section)} && hasData(), 'rows', null);
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ${timeoutMs}));
    if ((await Promise.race([shown, late])) === 'late') return null;
    await painted();
    return performance.now() - started;
  })()`);
  if (typeof value !== 'number') throw new Error(`no rows of ${section} were painted within ${timeoutMs} ms`);
  return value;
}

/**
 * Waits until the grid of the section shown is no longer `aria-busy` (every row it needs is in; a grid
 * that reads in pages has no such state), at most `timeoutMs`; answers the ms waited, or null when it
 * still was busy then.
 */
export async function waitGridSettled(page: Page, timeoutMs: number): Promise<number | null> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilPainted}
    const started = performance.now();
    // aria-busy false: the whole view is in; no aria-busy at all: a paged grid, nothing more to wait for.
    const settled = until(() => document.querySelector(${JSON.stringify(`main ${settledGridRow}`)}) != null, 'settled grid', null);
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ${timeoutMs}));
    if ((await Promise.race([settled, late])) === 'late') return null;
    await painted();
    return performance.now() - started;
  })()`);
  return typeof value === 'number' ? value : null;
}

/**
 * Selects every row of the view shown, as a clerk does, and times in the page until the selection's
 * count and totals are shown (every text of `expected` in the section, painted), in ms; null when not
 * within `timeoutMs`. The action: a "Select all" button of the section when it has one, else the grid's
 * header checkbox. Answers also which action it used.
 */
export async function timeSelectAll(
  page: Page,
  expected: readonly string[],
  timeoutMs: number,
  words: DeskWords = englishWords,
): Promise<{ ms: number | null; action: string }> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilPainted}
    const main = document.querySelector('main');
    const button = [...main.querySelectorAll('button')].find((b) => ${JSON.stringify(words.selectAll)}.some((start) => b.textContent.trim().startsWith(start)) && !b.disabled);
    const checkbox = main.querySelector('.ag-header-select-all input');
    const target = button ?? checkbox;
    if (!target) return { ms: null, action: 'none' };
    const expected = ${JSON.stringify(expected)};
    const started = performance.now();
    target.click();
    const shown = until(() => expected.every((text) => main.textContent.includes(text)), 'selection', null);
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ${timeoutMs}));
    if ((await Promise.race([shown, late])) === 'late') return { ms: null, action: button ? 'button' : 'checkbox' };
    await painted();
    return { ms: performance.now() - started, action: button ? 'button' : 'checkbox' };
  })()`);
  const ms = value !== null && typeof value === 'object' ? Reflect.get(value, 'ms') : null;
  const action = value !== null && typeof value === 'object' ? String(Reflect.get(value, 'action')) : 'none';
  return { ms: typeof ms === 'number' ? ms : null, action };
}

/**
 * Types `text` into the quick filter of the section shown (one input event) and times, in the page,
 * until the first row shown matches (painted) and until `countText` is in the section (the count of the
 * matches shown; null: not looked for, or not shown within `countTimeoutMs`). `text` must not match the
 * first row shown before.
 */
export async function timeQuickFilterToCount(
  page: Page,
  text: string,
  countText: string | null,
  countTimeoutMs = 5_000,
  words: DeskWords = englishWords,
): Promise<{ firstMs: number; countMs: number | null }> {
  const value: unknown = await page.evaluate(`(async () => {
    ${untilPainted}
    const main = document.querySelector('main');
    const input = main.querySelector(${JSON.stringify(`input[aria-label="${words.quickFilter}"]`)});
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const text = ${JSON.stringify(text)};
    const countText = ${JSON.stringify(countText)};
    const first = () => [...main.querySelectorAll('.ag-row[row-index="0"]')];
    const started = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => first().some((row) => row.textContent.includes(text)), 'first match of ' + JSON.stringify(text));
    await painted();
    const firstMs = performance.now() - started;
    if (countText === null) return { firstMs, countMs: null };
    const counted = until(() => main.textContent.includes(countText), 'count', null);
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ${countTimeoutMs}));
    if ((await Promise.race([counted, late])) === 'late') return { firstMs, countMs: null };
    await painted();
    return { firstMs, countMs: performance.now() - started };
  })()`);
  const firstMs = value !== null && typeof value === 'object' ? Reflect.get(value, 'firstMs') : null;
  const countMs = value !== null && typeof value === 'object' ? Reflect.get(value, 'countMs') : null;
  if (typeof firstMs !== 'number') throw new Error('the quick filter did not apply');
  return { firstMs, countMs: typeof countMs === 'number' ? countMs : null };
}

/** Customers' names as a clerk's store holds them (English · Arabic), for the benchmarks that seed rows. */
export const benchCustomerNames = [
  'Al Noor Trading · النور للتجارة',
  'Golden Basket · السلة الذهبية',
  'Fresh Corner · فريش كورنر',
  'Sea Breeze Minimarket · نسيم البحر',
  'El Baraka Wholesale · جملة البركة',
  'Nile View Stores · محلات نايل فيو',
  'Family Market · فاميلي ماركت',
  'Oasis Minimarket · ميني ماركت الواحة',
];
