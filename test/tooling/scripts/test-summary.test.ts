// The closing line of `npm test` must be able to say that something failed. The summary script
// (scripts/test-summary.mjs) is run on made-up vitest reports: passing, failing, missing, unreadable,
// a file that never loaded; and the runner (scripts/test.mjs) on a made-up project whose parts fail,
// to show that every part still runs, the line comes last and the exit code is not 0.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const summaryScript = join(root, 'scripts/test-summary.mjs');
const line = /^Tests: \d+ passed, \d+ failed(, \d+ skipped)?$/;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-summary-'));
  dirs.push(dir);
  return dir;
}

interface Test {
  title: string;
  status: 'passed' | 'failed' | 'skipped' | 'todo';
  failureMessages?: string[];
}

/** A vitest JSON report (the fields the summary reads) of one file with these tests. */
function report(tests: Test[], file = '/repo/test/a.test.ts', fileFailure?: string): object {
  const counted = (status: Test['status']) => tests.filter((test) => test.status === status).length;
  const failed = counted('failed') > 0 || fileFailure !== undefined;
  return {
    numTotalTests: tests.length,
    numPassedTests: counted('passed'),
    numFailedTests: counted('failed'),
    numPendingTests: counted('skipped'),
    numTodoTests: counted('todo'),
    success: !failed,
    testResults: [
      {
        name: file,
        status: failed ? 'failed' : 'passed',
        message: fileFailure ?? '',
        assertionResults: tests.map((test) => ({
          title: test.title,
          fullName: test.title,
          status: test.status,
          failureMessages: test.failureMessages ?? [],
        })),
      },
    ],
  };
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolvePromise) => {
    execFile(command, args, { cwd, env, timeout: 60_000 }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolvePromise({ code, lines: stdout.split('\n').filter((text) => text.trim() !== '') });
    });
  });
}

/** Runs the summary on `files` (name to content; a string is written as is) and `--parts` when given. */
async function summarizeFiles(
  files: Record<string, object | string>,
  parts?: object[],
): Promise<{ code: number; lines: string[]; last: string }> {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  const args = [summaryScript, '--dir', dir];
  if (parts) {
    writeFileSync(join(dir, 'parts.json'), JSON.stringify(parts));
    args.push('--parts', join(dir, 'parts.json'));
  }
  const result = await run(process.execPath, args, dir);
  return { ...result, last: result.lines.at(-1) ?? '' };
}

const passing = report([
  { title: 'a', status: 'passed' },
  { title: 'b', status: 'passed' },
]);

describe('scripts/test-summary.mjs', () => {
  it('passes when both suites passed, counting skipped and todo tests', async () => {
    const e2e = report([
      { title: 'c', status: 'passed' },
      { title: 'd', status: 'skipped' },
      { title: 'e', status: 'todo' },
    ]);
    const summary = await summarizeFiles({ 'unit.json': passing, 'e2e.json': e2e });
    expect(summary.last).toBe('Tests: 3 passed, 0 failed, 2 skipped');
    expect(summary.code).toBe(0);
  });

  it('counts a failed test, names it, and exits 1', async () => {
    const unit = report([
      { title: 'a', status: 'passed' },
      { title: 'sends once', status: 'failed' },
    ]);
    const summary = await summarizeFiles({ 'unit.json': unit, 'e2e.json': passing });
    expect(summary.last).toBe('Tests: 3 passed, 1 failed');
    expect(summary.lines).toContain('FAILED unit: /repo/test/a.test.ts > sends once');
    expect(summary.code).toBe(1);
  });

  it('says under a failed test why it failed and where in its file, since CI shows only the end', async () => {
    const unit = report([
      {
        title: 'sends once',
        status: 'failed',
        failureMessages: [
          'AssertionError: expected 2 to be 1 // Object.is equality\n' +
            '    at assert (/repo/node_modules/chai/index.js:10:3)\n' +
            '    at /repo/test/a.test.ts:45:7\n',
        ],
      },
    ]);
    const summary = await summarizeFiles({ 'unit.json': unit, 'e2e.json': passing });
    const at = summary.lines.indexOf('FAILED unit: /repo/test/a.test.ts > sends once');
    expect(summary.lines[at + 1]).toBe(
      '    because: AssertionError: expected 2 to be 1 // Object.is equality (/repo/test/a.test.ts:45:7)',
    );
    expect(summary.last).toBe('Tests: 2 passed, 1 failed');
  });

  it('counts a missing report as a failure, and still prints the line last', async () => {
    const summary = await summarizeFiles({ 'unit.json': passing });
    expect(summary.last).toBe('Tests: 2 passed, 1 failed');
    expect(summary.lines.some((text) => text.startsWith('FAILED e2e: no test report at'))).toBe(true);
    expect(summary.code).toBe(1);
  });

  it('counts no report at all as two failures', async () => {
    const summary = await summarizeFiles({});
    expect(summary.last).toBe('Tests: 0 passed, 2 failed');
    expect(summary.code).toBe(1);
  });

  it('counts an unreadable report, and a test file that failed without a failed test', async () => {
    const unit = report([], '/repo/test/b.test.ts', "Cannot find module './gone'");
    const summary = await summarizeFiles({ 'unit.json': unit, 'e2e.json': '{"numPassedTests": 3,' });
    expect(summary.last).toBe('Tests: 0 passed, 2 failed');
    expect(summary.lines).toContain(
      "FAILED unit: /repo/test/b.test.ts failed outside its tests: Cannot find module './gone'",
    );
    expect(summary.lines.some((text) => text.startsWith('FAILED e2e: the report at'))).toBe(true);
    expect(summary.code).toBe(1);
  });

  it('counts each failed part that is not a suite, naming it, beside the tests', async () => {
    const parts = [
      { name: 'typecheck', exitCode: 0 },
      { name: 'lint', exitCode: 1, command: 'npm run lint' },
      { name: 'format', exitCode: 2 },
      { name: 'unit', exitCode: 0, report: 'unit.json' },
      { name: 'build', exitCode: 1 },
      { name: 'e2e', exitCode: null, report: 'e2e.json', notRun: 'build failed' },
    ];
    const summary = await summarizeFiles({ 'unit.json': passing }, parts);
    expect(summary.last).toBe('Tests: 2 passed, 4 failed');
    expect(summary.lines).toEqual(
      expect.arrayContaining([
        'Parts: typecheck ok, lint FAILED, format FAILED, unit ok, build FAILED, e2e FAILED',
        'FAILED lint: exited with 1 (npm run lint)',
        'FAILED format: exited with 2',
        'FAILED build: exited with 1',
      ]),
    );
    expect(summary.lines.some((text) => /^FAILED e2e: no test report at .*: build failed$/.test(text))).toBe(
      true,
    );
    expect(summary.code).toBe(1);
  });

  it('counts a suite that exited non-zero with a clean report', async () => {
    const parts = [{ name: 'unit', exitCode: 1, report: 'unit.json' }];
    const summary = await summarizeFiles({ 'unit.json': passing }, parts);
    expect(summary.last).toBe('Tests: 2 passed, 1 failed');
    expect(summary.code).toBe(1);
  });
});

describe('scripts/test.mjs', () => {
  /**
   * A project with the runner's two scripts and package.json scripts standing in for each part: a
   * part exits with the code given, a suite writes its report.
   */
  function project(exitCodes: Record<string, number>): string {
    const dir = tempDir();
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(root, 'scripts/test.mjs'), join(dir, 'scripts/test.mjs'));
    copyFileSync(summaryScript, join(dir, 'scripts/test-summary.mjs'));
    writeFileSync(
      join(dir, 'suite.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';
       const [file, code] = process.argv.slice(2);
       mkdirSync('test-results', { recursive: true });
       writeFileSync('test-results/' + file, ${JSON.stringify(JSON.stringify(passing))});
       console.log('suite ' + file);
       process.exit(Number(code));`,
    );
    const part = (name: string) =>
      `node -e "console.log('part ${name}'); process.exit(${exitCodes[name] ?? 0})"`;
    const scripts = {
      test: 'node scripts/test.mjs',
      typecheck: part('typecheck'),
      lint: part('lint'),
      'test:format': part('format'),
      'test:unit': `node suite.mjs unit.json ${exitCodes.unit ?? 0}`,
      build: part('build'),
      'test:e2e:suite': `node suite.mjs e2e.json ${exitCodes.e2e ?? 0}`,
      'bench:smoke': part('bench smoke'),
    };
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'summary-proof', private: true, scripts }),
    );
    return dir;
  }

  const env = { ...process.env, npm_execpath: '' };

  it('runs every part after failures, skips the e2e suite when the build failed, ends with the line', async () => {
    const dir = project({ lint: 1, format: 1, build: 1 });
    const result = await run(process.execPath, [join(dir, 'scripts/test.mjs')], dir, env);
    const shown = result.lines.filter((text) => /^(part|suite) /.test(text));
    expect(shown).toEqual([
      'part typecheck',
      'part lint',
      'part format',
      'suite unit.json',
      'part build',
      'part bench smoke',
    ]);
    expect(result.lines).toContain('test: e2e not run: build failed');
    expect(result.lines.at(-1)).toMatch(line);
    expect(result.lines.at(-1)).toBe('Tests: 2 passed, 4 failed');
    expect(result.code).toBe(1);
  }, 60_000);

  it('passes when every part passed', async () => {
    const dir = project({});
    const result = await run(process.execPath, [join(dir, 'scripts/test.mjs')], dir, env);
    expect(result.lines.filter((text) => /^(part|suite) /.test(text))).toHaveLength(7);
    expect(result.lines.at(-1)).toBe('Tests: 4 passed, 0 failed');
    expect(result.code).toBe(0);
  }, 60_000);

  it('fails when a suite failed though it wrote a clean report', async () => {
    const dir = project({ e2e: 1 });
    const result = await run(process.execPath, [join(dir, 'scripts/test.mjs')], dir, env);
    expect(result.lines.at(-1)).toBe('Tests: 4 passed, 1 failed');
    expect(result.code).toBe(1);
  }, 60_000);
});
