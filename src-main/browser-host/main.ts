import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createFileStore } from '../core/adapters/file-store';
import { AuditTrail } from '../core/audit/audit-trail';
import { createMemoryKeychain } from '../core/adapters/memory-keychain';
import { describeKeychainFinding } from '../core/adapters/keychain-probe';
import { openKeychainReporting } from '../core/adapters/os-keychain';
import { systemClock } from '../core/adapters/system-clock';
import { applyStartupConnection } from '../core/bootstrap';
import { createNodeDemoSandbox } from '../core/demo/node-demo-sandbox';
import { DeskCore } from '../core/desk-service';
import { describeError, keepServingThroughErrors } from './guard';
import { createBrowserHost } from './server';

// Drawn before anything can fail, so that every log line from here on can be cleaned of it.
const secret = randomBytes(24).toString('base64url');
keepServingThroughErrors([secret]);

/**
 * `npm run start:browser`: the renderer and the main-process core in a browser, for machines without
 * Electron. Binds 127.0.0.1 only and prints the address with this launch's secret (the one place it
 * is ever written; docs/decisions/070-browser-host-secret.md).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      renderer: { type: 'string' },
      'service-url': { type: 'string' },
      'sandbox-data': { type: 'string' },
      keychain: { type: 'string' },
      'demo-entry': { type: 'string' },
    },
  });
  const port = Number(values.port ?? 5180);
  const rendererDir = resolve(values.renderer ?? 'out/renderer');
  if (!existsSync(resolve(rendererDir, 'index.html'))) {
    console.error(`No built renderer in ${rendererDir}. Run "npm run build" first.`);
    process.exit(2);
  }
  // A keychain that does not outlive the session counts as memory (decision 095), and says how to fix it.
  const opening = values.keychain === 'memory' ? null : await openKeychainReporting();
  const keychain = opening?.keychain ?? createMemoryKeychain();
  const keychainWarning = opening
    ? describeKeychainFinding(opening.finding)
    : 'Tokens are kept in memory for this session only, never on disk (--keychain memory).';
  if (keychainWarning) console.warn(keychainWarning);
  const dataDir = resolve(values.data ?? '.desk');
  // "Open the demo company": the sandbox bundle built beside the renderer, run as this host's child with
  // its data in the host's data folder, browser mode's user-data folder (docs/decisions/099-demo-company.md).
  const demo = createNodeDemoSandbox({
    dataDir: join(dataDir, 'demo-sandbox'),
    entry: resolve(values['demo-entry'] ?? join(rendererDir, '..', 'main', 'sandbox.js')),
    log: (line) => console.log(`[demo sandbox] ${line}`),
  });
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string };
  const core = new DeskCore({
    runtime: 'browser',
    version: pkg.version,
    keychain,
    store: createFileStore(dataDir),
    clock: systemClock,
    demo,
    audit: new AuditTrail({ dir: join(dataDir, 'audit'), clock: systemClock }),
  });
  await applyStartupConnection(core, {
    serviceUrl: values['service-url'] ?? process.env.DESK_SERVICE_URL,
    sandboxDataDir: values['sandbox-data'],
    token: process.env.DESK_SERVICE_TOKEN,
  });
  delete process.env.DESK_SERVICE_TOKEN;

  const server = createBrowserHost({
    api: core.api,
    rendererDir,
    secret,
    subscribe: (listener) => core.subscribe(listener),
  });
  // Not serving at all (the port taken) is a failed start, not something to keep going through.
  server.on('error', (error) => {
    console.error(`desk host: cannot serve on 127.0.0.1:${port}.\n${describeError(error, [secret])}`);
    process.exit(1);
  });
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    console.log(`open http://127.0.0.1:${actual}/?secret=${secret}`);
  });
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
    void core.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // A failed start (no keychain, a data folder it cannot write) is not a request: stop and say why.
  console.error(`desk host: could not start.\n${describeError(error, [secret])}`);
  process.exit(1);
});
