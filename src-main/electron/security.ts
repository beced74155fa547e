// The Electron shell's security decisions as plain functions and values, so that they are tested
// without Electron's binary (test/electron). Type-only imports of electron: nothing is loaded.
import type { CustomScheme, WebPreferences } from 'electron';

/**
 * The renderer's Content-Security-Policy in Electron: the app's own files only; no inline or evaluated
 * script, no remote connection (the core talks to the service, never the page). ag-grid sets inline
 * styles, hence `'unsafe-inline'` for styles only.
 */
export const electronContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

/**
 * The app's own origin (Electron security checklist 18: a custom protocol, not `file://`). The window
 * loads `app://desk/index.html`, which src-main/electron/protocol.ts serves from out/renderer only
 * (docs/decisions/098-desktop-shell.md).
 */
export const appScheme = 'app';
/** The one host of the app's scheme; any other is answered 404. */
export const appHost = 'desk';
/** `app://desk`: the origin every page, script and IPC call of the app comes from. */
export const appOrigin = `${appScheme}://${appHost}`;
/** The page the window loads, and the only sender IPC calls are taken from. */
export const rendererEntryUrl = `${appOrigin}/index.html`;

/**
 * How the app's scheme is registered before `ready` (`protocol.registerSchemesAsPrivileged`): standard
 * (relative URLs resolve, the origin is `app://desk`), secure (a secure context, like https), fetch
 * and the V8 code cache. Never `bypassCSP`, never `corsEnabled` (which would let another origin read
 * it), no service workers, no streaming.
 */
export const appSchemePrivileges = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const satisfies CustomScheme;

/** Whether the developer tools may open: only in a build that is not packaged (`app.isPackaged`). */
export interface ShellMode {
  devTools: boolean;
}

/** The secure web preferences of every window (Electron security checklist 2, 3, 4, 6, 9, 12). */
export function secureWebPreferences(preloadPath: string, mode: ShellMode): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: mode.devTools,
  };
}

/** The part of an IPC event the sender check reads. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

/** Whether a parsed URL is on the app's own origin (`app://desk`, no port, no credentials). */
function isAppOrigin(url: URL): boolean {
  return (
    url.protocol === `${appScheme}:` &&
    url.hostname.toLowerCase() === appHost &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * Whether an IPC call comes from the app's own page in its top frame (Electron security checklist 17):
 * `app://desk` with exactly the renderer's path; query and fragment are ignored. A destroyed frame
 * (null), a sub-frame, a `file:` page or any other page is refused.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, rendererUrl: string): boolean {
  if (!frame || frame.parent !== null) return false;
  let sender: URL;
  let expected: URL;
  try {
    sender = new URL(frame.url);
    expected = new URL(rendererUrl);
  } catch {
    return false;
  }
  return isAppOrigin(sender) && isAppOrigin(expected) && sender.pathname === expected.pathname;
}

/**
 * Whether the session may load a URL at all: the app's own origin, `data:` (which the CSP allows for
 * images and fonts only), and the developer tools' own pages where they may open. Nothing remote, and
 * no `file:`: the app's files come through its protocol.
 */
export function isAllowedRequestUrl(url: string, mode: ShellMode): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (isAppOrigin(parsed)) return true;
  if (parsed.protocol === 'data:') return true;
  return mode.devTools && parsed.protocol === 'devtools:';
}

/** Whether a link the page tries to open may be handed to the user's browser (https only; never in-app). */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
