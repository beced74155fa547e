import type { AppInfo, ConnectionStatus, DeskApi, DeskRuntime } from '../../src-shared/bridge/contract';
import { ok } from '../../src-shared/bridge/result';
import { ApiClient } from './api/client';
import { Connections } from './connections/connections';
import { toDeskError } from './dispatch';
import type { Clock, Keychain, Store } from './ports';

/** What the host gives the core. */
export interface DeskCoreOptions {
  runtime: DeskRuntime;
  version: string;
  keychain: Keychain;
  store: Store;
  clock: Clock;
}

/**
 * The main-process core behind the bridge: implements DeskApi on its ports. It runs the same in
 * Electron's main process, in the browser-mode host and in tests.
 */
export class DeskCore {
  readonly connections: Connections;
  readonly api: DeskApi;

  constructor(private readonly options: DeskCoreOptions) {
    this.connections = new Connections(options.store, options.keychain);
    this.api = {
      app: { info: async () => ok(this.info()) },
      connections: {
        list: async () => ok(await this.connections.list()),
        status: async () => ok(await this.status()),
      },
    };
  }

  info(): AppInfo {
    return { name: 'Reconciliation Desk', version: this.options.version, runtime: this.options.runtime };
  }

  /** Asks the active connection's service who we are (`GET /me`). */
  async status(): Promise<ConnectionStatus> {
    const active = await this.connections.active();
    if (!active) return { connection: null, state: 'not-configured' };
    const view = (await this.connections.list()).find((c) => c.id === active.connection.id) ?? null;
    const client = new ApiClient({ baseUrl: active.connection.baseUrl, token: active.token });
    try {
      const { data } = await client.me();
      return {
        connection: view,
        state: 'connected',
        company: { code: data.company.code, name: data.company.name },
        client: {
          name: data.client.name,
          system: data.client.system,
          rateLimitPerMinute: data.client.rate_limit_per_minute,
          tokenExpiresAt: data.client.token_expires_at,
          tokenPrefix: data.client.token_prefix,
        },
        scopes: data.scopes,
      };
    } catch (error) {
      const { code, message } = toDeskError(error);
      return { connection: view, state: 'error', error: { code, message } };
    } finally {
      await client.close();
    }
  }
}
