import type {
  ConnectionCheckup,
  ConnectionStatus,
  ConnectionView,
  NewConnection,
  RotationReceipt,
  TokenRotation,
} from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { desk } from '../../bridge/desk';
import type { GetDeskState, SetDeskState } from '../store';

/**
 * The saved connections and the active one's state, as the renderer holds them (no token, ever: the
 * add and rotate forms hand the token to the bridge and forget it).
 */
export interface ConnectionsSlice {
  /** The active connection's state; null until the first answer. */
  connection: ConnectionStatus | null;
  connections: ConnectionView[];
  /** True while `GET /me` of the active connection is under way. */
  isChecking: boolean;
  /** A failure to read the state or the list (not a refused token: that is `connection.error`). */
  loadError: DeskError | null;
  refreshConnection(): Promise<void>;
  loadConnections(): Promise<void>;
  addConnection(input: NewConnection): Promise<Result<ConnectionView>>;
  activateConnection(id: string): Promise<Result<ConnectionStatus>>;
  removeConnection(id: string): Promise<Result<ConnectionView[]>>;
  rotateToken(input: TokenRotation): Promise<Result<RotationReceipt>>;
  /**
   * "Open the demo company": the app starts its bundled sandbox and makes its demo company the active
   * connection (saved once); the list and the state follow.
   */
  openDemo(): Promise<Result<ConnectionView>>;
  /**
   * The active connection's check-up (docs/decisions/093-connection-check-up.md): not kept in the store,
   * it is a snapshot the clerk asked for.
   */
  checkupConnection(): Promise<Result<ConnectionCheckup>>;
  /** Follows `connection.state` events; the answer stops following. */
  watchConnection(): () => void;
}

/** The Connections feature's part of the store. */
export function createConnectionsSlice(set: SetDeskState, get: GetDeskState): ConnectionsSlice {
  /** A connection that vanished (another window removed it): reload, and let the caller show why. */
  const reloadOnUnknown = async <T>(result: Result<T>): Promise<Result<T>> => {
    if (!result.ok && result.error.code === 'UNKNOWN_CONNECTION') await get().loadConnections();
    return result;
  };
  return {
    connection: null,
    connections: [],
    isChecking: false,
    loadError: null,
    async refreshConnection() {
      set({ isChecking: true });
      const result = await desk.connections.status();
      if (result.ok) set({ connection: result.value, loadError: null, isChecking: false });
      else set({ loadError: result.error, isChecking: false });
    },
    async loadConnections() {
      const result = await desk.connections.list();
      if (result.ok) set({ connections: result.value, loadError: null });
      else set({ loadError: result.error });
    },
    async addConnection(input) {
      const result = await desk.connections.add(input);
      if (result.ok) {
        await get().loadConnections();
        await get().refreshConnection();
      }
      return result;
    },
    async activateConnection(id) {
      const result = await reloadOnUnknown(await desk.connections.activate(id));
      if (result.ok) {
        set({ connection: result.value });
        await get().loadConnections();
      }
      return result;
    },
    async removeConnection(id) {
      const result = await reloadOnUnknown(await desk.connections.remove(id));
      if (result.ok) {
        set({ connections: result.value });
        if (!result.value.some((c) => c.isActive)) await get().refreshConnection();
      }
      return result;
    },
    async rotateToken(input) {
      const result = await reloadOnUnknown(await desk.connections.rotate(input));
      if (result.ok) {
        await get().loadConnections();
        if (result.value.connection.isActive) await get().refreshConnection();
      }
      return result;
    },
    async openDemo() {
      const result = await desk.demo.open();
      if (result.ok) {
        await get().loadConnections();
        await get().refreshConnection();
      }
      return result;
    },
    checkupConnection() {
      return desk.connections.checkup();
    },
    watchConnection() {
      return desk.on('connection.state', (status) => {
        set({ connection: status });
        // Another active connection, or a newly verified identity, shows in the list too.
        void get().loadConnections();
      });
    },
  };
}
