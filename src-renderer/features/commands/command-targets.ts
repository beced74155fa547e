// Where the menu's commands go (docs/decisions/102-files-and-shortcuts.md). "Sync now" is the app's
// own; Accept, Reject and Find act on the screen shown, so the screen that can take them registers a
// target while it is shown, and the command goes to the one registered last. Without a target, or
// when the target cannot act (nothing selected), the clerk reads a short note instead. The targets
// belong to the mounted <MenuCommands> (React context), not to the module.
import { createContext } from 'react';
import type { MenuCommand } from '../../../src-shared/bridge/commands';
import { say } from '../../messages/intl';

/** A command that acts on the screen shown. */
export type ScreenCommand = Exclude<MenuCommand, 'sync'>;

/** What a screen does with a command: null when done, else a short note saying why not. */
export type CommandTarget = (command: ScreenCommand) => string | null;

/** What the clerk reads when no screen shown takes the command, in the desk's language now. */
function noTargetNote(command: ScreenCommand): string {
  return say(`commands.noTarget.${command}`);
}

/** The screens' targets of one mounted <MenuCommands>. */
export interface CommandTargets {
  /** Makes `target` the one the screen commands go to, until the answer is called. */
  register(target: CommandTarget): () => void;
  /** Hands a screen command to the target registered last: null when it acted, else the note to show. */
  dispatch(command: ScreenCommand): string | null;
}

/** An empty set of targets. */
export function createCommandTargets(): CommandTargets {
  const targets: CommandTarget[] = [];
  return {
    register(target) {
      targets.push(target);
      return () => {
        const index = targets.lastIndexOf(target);
        if (index >= 0) targets.splice(index, 1);
      };
    },
    dispatch(command) {
      const target = targets.at(-1);
      return target ? target(command) : noTargetNote(command);
    },
  };
}

/** The targets of the <MenuCommands> around a screen; null where none is (a screen shown alone). */
export const CommandTargetsContext = createContext<CommandTargets | null>(null);
