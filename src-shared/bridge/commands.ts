/**
 * The commands of the application menu and their shortcuts: one list for the desktop app's menu
 * (src-main/electron/menu.ts) and browser mode's keyboard shortcuts (src-renderer/bridge/desk.ts), so a
 * shortcut does the same in both. Type-only importers keep the preload free of it.
 */

/** One command the screens act on (`menu.command` event). */
export type MenuCommand = 'sync' | 'accept' | 'reject' | 'find';

/** A command and its shortcut. `accelerator` is Electron's syntax ("CmdOrCtrl+Shift+A"). */
export interface MenuCommandItem {
  command: MenuCommand;
  accelerator: string;
}

/** The menu's commands, in the order the menu lists them. */
export const menuCommandItems: readonly MenuCommandItem[] = [
  { command: 'sync', accelerator: 'F5' },
  { command: 'accept', accelerator: 'CmdOrCtrl+Shift+A' },
  { command: 'reject', accelerator: 'CmdOrCtrl+Shift+R' },
  { command: 'find', accelerator: 'CmdOrCtrl+F' },
];

/** The menu's items that are Electron roles and that the desk names in the clerk's language. */
export const menuRoles = [
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'selectAll',
  'reload',
  'forceReload',
  'toggleDevTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'togglefullscreen',
] as const;

/** One named role. */
export type MenuRole = (typeof menuRoles)[number];

/**
 * The menu's words in the clerk's language, said by the renderer from the message catalogue and sent
 * to the desktop shell (`app.setMenuWords`), which builds the menu with them
 * (docs/decisions/106-the-clerks-language.md).
 */
export interface MenuWords {
  appName: string;
  file: string;
  edit: string;
  documents: string;
  view: string;
  window: string;
  help: string;
  /** "About Reconciliation Desk". */
  about: string;
  /** What the About box says under the name and version. */
  aboutDetail: string;
  commands: Record<MenuCommand, string>;
  roles: Record<MenuRole, string>;
}

/** A message id of the menu's words (src-shared/messages/menu.en.json, part of the one catalogue). */
export type MenuMessageId =
  | 'menu.appName'
  | 'menu.file'
  | 'menu.edit'
  | 'menu.documents'
  | 'menu.view'
  | 'menu.window'
  | 'menu.help'
  | 'menu.about'
  | 'menu.aboutDetail'
  | `menu.command.${MenuCommand}`
  | `menu.role.${MenuRole}`;

/**
 * The menu's words, each said by `say`: the renderer's catalogue in the clerk's language, or the
 * shell's English file for the menu it shows before the window has said its language.
 */
export function menuWordsFrom(say: (id: MenuMessageId) => string): MenuWords {
  return {
    appName: say('menu.appName'),
    file: say('menu.file'),
    edit: say('menu.edit'),
    documents: say('menu.documents'),
    view: say('menu.view'),
    window: say('menu.window'),
    help: say('menu.help'),
    about: say('menu.about'),
    aboutDetail: say('menu.aboutDetail'),
    commands: {
      sync: say('menu.command.sync'),
      accept: say('menu.command.accept'),
      reject: say('menu.command.reject'),
      find: say('menu.command.find'),
    },
    roles: Object.fromEntries(menuRoles.map((role) => [role, say(`menu.role.${role}`)])) as Record<
      MenuRole,
      string
    >,
  };
}
