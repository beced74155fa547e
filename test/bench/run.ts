/**
 * The benchmark harness (`npm run bench`, through scripts/bench.mjs): discovers every
 * `test/bench/*.bench.ts`, runs them one after another in name order with one shared context (so a
 * module can read a baseline another measured earlier in the same run), prints ONE table and writes
 * the raw figures (every row with each run's figure, the modules' details, the machine) to
 * `.bench/latest.json` and, for a whole run (no filter, not quick), to
 * `docs/bench-results/<UTC date and time>.json`, kept beside docs/benchmarks.md.
 *
 * Each timed figure is the median of `BENCH_RUNS` runs (3 by default, 1 when quick).
 * `BENCH_QUICK=1` asks modules for short runs. Arguments filter modules by a part of their file name.
 * A module that throws is reported as a failed row and the run goes on; the exit code is 1 when a
 * module failed, 0 otherwise (a missed target is reported in the table, not by the exit code, since
 * figures on a shared machine vary from run to run).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, BenchModule, BenchRow } from './types';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '../..');

/** Every module file in name order, keeping those whose name contains one of `filters` (all when none). */
function discover(filters: readonly string[]): string[] {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
    .sort();
}

function isBenchModule(value: unknown): value is BenchModule {
  return typeof value === 'function';
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The table: one line per row, columns padded to their widest cell. */
function renderTable(rows: readonly BenchRow[]): string {
  const header = ['group', 'name', 'value', 'unit', 'target', 'x baseline', 'pass'];
  const cells = rows.map((row) => [
    row.group,
    row.name,
    formatValue(row.value),
    row.unit,
    row.target ?? '',
    // The figure divided by its baseline of the same run (0.51x = 51% of it; 8.1x = eight times it).
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`,
    row.pass === undefined ? '' : row.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const rightAligned = new Set([2, 5]);
  const format = (line: readonly string[]) =>
    line
      .map((cell, column) =>
        rightAligned.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(format)].join('\n');
}

/** The Chromium the app modules drive, as it names itself ("Chromium 156.0…"), or null. */
function chromiumVersion(): string | null {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'], // Debian's wrapper script complains on stderr
    }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const quick = process.env.BENCH_QUICK === '1';
  const runs = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 3));
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a whole number of at least 1`);
  const context: BenchContext = { quick, runs, baselines: new Map(), details: new Map() };
  const files = discover(filters);
  const startedAt = new Date().toISOString();
  // Other work on the machine moves the figures: its load before and after is kept with them.
  const loadAtStart = loadavg();
  const rows: BenchRow[] = [];
  const failures: Array<{ module: string; error: string }> = [];

  console.log(`bench: ${files.length} module(s)${quick ? ' (quick)' : ''}: ${files.join(', ')}`);
  for (const file of files) {
    const started = performance.now();
    process.stdout.write(`bench: ${file} ... `);
    try {
      const loaded: unknown = await import(pathToFileURL(join(benchDir, file)).href);
      const run =
        loaded !== null && typeof loaded === 'object' && 'default' in loaded ? loaded.default : undefined;
      if (!isBenchModule(run)) throw new Error('the module has no default export of a BenchModule function');
      const produced = await run(context);
      rows.push(...produced);
      console.log(`${produced.length} row(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push({ module: file, error: message });
      rows.push({
        group: 'error',
        name: `${file}: ${message.split('\n')[0] ?? ''}`,
        value: Number.NaN,
        unit: '',
        pass: false,
      });
      console.log('failed');
      console.error(error);
    }
  }

  console.log(`\n${renderTable(rows)}\n`);
  const missed = rows.filter((row) => row.pass === false).length;
  console.log(
    `bench: ${rows.length} row(s), ${missed} target(s) missed, ${failures.length} module(s) failed`,
  );

  const finishedAt = new Date().toISOString();
  const report = {
    started_at: startedAt,
    finished_at: finishedAt,
    quick,
    runs,
    filters,
    machine: {
      node: process.version,
      platform: `${platform()} ${release()}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: availableParallelism(),
      memory_gib: Math.round(totalmem() / 1024 ** 3),
      chromium: chromiumVersion(),
      load_average_1_5_15_min: { at_start: loadAtStart, at_end: loadavg() },
    },
    baselines: Object.fromEntries(context.baselines),
    rows: rows.map((row) => ({ ...row, value: Number.isFinite(row.value) ? row.value : null })),
    failures,
    details: Object.fromEntries(context.details),
  };
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const out = join(root, '.bench');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.json'), text);
  console.log(`bench: written ${join('.bench', 'latest.json')}`);
  if (!quick && filters.length === 0) {
    // Kept with the docs: the figures docs/benchmarks.md quotes, each run's figure beside its median.
    const kept = join('docs', 'bench-results', `${startedAt.slice(0, 16).replace(':', '')}Z.json`);
    mkdirSync(join(root, 'docs', 'bench-results'), { recursive: true });
    writeFileSync(join(root, kept), text);
    console.log(`bench: written ${kept}`);
  }
  console.log(`bench: ${((Date.parse(finishedAt) - Date.parse(startedAt)) / 60_000).toFixed(1)} min in all`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
