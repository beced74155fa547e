// The closing line of `npm test`: "Tests: N passed, N failed" (", N skipped" when some were), summed
// from the vitest JSON reports of the unit and end-to-end suites, with every failed part that is not a
// test suite (typecheck, lint, format, build) counted as one failure and named on its own line above.
// It always prints that line last, whatever it was given, and exits 1 when anything failed.
//
// scripts/test.mjs runs every part and calls `summarize` with what each part did. Run by itself, it
// reads the reports a `npm run test:unit` / `npm run test:e2e` left:
//   node scripts/test-summary.mjs [--dir test-results] [--parts parts.json]
// where parts.json is `[{ "name", "exitCode", "report"?: "unit.json", "notRun"?: "why" }]`.
//
// What counts as a failure: a failed test; a test file that failed without a failed test (it did not
// load, a hook threw: vitest counts no failed test then); a report that says the run did not succeed
// or that holds no test at all; a missing or unreadable report; a suite that exited non-zero though
// its report counts no failure; and a failed or skipped part.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The parts a report is expected from when nobody says which ran: the two suites of `npm test`. */
export const defaultParts = [
  { name: 'unit', exitCode: null, report: 'unit.json' },
  { name: 'e2e', exitCode: null, report: 'e2e.json' },
];

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  );
}

/**
 * Why a test failed, as one more line under its name: the first line of its first failure message and
 * the place in its own file that failed. CI shows only the end of what `npm test` printed, and a
 * failure that does not come back on a second run is otherwise known by its name alone.
 */
function failureWhy(assertion, file) {
  const message = Array.isArray(assertion.failureMessages) ? String(assertion.failureMessages[0] ?? '') : '';
  const why = firstLine(message).slice(0, 300);
  if (why === '') return '';
  const base = file ? String(file).split('/').pop() : undefined;
  const place = base
    ? message
        .split('\n')
        .map((text) => text.trim())
        .find((text) => text.startsWith('at ') && text.includes(base))
    : undefined;
  const at = place ? ` (${shown(place.replace(/^at (.*\()?/, '').replace(/\)$/, ''))})` : '';
  return `\n    because: ${why}${at}`;
}

/** A path as a reader finds it: relative to the working folder when inside it. */
function shown(path) {
  const inside = relative(process.cwd(), path);
  return inside === '' || inside.startsWith('..') ? path : inside;
}

function count(value) {
  return Number.isFinite(value) ? value : 0;
}

/** What one vitest JSON report holds: its tests, and its failures as lines. */
function readReport(part, file) {
  const where = shown(file);
  if (!existsSync(file)) {
    const why = part.notRun ? `: ${part.notRun}` : '';
    return { passed: 0, failed: 1, skipped: 0, problems: [`${part.name}: no test report at ${where}${why}`] };
  }
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: [`${part.name}: the report at ${where} cannot be read (${firstLine(error?.message)})`],
    };
  }
  const passed = count(report.numPassedTests);
  let failed = count(report.numFailedTests);
  const skipped = count(report.numPendingTests) + count(report.numTodoTests);
  const problems = [];
  const results = Array.isArray(report.testResults) ? report.testResults : [];
  for (const result of results) {
    const assertions = Array.isArray(result.assertionResults) ? result.assertionResults : [];
    const name = result.name ? shown(String(result.name)) : 'a test file';
    for (const assertion of assertions)
      if (assertion.status === 'failed')
        problems.push(
          `${part.name}: ${name} > ${assertion.fullName ?? assertion.title ?? 'a test'}${failureWhy(assertion, result.name)}`,
        );
    if (result.status === 'failed' && !assertions.some((assertion) => assertion.status === 'failed')) {
      failed += 1;
      problems.push(
        `${part.name}: ${name} failed outside its tests: ${firstLine(result.message) || 'no message'}`,
      );
    }
  }
  if (failed === 0 && report.success === false) {
    failed += 1;
    problems.push(`${part.name}: vitest reports the run failed (an error outside any test)`);
  }
  if (failed === 0 && count(report.numTotalTests) === 0) {
    failed += 1;
    problems.push(`${part.name}: the report at ${where} holds no test`);
  }
  if (failed === 0 && part.exitCode !== null && part.exitCode !== undefined && part.exitCode !== 0) {
    failed += 1;
    problems.push(`${part.name}: exited with ${part.exitCode} though its report counts no failure`);
  }
  return { passed, failed, skipped, problems };
}

/**
 * Sums what `parts` did, reading the reports of those that have one from `dir`. Answers the lines to
 * print, the last being "Tests: …", and the exit code.
 */
export function summarize(parts = defaultParts, dir = 'test-results') {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const problems = [];
  const states = [];
  try {
    for (const part of parts) {
      if (part.report) {
        const got = readReport(part, resolve(dir, part.report));
        passed += got.passed;
        failed += got.failed;
        skipped += got.skipped;
        problems.push(...got.problems);
        states.push(`${part.name} ${got.failed > 0 ? 'FAILED' : 'ok'}`);
      } else if (part.notRun) {
        failed += 1;
        problems.push(`${part.name}: not run (${part.notRun})`);
        states.push(`${part.name} NOT RUN`);
      } else if (part.exitCode !== 0) {
        failed += 1;
        problems.push(
          `${part.name}: exited with ${part.exitCode ?? 'a signal'}${part.command ? ` (${part.command})` : ''}`,
        );
        states.push(`${part.name} FAILED`);
      } else {
        states.push(`${part.name} ok`);
      }
    }
  } catch (error) {
    failed += 1;
    problems.push(`summary: ${firstLine(error?.message ?? error)}`);
  }
  const lines = ['', `Parts: ${states.join(', ')}`, ...problems.map((problem) => `FAILED ${problem}`)];
  lines.push(`Tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  return { lines, passed, failed, skipped, exitCode: failed > 0 ? 1 : 0 };
}

function argument(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const partsFile = argument('--parts');
  let parts = defaultParts;
  if (partsFile) {
    try {
      parts = JSON.parse(readFileSync(partsFile, 'utf8'));
      if (!Array.isArray(parts)) throw new Error('not a list of parts');
    } catch (error) {
      // Counted as a failure of its own, beside the reports that can still be read.
      parts = [
        ...defaultParts,
        {
          name: 'parts',
          exitCode: null,
          notRun: `${partsFile} cannot be read: ${firstLine(error?.message)}`,
        },
      ];
    }
  }
  const summary = summarize(parts, argument('--dir') ?? 'test-results');
  console.log(summary.lines.join('\n'));
  process.exitCode = summary.exitCode;
}
