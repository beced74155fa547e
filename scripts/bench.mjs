#!/usr/bin/env node
// `npm run bench`: runs every benchmark module (test/bench/*.bench.ts) through test/bench/run.ts under
// tsx and prints one table of medians (3 runs of each timed figure; `BENCH_RUNS=n` to change);
// `BENCH_QUICK=1` for a short smoke run; extra arguments filter modules by name
// (`npm run bench -- sandbox`). The raw figures (each run's) are written to .bench/latest.json and, for
// a whole run, to docs/bench-results/<UTC date and time>.json beside docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--smoke` (npm run bench:smoke, a part of `npm test`): every module once, quick, so a module that no
// longer runs is caught the day it breaks; it prints figures and judges none (its exit code says only
// whether every module ran).
const args = process.argv.slice(2);
const isSmoke = args.includes('--smoke');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'test/bench/run.ts'), ...args.filter((arg) => arg !== '--smoke')],
  {
    cwd: root,
    stdio: 'inherit',
    env: isSmoke ? { ...process.env, BENCH_QUICK: '1' } : process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
