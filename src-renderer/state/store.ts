import { create, type StoreApi } from 'zustand';
import { createConnectionsSlice, type ConnectionsSlice } from './slices/connections-slice';
import { createShellSlice, type ShellSlice } from './slices/shell-slice';
import { createReviewSlice, type ReviewSlice } from './slices/review-slice';
import { createSyncSlice, type SyncSlice } from './slices/sync-slice';

export type { Section } from './slices/shell-slice';

/** UI and session state only; documents live in IndexedDB. */
export type DeskState = ShellSlice & ConnectionsSlice & SyncSlice & ReviewSlice;

/** The store's setter, as slices receive it. */
export type SetDeskState = StoreApi<DeskState>['setState'];

/** The store's getter, as slices receive it. */
export type GetDeskState = StoreApi<DeskState>['getState'];

/** The app's one store, made of slices (zustand, slices pattern). */
export const useDeskStore = create<DeskState>()((set, get) => ({
  ...createShellSlice(set, get),
  ...createConnectionsSlice(set, get),
  ...createSyncSlice(set, get),
  ...createReviewSlice(set, get),
}));

/** Puts the store back as it was first made (tests reset it after each case). */
export function resetDeskStore(): void {
  useDeskStore.setState(useDeskStore.getInitialState(), true);
}
