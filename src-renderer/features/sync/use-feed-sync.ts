import { useEffect } from 'react';
import { useDeskStore } from '../../state/store';

/**
 * Keeps the feeds in sync while the app is open: once the active connection is known, reads the
 * stored sync facts, syncs every feed and polls at the chosen interval; follows the network so that
 * queued answers go out when it returns. Stops polling when the connection goes away.
 */
export function useFeedSync(): void {
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  useEffect(() => useDeskStore.getState().watchNetwork(), []);
  useEffect(() => {
    if (connectionId === null) return;
    const store = useDeskStore.getState();
    void store.refreshSyncFacts();
    store.setPollInterval(store.pollIntervalMs);
    return () => useDeskStore.getState().cancelSync();
  }, [connectionId]);
}
