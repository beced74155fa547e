// The pipeline where Electron can be downloaded (.github/workflows): read as YAML, each workflow has the
// jobs and steps the packaging decision promises (docs/decisions/097-packaging-and-release-pipeline.md).
// GitHub runs them; here only their shape can be checked.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../../..');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  strategy?: { matrix: { os?: string[]; node?: number[]; include?: Array<Record<string, unknown>> } };
  env?: Record<string, unknown>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

function readWorkflow(name: string): Workflow {
  return parse(readFileSync(join(root, '.github/workflows', name), 'utf8')) as Workflow;
}
/** The exact Node of the project (.node-version), which .ci/run installs where the machine's is older. */
const pinnedNode = readFileSync(join(root, '.node-version'), 'utf8').trim();
const setupNodeOf = (job: Job): Record<string, unknown> | undefined =>
  job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with;
const runs = (job: Job): string[] => job.steps.flatMap((step) => (step.run ? [step.run] : []));
/** The index of the first step whose command contains `text` (-1: none). */
const stepIndex = (job: Job, text: string): number => job.steps.findIndex((step) => step.run?.includes(text));

describe('ci.yml', () => {
  const workflow = readWorkflow('ci.yml');
  const test = workflow.jobs.test!;

  it('runs on every push to main and every pull request, reading only', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('checks that the pinned Electron is a supported major', () => {
    expect(runs(workflow.jobs['electron-support']!)).toContain('npm run check:electron');
  });

  it("tests on Linux, Windows and macOS with the project's Node 24, and on Linux with 22 and 26", () => {
    expect(test['runs-on']).toBe('${{ matrix.os }}');
    expect(test.strategy!.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(test.strategy!.matrix.node).toEqual([24]);
    expect(test.strategy!.matrix.include).toEqual([
      { os: 'ubuntu-latest', node: 22 },
      { os: 'ubuntu-latest', node: 26 },
    ]);
    // 24 is the exact version .node-version pins (what .ci/run runs here); the others by line.
    const setupNode = test.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.['node-version']).toBe("${{ matrix.node != 24 && matrix.node || '' }}");
    expect(setupNode?.with?.['node-version-file']).toBe('.node-version');
    expect(pinnedNode).toMatch(/^24\.\d+\.\d+$/);
  });

  it('checks the Electron major on the pinned Node', () => {
    expect(setupNodeOf(workflow.jobs['electron-support']!)).toEqual({ 'node-version-file': '.node-version' });
  });

  it('installs with the binary, tests, runs the Electron suite, then builds installers, in that order', () => {
    const order = [
      'npm ci',
      'npm test',
      'xvfb-run --auto-servernum -- npm run test:e2e:electron',
      'electron-builder --config electron-builder.json --publish never',
    ].map((command) => stepIndex(test, command));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Off Linux the same suite runs without xvfb; the suite fails rather than skips without Electron.
    const plain = test.steps.find((step) => step.run === 'npm run test:e2e:electron');
    expect(plain?.if).toBe("runner.os != 'Linux'");
    expect(test.env?.DESK_REQUIRE_ELECTRON).toBe(1);
    // No installer of a pull request is signed or published.
    expect(test.env?.CSC_IDENTITY_AUTO_DISCOVERY).toBe(false);
    expect(runs(test).some((run) => run.includes('--publish always'))).toBe(false);
  });
});

describe('release.yml', () => {
  const workflow = readWorkflow('release.yml');
  const installers = workflow.jobs.installers!;

  it('runs on version tags only, and may write the release', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'write' });
  });

  it("builds every release on the project's pinned Node", () => {
    expect(setupNodeOf(workflow.jobs.check!)).toEqual({ 'node-version-file': '.node-version' });
    expect(setupNodeOf(installers)).toEqual({ 'node-version-file': '.node-version', cache: 'npm' });
  });

  it('checks the tag against the version and the Electron major first', () => {
    const check = workflow.jobs.check!;
    expect(runs(check).join('\n')).toContain('GITHUB_REF_NAME');
    expect(runs(check)).toContain('npm run check:electron');
    expect(installers.needs).toBe('check');
  });

  it('tests, then builds and publishes signed installers with the update feed on every platform', () => {
    expect(installers.strategy!.matrix.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    const order = ['npm ci', 'npm test', 'npm run test:e2e:electron', '--publish always'].map((command) =>
      stepIndex(installers, command),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const publish = installers.steps[order[3]!]!;
    expect(Object.keys(publish.env ?? {}).sort()).toEqual(
      [
        'GH_TOKEN',
        'CSC_LINK',
        'CSC_KEY_PASSWORD',
        'APPLE_ID',
        'APPLE_APP_SPECIFIC_PASSWORD',
        'APPLE_TEAM_ID',
        'WIN_CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
      ].sort(),
    );
    // Every signing setting comes from the repository's secrets, none is written here.
    for (const [name, value] of Object.entries(publish.env ?? {})) {
      expect(value, name).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
    }
  });

  it('publishes the draft release only after every platform is in', () => {
    const publish = workflow.jobs.publish!;
    expect(publish.needs).toBe('installers');
    expect(runs(publish).join('\n')).toContain('gh release edit "$GITHUB_REF_NAME"');
    expect(runs(publish).join('\n')).toContain('--draft=false');
  });
});
