import type {
  AppInfo,
  ConnectionCheckup,
  ConnectionStatus,
  ConnectionView,
  DeskApi,
  DeskEventListener,
  DeskRuntime,
  NewConnection,
  RotationReceipt,
  TokenRotation,
} from '../../src-shared/bridge/contract';
import { ok } from '../../src-shared/bridge/result';
import type { MenuWords } from '../../src-shared/bridge/commands';
import type { Me } from '../../src-shared/wire';
import { CallLog, callRecordOf, emptyCallLogFacts } from './api/call-log';
import { ApiClient, type AttemptEvent, type CallOptions } from './api/client';
import type { RetryPolicy } from './api/retry';
import { readReferenceList, sendAckBatch } from './acks/ack-batches';
import { pullDocuments, pullFeedPage, readFeedCursor } from './feeds/feed-pages';
import { readCustomerBalances, readCustomerNames } from './lookup/customer-names';
import { readCustomersByRef } from './lookup/customers-by-ref';
import { readRecordsById } from './lookup/records-by-id';
import { Connections, type SavedConnection } from './connections/connections';
import { pinNewConnectionStart } from './connections/start-point';
import { connectedStatus, identityOf, normaliseBaseUrl } from './connections/identity';
import { toDeskError } from './dispatch';
import { currentAction } from './audit/action';
import type { AuditTrail } from './audit/audit-trail';
import { DeskEventBus } from './events';
import { LocalError } from './local-error';
import type { Clock, DemoSandbox, FileDialogs, Keychain, Store } from './ports';
import { PushRunner } from './push/push-runner';

/** What the host gives the core. */
export interface DeskCoreOptions {
  runtime: DeskRuntime;
  version: string;
  keychain: Keychain;
  store: Store;
  clock: Clock;
  /** Time allowed for the `GET /me` that verifies a new token (default 15 s). */
  verifyTimeoutMs?: number;
  /** The bundled sandbox "Open the demo company" starts; absent where the app has none. */
  demo?: DemoSandbox;
  /** The desktop window's Save and Open dialogs; absent in browser mode (the page does without). */
  fileDialogs?: FileDialogs;
  /** The desktop shell's application menu, built with the words the renderer sends; absent in browser mode. */
  menu?: { setWords(words: MenuWords): void };
  /** Where every call the desk makes is kept (./audit/audit-trail.ts); absent, none is. */
  audit?: AuditTrail;
}

/** The label of the connection "Open the demo company" saves. */
export const demoConnectionLabel = 'Demo company (bundled sandbox)';

interface ActiveClient {
  connectionId: string;
  token: string;
  client: ApiClient;
}

/**
 * The main-process core behind the bridge: implements DeskApi on its ports. It runs the same in
 * Electron's main process, in the browser-mode host and in tests.
 *
 * It keeps one API client (one keep-alive pool) for the active connection, replaced when the active
 * connection or its token changes, and pushes `connection.state` whenever what the renderer should
 * show about the active connection changes.
 */
export class DeskCore {
  readonly connections: Connections;
  readonly events = new DeskEventBus();
  readonly api: DeskApi;
  /** Master-data pushes (./push/push-runner.ts), sent through the active connection's client. */
  readonly push: PushRunner;
  #active: ActiveClient | null = null;
  #lastPublished: string | null = null;
  /** The state last published for the active connection, and whether a re-check is running. */
  #lastState: ConnectionStatus['state'] | null = null;
  #rechecking = false;
  /** The active connection's calls, for the check-up (./api/call-log.ts). */
  #callLog: CallLog | null = null;

  constructor(private readonly options: DeskCoreOptions) {
    this.connections = new Connections(options.store, options.keychain);
    this.push = new PushRunner({
      store: options.store,
      clock: options.clock,
      activeClient: async () => {
        const { connection, client } = await this.activeClient();
        return { connectionId: connection.id, client };
      },
      onProgress: (summary) => this.events.emit('push.progress', summary),
    });
    this.api = {
      app: {
        info: async () => ok(this.info()),
        setMenuWords: async (words) => {
          this.options.menu?.setWords(words);
          return ok(null);
        },
      },
      connections: {
        list: async () => ok(await this.connections.list()),
        status: async () => ok(await this.status()),
        add: async (input) => ok(await this.add(input)),
        activate: async (id) => ok(await this.activate(id)),
        remove: async (id) => ok(await this.remove(id)),
        rotate: async (input) => ok(await this.rotate(input)),
        checkup: async () => ok(await this.checkup()),
      },
      // Feeds and answers go through the active connection's client (its pacer and retries).
      feeds: {
        pull: async (kind, request) => {
          const { connection, client } = await this.activeClient();
          if (request.connectionId !== undefined && request.connectionId !== connection.id)
            throw new LocalError(
              'OTHER_CONNECTION',
              'Another connection became active while this sync ran, so its page was not pulled. The sync starts again on the active connection.',
            );
          return ok(await pullFeedPage(client, kind, request));
        },
        cursor: async (kind) => ok(await readFeedCursor((await this.activeClient()).client, kind)),
        documents: async (kind, ids) =>
          ok(await pullDocuments((await this.activeClient()).client, kind, ids)),
      },
      acks: {
        send: async (batch) => {
          const { connection, client } = await this.activeClient();
          const receipt = await sendAckBatch(client, batch);
          // What the items say of the company's ERP mode, for the check-up.
          this.#callLogOf(connection.id)?.recordAckReceipt(receipt, this.options.clock.now());
          return ok(receipt);
        },
      },
      reference: {
        list: async (kind, options) =>
          ok(
            await readReferenceList((await this.activeClient()).client, kind, {
              isBackground: options?.isBackground === true,
            }),
          ),
        customerNames: async (ids) => ok(await readCustomerNames((await this.activeClient()).client, ids)),
      },
      push: {
        start: async (plan) => ok(await this.push.start(plan)),
        pause: async (runId) => ok(await this.push.pause(runId)),
        resume: async (runId) => ok(await this.push.resume(runId)),
        status: async (runId) => ok(await this.push.status(runId)),
        list: async () => ok(await this.push.list()),
        results: async (runId, page) => ok(await this.push.results(runId, page.offset, page.limit)),
      },
      lookup: {
        customer: async (ref) =>
          ok((await (await this.activeClient()).client.lookup({ entity: 'customer', ref })).data),
        customerBalances: async (ids) =>
          ok(
            await readCustomerBalances(
              (await this.activeClient()).client,
              ids,
              () => new Date(this.options.clock.now()),
            ),
          ),
        customers: async (refs) => ok(await readCustomersByRef((await this.activeClient()).client, refs)),
        records: async (entity, ids) =>
          ok(await readRecordsById((await this.activeClient()).client, entity, ids)),
      },
      files: {
        save: (request) => this.#fileDialogs().save(request),
        open: (request) => this.#fileDialogs().open(request),
      },
      audit: {
        calls: async (query) =>
          ok(
            (await this.options.audit?.read(query)) ?? {
              calls: [],
              next: null,
              unreadable: 0,
              unwritten: 0,
              keptFrom: null,
            },
          ),
      },
      demo: { open: async () => ok(await this.openDemo()) },
    };
  }

  /**
   * "Open the demo company": starts the bundled sandbox and connects to its demo company with the
   * demo token. The connection is saved once (found again by its label and address) and made active.
   */
  async openDemo(): Promise<ConnectionView> {
    const demo = this.options.demo;
    if (!demo)
      throw new LocalError(
        'DEMO_UNAVAILABLE',
        'This copy of the app has no bundled sandbox. Start it from the source tree with "npm start", or add a connection to your service.',
      );
    const { baseUrl, token } = await demo.start();
    // Saved once: add() finds it again by its label and address, and puts the demo token back in the
    // keychain, which a memory-only keychain has forgotten since the app last ran.
    return this.add({ label: demoConnectionLabel, baseUrl, token });
  }

  /** The shell's file dialogs; browser mode's page never asks the host for them. */
  #fileDialogs(): FileDialogs {
    const dialogs = this.options.fileDialogs;
    if (dialogs) return dialogs;
    const refuse = async (): Promise<never> => {
      throw new LocalError(
        'NO_FILE_DIALOGS',
        'This host has no file dialogs: the page saves through a download and opens through a file input.',
      );
    };
    return { save: refuse, open: refuse };
  }

  /** Adds a listener of every core event (the hosts forward them to the renderer). */
  subscribe(listener: DeskEventListener): () => void {
    return this.events.subscribe(listener);
  }

  info(): AppInfo {
    return {
      name: 'Reconciliation Desk',
      version: this.options.version,
      runtime: this.options.runtime,
      tokenStorage: this.connections.tokenStorage,
      damagedFiles: [...this.options.store.damaged()],
    };
  }

  /**
   * The API client of the active connection, for the core's own work (sync, answers, pushes).
   * NOT_CONFIGURED when no connection is active or its token is not on this machine.
   */
  async activeClient(): Promise<{ connection: SavedConnection; client: ApiClient }> {
    const active = await this.connections.active();
    if (!active)
      throw new LocalError('NOT_CONFIGURED', 'No connection is active. Add or choose one in Connections.');
    if (active.token === null) throw missingToken();
    return { connection: active.connection, client: this.#clientFor(active.connection, active.token) };
  }

  /**
   * The active connection's check-up (docs/decisions/093-connection-check-up.md): a fresh `GET /me`,
   * tried once and not waited for while the rate budget is spent, and the facts of the connection's
   * call log (clock, rate budget, ERP mode, recent calls).
   */
  async checkup(): Promise<ConnectionCheckup> {
    const active = await this.connections.active();
    const pacer =
      active && this.#active?.connectionId === active.connection.id ? this.#active.client.pacer : null;
    const budget = pacer?.snapshot();
    const isSpent =
      budget !== undefined &&
      budget.remaining !== null &&
      budget.remaining <= 0 &&
      budget.resetAtMs !== null &&
      budget.resetAtMs > this.options.clock.now();
    // Not published: nothing new was learnt of the connection, only that the budget is spent.
    const status: ConnectionStatus =
      active && isSpent
        ? {
            connection: this.connections.view(active.connection, active.connection.id),
            state: 'error',
            error: {
              code: 'RATE_LIMITED',
              message:
                'The rate budget of this minute is spent, so the check-up did not ask the service again.',
            },
          }
        : await this.status(checkupCall);
    const nowMs = this.options.clock.now();
    const log = active ? this.#callLogOf(active.connection.id) : null;
    return {
      checkedAt: new Date(nowMs).toISOString(),
      status,
      ...(log ? log.facts(nowMs) : emptyCallLogFacts()),
    };
  }

  /** Asks the active connection's service who we are (`GET /me`), and publishes the state. */
  async status(call?: CallOptions): Promise<ConnectionStatus> {
    const active = await this.connections.active();
    if (!active) return this.#publish({ connection: null, state: 'not-configured' });
    const view = this.connections.view(active.connection, active.connection.id);
    if (active.token === null) return this.#publish(errorStatus(view, missingToken()));
    try {
      const { data } = await this.#clientFor(active.connection, active.token).me(call);
      await this.connections.recordIdentity(active.connection.id, identityOf(data));
      return this.#publish(
        connectedStatus({ ...view, identity: identityOf(data) }, data, this.options.clock.now()),
      );
    } catch (error) {
      return this.#publish(errorStatus(view, error));
    }
  }

  /**
   * Verifies a new connection with `GET /me` and only then saves it (token to the keychain) and makes it
   * active. An unreachable address or a refused token throws: nothing is saved.
   */
  async add(input: NewConnection): Promise<ConnectionView> {
    const baseUrl = normaliseBaseUrl(input.baseUrl);
    const me = await this.#verify(baseUrl, input.token);
    // Where its feeds start, pinned now (docs/decisions/090-where-to-start.md).
    const start = await pinNewConnectionStart(input.start, {
      baseUrl,
      token: input.token,
      nowMs: this.options.clock.now(),
      timeoutMs: this.options.verifyTimeoutMs,
      onAttempt: (attempt) => this.#keepCall(attempt, { baseUrl }),
    });
    const saved = await this.connections.save(
      { label: input.label.trim(), baseUrl, token: input.token, start },
      identityOf(me),
    );
    await this.#dropClient();
    const view = this.connections.view(saved, saved.id);
    this.#publish(connectedStatus(view, me, this.options.clock.now()));
    return view;
  }

  /** Makes a saved connection active and reports its state. */
  async activate(id: string): Promise<ConnectionStatus> {
    await this.connections.activate(id);
    await this.#dropClient();
    return this.status();
  }

  /** Forgets a connection and its keychain entry; the remaining connections answer. */
  async remove(id: string): Promise<ConnectionView[]> {
    const { wasActive } = await this.connections.remove(id);
    if (wasActive) {
      await this.#dropClient();
      this.#publish({ connection: null, state: 'not-configured' });
    }
    return this.connections.list();
  }

  /**
   * The rotation helper (spec, Authentication 5): verifies the new token with `GET /me`, checks that it
   * speaks for the same client of the same company, switches the stored token, and answers the prefix
   * of the old token, which the user revokes next in the console.
   */
  async rotate(input: TokenRotation): Promise<RotationReceipt> {
    const connection = await this.connections.find(input.id);
    const oldToken = await this.connections.tokenOf(connection.id);
    if (oldToken === input.token) {
      throw new LocalError(
        'SAME_TOKEN',
        'This is the token the connection already uses. Paste the new token made by Rotate in the console.',
        false,
        [{ field: 'token', code: 'SAME' }],
      );
    }
    const expected =
      connection.identity ?? (oldToken ? await this.#identityOrNull(connection, oldToken) : null);
    if (!expected) {
      throw new LocalError(
        'OTHER_CLIENT',
        'This connection was never verified, so the app cannot tell whether the new token belongs to the same client. Add the token as a new connection, then remove this one.',
      );
    }
    const me = await this.#verify(connection.baseUrl, input.token, connection);
    if (me.company.id !== expected.companyId || me.client.id !== expected.clientId) {
      throw new LocalError(
        'OTHER_CLIENT',
        `The new token belongs to client "${me.client.name}" of ${me.company.name} (${me.company.code}), not to "${expected.clientName}" of ${expected.companyName} (${expected.companyCode}). Nothing was changed.`,
        false,
        [{ field: 'token', code: 'OTHER_CLIENT' }],
      );
    }
    const identity = identityOf(me);
    const saved = await this.connections.replaceToken(connection.id, input.token, identity);
    const activeId = await this.connections.activeId();
    const view = this.connections.view(saved, activeId);
    if (activeId === connection.id) {
      await this.#dropClient();
      this.#publish(connectedStatus(view, me, this.options.clock.now()));
    }
    return {
      connection: view,
      oldTokenPrefix: expected.tokenPrefix,
      newTokenPrefix: identity.tokenPrefix,
      newTokenExpiresAt: me.client.token_expires_at,
    };
  }

  /** Closes the active connection's pool (app shutdown, tests). */
  async close(): Promise<void> {
    await this.push.close();
    await this.#dropClient();
    await this.options.demo?.stop();
    this.options.audit?.close();
  }

  #clientFor(connection: SavedConnection, token: string): ApiClient {
    if (this.#active && (this.#active.connectionId !== connection.id || this.#active.token !== token)) {
      void this.#active.client.close();
      this.#active = null;
    }
    // A call log belongs to one connection: a rotated token keeps it, another connection starts anew.
    if (this.#callLog?.connectionId !== connection.id) this.#callLog = new CallLog(connection.id);
    const log = this.#callLog;
    this.#active ??= {
      connectionId: connection.id,
      token,
      client: new ApiClient({
        baseUrl: connection.baseUrl,
        token,
        // The desk's clock: the pacer's windows are read against the same time the check-up and the
        // status compare them with (a test's clock that moves with the sandbox's included).
        clock: this.options.clock,
        onAttempt: (attempt) => {
          this.#keepCall(attempt, connection);
          log.record(attempt);
          this.#noticeAttempt(attempt);
        },
      }),
    };
    return this.#active.client;
  }

  /**
   * Keeps a call in the audit trail: on a saved connection (its id and name), or on an address a token is
   * tried on before it is saved (its host).
   */
  #keepCall(attempt: AttemptEvent, connection: { id: string; label: string } | { baseUrl: string }): void {
    this.options.audit?.append({
      ...callRecordOf(attempt),
      // The trail keeps a local failure's name too (a 200 whose body failed the wire check: WireError).
      code: attempt.code,
      connectionId: 'id' in connection ? connection.id : null,
      connection: 'id' in connection ? connection.label : new URL(connection.baseUrl).host,
      action: currentAction(),
      attempt: attempt.attempt,
      idempotencyKey: attempt.idempotencyKey,
      replayed: attempt.replayed,
    });
  }

  /** The call log of a connection, when it is the one the log belongs to. */
  #callLogOf(connectionId: string): CallLog | null {
    return this.#callLog?.connectionId === connectionId ? this.#callLog : null;
  }

  async #dropClient(): Promise<void> {
    const active = this.#active;
    this.#active = null;
    await active?.client.close();
  }

  /** `GET /me` with a token on its own short-lived pool; throws what the API client throws. */
  async #verify(baseUrl: string, token: string, saved?: SavedConnection): Promise<Me> {
    // The user waits on the form: one quick second try for a blip, not the two minutes of a sync's policy.
    const client = new ApiClient({
      baseUrl,
      token,
      timeoutMs: this.options.verifyTimeoutMs ?? 15_000,
      connections: 1,
      retryPolicy: verifyRetryPolicy,
      onAttempt: (attempt) => this.#keepCall(attempt, saved ?? { baseUrl }),
    });
    try {
      return (await client.me()).data;
    } finally {
      await client.close();
    }
  }

  async #identityOrNull(
    connection: SavedConnection,
    token: string,
  ): Promise<ReturnType<typeof identityOf> | null> {
    try {
      return identityOf(await this.#verify(connection.baseUrl, token, connection));
    } catch {
      return null;
    }
  }

  /**
   * Any call of the active connection (sync, answers, pushes) tells whether the service still answers
   * and still takes the token: when that contradicts the published state, `GET /me` is asked again so
   * the header says "Connected" only while it is true.
   */
  #noticeAttempt(attempt: AttemptEvent): void {
    const refused = attempt.status === 401 || attempt.status === 403;
    const failing = attempt.status === null || refused;
    const answered = attempt.status !== null && attempt.status < 400;
    const contradicts =
      (failing && this.#lastState === 'connected') || (answered && this.#lastState === 'error');
    if (!contradicts || this.#rechecking) return;
    this.#rechecking = true;
    void this.status().finally(() => {
      this.#rechecking = false;
    });
  }

  /** Pushes `connection.state` when what the renderer shows of the active connection changed. */
  #publish(status: ConnectionStatus): ConnectionStatus {
    this.#lastState = status.state;
    const key = JSON.stringify(status);
    if (key !== this.#lastPublished) {
      this.#lastPublished = key;
      this.events.emit('connection.state', status);
    }
    return status;
  }
}

/**
 * The check-up's `GET /me`: tried once within 10 s, so that the check-up answers while the service
 * refuses or stalls, and shows why.
 */
const checkupCall: CallOptions = {
  retryPolicy: { maxAttempts: 1, maxElapsedMs: 0, baseDelayMs: 0, maxDelayMs: 0 },
  timeoutMs: 10_000,
};

/** Retries of the `GET /me` that verifies a token the user just entered (see ./api/retry.ts). */
const verifyRetryPolicy: Readonly<RetryPolicy> = {
  maxAttempts: 2,
  maxElapsedMs: 5_000,
  baseDelayMs: 250,
  maxDelayMs: 1_000,
};

function missingToken(): LocalError {
  return new LocalError(
    'TOKEN_MISSING',
    'The token of this connection is not kept on this machine (no keychain that outlives the session answered, so it lived in memory only). Paste it again with Rotate token.',
  );
}

function errorStatus(view: ConnectionView, error: unknown): ConnectionStatus {
  const { code, message, requestId } = toDeskError(error);
  return {
    connection: view,
    state: 'error',
    error: requestId === undefined ? { code, message } : { code, message, requestId },
  };
}
