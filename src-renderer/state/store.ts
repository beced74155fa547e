import { create } from 'zustand';
import type { AppInfo, ConnectionStatus } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { desk } from '../bridge/desk';

/** The sections of the app. */
export type Section = 'invoices' | 'payments' | 'returns' | 'orders' | 'master-data' | 'connections';

/** UI and session state only; documents live in IndexedDB. */
export interface DeskState {
  section: Section;
  app: AppInfo | null;
  connection: ConnectionStatus | null;
  loadError: DeskError | null;
  setSection(section: Section): void;
  refreshConnection(): Promise<void>;
  loadAppInfo(): Promise<void>;
}

/** The app's one store. */
export const useDeskStore = create<DeskState>()((set) => ({
  section: 'invoices',
  app: null,
  connection: null,
  loadError: null,
  setSection: (section) => set({ section }),
  async refreshConnection() {
    const result = await desk.connections.status();
    if (result.ok) set({ connection: result.value, loadError: null });
    else set({ loadError: result.error });
  },
  async loadAppInfo() {
    const result = await desk.app.info();
    if (result.ok) set({ app: result.value });
  },
}));
