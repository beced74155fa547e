import type { DamagedFile, DeskApi } from '../../src-shared/bridge/contract';

/**
 * The ports of the main-process core: everything it needs from its host, so that the same core runs in
 * Electron's main process, in the browser-mode host and in tests.
 */

/**
 * Where secrets live: the OS keychain in the app, never a file in clear.
 *
 * `account` is the app's own name for the secret (a connection id); implementations must not log values.
 */
export interface Keychain {
  /** How the secrets are kept, shown to the user. */
  readonly storage: 'os-keychain' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/**
 * Wall-clock time, so that tests can move it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/**
 * Durable storage of the core's own small documents (saved connections, the push journal).
 *
 * Each document is a JSON value under a name; `write` replaces it atomically.
 */
export interface Store {
  /** The document, or null when there is none (or it was damaged: then it is kept aside, see `damaged`). */
  read<T>(name: string): Promise<T | null>;
  write<T>(name: string, value: T): Promise<void>;
  /** The documents found damaged and kept aside since this store was made, oldest first. */
  damaged(): readonly DamagedFile[];
}

/**
 * The bundled sandbox behind "Open the demo company": a separate process with its data in the app's
 * user-data folder. Absent where the app has none to start.
 */
export interface DemoSandbox {
  /** Starts it unless it runs already; its `{base_url}` and the demo token from its data folder. */
  start(): Promise<{ baseUrl: string; token: string }>;
  /** Stops it (SIGTERM: it finishes what is in flight); nothing when it does not run. */
  stop(): Promise<void>;
}

/**
 * The window's Save and Open dialogs (bridge `files`): the desktop shell's own. Absent in the core of
 * browser mode, whose page downloads and uses a file input without asking the host.
 */
export type FileDialogs = DeskApi['files'];
