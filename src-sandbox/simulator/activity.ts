import type { Database } from 'better-sqlite3';
import { issueInvoice } from './activities/invoices';
import { takeOrder } from './activities/orders';
import { changePayment, collectPayment } from './activities/payments';
import { recordReturn } from './activities/returns';
import { ActivityState, type CreatedIds } from './activities/state';
import type { Prng } from './prng';
import { saveWorld, type World } from './world';

export type { CreatedIds } from './activities/state';

/**
 * The activity simulator: field activity made through the flows a rep's phone would take
 * (../shared/spec/sandbox-contract.md, `POST /_sandbox/simulate`; docs/decisions/026-demo-data-and-simulator.md):
 * a rep takes an order (ERP_PENDING); an invoice is issued by delivering an order (one the ERP
 * confirmed, else a van sale delivered on the spot); a payment allocates to the customer's open
 * invoices, oldest first; a return names lines of an issued invoice; a reversal, a cheque bounce or
 * a receipt void changes an existing payment at a new version.
 *
 * Amounts are integers (cents, thousandths) until they are written, so tax lines, line totals,
 * totals, allocations and `on_account` add up exactly. Bodies are built typed and stored without
 * per-row schema validation (speed); a test checks samples of every kind against the wire schemas.
 *
 * This file is the coordinator: it decides which activity happens when, in chunks of one
 * transaction each. Each document kind is made in its own module under `activities/` (orders,
 * invoices, payments with their reversals, cheque bounces and receipt voids, returns), sharing one
 * `ActivityState` per run.
 */

/** How many of each activity to make. */
export interface ActivityCounts {
  orders: number;
  invoices: number;
  payments: number;
  returns: number;
  reversals: number;
  chequeBounces: number;
  receiptVoids: number;
}

/** How the simulator runs. */
export interface ActivityOptions {
  rng: Prng;
  /** The sandbox clock: the time of every event when there is no timeline. */
  nowMs: () => number;
  /**
   * The demo seed's history: events spread over [startMs, endMs] in time order, kinds interleaved at
   * random. Without it, every event happens now, kind by kind, and an activity that needs an
   * earlier one (a return needs an invoice) makes it first.
   */
  timeline?: { startMs: number; endMs: number };
  /** Events per transaction (default 5000). */
  chunkSize?: number;
  /**
   * The payments the reversals, cheque bounces and receipt voids change, in the order the changes are
   * made (a test that needs a given payment changed); a change beyond them picks one at random.
   */
  targets?: readonly string[];
}

type Activity = keyof ActivityCounts;

/** Runs field activity for one company and answers the ids made or changed. */
export function runActivity(
  db: Database,
  world: World,
  counts: ActivityCounts,
  options: ActivityOptions,
): CreatedIds {
  const engine = new Engine(db, world, options);
  return engine.run(counts);
}

class Engine {
  private readonly state: ActivityState;
  private readonly rng: Prng;
  private lastMs = 0;

  constructor(
    private readonly db: Database,
    private readonly world: World,
    private readonly options: ActivityOptions,
  ) {
    this.rng = options.rng;
    this.state = new ActivityState(db, world, options.rng, options.targets);
  }

  run(counts: ActivityCounts): CreatedIds {
    const remaining = { ...counts };
    const total = Object.values(remaining).reduce((a, b) => a + b, 0);
    const chunk = this.options.chunkSize ?? 5000;
    const timeline = this.options.timeline;
    let done = 0;
    let stopped = false;
    const order: Activity[] = [
      'orders',
      'invoices',
      'payments',
      'returns',
      'reversals',
      'chequeBounces',
      'receiptVoids',
    ];
    while (done < total && !stopped) {
      const size = Math.min(chunk, total - done);
      this.db.transaction(() => {
        this.state.counters.load();
        for (let i = 0; i < size; i++) {
          const k = done + i;
          let t: number;
          if (timeline) {
            const slot = (timeline.endMs - timeline.startMs) / total;
            t = Math.floor(timeline.startMs + k * slot + this.rng.next() * slot * 0.8);
          } else {
            t = Math.max(this.options.nowMs(), this.lastMs);
          }
          this.lastMs = t;
          const activity = timeline ? this.chooseInterleaved(remaining) : order.find((a) => remaining[a] > 0);
          if (!activity) {
            stopped = true;
            break;
          }
          remaining[activity] -= 1;
          this.perform(activity, t, !timeline);
        }
        this.state.counters.save();
        saveWorld(this.db, this.world);
      })();
      done += size;
    }
    return this.state.created;
  }

  /** A random activity among those left, weighted by how many are left and whether one can happen now. */
  private chooseInterleaved(remaining: ActivityCounts): Activity | undefined {
    const weights: Array<[Activity, number]> = [
      ['orders', remaining.orders],
      ['invoices', remaining.invoices],
      ['payments', remaining.payments * (this.state.openCount > 0 ? 1 : 0.2)],
      ['returns', this.world.returnable.length > 0 ? remaining.returns : 0],
      ['reversals', this.state.recorded.length > 0 ? remaining.reversals : 0],
      ['chequeBounces', this.state.inHand.length > 0 ? remaining.chequeBounces : 0],
      ['receiptVoids', this.state.recorded.length > 0 ? remaining.receiptVoids : 0],
    ];
    const totalWeight = weights.reduce((a, [, w]) => a + w, 0);
    if (totalWeight <= 0) return undefined;
    let r = this.rng.next() * totalWeight;
    for (const [activity, weight] of weights) {
      if (r < weight) return activity;
      r -= weight;
    }
    return weights.findLast(([, w]) => w > 0)?.[0];
  }

  /** One activity at time `t`; in "now" mode (`makePrerequisites`) what it needs first is made first. */
  private perform(activity: Activity, t: number, makePrerequisites: boolean): void {
    const state = this.state;
    const created = state.created;
    switch (activity) {
      case 'orders':
        takeOrder(state, t, 'ERP_PENDING');
        return;
      case 'invoices':
        created.invoices.push(issueInvoice(state, t));
        return;
      case 'payments':
        if (makePrerequisites && state.openCount === 0) created.invoices.push(issueInvoice(state, t));
        created.payments.push(collectPayment(state, t, undefined));
        return;
      case 'returns':
        if (this.world.returnable.length === 0) created.invoices.push(issueInvoice(state, t));
        created.returns.push(recordReturn(state, t));
        return;
      case 'reversals':
      case 'receiptVoids': {
        if (state.recorded.length === 0) created.payments.push(collectPayment(state, t, undefined));
        const id = changePayment(state, activity, t);
        (activity === 'reversals' ? created.reversals : created.receipt_voids).push(id);
        return;
      }
      case 'chequeBounces':
        if (state.inHand.length === 0) created.payments.push(collectPayment(state, t, 'CHEQUE'));
        created.cheque_bounces.push(changePayment(state, activity, t));
        return;
    }
  }
}
