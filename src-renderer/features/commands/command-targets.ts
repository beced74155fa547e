// Where the menu's commands go (docs/decisions/102-files-and-shortcuts.md). "Sync now" is the app's
// own; Accept, Reject and Find act on the screen shown, so the screen that can take them registers a
// target while it is shown, and the command goes to the one registered last. Without a target, or
// when the target cannot act (nothing selected), the clerk reads a short note instead.
import type { MenuCommand } from '../../../src-shared/bridge/commands';

/** A command that acts on the screen shown. */
export type ScreenCommand = Exclude<MenuCommand, 'sync'>;

/** What a screen does with a command: null when done, else a short note saying why not. */
export type CommandTarget = (command: ScreenCommand) => string | null;

const targets: CommandTarget[] = [];

/** What the clerk reads when no screen shown takes the command. */
export const noTargetNotes: Record<ScreenCommand, string> = {
  accept: 'Accept works on Invoices, Payments, Returns or Orders: open one and select documents first.',
  reject: 'Reject works on Invoices, Payments, Returns or Orders: open one and select documents first.',
  find: 'Find filters the documents of Invoices, Payments, Returns or Orders: open one first.',
};

/** Makes `target` the one the screen commands go to, until the answer is called. */
export function registerCommandTarget(target: CommandTarget): () => void {
  targets.push(target);
  return () => {
    const index = targets.lastIndexOf(target);
    if (index >= 0) targets.splice(index, 1);
  };
}

/** Hands a screen command to the target registered last: null when it acted, else the note to show. */
export function dispatchScreenCommand(command: ScreenCommand): string | null {
  const target = targets.at(-1);
  return target ? target(command) : noTargetNotes[command];
}
