// The pinned Electron must be one of the three newest stable majors the registry names; prerelease
// tags never count. The rule is tested on dist-tags fixtures, and the script on a file of them, so no
// test here needs the registry (docs/decisions/096-supported-electron.md).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { judgeElectronSupport } from '../../../scripts/lib/electron-support.mjs';

const root = resolve(import.meta.dirname, '../../..');

/** Dist-tags shaped as the registry gives them for electron: a tag per maintained branch and prereleases. */
const distTags = {
  latest: '45.4.1',
  '45-x-y': '45.4.1',
  '44-x-y': '44.11.5',
  '43-x-y': '43.8.12',
  '42-x-y': '42.9.0',
  beta: '46.0.0-beta.3',
  alpha: '47.0.0-alpha.1',
  nightly: '48.0.0-nightly.20261120',
};

describe('judgeElectronSupport', () => {
  it('passes a pin on any of the three newest stable majors', () => {
    expect(['45.4.1', '44.11.5', '43.8.12'].map((pin) => judgeElectronSupport(pin, distTags).ok)).toEqual([
      true,
      true,
      true,
    ]);
    expect(judgeElectronSupport('45.4.1', distTags)).toEqual({
      ok: true,
      pinnedMajor: 45,
      latestStable: '45.4.1',
      supportedMajors: [45, 44, 43],
      message:
        'electron 45.4.1 is pinned; Electron supports its majors 45, 44 and 43 (newest stable 45.4.1).',
    });
  });

  it('warns, still passing, when the pin is the oldest of the three', () => {
    const verdict = judgeElectronSupport('43.8.12', distTags);
    expect(verdict.ok).toBe(true);
    expect(verdict.message).toContain('43 is the oldest of them and drops out at the next major');
  });

  it('fails a pin that fell out of the three, saying what to do', () => {
    const verdict = judgeElectronSupport('40.8.5', distTags);
    expect(verdict.ok).toBe(false);
    expect(verdict.supportedMajors).toEqual([45, 44, 43]);
    expect(verdict.message).toContain(
      'electron 40.8.5 is pinned, but Electron supports only its majors 45, 44 and 43',
    );
    expect(verdict.message).toContain('Move to the newest 45.x release (45.4.1)');
    expect(verdict.message).toContain('docs/decisions/096-supported-electron.md');
    // A branch tag still published for an older major does not make it supported.
    expect(judgeElectronSupport('42.9.0', distTags).ok).toBe(false);
  });

  it('ignores prerelease tags: a beta of the next major neither counts nor moves the window', () => {
    expect(judgeElectronSupport('46.0.0-beta.3', distTags).ok).toBe(false);
    const onlyPrereleasesAhead = { latest: '45.4.1', beta: '46.0.0-beta.3', alpha: '47.0.0-alpha.1' };
    expect(judgeElectronSupport('43.0.0', onlyPrereleasesAhead).supportedMajors).toEqual([45, 44, 43]);
    expect(judgeElectronSupport('43.0.0', onlyPrereleasesAhead).ok).toBe(true);
  });

  it('reads the window from the newest stable tag, even when latest lags behind a branch tag', () => {
    expect(judgeElectronSupport('44.0.0', { latest: '45.4.1', '46-x-y': '46.0.1' }).supportedMajors).toEqual([
      46, 45, 44,
    ]);
  });

  it('fails without a stable tag, or with a pin that is no exact version', () => {
    expect(judgeElectronSupport('45.4.1', { beta: '46.0.0-beta.3' })).toMatchObject({
      ok: false,
      latestStable: null,
    });
    expect(judgeElectronSupport('^45.4.1', distTags)).toMatchObject({ ok: false, pinnedMajor: null });
    expect(judgeElectronSupport(undefined, distTags).ok).toBe(false);
  });
});

describe('scripts/check-electron-support.mjs', () => {
  function runCheck(tags: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'desk-dist-tags-'));
    const file = join(dir, 'dist-tags.json');
    writeFileSync(file, JSON.stringify(tags));
    return new Promise((resolveRun) => {
      execFile(
        process.execPath,
        [join(root, 'scripts/check-electron-support.mjs'), '--dist-tags', file],
        { cwd: root },
        (error, stdout, stderr) => {
          rmSync(dir, { recursive: true, force: true });
          resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        },
      );
    });
  }

  it("passes the project's pin against current dist-tags", async () => {
    const run = await runCheck(distTags);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^check:electron: electron \d+\.\d+\.\d+ is pinned; Electron supports/);
  });

  it('exits 1 when the registry has moved three majors on', async () => {
    const run = await runCheck({ latest: '99.0.0', beta: '100.0.0-beta.1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Electron supports only its majors 99, 98 and 97');
  });

  it('exits 1 when the dist-tags cannot be read', async () => {
    const run = await runCheck('not dist-tags');
    expect(run.code).toBe(1);
  });
});
