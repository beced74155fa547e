// The Electron shell's security decisions as plain functions and values, so that they are tested
// without Electron's binary (test/electron). Type-only imports of electron: nothing is loaded.
import type { WebPreferences } from 'electron';

/**
 * The renderer's Content-Security-Policy in Electron: the app's own files only; no inline or evaluated
 * script, no remote connection (the core talks to the service, never the page). ag-grid sets inline
 * styles, hence `'unsafe-inline'` for styles only.
 */
export const electronContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

/** The secure web preferences of every window (Electron security checklist 2, 3, 4, 6, 9, 12). */
export function secureWebPreferences(preloadPath: string): WebPreferences {
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
  };
}

/** The part of an IPC event the sender check reads. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

/**
 * Whether an IPC call comes from the app's own page in its top frame (Electron security checklist 17):
 * a `file:` URL with exactly the renderer's path; query and fragment are ignored. A destroyed frame
 * (null), a sub-frame, or any other page is refused.
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
  return (
    sender.protocol === 'file:' &&
    expected.protocol === 'file:' &&
    sender.host === expected.host &&
    sender.pathname === expected.pathname
  );
}

/** Whether the session may load a URL at all: the app's own files and the developer tools, nothing remote. */
export function isAllowedRequestUrl(url: string): boolean {
  return url.startsWith('file://') || url.startsWith('devtools://');
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
