// The desktop app's Save and Open dialogs (bridge `files`): Electron's native dialogs asking the
// questions of file-choice.ts, which does everything else and is tested without Electron.
import { dialog, type BrowserWindow } from 'electron';
import type { FileDialogs, Store } from '../core/ports';
import { createFileChoice } from './file-choice';

/** Where the dialogs open and what they hang from. */
export interface ElectronFileDialogsOptions {
  /** The window the dialogs belong to (modal to it), or null when none is open. */
  window: () => BrowserWindow | null;
  /** `app.getPath('documents')`. */
  documentsFolder: string;
  store: Store;
}

/** Native Save and Open dialogs, modal to the app's window. */
export function createElectronFileDialogs(options: ElectronFileDialogsOptions): FileDialogs {
  const parent = (): BrowserWindow | null => {
    const window = options.window();
    return window && !window.isDestroyed() ? window : null;
  };
  return createFileChoice({
    documentsFolder: options.documentsFolder,
    store: options.store,
    async askSavePath(question) {
      const settings = { defaultPath: question.defaultPath, filters: question.filters };
      const window = parent();
      const choice = window
        ? await dialog.showSaveDialog(window, settings)
        : await dialog.showSaveDialog(settings);
      return choice.canceled || !choice.filePath ? null : choice.filePath;
    },
    async askOpenPaths(question) {
      const settings = {
        title: question.title,
        defaultPath: question.defaultPath,
        filters: question.filters,
        // Several files only when the screen asks for them (Master data's exports).
        properties: question.multiple
          ? ['openFile' as const, 'multiSelections' as const]
          : ['openFile' as const],
      };
      const window = parent();
      const choice = window
        ? await dialog.showOpenDialog(window, settings)
        : await dialog.showOpenDialog(settings);
      return choice.canceled ? null : choice.filePaths;
    },
  });
}
