import type { CustomerBalance } from '../../../src-shared/bridge/contract';
import type { DeskError } from '../../../src-shared/bridge/result';
import { desk } from '../../bridge/desk';
import {
  listWorksheetCustomers,
  pushFreshBalanceRun,
  readBalancesByIds,
  readBalancesByKeys,
  type FreshBalance,
  type FreshPushOutcome,
} from '../../sync/balances';
import type { GetDeskState, SetDeskState } from '../store';

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

/** The balance worksheet's part of the store. */
export function createBalancesSlice(set: SetDeskState, get: GetDeskState): BalancesSlice {
  /** Keeps what a call read, counting the customers it settled into the progress when asked. */
  function keep(isCounted: boolean) {
    return (read: CustomerBalance[], settled: number): void => {
      const entries = { ...get().balanceEntries };
      for (const entry of read) entries[entry.id] = entry;
      const progress = get().balanceProgress;
      set({
        balanceEntries: entries,
        balanceProgress: progress && isCounted ? { ...progress, done: progress.done + settled } : progress,
      });
    };
  }

  /** Reads `ids` in chunks of 100, counting each chunk into the progress when asked; false when a call failed. */
  async function readIds(ids: readonly string[], isCounted: boolean): Promise<boolean> {
    const failed = await readBalancesByIds(desk, ids, keep(isCounted));
    if (failed) set({ balanceError: failed });
    return failed === null;
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
        const { staged, pushed } = await listWorksheetCustomers(connectionId);
        // Every customer is read again; what was read before stays on screen until its new answer comes.
        set({ balanceProgress: { done: 0, total: staged.length + pushed.length } });
        if (!(await readIds(staged, true))) return;
        // A pushed customer the staged documents already named answered with its ERP key: not read twice.
        const known = new Set(
          Object.values(get().balanceEntries).flatMap((entry) => entry.record?.external_ref ?? []),
        );
        const unread = pushed.filter((ref) => !known.has(ref));
        set({ balanceProgress: { done: staged.length, total: staged.length + unread.length } });
        const failed = await readBalancesByKeys(desk, unread, keep(true));
        if (failed) {
          set({ balanceError: failed });
          return;
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
        const pushed = await pushFreshBalanceRun(desk, balances);
        if (!pushed.ok) {
          set({ balanceError: pushed.error });
          return null;
        }
        set({ freshPush: pushed.value });
        await readIds(
          balances.map((fresh) => fresh.id),
          false,
        );
        return pushed.value;
      } finally {
        set({ isPushingBalances: false });
      }
    },
  };
}
