import { useShallow } from 'zustand/react/shallow';
import { useDeskStore } from '../../state/store';

/** The Connections feature's state and actions, for its components (they never call the bridge). */
export function useConnections() {
  return useDeskStore(
    useShallow((s) => ({
      tokenStorage: s.app?.tokenStorage ?? null,
      connection: s.connection,
      connections: s.connections,
      isChecking: s.isChecking,
      loadError: s.loadError,
      refreshConnection: s.refreshConnection,
      loadConnections: s.loadConnections,
      addConnection: s.addConnection,
      activateConnection: s.activateConnection,
      removeConnection: s.removeConnection,
      rotateToken: s.rotateToken,
    })),
  );
}
