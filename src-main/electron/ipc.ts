import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { deskOperations, type DeskApi, type DeskEventName, type DeskEvents } from '../../src-shared/bridge/contract';
import { fail } from '../../src-shared/bridge/result';
import { dispatchDesk } from '../core/dispatch';

const rendererUrl = pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

/** Whether an IPC call comes from the app's own page in its top frame (Electron security checklist 17). */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  return !!frame && frame.parent === null && frame.url.split('#')[0] === rendererUrl;
}

/**
 * Registers one handler per bridge operation (`desk:<operation>`): the sender is checked, then the
 * shared dispatcher validates the arguments, calls the core and wraps the answer in a Result.
 */
export function registerDeskIpc(api: DeskApi): void {
  for (const operation of deskOperations) {
    ipcMain.handle(`desk:${operation}`, async (event, args: unknown) => {
      if (!isTrustedSender(event)) {
        return fail({ code: 'INVALID_ARGUMENT', message: 'Calls are only taken from the app window.', retryable: false });
      }
      return dispatchDesk(api, operation, args);
    });
  }
}

/** Sends a core event to the renderer (`desk:event:<name>`). */
export function emitDeskEvent<E extends DeskEventName>(target: WebContents, event: E, payload: DeskEvents[E]): void {
  if (!target.isDestroyed()) target.send(`desk:event:${event}`, payload);
}
