import type { AppInfo } from '../../../src-shared/bridge/contract';
import { desk } from '../../bridge/desk';
import { storageProblemOf, type StorageProblem } from '../../data/storage-problem';
import { recordStoreWriter } from '../../data/store-guard';
import type { GetDeskState, SetDeskState } from '../store';

/** The sections of the app. */
export type Section =
  | 'invoices'
  | 'payments'
  | 'returns'
  | 'orders'
  | 'reconcile'
  | 'day-end'
  | 'cash-up'
  | 'cheques'
  | 'balances'
  | 'master-data'
  | 'reps'
  | 'audit'
  | 'connections'
  | 'settings';

/** The frame: which section is shown, and what the app is. */
export interface ShellSlice {
  section: Section;
  app: AppInfo | null;
  /**
   * The store's last refusal to save that no screen answered itself (a write whose action did not
   * handle it), for the shell to say; null once the clerk has read it.
   */
  storageProblem: StorageProblem | null;
  setSection(section: Section): void;
  loadAppInfo(): Promise<void>;
  /** Takes an error no screen handled: a storage refusal is kept to be said (answers whether it was one). */
  reportUnhandled(error: unknown): Promise<boolean>;
  dismissStorageProblem(): void;
}

/** The shell's part of the store. */
export function createShellSlice(set: SetDeskState, _get: GetDeskState): ShellSlice {
  return {
    section: 'invoices',
    app: null,
    storageProblem: null,
    setSection: (section) => set({ section }),
    async reportUnhandled(error) {
      const problem = await storageProblemOf(error);
      if (problem === null) return false;
      set({ storageProblem: problem });
      return true;
    },
    dismissStorageProblem: () => set({ storageProblem: null }),
    async loadAppInfo() {
      const result = await desk.app.info();
      if (!result.ok) return;
      set({ app: result.value });
      // For a desk older than this one to say which version wrote the store (data/store-guard.ts).
      await recordStoreWriter(result.value.version).catch(() => undefined);
    },
  };
}
