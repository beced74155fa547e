import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';
import { runActivity, type ActivityCounts, type CreatedIds } from '../simulator/activity';
import { dateOf } from '../simulator/format';
import { createPrng, seedOf, type Prng } from '../simulator/prng';
import { loadWorld, type World } from '../simulator/world';
import { reserveCounter } from '../store/documents';
import { companyByCode } from '../store/platform';

/** One field event of live mode: an activity of `POST /_sandbox/simulate`. */
export type LiveActivity = keyof ActivityCounts;

/**
 * The mix of live mode (docs/decisions/028-live-mode.md), in percent of events: reps take orders and
 * deliver them as invoices (an order the ERP confirmed, else a van sale), collect payments (cash,
 * cheque or transfer, as `collectPayment` draws), and now and then record a return, or the office
 * reverses a payment, a cheque bounces or a receipt is voided.
 */
export const liveMix: ReadonlyArray<readonly [LiveActivity, number]> = [
  ['orders', 30],
  ['invoices', 25],
  ['payments', 25],
  ['returns', 8],
  ['reversals', 4],
  ['chequeBounces', 4],
  ['receiptVoids', 4],
];

/** What a tick made. */
export interface LiveTick {
  /** The tick's number in the company's count of live ticks (1 for the first ever). */
  tick: number;
  activity: LiveActivity;
  created: CreatedIds;
}

/**
 * Draws a tick's activity from `liveMix`, among what can happen now: a return needs an invoice with
 * something left to return, a reversal or a void a recorded payment, a bounce a cheque in hand. While
 * no invoice is open anywhere a payment is five times rarer (the simulator would issue an invoice
 * first, to have something to collect).
 */
function chooseActivity(db: Database, world: World, rng: Prng): LiveActivity {
  const has = (sql: string): boolean => db.prepare(sql).get(world.companyId) !== undefined;
  const recorded = has(
    "SELECT 1 FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' LIMIT 1",
  );
  const inHand =
    recorded &&
    has(
      "SELECT 1 FROM documents WHERE company_id = ? AND kind = 'payment' AND status = 'RECORDED' AND json_extract(body, '$.cheque.status') = 'IN_HAND' LIMIT 1",
    );
  const hasOpen = world.customers.some((customer) => customer.open.length > 0);
  const possible = (activity: LiveActivity): number => {
    switch (activity) {
      case 'payments':
        return hasOpen ? 1 : 0.2;
      case 'returns':
        return world.returnable.length > 0 ? 1 : 0;
      case 'reversals':
      case 'receiptVoids':
        return recorded ? 1 : 0;
      case 'chequeBounces':
        return inHand ? 1 : 0;
      default:
        return 1;
    }
  };
  const weights = liveMix.map(([activity, share]) => [activity, share * possible(activity)] as const);
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let r = rng.next() * total;
  for (const [activity, weight] of weights) {
    if (r < weight) return activity;
    r -= weight;
  }
  return 'orders';
}

/**
 * One tick of live mode for a company, in one transaction: the next tick number, a generator seeded by
 * the store's seed, the company code and that number (so the same seed and the same ticks from the same
 * data make the same documents, whenever they run), one activity drawn from the mix, made through the
 * simulator's flows at the sandbox clock's time (docs/decisions/028-live-mode.md). The tick number is
 * kept in the company's counters, so a restart goes on with new ids rather than repeating old ones.
 */
export function runLiveTick(db: Database, clock: SandboxClock, companyCode = 'DEMO'): LiveTick {
  return db.transaction((): LiveTick => {
    const company = companyByCode(db, companyCode);
    const tick = reserveCounter(db, company.id, 'live:tick');
    const seedRow = db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as
      { value: string } | undefined;
    const rng = createPrng(seedOf(seedRow?.value ?? '1', company.code, 'live', tick));
    const nowMs = clock.nowMs();
    const world = loadWorld(db, company.id, dateOf(nowMs));
    const activity = chooseActivity(db, world, rng);
    const counts: ActivityCounts = {
      orders: 0,
      invoices: 0,
      payments: 0,
      returns: 0,
      reversals: 0,
      chequeBounces: 0,
      receiptVoids: 0,
      [activity]: 1,
    };
    const created = runActivity(db, world, counts, { rng, nowMs: () => clock.nowMs() });
    return { tick, activity, created };
  })();
}

/**
 * Runs `count` ticks one after another, each in its own transaction, as live mode would over time:
 * how tests (and anything else that wants live mode's documents without waiting) drive it
 * deterministically.
 */
export function runLiveTicks(
  db: Database,
  clock: SandboxClock,
  count: number,
  companyCode = 'DEMO',
): LiveTick[] {
  const ticks: LiveTick[] = [];
  for (let i = 0; i < count; i++) ticks.push(runLiveTick(db, clock, companyCode));
  return ticks;
}

/** How many live ticks a company has run, ever. */
export function liveTickCount(db: Database, companyCode = 'DEMO'): number {
  const row = db
    .prepare(
      "SELECT c.value FROM counters c JOIN companies co ON co.id = c.company_id WHERE co.code = ? AND c.name = 'live:tick'",
    )
    .get(companyCode) as { value: number } | undefined;
  return row?.value ?? 0;
}
