import type { CustomerBalance } from '../../../src-shared/bridge/contract';
import type { DeskError } from '../../../src-shared/bridge/result';
import {
  maxItemsPerCall,
  type PushCall,
  type PushPlan,
  type PushRecordResult,
  type PushRunSummary,
} from '../../../src-shared/domain/master-data';
import { desk } from '../../bridge/desk';
import { pushedCustomerKeys, stagedCustomerIds } from '../../data/balance-documents';
import {
  keepEarlierBalanceKeys,
  loadRecords,
  startKeptRun,
  syncResults,
  updateRunSummary,
} from '../../data/push-history';
import type { GetDeskState, SetDeskState } from '../store';

/** `lookup.customerBalances` takes at most 100 ids a call (one `GET /lookup` each on the service). */
export const balanceReadChunk = 100;

/** How a fresh-balance push names its source in the Master data history (its calls' and run's file). */
const worksheetFile = 'Balance worksheet';

/** A fresh balance the clerk confirmed for one customer. */
export interface FreshBalance {
  /** The service's id of the customer (the worksheet re-reads it after the push). */
  id: string;
  /** The customer's ERP key: the push goes to `PUT /customers/{ref}/balance`. */
  ref: string;
  balanceCents: number;
  /** The credit limit pushed with the last balance, kept as it was. */
  creditLimit: number | null;
}

/** What one fresh-balance push did, per customer, in the service's words (`updated` or `stale`). */
export interface FreshPushOutcome {
  runId: string;
  asOf: string;
  state: PushRunSummary['state'];
  /** The run's reason when it did not finish (paused, stopped). */
  reason: string | null;
  results: Array<{
    id: string;
    ref: string;
    outcome: PushRecordResult['outcome'];
    explanation: string | null;
  }>;
}

/**
 * The balance worksheet's session state (docs/decisions/094-balance-worksheet.md): each customer's
 * lookup answer as read this session, kept until the app is closed; the read's progress; the last
 * fresh-balance push. Documents stay in IndexedDB; the worksheet reads them there.
 */
export interface BalancesSlice {
  /** Lookup answers by the service's customer id, as read this session. */
  balanceEntries: Record<string, CustomerBalance>;
  /** How many customers the desk knows and how many are read; null before the first read. */
  balanceProgress: { done: number; total: number } | null;
  isReadingBalances: boolean;
  balancesReadAt: string | null;
  balanceError: DeskError | null;
  freshPush: FreshPushOutcome | null;
  isPushingBalances: boolean;
  /** Reads every customer the desk knows (staged documents, customers and balances pushed), 100 at a time. */
  readAllBalances(): Promise<void>;
  /** Reads these customers again (after a push, or on the clerk's word). */
  rereadBalances(ids: readonly string[]): Promise<void>;
  /**
   * Pushes the confirmed balances taken now as one run, kept in the Master data history with its
   * results, waits for it, and re-reads those customers.
   */
  pushFreshBalances(balances: readonly FreshBalance[]): Promise<FreshPushOutcome | null>;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A run's summary once it sends nothing more until the clerk acts (done, paused, stopped). */
function isSettled(summary: PushRunSummary): boolean {
  return summary.state === 'done' || summary.state === 'paused' || summary.state === 'stopped';
}

/** Waits for a run to settle: its progress events, and its status in case it settled before we listened. */
function settledRun(started: PushRunSummary): Promise<PushRunSummary> {
  if (isSettled(started)) return Promise.resolve(started);
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (summary: PushRunSummary): void => {
      if (isDone || summary.runId !== started.runId || !isSettled(summary)) return;
      isDone = true;
      stop();
      resolve(summary);
    };
    const stop = desk.on('push.progress', finish);
    void desk.push.status(started.runId).then((status) => {
      if (status.ok) finish(status.value);
    });
  });
}

/** The balance worksheet's part of the store. */
export function createBalancesSlice(set: SetDeskState, get: GetDeskState): BalancesSlice {
  /** Reads `ids` in chunks of 100, counting each chunk into the progress when asked; false when a call failed. */
  async function readIds(ids: readonly string[], isCounted: boolean): Promise<boolean> {
    for (const part of chunks(ids, balanceReadChunk)) {
      const result = await desk.lookup.customerBalances(part);
      if (!result.ok) {
        set({ balanceError: result.error });
        return false;
      }
      const entries = { ...get().balanceEntries };
      for (const entry of result.value) entries[entry.id] = entry;
      const progress = get().balanceProgress;
      set({
        balanceEntries: entries,
        balanceProgress:
          progress && isCounted ? { ...progress, done: progress.done + part.length } : progress,
      });
    }
    return true;
  }

  return {
    balanceEntries: {},
    balanceProgress: null,
    isReadingBalances: false,
    balancesReadAt: null,
    balanceError: null,
    freshPush: null,
    isPushingBalances: false,

    async readAllBalances() {
      if (get().isReadingBalances) return;
      const connectionId = get().connection?.connection?.id ?? null;
      set({ isReadingBalances: true, balanceError: null });
      try {
        const staged = await stagedCustomerIds();
        await keepEarlierBalanceKeys(new Date().toISOString());
        const pushed = connectionId === null ? [] : await pushedCustomerKeys(connectionId);
        // Every customer is read again; what was read before stays on screen until its new answer comes.
        set({ balanceProgress: { done: 0, total: staged.length + pushed.length } });
        if (!(await readIds(staged, true))) return;
        // A pushed customer the staged documents already named answered with its ERP key: not read twice.
        const known = new Set(
          Object.values(get().balanceEntries).flatMap((entry) => entry.record?.external_ref ?? []),
        );
        const unread = pushed.filter((ref) => !known.has(ref));
        set({ balanceProgress: { done: staged.length, total: staged.length + unread.length } });
        for (const ref of unread) {
          const found = await desk.lookup.customer(ref);
          if (!found.ok && found.error.code !== 'NOT_FOUND') {
            set({ balanceError: found.error });
            return;
          }
          const progress = get().balanceProgress;
          const entries = { ...get().balanceEntries };
          // A key the service no longer knows is left out: nothing to compare.
          if (found.ok)
            entries[found.value.id] = {
              id: found.value.id,
              record: found.value,
              readAt: new Date().toISOString(),
            };
          set({
            balanceEntries: entries,
            balanceProgress: progress ? { ...progress, done: progress.done + 1 } : null,
          });
        }
        set({ balancesReadAt: new Date().toISOString() });
      } finally {
        set({ isReadingBalances: false });
      }
    },

    async rereadBalances(ids) {
      set({ balanceError: null });
      await readIds(ids, false);
    },

    async pushFreshBalances(balances) {
      if (balances.length === 0 || get().isPushingBalances) return null;
      set({ isPushingBalances: true, balanceError: null });
      try {
        // Taken now (spec, Push bodies: Balance `as_of`, "the time at which the balance was taken").
        const asOf = new Date().toISOString();
        const calls: PushCall[] = chunks(balances, maxItemsPerCall).map((part) => ({
          call: 'balances-batch',
          file: worksheetFile,
          items: part.map((fresh) => ({
            ref: fresh.ref,
            body:
              fresh.creditLimit === null
                ? { balance: fresh.balanceCents / 100, as_of: asOf }
                : { balance: fresh.balanceCents / 100, credit_limit: fresh.creditLimit, as_of: asOf },
            line: 0,
          })),
        }));
        const plan: PushPlan = {
          label: `Fresh balance${balances.length === 1 ? '' : 's'} of ${balances.length} customer${balances.length === 1 ? '' : 's'} from the balance worksheet`,
          calls,
        };
        // Kept as Master data keeps its runs: listed under its runs, the results per record, the
        // customer keys the service took.
        const started = await startKeptRun(desk.push, plan, [worksheetFile]);
        if (!started.ok) {
          set({ balanceError: started.error });
          return null;
        }
        const summary = await settledRun(started.value);
        await updateRunSummary(summary);
        const failed = await syncResults(desk.push, summary);
        if (failed) {
          set({ balanceError: failed });
          return null;
        }
        const records = await loadRecords(summary.runId);
        const byRef = new Map(balances.map((fresh) => [fresh.ref, fresh.id]));
        const outcome: FreshPushOutcome = {
          runId: summary.runId,
          asOf,
          state: summary.state,
          reason: summary.reason?.message ?? null,
          results: records.map((record) => ({
            id: byRef.get(record.key) ?? record.serviceId ?? '',
            ref: record.key,
            outcome: record.outcome,
            explanation: record.explanation,
          })),
        };
        set({ freshPush: outcome });
        await readIds(
          balances.map((fresh) => fresh.id),
          false,
        );
        return outcome;
      } finally {
        set({ isPushingBalances: false });
      }
    },
  };
}
