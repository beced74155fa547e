/**
 * Reconciliation at scale, in Chromium: 100,000 ERP register lines against 100,000 documents
 * (src-shared/domain/reconcile/fixture.ts: every rule and state exercised), timed in the renderer's
 * own engine, beside a baseline measured on the same data in the same page: building plain Maps of
 * the documents by number and id and of the lines by reference and by customer and amount (the
 * least a hash join must do). The ratio says how many such passes the whole reconciliation costs.
 *
 * The engine and the fixture are bundled for the page with esbuild (what Vite uses underneath), so
 * the code measured is the code the renderer runs. Target (issue "Reconcile"): at most 2 s.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { launchChromium } from '../support/browser';
import { median, round } from './app-harness';
import type { BenchModule } from './types';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface PageRun {
  mapsMs: number;
  engineMs: number;
  groups: number;
}

declare const reconcileBench: {
  reconcile: (input: unknown) => { groups: unknown[] };
  makeReconcileFixture: (n: number, seed: number) => { documents: unknown[]; register: { lines: unknown[] } };
};

const reconcileBenchModule: BenchModule = async (context) => {
  const size = context.quick ? 20_000 : 100_000;
  const bundled = await build({
    stdin: {
      contents:
        "export { reconcile } from './src-shared/domain/reconcile/engine';\n" +
        "export { makeReconcileFixture } from './src-shared/domain/reconcile/fixture';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'reconcileBench',
    platform: 'browser',
    target: 'es2022',
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>reconcile bench</title>');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
    const runs: PageRun[] = [];
    for (let run = 0; run < context.runs; run += 1) {
      runs.push(
        await page.evaluate((n): PageRun => {
          const { documents, register } = reconcileBench.makeReconcileFixture(n, 7);
          const docs = documents as Array<{ id: string; number: string }>;
          const lines = register.lines as Array<{
            id: string;
            serviceRef: string | null;
            customer: string | null;
            amountCents: number;
          }>;
          const mapsStarted = performance.now();
          const byNumber = new Map<string, unknown>();
          const byId = new Map<string, unknown>();
          for (const doc of docs) {
            byNumber.set(doc.number.trim().toLowerCase(), doc);
            byId.set(doc.id, doc);
          }
          const byRef = new Map<string, unknown>();
          const byCustomerAmount = new Map<string, unknown>();
          for (const line of lines) {
            if (line.serviceRef) byRef.set(line.serviceRef.trim().toLowerCase(), line);
            byCustomerAmount.set(`${line.customer ?? ''}|${line.amountCents}`, line);
          }
          const mapsMs = performance.now() - mapsStarted;
          if (byNumber.size + byId.size + byRef.size + byCustomerAmount.size === 0)
            throw new Error('no data');
          const started = performance.now();
          const result = reconcileBench.reconcile({ documents, register });
          return { mapsMs, engineMs: performance.now() - started, groups: result.groups.length };
        }, size),
      );
    }
    context.details.set('reconcile', { size, runs });
    const engineMs = median(runs.map((r) => r.engineMs));
    const mapsMs = median(runs.map((r) => r.mapsMs));
    const label = size.toLocaleString('en-US');
    return [
      {
        group: 'reconcile',
        name: `${label} register lines against ${label} documents, in Chromium, median of ${runs.length} (x: of building plain Maps of the same data)`,
        value: round(engineMs, 0),
        unit: 'ms',
        target: '<= 2,000 ms',
        ratio: engineMs / Math.max(mapsMs, 0.001),
        pass: engineMs <= 2000,
        samples: runs.map((r) => round(r.engineMs, 0)),
      },
      {
        group: 'reconcile',
        name: `baseline: plain Maps of the same ${label} documents and lines, median of ${runs.length}`,
        value: round(mapsMs, 1),
        unit: 'ms',
        samples: runs.map((r) => round(r.mapsMs, 1)),
      },
    ];
  } finally {
    await browser.close();
  }
};

export default reconcileBenchModule;
