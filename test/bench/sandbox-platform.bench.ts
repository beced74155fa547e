import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { startSandbox } from '../support/sandbox';
import type { BenchContext, BenchModule, BenchRow } from './types';

const root = resolve(import.meta.dirname, '../..');
const concurrency = 32; // requests in flight at once, over as many kept-alive connections
const targetRatio = 0.4; // issue 3: an authenticated GET /me serves at least 40% of a bare Fastify hello-world

/** The baseline: the same framework answering `{"hello":"world"}` with nothing else, in its own process. */
const helloWorldSource = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log('listening ' + address);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** Starts the hello-world server; answers its origin and the process. */
function startHelloWorld(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', helloWorldSource], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('hello-world did not start within 20 s')), 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ origin: match[1], child });
      }
    });
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop());
    child.kill('SIGTERM');
  });
}

interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/**
 * Keeps `concurrency` GETs of `path` in flight until `durationMs` passed or `maxRequests` were sent;
 * answers requests per second and latency. Throws on any answer other than 200.
 */
async function load(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  durationMs: number,
  maxRequests: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async (): Promise<void> => {
    while (sent < maxRequests && performance.now() < deadline) {
      sent += 1;
      const t0 = performance.now();
      const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
      await body.dump();
      if (statusCode !== 200) throw new Error(`GET ${path} answered ${statusCode}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedSec = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsedSec,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

/**
 * The sandbox's platform cost: requests/s of an authenticated `GET /me` on a real sandbox process
 * (token hash lookup, company and client checks, rate limit, request id, response schema) against a
 * bare Fastify hello-world on the same machine in the same run, both with 32 requests in flight over
 * kept-alive connections. Short rounds alternate between the two, so that a burst of load from
 * elsewhere on the machine (other processes share its cores) falls on both alike; each figure is the
 * median of the rounds, the ratio the median of each round's pair, and every round's figures are in
 * the raw results. Sets the baseline `hello_world_rps` (the median) for other modules.
 */
const sandboxPlatform: BenchModule = async (context: BenchContext): Promise<BenchRow[]> => {
  const rounds = context.quick ? 3 : 8;
  const durationMs = context.quick ? 600 : 1500;
  const warmupMs = context.quick ? 300 : 1000;
  const maxRequests = 1_000_000;

  const hello = await startHelloWorld();
  // A huge limit: the benchmark measures serving, not refusing (--rate-limit).
  const sandbox = await startSandbox({ docs: 0, rateLimit: 1_000_000_000 });
  const helloPool = new Pool(hello.origin, { connections: concurrency, pipelining: 1 });
  const sandboxPool = new Pool(sandbox.origin, { connections: concurrency, pipelining: 1 });
  const meHeaders = { authorization: `Bearer ${sandbox.token}` };
  const mePath = `${new URL(sandbox.baseUrl).pathname}/me`;
  try {
    await load(helloPool, '/', {}, warmupMs, maxRequests);
    await load(sandboxPool, mePath, meHeaders, warmupMs, maxRequests);
    const hellos: LoadResult[] = [];
    const mes: LoadResult[] = [];
    for (let round = 0; round < rounds; round += 1) {
      hellos.push(await load(helloPool, '/', {}, durationMs, maxRequests));
      mes.push(await load(sandboxPool, mePath, meHeaders, durationMs, maxRequests));
    }
    const mid = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
    const helloRps = mid(hellos.map((h) => h.rps));
    const meRps = mid(mes.map((m) => m.rps));
    const ratios = mes.map((m, i) => m.rps / (hellos[i]?.rps ?? NaN));
    const ratio = mid(ratios);
    context.baselines.set('hello_world_rps', helloRps);
    const kept = (values: number[], digits: number) =>
      values.map((v) => Math.round(v * 10 ** digits) / 10 ** digits);
    return [
      {
        group: 'sandbox',
        name: `hello-world (bare Fastify) requests/s, 32 in flight, median of ${rounds} rounds`,
        value: helloRps,
        unit: 'req/s',
        samples: kept(
          hellos.map((h) => h.rps),
          0,
        ),
      },
      {
        group: 'sandbox',
        name: `GET /me (authenticated) requests/s, 32 in flight, median of ${rounds} rounds`,
        value: meRps,
        unit: 'req/s',
        target: `>= ${targetRatio * 100}% of hello-world`,
        ratio,
        pass: ratio >= targetRatio,
        samples: kept(
          mes.map((m) => m.rps),
          0,
        ),
      },
      {
        group: 'sandbox',
        name: `GET /me latency p50, 32 in flight, median of ${rounds} rounds`,
        value: mid(mes.map((m) => m.p50Ms)),
        unit: 'ms',
        samples: kept(
          mes.map((m) => m.p50Ms),
          2,
        ),
      },
      {
        group: 'sandbox',
        name: `GET /me latency p99, 32 in flight, median of ${rounds} rounds`,
        value: mid(mes.map((m) => m.p99Ms)),
        unit: 'ms',
        samples: kept(
          mes.map((m) => m.p99Ms),
          2,
        ),
      },
    ];
  } finally {
    await Promise.all([helloPool.close(), sandboxPool.close()]);
    await Promise.all([sandbox.dispose(), stopProcess(hello.child)]);
  }
};

export default sandboxPlatform;
