import { randomUUID } from 'node:crypto';
import type { ConnectionIdentity, ConnectionView, StartPoint } from '../../../src-shared/bridge/contract';
import { LocalError } from '../local-error';
import type { Keychain, Store } from '../ports';

/** A saved connection as stored (never with its token: that is in the keychain). */
export interface SavedConnection {
  id: string;
  label: string;
  baseUrl: string;
  /** Who the token spoke for when `GET /me` last answered; null until then. */
  identity: ConnectionIdentity | null;
  /** Where its feeds start (docs/decisions/090-where-to-start.md); everything when absent. */
  start?: StartPoint;
}

/** The store document `connections`. */
interface ConnectionsDocument {
  connections: SavedConnection[];
  activeId: string | null;
}

/** A saved connection with its token, for the core's own calls. */
export interface ConnectionWithToken {
  connection: SavedConnection;
  /** Null when the keychain no longer holds it (memory-only keychain after a restart). */
  token: string | null;
}

const documentName = 'connections';

/** The keychain account of a connection's token. */
export function keychainAccount(id: string): string {
  return `connection:${id}`;
}

/**
 * Saved connections (label, base URL and the last verified identity in the store; the token in the
 * keychain) and which one is active.
 *
 * Changes are serialised: each reads the document, changes it and writes it back before the next
 * starts, so two quick clicks cannot lose one another's change.
 */
export class Connections {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly keychain: Keychain,
  ) {}

  /** How tokens are kept on this machine. */
  get tokenStorage(): Keychain['storage'] {
    return this.keychain.storage;
  }

  async #read(): Promise<ConnectionsDocument> {
    const doc = await this.store.read<Partial<ConnectionsDocument>>(documentName);
    // Documents written before identities were recorded lack the field: read it as "not verified".
    const connections = (doc?.connections ?? []).map((c) => ({
      id: c.id,
      label: c.label,
      baseUrl: c.baseUrl,
      identity: c.identity ?? null,
      // Connections saved before the start choice existed synced everything.
      start: c.start ?? { mode: 'everything' as const },
    }));
    const activeId = connections.some((c) => c.id === doc?.activeId) ? (doc?.activeId ?? null) : null;
    return { connections, activeId };
  }

  #change<T>(change: (doc: ConnectionsDocument) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      const doc = await this.#read();
      return change(doc);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The view the renderer may see of one saved connection. */
  view(connection: SavedConnection, activeId: string | null): ConnectionView {
    return {
      id: connection.id,
      label: connection.label,
      baseUrl: connection.baseUrl,
      isActive: connection.id === activeId,
      tokenStorage: this.keychain.storage,
      identity: connection.identity,
      start: connection.start ?? { mode: 'everything' },
    };
  }

  /** Every saved connection, as the renderer may see it. */
  async list(): Promise<ConnectionView[]> {
    const doc = await this.#read();
    return doc.connections.map((c) => this.view(c, doc.activeId));
  }

  /** One saved connection; UNKNOWN_CONNECTION when there is none with that id. */
  async find(id: string): Promise<SavedConnection> {
    const connection = (await this.#read()).connections.find((c) => c.id === id);
    if (!connection)
      throw new LocalError(
        'UNKNOWN_CONNECTION',
        'That connection is no longer saved. Reload the list of connections.',
      );
    return connection;
  }

  /** The id of the active connection, if any. */
  async activeId(): Promise<string | null> {
    return (await this.#read()).activeId;
  }

  /** The active connection and its token, if a connection is active. */
  async active(): Promise<ConnectionWithToken | null> {
    const doc = await this.#read();
    const connection = doc.connections.find((c) => c.id === doc.activeId);
    if (!connection) return null;
    return { connection, token: await this.keychain.get(keychainAccount(connection.id)) };
  }

  /** The token of a saved connection, from the keychain. */
  async tokenOf(id: string): Promise<string | null> {
    return this.keychain.get(keychainAccount(id));
  }

  /**
   * Saves a connection and makes it active: the token goes to the keychain first, then the document is
   * written. The same label and base URL (a script starting the app again), or the same base URL and
   * verified client, update the saved connection instead of adding a second one; such a connection
   * keeps the start it was added with (chosen once: docs/decisions/090-where-to-start.md).
   */
  async save(
    input: { label: string; baseUrl: string; token: string; start?: StartPoint },
    identity: ConnectionIdentity | null = null,
  ): Promise<SavedConnection> {
    return this.#change(async (doc) => {
      let connection = doc.connections.find(
        (c) =>
          c.baseUrl === input.baseUrl &&
          (c.label === input.label ||
            (identity !== null &&
              c.identity?.clientId === identity.clientId &&
              c.identity.companyId === identity.companyId)),
      );
      if (connection) {
        connection.label = input.label;
        connection.identity = identity ?? connection.identity;
      } else {
        connection = {
          id: randomUUID(),
          label: input.label,
          baseUrl: input.baseUrl,
          identity,
          start: input.start ?? { mode: 'everything' },
        };
        doc.connections.push(connection);
      }
      await this.keychain.set(keychainAccount(connection.id), input.token);
      doc.activeId = connection.id;
      await this.store.write(documentName, doc);
      return connection;
    });
  }

  /** Makes a saved connection the active one. */
  async activate(id: string): Promise<SavedConnection> {
    return this.#change(async (doc) => {
      const connection = doc.connections.find((c) => c.id === id);
      if (!connection)
        throw new LocalError(
          'UNKNOWN_CONNECTION',
          'That connection is no longer saved. Reload the list of connections.',
        );
      doc.activeId = id;
      await this.store.write(documentName, doc);
      return connection;
    });
  }

  /**
   * Forgets a connection: its token is deleted from the keychain first (the secret must not outlive
   * the connection), then the document. Removing the active connection leaves none active: the app
   * never switches by itself between, say, a live company and its sandbox.
   */
  async remove(id: string): Promise<{ wasActive: boolean }> {
    return this.#change(async (doc) => {
      if (!doc.connections.some((c) => c.id === id)) {
        throw new LocalError(
          'UNKNOWN_CONNECTION',
          'That connection is no longer saved. Reload the list of connections.',
        );
      }
      await this.keychain.delete(keychainAccount(id));
      const wasActive = doc.activeId === id;
      doc.connections = doc.connections.filter((c) => c.id !== id);
      if (wasActive) doc.activeId = null;
      await this.store.write(documentName, doc);
      return { wasActive };
    });
  }

  /** Puts a new token of the same client in the keychain and records what `GET /me` said of it. */
  async replaceToken(id: string, token: string, identity: ConnectionIdentity): Promise<SavedConnection> {
    return this.#change(async (doc) => {
      const connection = doc.connections.find((c) => c.id === id);
      if (!connection)
        throw new LocalError(
          'UNKNOWN_CONNECTION',
          'That connection is no longer saved. Reload the list of connections.',
        );
      await this.keychain.set(keychainAccount(id), token);
      connection.identity = identity;
      await this.store.write(documentName, doc);
      return connection;
    });
  }

  /** Records who a connection's token speaks for, when `GET /me` says something new. */
  async recordIdentity(id: string, identity: ConnectionIdentity): Promise<void> {
    await this.#change(async (doc) => {
      const connection = doc.connections.find((c) => c.id === id);
      if (!connection || JSON.stringify(connection.identity) === JSON.stringify(identity)) return;
      connection.identity = identity;
      await this.store.write(documentName, doc);
    });
  }
}
