// The renderer's one way to the core: Electron's preload bridge when present, else the browser-mode
// host over HTTP (same contract, same operations; events streamed as Server-Sent Events). No other file
// knows which.
import {
  deskEventNames,
  type DeskApi,
  type DeskEventName,
  type DeskEvents,
  type DeskOperation,
  type OperationArgs,
  type OperationValue,
} from '../../src-shared/bridge/contract';
import { menuCommandItems, type MenuCommand } from '../../src-shared/bridge/commands';
import type { Result } from '../../src-shared/bridge/result';
import { browserFiles } from './browser-files';
import { commandOfKey, isMacPlatform, menuShortcuts } from './shortcuts';

/** The bridge plus event subscription. */
export type Desk = DeskApi & {
  on<E extends keyof DeskEvents>(event: E, listener: (payload: DeskEvents[E]) => void): () => void;
};

/** Where this tab keeps the host's launch secret (sessionStorage: this tab only, never on disk). */
const secretKey = 'desk.hostSecret';
/** The channel on which the app's tabs (this origin only) hand the secret to a tab opened without it. */
const handoffChannel = 'desk.hostSecret';
const handoffWaitMs = 3_000;
const eventsRetryMs = 3_000;

type Handoff = { kind: 'ask' } | { kind: 'secret'; secret: string };

function isHandoff(data: unknown): data is Handoff {
  if (typeof data !== 'object' || data === null) return false;
  const kind: unknown = Reflect.get(data, 'kind');
  return kind === 'ask' || (kind === 'secret' && typeof Reflect.get(data, 'secret') === 'string');
}

function readKept(): string | null {
  try {
    return sessionStorage.getItem(secretKey);
  } catch {
    return null;
  }
}

function keep(secret: string): void {
  try {
    sessionStorage.setItem(secretKey, secret);
  } catch {
    // Storage refused (a private mode): the secret still lives in this page's memory until it closes.
  }
}

/**
 * The browser-mode host's launch secret, for the `Authorization` header of every call. The host sends
 * the page to `/#secret=…` once; the fragment is moved into this tab's sessionStorage and out of the
 * address bar. A tab opened without it (a second tab at `/`) asks the app's other tabs for it over a
 * BroadcastChannel, which only pages of this origin (this host's port) can join. Never a cookie (the
 * browser sends cookies to every port of 127.0.0.1), never localStorage or IndexedDB (kept on disk):
 * docs/decisions/070-browser-host-secret.md. Answers null when no tab has it.
 */
function createHostSecret(): () => Promise<string | null> {
  const fromAddress = new URLSearchParams(location.hash.slice(1)).get('secret');
  if (fromAddress) {
    keep(fromAddress);
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  let known = fromAddress || readKept();
  let pending: Promise<string | null> | null = null;
  let handedOver: (secret: string) => void = () => undefined;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(handoffChannel);
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    const data = message.data;
    if (!isHandoff(data)) return;
    if (data.kind === 'ask') {
      if (known) channel.postMessage({ kind: 'secret', secret: known } satisfies Handoff);
    } else if (!known) {
      known = data.secret;
      keep(known);
      handedOver(known);
    }
  });
  return () => {
    if (known) return Promise.resolve(known);
    if (!channel) return Promise.resolve(null);
    pending ??= new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => {
        pending = null;
        resolve(null);
      }, handoffWaitMs);
      handedOver = (secret) => {
        clearTimeout(timer);
        pending = null;
        resolve(secret);
      };
      channel.postMessage({ kind: 'ask' } satisfies Handoff);
    });
    return pending;
  };
}

function authorization(secret: string | null): Record<string, string> {
  return secret ? { authorization: `Bearer ${secret}` } : {};
}

/** `POST /desk/<operation>` of the browser-mode host; the answer is the dispatcher's Result. */
async function callHostWith<O extends DeskOperation>(
  hostSecret: () => Promise<string | null>,
  operation: O,
  args: OperationArgs<O>,
): Promise<Result<OperationValue<O>>> {
  try {
    const response = await fetch(`/desk/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authorization(await hostSecret()) },
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

function isEventName(name: string): name is DeskEventName {
  return (deskEventNames as readonly string[]).includes(name);
}

/**
 * Events of the browser-mode host: one `GET /desk/events` read as a stream with `fetch`, opened at the
 * first subscription. Not EventSource: it cannot send the Authorization header, and the secret must not
 * ride in a cookie or the address. Reconnects after 3 s when the stream ends or fails, as EventSource
 * would.
 */
function createHostEvents(hostSecret: () => Promise<string | null>): Desk['on'] {
  const listeners = new Map<DeskEventName, Set<Listener>>();
  let started = false;

  /** One Server-Sent Event block (`event:` and `data:` lines; `:` lines are comments). */
  const deliver = (block: string): void => {
    let name = '';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const text = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (text.startsWith('event:')) name = text.slice('event:'.length).trim();
      else if (text.startsWith('data:')) data.push(text.slice('data:'.length).replace(/^ /, ''));
    }
    if (!isEventName(name) || data.length === 0) return;
    for (const listener of listeners.get(name) ?? []) listener(data.join('\n'));
  };

  const readStream = async (): Promise<void> => {
    const secret = await hostSecret();
    if (!secret) return;
    const response = await fetch('/desk/events', {
      headers: { accept: 'text/event-stream', ...authorization(secret) },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        deliver(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  };

  const run = async (): Promise<void> => {
    for (;;) {
      await readStream().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, eventsRetryMs));
    }
  };

  return <E extends DeskEventName>(event: E, listener: (payload: DeskEvents[E]) => void): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown desk event: ${String(event)}`);
    if (typeof fetch === 'undefined' || typeof ReadableStream === 'undefined') return () => undefined;
    if (!started) {
      started = true;
      void run();
    }
    const wrapped: Listener = (data) => listener(JSON.parse(data));
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(wrapped);
    listeners.set(event, set);
    return () => set.delete(wrapped);
  };
}

/**
 * Browser mode's `menu.command`: the page has no application menu, so the menu's shortcuts
 * (commands.ts) raise the event from keydown, and the browser's own use of the key (F5 reload,
 * Ctrl+F's find bar) is prevented. Listens to the window only while something listens to the event.
 */
export function createShortcutEvents(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  isMac: boolean,
): (listener: (command: MenuCommand) => void) => () => void {
  const shortcuts = menuShortcuts(menuCommandItems, isMac);
  const listeners = new Set<(command: MenuCommand) => void>();
  const onKeyDown = (event: KeyboardEvent): void => {
    const command = commandOfKey(event, shortcuts);
    if (command === null) return;
    event.preventDefault();
    // A held key repeats: one command per press, as a menu item chosen once.
    if (event.repeat) return;
    for (const listener of [...listeners]) listener(command);
  };
  return (listener) => {
    // Capture: the grid and the fields see the key after the command did, and cannot swallow it.
    if (listeners.size === 0) target.addEventListener('keydown', onKeyDown, true);
    listeners.add(listener);
    return () => {
      if (!listeners.delete(listener)) return;
      if (listeners.size === 0) target.removeEventListener('keydown', onKeyDown, true);
    };
  };
}

/** The bridge over HTTP, for the browser mode. Every operation of DeskApi is spelled once here. */
function createHttpDesk(): Desk {
  const hostSecret = createHostSecret();
  const callHost = <O extends DeskOperation>(
    operation: O,
    args: OperationArgs<O>,
  ): Promise<Result<OperationValue<O>>> => callHostWith(hostSecret, operation, args);
  return {
    app: {
      info: () => callHost('app.info', []),
      setMenuWords: (words) => callHost('app.setMenuWords', [words]),
    },
    connections: {
      list: () => callHost('connections.list', []),
      status: () => callHost('connections.status', []),
      add: (input) => callHost('connections.add', [input]),
      activate: (id) => callHost('connections.activate', [id]),
      remove: (id) => callHost('connections.remove', [id]),
      rotate: (input) => callHost('connections.rotate', [input]),
      checkup: () => callHost('connections.checkup', []),
    },
    feeds: {
      pull: (kind, request) => callHost('feeds.pull', [kind, request]),
      cursor: (kind) => callHost('feeds.cursor', [kind]),
      documents: (kind, ids) => callHost('feeds.documents', [kind, ids]),
    },
    acks: { send: (batch) => callHost('acks.send', [batch]) },
    // The page's own download and file input: the host is not asked (browser-files.ts).
    files: browserFiles,
    audit: { calls: (query) => callHost('audit.calls', [query]) },
    demo: { open: () => callHost('demo.open', []) },
    reference: {
      // No `undefined` sent for a missing option: the host's argument check would refuse it.
      list: (kind, options) => callHost('reference.list', options ? [kind, options] : [kind]),
      customerNames: (ids) => callHost('reference.customerNames', [ids]),
    },
    push: {
      start: (plan) => callHost('push.start', [plan]),
      pause: (runId) => callHost('push.pause', [runId]),
      resume: (runId) => callHost('push.resume', [runId]),
      status: (runId) => callHost('push.status', [runId]),
      list: () => callHost('push.list', []),
      results: (runId, page) => callHost('push.results', [runId, page]),
    },
    lookup: {
      customer: (ref) => callHost('lookup.customer', [ref]),
      customerBalances: (ids) => callHost('lookup.customerBalances', [ids]),
      customers: (refs) => callHost('lookup.customers', [refs]),
      records: (entity, ids) => callHost('lookup.records', [entity, ids]),
    },
    on: hostAndShortcutEvents(
      createHostEvents(hostSecret),
      createShortcutEvents(window, isMacPlatform(navigator)),
    ),
  };
}

/** The host's events, with `menu.command` raised by the page's shortcuts instead of the host. */
function hostAndShortcutEvents(
  hostEvents: Desk['on'],
  shortcutEvents: ReturnType<typeof createShortcutEvents>,
): Desk['on'] {
  return <E extends DeskEventName>(event: E, listener: (payload: DeskEvents[E]) => void): (() => void) => {
    if (event === 'menu.command')
      return shortcutEvents((command) =>
        (listener as (payload: DeskEvents['menu.command']) => void)(command),
      );
    return hostEvents(event, listener);
  };
}

/** The bridge of this runtime. */
export const desk: Desk = window.desk ?? createHttpDesk();
