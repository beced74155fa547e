import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const secret = 'launch-secret-for-guard-tests';

describe("the host's process-level net (keepServingThroughErrors)", () => {
  it('logs an unhandled rejection and an uncaught exception, redacted and without the secret, and keeps running', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'test/browser-host/guard-child.ts'), secret],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));

    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'still running' });
    expect(stderr).toContain('desk host: an unhandled rejection; still serving.');
    expect(stderr).toContain('Error: rejected while holding [secret], Authorization: [redacted]');
    expect(stderr).toContain('desk host: an uncaught exception; still serving.');
    expect(stderr).toContain(`Error: thrown while holding [secret] and svc_test_AAAAAAAA…`);
    expect(stderr).not.toContain(secret);
    expect(stderr).not.toContain('abc.def');
    expect(stderr).not.toContain('A'.repeat(43));
  }, 30_000);
});
