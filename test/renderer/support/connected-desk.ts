import { afterEach, beforeEach } from 'vitest';
import type { ConnectionStatus, ConnectionView } from '../../../src-shared/bridge/contract';
import { db } from '../../../src-renderer/data/db';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';

/** The connection a screen test's desk has: a sandbox, from the start of its feeds, no identity read yet. */
export const sandboxConnection: ConnectionView = {
  id: 'conn-1',
  label: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1/api/integration/v1',
  isActive: true,
  tokenStorage: 'memory',
  start: { mode: 'everything' },
  identity: null,
};

/** The store's status of that connection: connected. */
export const connectedSandbox: ConnectionStatus = { connection: sandboxConnection, state: 'connected' };

/**
 * Each test of the file starts on an empty local store with the desk connected to `connectedSandbox`,
 * and leaves nothing behind for the next: the store is reset and the database deleted.
 */
export function useConnectedDesk(): void {
  beforeEach(async () => {
    await db.open();
    useDeskStore.setState({ connection: connectedSandbox });
  });
  afterEach(async () => {
    resetDeskStore();
    db.close();
    await db.delete();
  });
}
