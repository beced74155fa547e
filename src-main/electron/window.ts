import { BrowserWindow, screen, shell, type Rectangle } from 'electron';
import { join } from 'node:path';
import type { Store } from '../core/ports';
import { isExternalLinkAllowed, rendererEntryUrl, secureWebPreferences, type ShellMode } from './security';

/** The window's size and place, kept between sessions (store document `window-state`). */
interface WindowState extends Rectangle {
  maximized?: boolean;
}

const saveDelayMs = 500;

/**
 * Opens the main window on the app's own origin (`app://desk/index.html`, served by protocol.ts):
 * secure preferences, navigation and new windows blocked, no remote content, and the size and
 * position of the last session (when that place is still on a screen).
 */
export async function openMainWindow(store: Store, mode: ShellMode): Promise<BrowserWindow> {
  const saved = await store.read<WindowState>('window-state');
  const visible = saved !== null && screen.getAllDisplays().some((d) => intersects(d.workArea, saved));
  const window = new BrowserWindow({
    width: visible ? saved.width : 1280,
    height: visible ? saved.height : 800,
    ...(visible ? { x: saved.x, y: saved.y } : {}),
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Reconciliation Desk',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs'), mode),
  });
  if (visible && saved.maximized) window.maximize();

  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.on('will-redirect', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the outside world open in the user's browser, never inside the app.
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());

  // The state is written while the user moves the window, not only on close: a quit does not wait for
  // an asynchronous write begun in 'close'.
  let timer: NodeJS.Timeout | undefined;
  const saveState = (): void => {
    if (window.isDestroyed()) return;
    void store.write<WindowState>('window-state', {
      ...window.getNormalBounds(),
      maximized: window.isMaximized(),
    });
  };
  const saveSoon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(saveState, saveDelayMs);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', () => {
    clearTimeout(timer);
    saveState();
  });

  await window.loadURL(rendererEntryUrl);
  return window;
}

function intersects(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
