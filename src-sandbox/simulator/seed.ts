import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';
import { runActivity, type ActivityCounts, type CreatedIds } from './activity';
import { dateOf } from './format';
import { createPrng, seedOf } from './prng';
import { loadWorld, seedMasterData } from './world';

const dayMs = 86_400_000;
/** How far back the demo company's documents go. */
const historyDays = 60;

/**
 * The activity of the demo company for `--docs N` (docs/decisions/026-demo-data-and-simulator.md):
 * N orders awaiting the ERP, N invoices (each delivering its own van-sale order, so the order feed
 * holds 2N), N payments, N returns, and a few changes of payments: 3% reversals, 3% cheque bounces,
 * 2% receipt voids (at least one of each when N > 0).
 */
export function demoActivityCounts(docs: number): ActivityCounts {
  const some = (share: number): number => (docs > 0 ? Math.max(1, Math.ceil(docs * share)) : 0);
  return {
    orders: docs,
    invoices: docs,
    payments: docs,
    returns: docs,
    reversals: some(0.03),
    chequeBounces: some(0.03),
    receiptVoids: some(0.02),
  };
}

/**
 * Seeds a company's master data (units, catalogue with prices, customers with branches, sales reps,
 * warehouses) and `docs` documents of each kind through the activity simulator, deterministically
 * from `seed`: the same seed gives the same ids, numbers and amounts; times are placed over the
 * last 60 days before the sandbox clock's current minute.
 */
export function seedDemoCompany(
  db: Database,
  clock: SandboxClock,
  companyId: string,
  options: { seed: number; docs: number; chunkSize?: number },
): CreatedIds {
  const company = db.prepare('SELECT code FROM companies WHERE id = ?').get(companyId) as
    { code: string } | undefined;
  const rng = createPrng(seedOf(options.seed, company?.code ?? companyId));
  const endMs = Math.floor(clock.nowMs() / 60_000) * 60_000 - 60_000;
  const startMs = endMs - historyDays * dayMs;
  seedMasterData(db, companyId, rng, startMs - 30 * dayMs);
  const world = loadWorld(db, companyId, dateOf(endMs));
  return runActivity(db, world, demoActivityCounts(options.docs), {
    rng,
    nowMs: () => clock.nowMs(),
    timeline: { startMs, endMs },
    ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
  });
}
