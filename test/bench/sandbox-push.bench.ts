import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import type { BenchContext, BenchModule, BenchRow } from './types';

const targetMs = 200; // issue 4: a 500-item product batch and a 500-row price push, each at most 200 ms p50

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Sends one call and answers its time in ms; throws unless the answer is 200. */
async function timed(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${sandbox.token}` };
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  const response = await fetch(`${sandbox.baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return elapsed;
}

/**
 * The sandbox's master-data pushes at their limits: a 500-item `POST /batch/products` and a 500-row
 * `PUT /price-lists/{ref}/prices?mode=replace`, each writing every item (names and prices change
 * between rounds), measured as p50 over loopback beside `GET /me` of the same run.
 */
const sandboxPush: BenchModule = async (context: BenchContext): Promise<BenchRow[]> => {
  const rounds = context.quick ? 5 : 20;
  const sandbox = await startSandbox({ docs: 0, rateLimit: 1_000_000 });
  try {
    await timed(sandbox, 'PUT', '/units/BENCH-PCS', { name: { en: 'Piece' } });
    await timed(sandbox, 'PUT', '/price-lists/BENCH-PL', { currency: 'EGP', name: { en: 'Bench list' } });
    const refs = Array.from({ length: 500 }, (_, i) => `BENCH-P${String(i).padStart(3, '0')}`);

    const me: number[] = [];
    for (let i = 0; i < rounds * 5; i += 1) me.push(await timed(sandbox, 'GET', '/me'));

    const batch: number[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      const items = refs.map((ref) => ({
        ref,
        body: { name: { en: `${ref} r${round}` }, base_unit_ref: 'BENCH-PCS' },
      }));
      const ms = await timed(sandbox, 'POST', '/batch/products', { items });
      if (round > 0) batch.push(ms); // round 0 creates the products and warms up
    }

    const prices: number[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      const rows = refs.map((ref, i) => ({
        product_ref: ref,
        unit_ref: 'BENCH-PCS',
        price: 10 + i + round / 100,
        valid_from: '2025-01-01',
        min_price: 5,
      }));
      const ms = await timed(sandbox, 'PUT', '/price-lists/BENCH-PL/prices?mode=replace', { prices: rows });
      if (round > 0) prices.push(ms);
    }

    const meP50 = median(me);
    const batchP50 = median(batch);
    const pricesP50 = median(prices);
    return [
      {
        group: 'sandbox',
        name: `GET /me p50 of ${me.length} (push baseline)`,
        value: meP50,
        unit: 'ms',
        samples: me.map((ms) => Math.round(ms * 100) / 100),
      },
      {
        group: 'sandbox',
        name: `POST /batch/products, 500 items, p50 of ${batch.length}`,
        value: batchP50,
        unit: 'ms',
        target: `<= ${targetMs} ms p50`,
        ratio: meP50 > 0 ? batchP50 / meP50 : undefined,
        pass: batchP50 <= targetMs,
        samples: batch.map((ms) => Math.round(ms * 10) / 10),
      },
      {
        group: 'sandbox',
        name: `PUT /price-lists/{ref}/prices, 500 rows, p50 of ${prices.length}`,
        value: pricesP50,
        unit: 'ms',
        target: `<= ${targetMs} ms p50`,
        ratio: meP50 > 0 ? pricesP50 / meP50 : undefined,
        pass: pricesP50 <= targetMs,
        samples: prices.map((ms) => Math.round(ms * 10) / 10),
      },
    ];
  } finally {
    await sandbox.dispose();
  }
};

export default sandboxPush;
