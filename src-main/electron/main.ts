// The Electron shell: thin by design. Everything it does is wiring the core (plain TypeScript, tested
// without Electron) to a secure window.
import { app, protocol, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createFileStore } from '../core/adapters/file-store';
import { AuditTrail } from '../core/audit/audit-trail';
import { describeKeychainFinding } from '../core/adapters/keychain-probe';
import { openKeychainReporting } from '../core/adapters/os-keychain';
import { systemClock } from '../core/adapters/system-clock';
import { applyStartupConnection } from '../core/bootstrap';
import { DeskCore } from '../core/desk-service';
import { logRedacted } from '../core/redact';
import type { DeskEventName, DeskEvents } from '../../src-shared/bridge/contract';
import type { MenuCommand } from '../../src-shared/bridge/commands';
import { createElectronDemoSandbox } from './demo-process';
import { emitDeskEvent, registerDeskIpc } from './ipc';
import { createElectronFileDialogs } from './file-dialogs';
import { installMenu } from './menu';
import { serveAppRequest } from './protocol';
import { appScheme, appSchemePrivileges, type ShellMode } from './security';
import { guardWebContents, hardenSession } from './session-guards';
import { checkForUpdates } from './updates';
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

// The app's own files, and nothing else, are served on app://desk (protocol.ts); out/renderer sits
// beside this bundle's folder (out/main), in the ASAR archive once packaged.
const rendererRoot = join(import.meta.dirname, '../renderer');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Before 'ready', as Electron requires: the scheme is standard and secure (security.ts).
  protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
  app.enableSandbox();
  // The developer tools exist only in a build that is not packaged (docs/decisions/098-desktop-shell.md).
  const mode: ShellMode = { devTools: !app.isPackaged };
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));

  void app.whenReady().then(async () => {
    // No remote content, no permission, no device; every answer carries the strict CSP.
    hardenSession(session.defaultSession, mode);
    protocol.handle(appScheme, (request) => serveAppRequest(request, rendererRoot));

    const store = createFileStore(join(app.getPath('userData'), 'desk'));
    // A keychain that does not outlive the session counts as memory (decision 095), and says how to fix it.
    const { keychain, finding } = await openKeychainReporting();
    const keychainWarning = describeKeychainFinding(finding);
    if (keychainWarning) logRedacted('warn', `desk: ${keychainWarning}`);
    // The one window (macOS re-creates it on 'activate'); null until it is open or once destroyed.
    let window: BrowserWindow | null = null;
    const openWindow = (): BrowserWindow | null => (window && !window.isDestroyed() ? window : null);
    // The menu's commands go to the window (`send`, set once the core's events are wired below).
    let onMenuCommand: (command: MenuCommand) => void = () => undefined;
    const core = new DeskCore({
      runtime: 'electron',
      // The window says the clerk's language: the menu is built anew in its words.
      menu: { setWords: (words) => installMenu((command) => onMenuCommand(command), words) },
      version: app.getVersion(),
      keychain,
      store,
      clock: systemClock,
      audit: new AuditTrail({ dir: join(app.getPath('userData'), 'desk', 'audit'), clock: systemClock }),
      fileDialogs: createElectronFileDialogs({
        window: openWindow,
        documentsFolder: app.getPath('documents'),
        store,
      }),
      // "Open the demo company": the bundled sandbox in a utility process, its data in the user-data
      // folder (decision 099); core.close() on quit stops it.
      demo: createElectronDemoSandbox({
        userDataDir: app.getPath('userData'),
        sandboxEntry: join(import.meta.dirname, 'sandbox.js'),
      }),
    });
    await applyStartupConnection(core, {
      serviceUrl: process.env.DESK_SERVICE_URL,
      sandboxDataDir: process.env.DESK_SANDBOX_DATA,
      token: process.env.DESK_SERVICE_TOKEN,
    });
    delete process.env.DESK_SERVICE_TOKEN;
    registerDeskIpc(core.api);
    // Core events and the menu's commands go to whichever window is open now.
    const send = <E extends DeskEventName>(event: E, payload: DeskEvents[E]): void => {
      const target = openWindow();
      if (target) emitDeskEvent(target.webContents, event, payload);
    };
    core.subscribe(send);
    onMenuCommand = (command) => send('menu.command', command);
    installMenu((command) => onMenuCommand(command));
    window = await openMainWindow(store, mode);
    // Installed copies only; nothing is downloaded or restarted without the clerk's yes (decision 097).
    checkForUpdates({ window: openWindow });
    app.on('second-instance', () => {
      const target = openWindow();
      if (target?.isMinimized()) target.restore();
      target?.focus();
    });
    app.on('activate', async () => {
      if (!openWindow()) window = await openMainWindow(store, mode);
    });
    app.on('before-quit', () => void core.close());
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
