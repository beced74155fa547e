/**
 * The bridge contract between the renderer and the main-process core.
 *
 * Both transports (Electron IPC through the preload, and the browser-mode host over HTTP) expose exactly
 * these operations; `deskOperations` lists them for the loops that build each side. A type test proves
 * the list and the interface agree. This file has type-only imports so that the sandboxed preload can
 * load it.
 */
import type { Result } from './result';

/** Which runtime hosts the core. */
export type DeskRuntime = 'electron' | 'browser';

/** What the shell shows about the app itself. */
export interface AppInfo {
  name: string;
  version: string;
  runtime: DeskRuntime;
}

/** How a saved connection's credentials are kept. */
export type TokenStorage = 'os-keychain' | 'memory';

/** A saved connection as the renderer may see it: never the token. */
export interface ConnectionView {
  id: string;
  label: string;
  baseUrl: string;
  isActive: boolean;
  tokenStorage: TokenStorage;
}

/** What `GET /me` told about the active connection, in the app's words. */
export interface ConnectionStatus {
  connection: ConnectionView | null;
  state: 'not-configured' | 'connected' | 'error';
  company?: { code: string; name: string };
  client?: { name: string; system: string; rateLimitPerMinute: number; tokenExpiresAt: string; tokenPrefix: string };
  scopes?: string[];
  error?: { code: string; message: string };
}

/** The operations the renderer may call. */
export interface DeskApi {
  app: { info(): Promise<Result<AppInfo>> };
  connections: {
    list(): Promise<Result<ConnectionView[]>>;
    status(): Promise<Result<ConnectionStatus>>;
  };
}

/** Events the core pushes to the renderer. */
export interface DeskEvents {
  'connection.state': ConnectionStatus;
}

/** Every operation, as `area.verb`; the IPC channel is `desk:<operation>`. */
export const deskOperations = ['app.info', 'connections.list', 'connections.status'] as const;

/** One operation name. */
export type DeskOperation = (typeof deskOperations)[number];

/** Every event name; the IPC channel is `desk:event:<name>`. */
export const deskEventNames = ['connection.state'] as const;

/** One event name. */
export type DeskEventName = keyof DeskEvents;

/** The function behind an operation name, e.g. `OperationFn<'connections.list'>`. */
export type OperationFn<O extends DeskOperation> = O extends `${infer A}.${infer V}`
  ? A extends keyof DeskApi
    ? V extends keyof DeskApi[A]
      ? DeskApi[A][V]
      : never
    : never
  : never;

/** The arguments of an operation. */
export type OperationArgs<O extends DeskOperation> = OperationFn<O> extends (...args: infer P) => unknown ? P : never;

/** The resolved value of an operation. */
export type OperationValue<O extends DeskOperation> =
  OperationFn<O> extends (...args: never[]) => Promise<Result<infer V>> ? V : never;
