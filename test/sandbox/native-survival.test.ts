// The sandbox survives garbage collection of its SQLite statements under the project's Node
// (docs/decisions/103-node-24-and-better-sqlite3-13.md). better-sqlite3 12 and older, built on the raw
// node::ObjectWrap, abort the process ("Assertion failed: (env) != nullptr" in
// node::RemoveEnvironmentCleanupHook, from Statement::~Statement) on Node 24.19 or later when a statement
// is collected; this runs the sandbox with --expose-gc, prepares and drops many statements while forcing
// collections and serving requests, then asks it to stop: it must exit 0 with no native abort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nativeAbort, startSandbox, type RunningSandbox } from '../support/sandbox';

const gcPressure = pathToFileURL(join(import.meta.dirname, 'fixtures', 'gc-pressure.mjs')).href;

describe('the sandbox under forced garbage collection (native module and Node agree)', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({
      docs: 40,
      rateLimit: 1_000_000,
      nodeArgs: ['--expose-gc', '--import', gcPressure],
    });
  });
  afterAll(async () => {
    await sandbox?.dispose();
  });

  it('serves feed pages while statements are collected, then exits 0 on SIGTERM', async () => {
    const feeds = ['invoices', 'payments', 'returns', 'orders'];
    let served = 0;
    for (let round = 0; round < 40; round += 1) {
      const responses = await Promise.all(
        feeds.map((feed) =>
          fetch(`${sandbox.baseUrl}/${feed}?per_page=${5 + round}`, {
            headers: { authorization: `Bearer ${sandbox.token}` },
          }),
        ),
      );
      for (const response of responses) {
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        served += 1;
      }
    }
    expect(served).toBe(160);
    expect(sandbox.process.exitCode, sandbox.stderr()).toBeNull();

    const code = await sandbox.stop('SIGTERM');
    // Windows has no SIGTERM: Node ends the process there at once, so only POSIX can show a clean exit.
    if (process.platform !== 'win32') {
      expect({ code, signal: sandbox.process.signalCode }, sandbox.stderr()).toEqual({
        code: 0,
        signal: null,
      });
    }
    expect(sandbox.stderr()).not.toMatch(nativeAbort);
  });
});
