// The renderer's one way to the core: Electron's preload bridge when present, else the browser-mode
// host over HTTP (same contract, same operations; events over Server-Sent Events). No other file knows
// which.
import {
  deskEventNames,
  type DeskApi,
  type DeskEventName,
  type DeskEvents,
  type DeskOperation,
  type OperationArgs,
  type OperationValue,
} from '../../src-shared/bridge/contract';
import type { Result } from '../../src-shared/bridge/result';

/** The bridge plus event subscription. */
export type Desk = DeskApi & {
  on<E extends keyof DeskEvents>(event: E, listener: (payload: DeskEvents[E]) => void): () => void;
};

/** `POST /desk/<operation>` of the browser-mode host; the answer is the dispatcher's Result. */
async function callHost<O extends DeskOperation>(
  operation: O,
  args: OperationArgs<O>,
): Promise<Result<OperationValue<O>>> {
  try {
    const response = await fetch(`/desk/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ args }),
    });
    if (!response.ok) {
      return {
        ok: false,
        error: {
          code: 'NETWORK_UNREACHABLE',
          message: `The app's host refused the call (${response.status}). Reopen the address printed by npm run start:browser.`,
          retryable: false,
        },
      };
    }
    return await response.json();
  } catch {
    return {
      ok: false,
      error: {
        code: 'NETWORK_UNREACHABLE',
        message: "The app's host is not running. Start it again with npm run start:browser.",
        retryable: true,
      },
    };
  }
}

type Listener = (data: string) => void;

/**
 * Events of the browser-mode host: one EventSource on `GET /desk/events` (same origin, the launch's
 * secret cookie), opened at the first subscription; the browser reconnects it by itself.
 */
function createHostEvents(): Desk['on'] {
  const listeners = new Map<DeskEventName, Set<Listener>>();
  let source: EventSource | null = null;
  const open = (): EventSource => {
    const opened = new EventSource('/desk/events', { withCredentials: true });
    for (const name of deskEventNames) {
      opened.addEventListener(name, (message) => {
        for (const listener of listeners.get(name) ?? []) listener(message.data);
      });
    }
    return opened;
  };
  return <E extends DeskEventName>(event: E, listener: (payload: DeskEvents[E]) => void): (() => void) => {
    if (!(deskEventNames as readonly string[]).includes(event))
      throw new TypeError(`Unknown desk event: ${String(event)}`);
    if (typeof EventSource === 'undefined') return () => undefined;
    source ??= open();
    const wrapped: Listener = (data) => listener(JSON.parse(data));
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(wrapped);
    listeners.set(event, set);
    return () => set.delete(wrapped);
  };
}

/** The bridge over HTTP, for the browser mode. Every operation of DeskApi is spelled once here. */
export function createHttpDesk(): Desk {
  return {
    app: { info: () => callHost('app.info', []) },
    connections: {
      list: () => callHost('connections.list', []),
      status: () => callHost('connections.status', []),
      add: (input) => callHost('connections.add', [input]),
      activate: (id) => callHost('connections.activate', [id]),
      remove: (id) => callHost('connections.remove', [id]),
      rotate: (input) => callHost('connections.rotate', [input]),
    },
    feeds: {
      pull: (kind, request) => callHost('feeds.pull', [kind, request]),
      cursor: (kind) => callHost('feeds.cursor', [kind]),
    },
    acks: { send: (batch) => callHost('acks.send', [batch]) },
    reference: { list: (kind) => callHost('reference.list', [kind]), customerNames: (ids) => callHost('reference.customerNames', [ids]) },
    push: {
      start: (plan) => callHost('push.start', [plan]),
      pause: (runId) => callHost('push.pause', [runId]),
      resume: (runId) => callHost('push.resume', [runId]),
      status: (runId) => callHost('push.status', [runId]),
      list: () => callHost('push.list', []),
      results: (runId, page) => callHost('push.results', [runId, page]),
    },
    lookup: { customer: (ref) => callHost('lookup.customer', [ref]) },
    on: createHostEvents(),
  };
}

/** The bridge of this runtime. */
export const desk: Desk = window.desk ?? createHttpDesk();
