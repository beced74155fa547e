import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { buildSandbox } from './app';
import { consoleAddress } from './admin/console';
import { openClock } from './clock';
import { ensureDemo } from './demo';
import { writeErpSamples } from './erp/samples';
import { defaultRatePerMinute, liveOf, maxClockSpeed, maxRatePerMinute } from './live/controller';
import { logFailure } from './log';
import { openStore } from './store/db';

const usage = `Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--data .sandbox] [--seed 1] [--docs 200] [--rate-limit 120] [--erp-samples DIR] [--live [RATE] [--clock-speed 1]]`;

function integerFlag(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got "${value}").\n${usage}`);
    process.exit(2);
  }
  return n;
}

function numberFlag(name: string, value: string, min: number, max: number, minIncluded: boolean): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n > max || (minIncluded ? n < min : n <= min)) {
    const bound = minIncluded ? `at least ${min}` : `more than ${min}`;
    console.error(`--${name} must be a number ${bound} and at most ${max} (got "${value}").\n${usage}`);
    process.exit(2);
  }
  return n;
}

/**
 * The arguments with the rate of a bare `--live` filled in: `--live` takes an optional number
 * (documents per minute, docs/decisions/028-live-mode.md), which `parseArgs` cannot express.
 */
function withLiveRate(args: readonly string[]): string[] {
  const out: string[] = [];
  args.forEach((arg, i) => {
    out.push(arg);
    const next = args[i + 1];
    if (arg === '--live' && (next === undefined || next.startsWith('--')))
      out.push(String(defaultRatePerMinute));
  });
  return out;
}

/** Starts the sandbox with the flags of ../shared/spec/sandbox-contract.md. */
async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: withLiveRate(process.argv.slice(2)),
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string' },
        docs: { type: 'string' },
        'rate-limit': { type: 'string' },
        'write-delay-ms': { type: 'string' },
        'erp-samples': { type: 'string' },
        live: { type: 'string' },
        'clock-speed': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = integerFlag('port', values.port, 8787, 0);
  const host = values.host ?? '127.0.0.1';
  const dataDir = resolve(values.data ?? '.sandbox');
  const seed = integerFlag('seed', values.seed, 1, 0);
  const docs = integerFlag('docs', values.docs, 200, 0);
  const rateLimitPerMinute = integerFlag('rate-limit', values['rate-limit'], 120, 1);
  const writeDelayMs = integerFlag('write-delay-ms', values['write-delay-ms'], 0, 0);
  const liveRate =
    values.live === undefined ? undefined : numberFlag('live', values.live, 0, maxRatePerMinute, false);
  if (values['clock-speed'] !== undefined && liveRate === undefined) {
    console.error(
      `--clock-speed sets how fast the sandbox clock runs in live mode; give --live too.\n${usage}`,
    );
    process.exit(2);
  }
  const clockSpeed =
    values['clock-speed'] === undefined
      ? 1
      : numberFlag('clock-speed', values['clock-speed'], 1, maxClockSpeed, true);

  const db = openStore(dataDir);
  const adminSecret = ensureDemo(db, openClock(db), dataDir, { seed, docs, rateLimitPerMinute });
  guardProcess(adminSecret, () => db.open);
  const app = await buildSandbox(db, { dataDir, rateLimitPerMinute, writeDelayMs }, adminSecret);
  const address = await app.listen({ port, host });
  const url = new URL(address);
  // Written before the `listening` line, so whoever waits for that line finds them
  // (docs/decisions/027-erp-registers-and-samples.md; each real ERP layout under registers/<layout>/,
  // docs/decisions/104-erp-register-layouts.md). Samples are a convenience: a failure is
  // logged and the sandbox serves anyway.
  const erpSamples = values['erp-samples'] ?? process.env.SANDBOX_ERP_SAMPLES;
  if (erpSamples) {
    const dir = resolve(erpSamples);
    try {
      await writeErpSamples(db, dir);
      console.log(`ERP sample exports (registers/ and master data, CSV and XLSX) written to ${dir}`);
    } catch (error) {
      logFailure(`could not write the ERP samples to ${dir}`, error, [adminSecret]);
    }
  }
  // Live mode starts once the sandbox answers; its timer is unref'd (docs/decisions/028-live-mode.md).
  const live = liveOf(app.sandbox);
  if (liveRate !== undefined) live.start({ ratePerMinute: liveRate, clockSpeed });
  console.log(`listening http://${url.host}/api/integration/v1`);
  // The console's address carries the admin secret: printed to a terminal only, never into a piped log
  // (docs/decisions/019-sandbox-console-page.md). Whoever is not at a terminal reads DIR/admin-secret.
  if (process.stdout.isTTY) console.log(`console ${consoleAddress(url, adminSecret)}`);

  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    // Stop taking requests, finish those in flight, then close the store (contract: exit 0). Live mode
    // stops first, so no tick runs while closing or after the store is closed.
    try {
      live.stop();
      await app.close();
      db.close();
    } catch (error) {
      logFailure('shutting down failed', error, [adminSecret]);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // Started as a desk's child process ("Open the demo company" in browser mode), it has an IPC channel
  // to the desk, which closes when the desk ends however it ends: the sandbox stops with it rather than
  // keep the demo's port (docs/decisions/099-demo-company.md).
  process.on('disconnect', () => void shutdown());
}

/**
 * Keeps the sandbox serving through a failure that escaped every handler: a promise rejected with
 * nobody awaiting it, or an exception thrown from a timer or an event listener. Route handlers,
 * hooks and body parsers never get here (Fastify hands their errors to `replyThrownError`, which answers
 * 500 INTERNAL); this is the net under everything else. Each one is logged with secrets masked
 * (never a token or an Authorization header) and the process goes on serving, which is safe because
 * every write is one SQLite transaction together with its idempotency answer, so an escaped failure
 * leaves no half-made write behind. Only when the store is no longer open, so nothing could be
 * served, does an uncaught exception end the process, with exit code 1.
 */
function guardProcess(adminSecret: string, canServe: () => boolean): void {
  process.on('unhandledRejection', (reason) => {
    logFailure('a promise was rejected and nothing handled it; still serving', reason, [adminSecret]);
  });
  process.on('uncaughtException', (error, origin) => {
    if (canServe()) {
      logFailure(`${origin} escaped every handler; still serving`, error, [adminSecret]);
      return;
    }
    logFailure(`${origin} escaped every handler while the store is closed; exiting`, error, [adminSecret]);
    process.exit(1);
  });
}

// A failure to start (a taken port, an unreadable data folder) ends the process with exit code 1.
main().catch((error: unknown) => {
  logFailure('could not start', error);
  process.exit(1);
});
