/**
 * The commands of the application menu and their shortcuts: one list for the desktop app's menu
 * (src-main/electron/menu.ts) and browser mode's keyboard shortcuts (src-renderer/bridge/desk.ts), so a
 * shortcut does the same in both. Type-only importers keep the preload free of it.
 */

/** One command the screens act on (`menu.command` event). */
export type MenuCommand = 'sync' | 'accept' | 'reject' | 'find';

/** A command as the menu shows it. `accelerator` is Electron's syntax ("CmdOrCtrl+Shift+A"). */
export interface MenuCommandItem {
  command: MenuCommand;
  label: string;
  accelerator: string;
}

/** The menu's commands, in the order the menu lists them. */
export const menuCommandItems: readonly MenuCommandItem[] = [
  { command: 'sync', label: 'Sync now', accelerator: 'F5' },
  { command: 'accept', label: 'Accept selected…', accelerator: 'CmdOrCtrl+Shift+A' },
  { command: 'reject', label: 'Reject selected…', accelerator: 'CmdOrCtrl+Shift+R' },
  { command: 'find', label: 'Find…', accelerator: 'CmdOrCtrl+F' },
];
