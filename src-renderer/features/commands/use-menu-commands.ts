import { useCallback, useEffect, useState } from 'react';
import type { MenuCommand } from '../../../src-shared/bridge/commands';
import { desk } from '../../bridge/desk';
import { say } from '../../messages/intl';
import { useDeskStore } from '../../state/store';
import { assertNever } from '../ui/assert-never';
import type { CommandTargets } from './command-targets';

/** How long a command's note stays up. */
const noteShownMs = 6_000;

/** A note about a command that did nothing, with a count so the same note twice shows again. */
export interface CommandNote {
  text: string;
  serial: number;
}

/**
 * Follows the menu's commands (`menu.command`: the desktop app's menu, or browser mode's shortcuts):
 * "Sync now" syncs every feed; Accept, Reject and Find go to the screen shown (`targets`). Answers the
 * note of a command that could not act, until it times out or is dismissed.
 */
export function useMenuCommands(targets: CommandTargets): { note: CommandNote | null; dismiss: () => void } {
  const [note, setNote] = useState<CommandNote | null>(null);
  const dismiss = useCallback(() => setNote(null), []);

  useEffect(() => {
    const show = (text: string | null): void =>
      setNote((current) => (text === null ? null : { text, serial: (current?.serial ?? 0) + 1 }));
    const run = (command: MenuCommand): void => {
      switch (command) {
        case 'sync': {
          const store = useDeskStore.getState();
          if (!store.connection?.connection) {
            show(say('commands.sync.noConnection'));
            return;
          }
          show(null);
          void store.syncNow();
          return;
        }
        case 'accept':
        case 'reject':
        case 'find':
          show(targets.dispatch(command));
          return;
        default:
          assertNever(command);
      }
    };
    return desk.on('menu.command', run);
  }, [targets]);

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), noteShownMs);
    return () => clearTimeout(timer);
  }, [note]);

  return { note, dismiss };
}
