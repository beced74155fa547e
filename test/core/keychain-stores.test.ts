import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { secretServiceHint } from '../../src-main/core/adapters/keychain-probe';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

// The real keyring library where no keychain outlives the session. Linux's keyring library would file
// tokens in the kernel's session keyring there; the app must keep them in memory and say so
// (docs/decisions/095-keychain-that-outlives-the-session.md). The Secret Service case is
// test/core/keychain.test.ts.

const root = resolve(import.meta.dirname, '../..');
const isCi = process.env.CI === 'true';
const isLinux = process.platform === 'linux';
const child = ['--import', 'tsx', 'test/core/open-keychain-child.ts'];

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  spawnError: string | null;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<ChildRun> {
  return new Promise((resolveRun) => {
    const proc = spawn(command, args, {
      cwd: root,
      // No DISPLAY: D-Bus must not be autolaunched, nor a prompt shown.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.on('error', (error) => {
      clearTimeout(timer);
      resolveRun({ code: null, stdout, stderr, spawnError: error.message });
    });
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr, spawnError: null });
    });
  });
}

/** A session bus that owns no service and can start none: D-Bus is there, a Secret Service is not. */
const bareBusConfig = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

describe.runIf(isLinux)('the keychain on Linux where no Secret Service keeps tokens', () => {
  let sandbox: RunningSandbox;
  let home: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    home = mkdtempSync(join(tmpdir(), 'desk-keychain-stores-'));
    writeFileSync(join(home, 'bare-bus.conf'), bareBusConfig);
  });
  afterAll(async () => {
    await sandbox?.dispose();
    rmSync(home, { recursive: true, force: true });
  });

  /** The child's environment: a home and data folder of its own, so nothing touches the user's keyrings. */
  function environment(name: string): Record<string, string> {
    const dir = join(home, name);
    return {
      NODE: process.execPath,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_RUNTIME_DIR: dir,
      KEYCHAIN_SERVICE: `reconciliation-desk-test-${process.pid}-${name}`,
      DESK_DATA_DIR: join(dir, 'desk'),
      SANDBOX_BASE_URL: sandbox.baseUrl,
      TOKEN: sandbox.token,
    };
  }

  function reportOf(result: ChildRun): unknown {
    expect(result.spawnError).toBeNull();
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
  }

  /** What the app must say and keep wherever tokens would not outlive the session. */
  function memoryOnly(reason: string): unknown {
    return {
      finding: { storage: 'memory', reason },
      warning: expect.stringContaining(secretServiceHint),
      appTokenStorage: 'memory',
      connectionTokenStorage: 'memory',
      tokenReadBack: true,
      // Neither the probe nor the token is left in the kernel's keyring.
      kernelSecrets: { afterProbe: [], afterAdd: [] },
    };
  }

  it('keeps tokens in memory, says why, and files nothing in the kernel keyring when there is no D-Bus session', async () => {
    const env = environment('no-bus');
    const result = await run(process.execPath, child, {
      ...env,
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-bus', 'nothing-listens-here')}`,
    });
    expect(reportOf(result)).toEqual(memoryOnly('no-secret-service'));
  });

  it('keeps tokens in memory when D-Bus runs but no Secret Service is on it', async (context) => {
    const env = environment('bare-bus');
    const result = await run(
      'dbus-run-session',
      [`--config-file=${join(home, 'bare-bus.conf')}`, '--', process.execPath, ...child],
      env,
    );
    if (result.spawnError !== null) {
      const why = `dbus-run-session is not installed: ${result.spawnError}`;
      if (isCi) throw new Error(`${why}. CI installs dbus (.ci/run).`);
      context.skip(why);
    }
    expect(reportOf(result)).toEqual(memoryOnly('no-secret-service'));
  });

  it('keeps tokens in memory when the Secret Service answers but keeps nothing (no keyring it may write to)', async (context) => {
    // The session bus starts gnome-keyring on demand, with no keyring made or unlocked and no one to
    // answer its prompt: reads answer, writes fail.
    const env = environment('locked');
    const installed = ['/usr/bin/gnome-keyring-daemon', '/usr/local/bin/gnome-keyring-daemon'].some((p) =>
      existsSync(p),
    );
    if (!installed) {
      const why = 'gnome-keyring is not installed';
      if (isCi) throw new Error(`${why}. CI installs gnome-keyring (.ci/run).`);
      context.skip(why);
    }
    const result = await run('dbus-run-session', ['--', process.execPath, ...child], env);
    if (result.spawnError !== null) {
      const why = `dbus-run-session is not installed: ${result.spawnError}`;
      if (isCi) throw new Error(`${why}. CI installs dbus (.ci/run).`);
      context.skip(why);
    }
    expect(reportOf(result)).toEqual(memoryOnly('secret-service-refused'));
  });
});
