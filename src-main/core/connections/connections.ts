import { randomUUID } from 'node:crypto';
import type { ConnectionView } from '../../../src-shared/bridge/contract';
import type { Keychain, Store } from '../ports';

/** A saved connection as stored (never with its token: that is in the keychain). */
export interface SavedConnection {
  id: string;
  label: string;
  baseUrl: string;
}

interface ConnectionsDocument {
  connections: SavedConnection[];
  activeId: string | null;
}

const documentName = 'connections';
const keychainAccount = (id: string): string => `connection:${id}`;

/**
 * Saved connections (base URL and label in the store, token in the keychain) and which one is active.
 */
export class Connections {
  constructor(
    private readonly store: Store,
    private readonly keychain: Keychain,
  ) {}

  async #read(): Promise<ConnectionsDocument> {
    return (await this.store.read<ConnectionsDocument>(documentName)) ?? { connections: [], activeId: null };
  }

  /** Every saved connection, as the renderer may see it. */
  async list(): Promise<ConnectionView[]> {
    const doc = await this.#read();
    return doc.connections.map((c) => ({ ...c, isActive: c.id === doc.activeId, tokenStorage: this.keychain.storage }));
  }

  /** The active connection and its token, if any. */
  async active(): Promise<{ connection: SavedConnection; token: string } | null> {
    const doc = await this.#read();
    const connection = doc.connections.find((c) => c.id === doc.activeId);
    if (!connection) return null;
    const token = await this.keychain.get(keychainAccount(connection.id));
    return token ? { connection, token } : null;
  }

  /**
   * Saves a connection (or updates the one with the same base URL and label), puts its token in the
   * keychain and makes it active.
   */
  async save(input: { label: string; baseUrl: string; token: string }): Promise<SavedConnection> {
    const doc = await this.#read();
    let connection = doc.connections.find((c) => c.baseUrl === input.baseUrl && c.label === input.label);
    if (!connection) {
      connection = { id: randomUUID(), label: input.label, baseUrl: input.baseUrl };
      doc.connections.push(connection);
    }
    await this.keychain.set(keychainAccount(connection.id), input.token);
    doc.activeId = connection.id;
    await this.store.write(documentName, doc);
    return connection;
  }
}
