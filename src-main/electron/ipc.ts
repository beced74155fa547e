import { ipcMain, type WebContents } from 'electron';
import {
  deskOperations,
  type DeskApi,
  type DeskEventName,
  type DeskEvents,
} from '../../src-shared/bridge/contract';
import { fail } from '../../src-shared/bridge/result';
import { dispatchDesk } from '../core/dispatch';
import { isTrustedSender, rendererEntryUrl } from './security';

/**
 * Registers one handler per bridge operation (`desk:<operation>`): the sender is checked, then the
 * shared dispatcher validates the arguments against `bridge/arguments.ts`, calls the core and wraps
 * the answer in a Result. Nothing else is listened to.
 */
export function registerDeskIpc(api: DeskApi): void {
  for (const operation of deskOperations) {
    ipcMain.handle(`desk:${operation}`, async (event, args: unknown) => {
      if (!isTrustedSender(event.senderFrame, rendererEntryUrl)) {
        return fail({
          code: 'INVALID_ARGUMENT',
          message: 'Calls are only taken from the app window.',
          retryable: false,
        });
      }
      return dispatchDesk(api, operation, args);
    });
  }
}

/** Sends a core event to the renderer (`desk:event:<name>`). */
export function emitDeskEvent<E extends DeskEventName>(
  target: WebContents,
  event: E,
  payload: DeskEvents[E],
): void {
  if (!target.isDestroyed()) target.send(`desk:event:${event}`, payload);
}
