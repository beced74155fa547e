// The update check of the installed app: electron-updater reads the feed electron-builder published with
// the release (GitHub releases, electron-builder.json `publish`), and the clerk decides each step in a
// native message box. The rules (when to look, what to say) live in core/updates/update-policy.ts;
// docs/decisions/097-packaging-and-release-pipeline.md.
import { app, dialog, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import {
  decideUpdateCheck,
  isConfirmed,
  updateAvailablePrompt,
  updateReadyPrompt,
  type UpdatePrompt,
} from '../core/updates/update-policy';
import { logRedacted } from '../core/redact';

/** What the update check needs from the shell. */
export interface UpdateCheckOptions {
  /** The window the message boxes belong to, when one is open. */
  window: () => BrowserWindow | null;
}

/**
 * Looks for a newer release once, at start, in an installed app only (not in development, not in
 * browser mode, not with DESK_UPDATES=off). Asks before downloading and again before restarting; a
 * failed check is logged and never shown: the clerk's work does not depend on it.
 */
export function checkForUpdates(options: UpdateCheckOptions): void {
  const decision = decideUpdateCheck({ isPackaged: app.isPackaged, runtime: 'electron', env: process.env });
  if (!decision.check) return;

  // electron-updater is CommonJS; its `autoUpdater` is a getter on the default export.
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = null;

  const ask = async (prompt: UpdatePrompt): Promise<boolean> => {
    const box = { type: 'info' as const, noLink: true, ...prompt };
    const parent = options.window();
    const { response } = parent ? await dialog.showMessageBox(parent, box) : await dialog.showMessageBox(box);
    return isConfirmed(response);
  };

  autoUpdater.on('update-available', (info) => {
    void ask(updateAvailablePrompt(app.getVersion(), info.version)).then((yes) => {
      if (yes) void autoUpdater.downloadUpdate().catch(ignore);
    });
  });
  autoUpdater.on('update-downloaded', (info) => {
    void ask(updateReadyPrompt(info.version)).then((yes) => {
      if (yes) autoUpdater.quitAndInstall();
    });
  });
  // Every failure (check, download) is emitted here once, and its promise also rejects: the listener
  // logs it, the promise's rejection is dropped (an emitter's 'error' without a listener would throw).
  autoUpdater.on('error', (error) => {
    logRedacted('warn', 'desk: the update check failed; the app goes on without it.', error);
  });
  void autoUpdater.checkForUpdates().catch(ignore);
}

function ignore(): void {}
