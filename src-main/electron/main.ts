// The Electron shell: thin by design. Everything it does is wiring the core (plain TypeScript, tested
// without Electron) to a secure window.
import { app, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createFileStore } from '../core/adapters/file-store';
import { openKeychain } from '../core/adapters/os-keychain';
import { systemClock } from '../core/adapters/system-clock';
import { applyStartupConnection } from '../core/bootstrap';
import { DeskCore } from '../core/desk-service';
import { logRedacted } from '../core/redact';
import { emitDeskEvent, registerDeskIpc } from './ipc';
import { installMenu } from './menu';
import { electronContentSecurityPolicy, isAllowedRequestUrl } from './security';
import { openMainWindow } from './window';

// An error no handler caught (the dispatcher already turns every bridge call's throw into a Result) is
// logged, redacted (core/redact.ts: no token, no Authorization value), and the app goes on. Without
// these, an unhandled rejection becomes an uncaught exception, which Electron answers with a modal box
// showing the raw error and stack, unredacted, in front of the clerk's window.
process.on('unhandledRejection', (reason) => {
  logRedacted('error', 'desk: an unhandled rejection in the main process; still running.', reason);
});
process.on('uncaughtException', (error) => {
  logRedacted('error', 'desk: an uncaught exception in the main process; still running.', error);
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(async () => {
    // No remote content: every request that is not the app's own file is refused, and every answer
    // carries the strict CSP.
    session.defaultSession.webRequest.onBeforeRequest((details, callback) => {
      callback({ cancel: !isAllowedRequestUrl(details.url) });
    });
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [electronContentSecurityPolicy],
        },
      });
    });
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);

    const store = createFileStore(join(app.getPath('userData'), 'desk'));
    const keychain = await openKeychain();
    if (keychain.storage === 'memory') {
      logRedacted(
        'warn',
        'desk: no OS keychain answered; tokens are kept in memory for this session only, never on disk.',
      );
    }
    const core = new DeskCore({
      runtime: 'electron',
      version: app.getVersion(),
      keychain,
      store,
      clock: systemClock,
    });
    await applyStartupConnection(core, {
      serviceUrl: process.env.DESK_SERVICE_URL,
      sandboxDataDir: process.env.DESK_SANDBOX_DATA,
      token: process.env.DESK_SERVICE_TOKEN,
    });
    delete process.env.DESK_SERVICE_TOKEN;
    registerDeskIpc(core.api);
    installMenu();
    let window: BrowserWindow = await openMainWindow(store);
    // Core events go to whichever window is open now (macOS re-creates it on 'activate').
    core.subscribe((event, payload) => emitDeskEvent(window.webContents, event, payload));
    app.on('second-instance', () => {
      if (window.isMinimized()) window.restore();
      window.focus();
    });
    app.on('activate', async () => {
      if (window.isDestroyed()) window = await openMainWindow(store);
    });
    app.on('before-quit', () => void core.close());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
