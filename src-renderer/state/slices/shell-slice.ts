import type { AppInfo } from '../../../src-shared/bridge/contract';
import { desk } from '../../bridge/desk';
import type { GetDeskState, SetDeskState } from '../store';

/** The sections of the app. */
export type Section =
  | 'invoices'
  | 'payments'
  | 'returns'
  | 'orders'
  | 'reconcile'
  | 'day-end'
  | 'balances'
  | 'master-data'
  | 'reps'
  | 'connections'
  | 'settings';

/** The frame: which section is shown, and what the app is. */
export interface ShellSlice {
  section: Section;
  app: AppInfo | null;
  setSection(section: Section): void;
  loadAppInfo(): Promise<void>;
}

/** The shell's part of the store. */
export function createShellSlice(set: SetDeskState, _get: GetDeskState): ShellSlice {
  return {
    section: 'invoices',
    app: null,
    setSection: (section) => set({ section }),
    async loadAppInfo() {
      const result = await desk.app.info();
      if (result.ok) set({ app: result.value });
    },
  };
}
