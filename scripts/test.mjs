#!/usr/bin/env node
// `npm test`: every part of the check, one after another, each run even when an earlier one failed
// (a lint error must not hide a failing test), then the summary of scripts/test-summary.mjs as the last
// line: "Tests: N passed, N failed". Exits 1 when any part failed.
//
// The parts are the package's own scripts, run with `npm run --silent` so that each is defined once
// (in package.json) and its output comes through as is. The end-to-end suite drives the built app, so
// it runs only when the build succeeded; otherwise it is counted as failed, not quietly left out.
// Ctrl-C stops the part running, skips the rest (each counted as failed) and still prints the summary.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './test-summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');

/** Each part: a package.json script; `report` for a vitest suite; `needs` a part that must pass first. */
const parts = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'test:format' },
  { name: 'unit', script: 'test:unit', report: 'unit.json' },
  { name: 'build', script: 'build' },
  { name: 'e2e', script: 'test:e2e:suite', report: 'e2e.json', needs: 'build' },
  // Every benchmark module once, quick: a module that no longer runs fails the check (no timing judged).
  { name: 'bench smoke', script: 'bench:smoke' },
];

// npm sets npm_execpath to its own script when it runs this one; run by hand, use the npm on the PATH.
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] };

let interrupted = null;
let running = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
    running?.kill(signal);
  });
}

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm.command, [...npm.args, 'run', '--silent', script], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    running = child;
    child.on('error', (error) => {
      console.error(`test: could not start npm run ${script}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      running = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

// Reports of an earlier run must never be counted for this one.
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const done = [];
for (const part of parts) {
  const entry = { name: part.name, command: `npm run ${part.script}`, exitCode: null, report: part.report };
  const needed = part.needs ? done.find((other) => other.name === part.needs) : null;
  if (interrupted) entry.notRun = `interrupted by ${interrupted}`;
  else if (needed && needed.exitCode !== 0) entry.notRun = `${part.needs} failed`;
  if (entry.notRun) {
    console.log(`\ntest: ${part.name} not run: ${entry.notRun}`);
  } else {
    console.log(`\ntest: ${part.name} (npm run ${part.script})`);
    const started = performance.now();
    entry.exitCode = await run(part.script);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `test: ${part.name} ${entry.exitCode === 0 ? 'passed' : `FAILED (exit ${entry.exitCode})`} in ${seconds} s`,
    );
  }
  done.push(entry);
}

const summary = summarize(done, resultsDir);
console.log(summary.lines.join('\n'));
process.exitCode = interrupted ? 1 : summary.exitCode;
