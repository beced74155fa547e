import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openClock } from '../../src-sandbox/clock';
import { seedDemoCompany } from '../../src-sandbox/simulator/seed';
import { openStore } from '../../src-sandbox/store/db';
import { createCompany } from '../../src-sandbox/store/platform';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import type { BenchModule, BenchRow } from './types';

/**
 * Documents, feeds and acks of the sandbox (issue 3): a 500-document feed page (p50 at most 25 ms),
 * a 500-item batch ack (p50 at most 150 ms), both beside the `GET /me` latency of the same sandbox,
 * and the simulator making 100,000 documents (under a minute).
 */

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

async function timed(call: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const response = await call();
  await response.arrayBuffer();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`bench call answered ${response.status}`);
  return ms;
}

async function feedIds(sandbox: RunningSandbox, feed: string): Promise<string[]> {
  const ids: string[] = [];
  let after = 0;
  for (;;) {
    const response = await fetch(`${sandbox.baseUrl}/${feed}?per_page=500&filter[version_after]=${after}`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    const page = (await response.json()) as {
      data: Array<{ id: string }>;
      meta: { has_more: boolean; next_version_after: number };
    };
    ids.push(...page.data.map((doc) => doc.id));
    if (!page.meta.has_more) return ids;
    after = page.meta.next_version_after;
  }
}

/** How long the simulator takes to make `docs` of each kind for a fresh demo company, in ms. */
function simulate(docs: number): { ms: number; documents: number } {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sim-'));
  try {
    const db = openStore(dataDir);
    const clock = openClock(db);
    const start = performance.now();
    db.transaction(() =>
      seedDemoCompany(db, clock, createCompany(db, clock, 'DEMO', 'Bench').id, { seed: 7, docs }),
    )();
    const ms = performance.now() - start;
    const documents = (db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
    db.close();
    return { ms, documents };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: BenchModule = async (context) => {
  const rows: BenchRow[] = [];
  const sandbox = await startSandbox({ docs: context.quick ? 1000 : 3000, rateLimit: 100_000_000 });
  try {
    const headers = { authorization: `Bearer ${sandbox.token}` };
    const rounds = context.quick ? 15 : 40;

    const me: number[] = [];
    for (let i = 0; i < rounds + 5; i++)
      me.push(await timed(() => fetch(`${sandbox.baseUrl}/me`, { headers })));
    const meP50 = p50(me.slice(5));
    rows.push({
      group: 'sandbox-documents',
      name: `GET /me p50 of ${me.length - 5} (baseline of the ratios)`,
      value: round(meP50, 2),
      unit: 'ms',
      samples: me.slice(5).map((ms) => round(ms, 2)),
    });
    const helloRps = context.baselines.get('hello_world_rps');
    if (helloRps !== undefined)
      rows.push({
        group: 'sandbox-documents',
        name: 'hello-world (same run)',
        value: round(helloRps, 0),
        unit: 'req/s',
      });

    // The ERP adopts the units by code first, so served references carry ERP keys (the slower path).
    for (const code of ['PCS', 'CTN', 'KG']) {
      await fetch(`${sandbox.baseUrl}/units/${code}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-unit-${code}` },
        body: JSON.stringify({ name: { en: code } }),
      });
    }
    // Invoices are the largest documents (lines plus the order summary).
    const pages: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const after = i % 2 === 0 ? 0 : 'filter[updated_after]=2000-01-01T00:00:00Z';
      const query = typeof after === 'number' ? `filter[version_after]=${after}` : after;
      pages.push(await timed(() => fetch(`${sandbox.baseUrl}/invoices?per_page=500&${query}`, { headers })));
    }
    const pageP50 = p50(pages.slice(5));
    rows.push({
      group: 'sandbox-documents',
      name: `GET /invoices 500-document page p50 of ${pages.length - 5}`,
      value: round(pageP50, 2),
      unit: 'ms',
      target: '<= 25 ms p50',
      ratio: round(pageP50 / meP50, 2),
      pass: pageP50 <= 25,
      samples: pages.slice(5).map((ms) => round(ms, 1)),
    });

    const targets = [
      ...(await feedIds(sandbox, 'invoices')).map((id) => ({ entity: 'invoice', id })),
      ...(await feedIds(sandbox, 'payments')).map((id) => ({ entity: 'payment', id })),
      ...(await feedIds(sandbox, 'returns')).map((id) => ({ entity: 'return', id })),
    ];
    const batches: number[] = [];
    for (let start = 0; start + 500 <= targets.length; start += 500) {
      const slice = targets.slice(start, start + 500);
      const entity = slice[0]?.entity;
      if (!slice.every((t) => t.entity === entity)) continue;
      const body = JSON.stringify({
        entity,
        items: slice.map((t, i) => ({
          id: t.id,
          outcome: i % 10 === 0 ? 'REJECTED' : 'ACCEPTED',
          external_ref: `GL-${start + i}`,
          reason_code: i % 10 === 0 ? 'DUPLICATE' : null,
        })),
      });
      batches.push(
        await timed(() =>
          fetch(`${sandbox.baseUrl}/acks`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-${start}` },
            body,
          }),
        ),
      );
    }
    const batchP50 = p50(batches);
    rows.push({
      group: 'sandbox-documents',
      name: `POST /acks 500 items p50 of ${batches.length} batches`,
      value: round(batchP50, 1),
      unit: 'ms',
      target: '<= 150 ms p50',
      ratio: round(batchP50 / meP50, 1),
      pass: batchP50 <= 150,
      samples: batches.map((ms) => round(ms, 1)),
    });
  } finally {
    await sandbox.dispose();
  }

  // --docs N makes N orders awaiting the ERP plus N van-sale orders, N invoices, N payments, N returns.
  const docs = context.quick ? 2000 : 20_000;
  const made: Array<{ ms: number; documents: number }> = [];
  for (let run = 0; run < context.runs; run += 1) made.push(simulate(docs));
  const seconds = made.map((run) => run.ms / 1000);
  const rates = made.map((run) => run.documents / (run.ms / 1000));
  const perSecond = p50(rates);
  rows.push({
    group: 'sandbox-documents',
    name: `simulator: ${made[0]?.documents ?? 0} documents, median of ${made.length}`,
    value: round(p50(seconds), 1),
    unit: 's',
    target: '100,000 in < 60 s',
    pass: 100_000 / perSecond < 60,
    samples: seconds.map((s) => round(s, 1)),
  });
  rows.push({
    group: 'sandbox-documents',
    name: `simulator rate, median of ${made.length}`,
    value: round(perSecond, 0),
    unit: 'docs/s',
    samples: rates.map((rate) => round(rate, 0)),
  });
  return rows;
};

export default bench;
