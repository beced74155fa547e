import { create, type StoreApi } from 'zustand';
import { createConnectionsSlice, type ConnectionsSlice } from './slices/connections-slice';
import { createShellSlice, type ShellSlice } from './slices/shell-slice';
import { createReviewSlice, type ReviewSlice } from './slices/review-slice';
import { createSyncSlice, type SyncSlice } from './slices/sync-slice';
import { createBalancesSlice, type BalancesSlice } from './slices/balances-slice';
import { createNamesSlice, type NamesSlice } from './slices/names-slice';
import { Scheduler } from './scheduler';

export type { Section } from './slices/shell-slice';

/** UI and session state only; documents live in IndexedDB. */
export type DeskState = ShellSlice & ConnectionsSlice & SyncSlice & ReviewSlice & BalancesSlice & NamesSlice;

/** The store's setter, as slices receive it. */
export type SetDeskState = StoreApi<DeskState>['setState'];

/** The store's getter, as slices receive it. */
export type GetDeskState = StoreApi<DeskState>['getState'];

/** The one owner of the store's timers and its sync engine (./scheduler.ts). */
const scheduler = new Scheduler();

/** The app's one store, made of slices (zustand, slices pattern). */
export const useDeskStore = create<DeskState>()((set, get) => ({
  ...createShellSlice(set, get),
  ...createConnectionsSlice(set, get),
  ...createSyncSlice(set, get, scheduler),
  ...createReviewSlice(set, get),
  ...createBalancesSlice(set, get),
  ...createNamesSlice(set, get),
}));

/** Puts the store back as it was first made, with its timers stopped (tests reset it after each case). */
export function resetDeskStore(): void {
  scheduler.reset();
  useDeskStore.setState(useDeskStore.getInitialState(), true);
}
