import { BrowserWindow, screen, shell, type Rectangle } from 'electron';
import { join } from 'node:path';
import type { Store } from '../core/ports';

/** The renderer's Content-Security-Policy in Electron: the app's own files only. */
export const electronContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The secure web preferences of every window (Electron security checklist). */
export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/**
 * Opens the main window: secure preferences, navigation and new windows blocked, no remote content,
 * and the size and position of the last session.
 */
export async function openMainWindow(store: Store): Promise<BrowserWindow> {
  const saved = await store.read<Rectangle & { maximized?: boolean }>('window-state');
  const visible = saved && screen.getAllDisplays().some((d) => intersects(d.workArea, saved));
  const window = new BrowserWindow({
    width: visible ? saved.width : 1280,
    height: visible ? saved.height : 800,
    ...(visible ? { x: saved.x, y: saved.y } : {}),
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Reconciliation Desk',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  if (visible && saved.maximized) window.maximize();

  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.on('will-redirect', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the outside world open in the user's browser, never inside the app.
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    void store.write('window-state', { ...window.getNormalBounds(), maximized: window.isMaximized() });
  });

  await window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

function intersects(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
