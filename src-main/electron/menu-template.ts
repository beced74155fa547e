// The application menu as a plain template, so that it is tested without Electron's binary
// (test/electron/menu-template.test.ts). menu.ts builds it with Menu.buildFromTemplate.
import type { MenuItemConstructorOptions } from 'electron';
import {
  menuCommandItems,
  type MenuCommand,
  type MenuRole,
  type MenuWords,
} from '../../src-shared/bridge/commands';

/** What the template depends on: the platform, whether the app is packaged, and what items do. */
export interface MenuTemplateOptions {
  platform: NodeJS.Platform;
  /** `app.isPackaged`: an installed app has no reload and no developer tools in its menu. */
  isPackaged: boolean;
  /** A command of the screens was chosen (sent to the window as `menu.command`). */
  onCommand: (command: MenuCommand) => void;
  /** "About Reconciliation Desk" was chosen (Help menu; macOS has it in the app menu). */
  onAbout: () => void;
  /** The words, in the clerk's language (said by the renderer from the catalogue). */
  words: MenuWords;
}

function commandItem(
  command: MenuCommand,
  onCommand: (command: MenuCommand) => void,
  words: MenuWords,
): MenuItemConstructorOptions {
  const item = menuCommandItems.find((candidate) => candidate.command === command);
  if (!item) throw new Error(`desk: no menu item for ${command}`);
  return {
    id: `desk.${command}`,
    label: words.commands[command],
    accelerator: item.accelerator,
    click: () => onCommand(command),
  };
}

/**
 * The menu: the app menu (macOS), File, Edit with Find…, Documents (Sync now, Accept selected…, Reject
 * selected…), View, Window and Help. The commands' labels and shortcuts come from
 * src-shared/bridge/commands.ts, which browser mode's shortcuts read too.
 *
 * View has zoom and full screen; Reload and the developer tools only when the app is not packaged.
 * Force Reload's own shortcut (Shift+CmdOrCtrl+R) is Reject selected…'s, so it is given Shift+F5
 * (docs/decisions/098-desktop-shell.md).
 */
export function buildMenuTemplate(options: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const { words } = options;
  const command = (name: MenuCommand): MenuItemConstructorOptions =>
    commandItem(name, options.onCommand, words);
  // A role keeps what it does and its shortcut; its label is the clerk's language, not the system's.
  const role = (name: MenuRole, more: MenuItemConstructorOptions = {}): MenuItemConstructorOptions => ({
    role: name,
    label: words.roles[name],
    ...more,
  });
  const developerItems: MenuItemConstructorOptions[] = options.isPackaged
    ? []
    : [
        role('reload'),
        role('forceReload', { accelerator: 'Shift+F5' }),
        role('toggleDevTools'),
        { type: 'separator' },
      ];
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu', label: words.file },
    {
      label: words.edit,
      submenu: [
        role('undo'),
        role('redo'),
        { type: 'separator' },
        role('cut'),
        role('copy'),
        role('paste'),
        role('selectAll'),
        { type: 'separator' },
        command('find'),
      ],
    },
    {
      label: words.documents,
      submenu: [command('sync'), { type: 'separator' }, command('accept'), command('reject')],
    },
    {
      label: words.view,
      submenu: [
        ...developerItems,
        role('resetZoom'),
        role('zoomIn'),
        role('zoomOut'),
        { type: 'separator' },
        role('togglefullscreen'),
      ],
    },
    { role: 'windowMenu', label: words.window },
    {
      role: 'help',
      label: words.help,
      submenu: isMac ? [] : [{ label: words.about, click: () => options.onAbout() }],
    },
  ];
}
