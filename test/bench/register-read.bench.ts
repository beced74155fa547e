/**
 * Reading a large ERP register, in Chromium (issue "Real ERP files", item 7): a 250,000-row
 * line-per-item invoice export (about 60,000 invoices, Xero's columns, contacts named in Arabic:
 * src-shared/domain/reconcile/register-fixture.ts) read, folded and matched as the desk does it,
 * from the file's bytes to the reconciliation: `readRegisterFile` (decoding, the delimiter, the CSV,
 * the header) and `suggestRegister`, then `readRegister` (invoices, date order found from the file,
 * EGP for blank currencies), then `reconcile` against the service's invoices with the default
 * settings. Target: at most 3 s.
 *
 * Baseline of the same run, in the same page: `parseCsv` of the same file's text, decoded beforehand
 * (the least any reading of the file must do). The ratio says how many such parses the whole path
 * costs. Before each timed span the page's heap is collected (over the DevTools protocol), so that
 * one span does not pay for the garbage of the one before.
 *
 * The code is bundled for the page with esbuild (what Vite uses underneath), so the code measured is
 * the code the renderer runs. Every run checks what it read against what the generator wrote (rows,
 * invoices, folded rows, and the groups of each state), so that a broken read is a failed module,
 * never a fast figure. `BENCH_QUICK=1`: a tenth of the rows.
 *
 * Then the screen's side (issue "Real ERP files": the screen never freezes): the same file read
 * through the register worker (src-renderer/features/reconcile/read-register-in-worker.ts), built by
 * Vite with the renderer's config and served as the desktop app serves its files, under its CSP
 * (test/support/register-worker-page.ts): the file, then the register with the suggested mapping,
 * timed from the call to the answer, and the page thread's longest task meanwhile (the Long Tasks
 * API), once with only the table's outline sent back (the rows stay in the worker) and once with the
 * whole table.
 */
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { parseCsv } from '../../src-shared/domain/master-data/csv';
import type { decodeText } from '../../src-shared/domain/master-data/text';
import type { reconcile } from '../../src-shared/domain/reconcile/engine';
import type { defaultReconcileSettings } from '../../src-shared/domain/reconcile/model';
import type { readRegister, suggestRegister } from '../../src-shared/domain/reconcile/register';
import type {
  makeRegisterExport,
  RegisterExportCounts,
  RegisterExportFixture,
} from '../../src-shared/domain/reconcile/register-fixture';
import type { readRegisterFile } from '../../src-shared/domain/reconcile/register-sheet';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { launchChromium } from '../support/browser';
import {
  buildRegisterWorkerPage,
  listenOnLoopback,
  serveAsAppProtocol,
  type RegisterWorkerPageApi,
  type RegisterWorkerPageCheck,
} from '../support/register-worker-page';
import { median, round } from './app-harness';
import type { BenchModule, BenchRow } from './types';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The bundle's global in the page. */
declare const registerReadBench: {
  parseCsv: typeof parseCsv;
  decodeText: typeof decodeText;
  readRegisterFile: typeof readRegisterFile;
  suggestRegister: typeof suggestRegister;
  readRegister: typeof readRegister;
  reconcile: typeof reconcile;
  defaultReconcileSettings: typeof defaultReconcileSettings;
  makeRegisterExport: typeof makeRegisterExport;
};

/** The register worker's check page (test/renderer/reconcile/register-worker-page/). */
declare const registerWorkerPage: RegisterWorkerPageApi;

/** The export, generated once in the page and kept there for every run. */
declare const registerReadFixture: RegisterExportFixture;

/** One run's figures, in ms. */
interface PageRun {
  parseMs: number;
  totalMs: number;
  fileMs: number;
  readMs: number;
  reconcileMs: number;
}

/** What the page made: the file's size and what it should read as. */
interface Generated {
  bytes: number;
  counts: RegisterExportCounts;
}

/** Each run's reads through the worker: the outline sent back, and the whole table. */
interface WorkerRuns {
  outline: RegisterWorkerPageCheck[];
  table: RegisterWorkerPageCheck[];
}

/** Reads the export through the register worker `runs` times each way, in a page of the Vite build. */
async function throughWorker(browser: Browser, rows: number, runs: number): Promise<WorkerRuns> {
  const outDir = mkdtempSync(join(tmpdir(), 'register-read-bench-'));
  const server = serveAsAppProtocol(outDir);
  try {
    await buildRegisterWorkerPage(outDir);
    const page = await browser.newPage();
    await page.goto(`${await listenOnLoopback(server)}/index.html`);
    await page.waitForFunction(() => 'registerWorkerPage' in globalThis);
    const done: WorkerRuns = { outline: [], table: [] };
    for (let run = 0; run < runs; run += 1)
      for (const answer of ['outline', 'table'] as const) {
        const check = await page.evaluate(([n, as]) => registerWorkerPage.readExport(n, as, false), [
          rows,
          answer,
        ] as const);
        if (check.errors.worker !== null || !check.isTransferred)
          throw new Error(`the worker did not read the file: ${JSON.stringify(check)}`);
        done[answer].push(check);
      }
    return done;
  } finally {
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The rows of the worker's reads. */
function workerRows(worker: WorkerRuns, of: string): BenchRow[] {
  const figure = (checks: RegisterWorkerPageCheck[], pick: (check: RegisterWorkerPageCheck) => number) => ({
    value: median(checks.map(pick)),
    samples: checks.map((check) => round(pick(check), 0)),
  });
  const outlineTask = figure(worker.outline, (check) => check.longestTaskMs);
  const outlineRead = figure(worker.outline, (check) => check.workerMs);
  const tableTask = figure(worker.table, (check) => check.longestTaskMs);
  const tableRead = figure(worker.table, (check) => check.workerMs);
  return [
    {
      group: 'register-read',
      name: `the same through the register worker, its outline sent back (rows kept there): the page thread's longest task meanwhile (0: none over 50 ms), ${of}`,
      value: round(outlineTask.value, 0),
      unit: 'ms',
      target: '<= 100 ms',
      pass: outlineTask.value <= 100,
      samples: outlineTask.samples,
    },
    {
      group: 'register-read',
      name: `the same through the register worker, its outline sent back: call to the register read (file, then the mapping), ${of}`,
      value: round(outlineRead.value, 0),
      unit: 'ms',
      samples: outlineRead.samples,
    },
    {
      group: 'register-read',
      name: `the same through the register worker, the whole table sent back: the page thread's longest task meanwhile, ${of}`,
      value: round(tableTask.value, 0),
      unit: 'ms',
      samples: tableTask.samples,
    },
    {
      group: 'register-read',
      name: `the same through the register worker, the whole table sent back: call to the register read, ${of}`,
      value: round(tableRead.value, 0),
      unit: 'ms',
      samples: tableRead.samples,
    },
  ];
}

const registerReadBenchModule: BenchModule = async (context) => {
  const rows = context.quick ? 25_000 : 250_000;
  const bundled = await build({
    stdin: {
      contents: [
        "export { parseCsv } from './src-shared/domain/master-data/csv';",
        "export { decodeText } from './src-shared/domain/master-data/text';",
        "export { readRegisterFile } from './src-shared/domain/reconcile/register-sheet';",
        "export { readRegister, suggestRegister } from './src-shared/domain/reconcile/register';",
        "export { reconcile } from './src-shared/domain/reconcile/engine';",
        "export { defaultReconcileSettings } from './src-shared/domain/reconcile/model';",
        "export { makeRegisterExport } from './src-shared/domain/reconcile/register-fixture';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'registerReadBench',
    platform: 'browser',
    target: 'es2022',
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await page.setContent('<!doctype html><title>register read bench</title>');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
    const generated = await page.evaluate((n): Generated => {
      const fixture = registerReadBench.makeRegisterExport(n, 7);
      Object.assign(globalThis, { registerReadFixture: fixture });
      return { bytes: fixture.bytes.byteLength, counts: fixture.counts };
    }, rows);
    const { counts } = generated;

    const runs: PageRun[] = [];
    for (let run = 0; run < context.runs; run += 1) {
      await page.evaluate(() => {
        Object.assign(globalThis, {
          registerReadText: registerReadBench.decodeText(registerReadFixture.bytes).text,
        });
      });
      await cdp.send('HeapProfiler.collectGarbage');
      // The baseline: the bare CSV parse of the text, decoded beforehand (not timed).
      const parseMs = await page.evaluate((): number => {
        const { registerReadText: text } = globalThis as unknown as { registerReadText: string };
        const started = performance.now();
        const parsed = registerReadBench.parseCsv(text, ',');
        const elapsed = performance.now() - started;
        const { rows: expected } = registerReadFixture.counts;
        if (parsed.rows.length !== expected + 1)
          throw new Error(`the bare parse read ${parsed.rows.length} rows, not ${expected + 1}`);
        Object.assign(globalThis, { registerReadText: null });
        return elapsed;
      });
      await cdp.send('HeapProfiler.collectGarbage');
      // The desk's path, from the bytes to the reconciliation.
      runs.push({
        parseMs,
        ...(await page.evaluate((): Omit<PageRun, 'parseMs'> => {
          const bench = registerReadBench;
          const { bytes, documents, counts: expected } = registerReadFixture;
          const started = performance.now();
          const file = bench.readRegisterFile(bytes);
          const suggestion = bench.suggestRegister(file.table.headers);
          const fileDone = performance.now();
          const read = bench.readRegister(file.table, suggestion.mapping, {
            kind: 'invoices',
            dateOrder: 'auto',
            defaultCurrency: 'EGP',
          });
          const readDone = performance.now();
          if (!read.ok)
            throw new Error(
              `the register was refused: ${JSON.stringify({ ...read, badRows: read.badRows.slice(0, 5) })}`,
            );
          const result = bench.reconcile({
            documents,
            register: read.register,
            settings: bench.defaultReconcileSettings,
          });
          const done = performance.now();
          const seen = {
            rows: file.table.rows.length,
            lines: read.register.lines.length,
            foldedRows: read.reading.folded.rows,
            documents: result.total.documents,
            groups: {
              matched: result.states.matched.groups,
              differs: result.states.differs.groups,
              serviceOnly: result.states['service-only'].groups,
              erpOnly: result.states['erp-only'].groups,
            },
          };
          const layout = suggestion.layoutName;
          if (JSON.stringify(seen) !== JSON.stringify(expected) || layout !== 'Xero invoices export')
            throw new Error(
              `read ${JSON.stringify({ layout, ...seen })}, not ${JSON.stringify(expected)} as written`,
            );
          return {
            totalMs: done - started,
            fileMs: fileDone - started,
            readMs: readDone - fileDone,
            reconcileMs: done - readDone,
          };
        })),
      });
    }
    await page.close();
    const worker = await throughWorker(browser, rows, context.runs);
    context.details.set('register-read', { rows, bytes: generated.bytes, counts, runs, worker });

    const figure = (pick: (run: PageRun) => number) => ({
      value: median(runs.map(pick)),
      samples: runs.map((run) => round(pick(run), 0)),
    });
    const total = figure((run) => run.totalMs);
    const parse = figure((run) => run.parseMs);
    const of = `median of ${runs.length}`;
    const size = `${rows.toLocaleString('en-US')} rows (${counts.lines.toLocaleString('en-US')} invoices, ${(generated.bytes / 1024 ** 2).toFixed(1)} MiB)`;
    const phase = (name: string, part: ReturnType<typeof figure>): BenchRow => ({
      group: 'register-read',
      name: `of which ${name}, ${of}`,
      value: round(part.value, 0),
      unit: 'ms',
      ratio: part.value / Math.max(parse.value, 0.001),
      samples: part.samples,
    });
    return [
      {
        group: 'register-read',
        name: `line-per-item export of ${size} read, folded and matched against ${counts.documents.toLocaleString('en-US')} invoices, in Chromium, ${of} (x: of the bare CSV parse of the same file)`,
        value: round(total.value, 0),
        unit: 'ms',
        target: '<= 3,000 ms',
        ratio: total.value / Math.max(parse.value, 0.001),
        pass: total.value <= 3000,
        samples: total.samples,
      },
      {
        group: 'register-read',
        name: `baseline: parseCsv of the same file's text (decoded beforehand), ${of}`,
        value: round(parse.value, 0),
        unit: 'ms',
        samples: parse.samples,
      },
      phase(
        'decoding, parsing and the header (readRegisterFile, suggestRegister)',
        figure((r) => r.fileMs),
      ),
      phase(
        'reading the rows into invoices (readRegister)',
        figure((r) => r.readMs),
      ),
      phase(
        'matching (reconcile)',
        figure((r) => r.reconcileMs),
      ),
      ...workerRows(worker, of),
    ];
  } finally {
    await browser.close();
  }
};

export default registerReadBenchModule;
