/**
 * The benchmark harness (`npm run bench`, through scripts/bench.mjs): discovers every
 * `test/bench/*.bench.ts`, runs them one after another in name order with one shared context (so a
 * module can read a baseline another measured earlier in the same run), prints ONE table and writes
 * `.bench/latest.json`.
 *
 * `BENCH_QUICK=1` asks modules for short runs. Arguments filter modules by a part of their file name.
 * A module that throws is reported as a failed row and the run goes on; the exit code is 1 when a
 * module failed, 0 otherwise (a missed target is reported in the table, not by the exit code, since
 * figures on a shared machine vary from run to run).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release } from 'node:os';
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

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const quick = process.env.BENCH_QUICK === '1';
  const context: BenchContext = { quick, baselines: new Map() };
  const files = discover(filters);
  const startedAt = new Date().toISOString();
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

  const out = join(root, '.bench');
  mkdirSync(out, { recursive: true });
  const report = {
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    quick,
    machine: {
      node: process.version,
      platform: `${platform()} ${release()}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: availableParallelism(),
    },
    baselines: Object.fromEntries(context.baselines),
    rows: rows.map((row) => ({ ...row, value: Number.isFinite(row.value) ? row.value : null })),
    failures,
  };
  writeFileSync(join(out, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`bench: written ${join('.bench', 'latest.json')}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
