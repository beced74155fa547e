import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuCommandItems, menuWordsFrom, type MenuCommand } from '../../src-shared/bridge/commands';
import arabic from '../../src-shared/messages/menu.ar.json';
import english from '../../src-shared/messages/menu.en.json';
import { buildMenuTemplate } from '../../src-main/electron/menu-template';

/** The shortcuts Electron gives a role when the template names none (docs: MenuItem roles). */
const roleAccelerators: Record<string, string> = {
  undo: 'CmdOrCtrl+Z',
  redo: 'Shift+CmdOrCtrl+Z',
  cut: 'CmdOrCtrl+X',
  copy: 'CmdOrCtrl+C',
  paste: 'CmdOrCtrl+V',
  selectAll: 'CmdOrCtrl+A',
  reload: 'CmdOrCtrl+R',
  forceReload: 'Shift+CmdOrCtrl+R',
  toggleDevTools: 'Alt+CmdOrCtrl+I',
  resetZoom: 'CmdOrCtrl+0',
  zoomIn: 'CmdOrCtrl+Plus',
  zoomOut: 'CmdOrCtrl+-',
  togglefullscreen: 'F11',
};

/** A menu's words from the catalogue's file of a language. */
const wordsIn = { en: menuWordsFrom((id) => english[id]), ar: menuWordsFrom((id) => arabic[id]) };

/** A menu as a user reads it: each top menu's role or name and its items' roles or labels with their shortcuts. */
function outline(template: MenuItemConstructorOptions[]): unknown[] {
  return template.map((menu) => {
    const name = menu.role ?? menu.label;
    if (!Array.isArray(menu.submenu)) return name;
    return {
      [String(name)]: menu.submenu.map((item) =>
        item.type === 'separator'
          ? '---'
          : `${item.role ?? item.label}${item.accelerator ? ` (${item.accelerator})` : ''}`,
      ),
    };
  });
}

/** Every shortcut the menu takes, given or by role, normalised so that Shift+CmdOrCtrl+R = CmdOrCtrl+Shift+R. */
function shortcuts(template: MenuItemConstructorOptions[]): string[] {
  const all: string[] = [];
  for (const menu of template) {
    for (const item of Array.isArray(menu.submenu) ? menu.submenu : []) {
      const accelerator = item.accelerator ?? (item.role ? roleAccelerators[item.role] : undefined);
      if (typeof accelerator === 'string') all.push(accelerator.split('+').sort().join('+'));
    }
  }
  return all;
}

function build(platform: NodeJS.Platform, isPackaged: boolean, language: 'en' | 'ar' = 'en') {
  const chosen: MenuCommand[] = [];
  let abouts = 0;
  const template = buildMenuTemplate({
    platform,
    isPackaged,
    onCommand: (command) => chosen.push(command),
    onAbout: () => (abouts += 1),
    words: wordsIn[language],
  });
  return { template, chosen, abouts: () => abouts };
}

describe('the application menu', () => {
  it('lists the screens’ commands with their shortcuts, and no developer items when packaged', () => {
    expect(outline(build('win32', true).template)).toEqual([
      'fileMenu',
      {
        Edit: ['undo', 'redo', '---', 'cut', 'copy', 'paste', 'selectAll', '---', 'Find… (CmdOrCtrl+F)'],
      },
      {
        Documents: [
          'Sync now (F5)',
          '---',
          'Accept selected… (CmdOrCtrl+Shift+A)',
          'Reject selected… (CmdOrCtrl+Shift+R)',
        ],
      },
      { View: ['resetZoom', 'zoomIn', 'zoomOut', '---', 'togglefullscreen'] },
      'windowMenu',
      { help: ['About Reconciliation Desk'] },
    ]);
  });

  it('keeps reload and the developer tools while not packaged, on a shortcut no command uses', () => {
    for (const isPackaged of [true, false]) {
      for (const platform of ['darwin', 'win32', 'linux'] as const) {
        const taken = shortcuts(build(platform, isPackaged).template);
        expect(taken.length, `${platform} ${isPackaged}`).toBe(new Set(taken).size);
      }
    }
    const { template } = build('linux', false);
    expect(outline(template)[3]).toEqual({
      View: [
        'reload',
        'forceReload (Shift+F5)',
        'toggleDevTools',
        '---',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        '---',
        'togglefullscreen',
      ],
    });
  });

  it('has the app menu on macOS, with About there instead of under Help', () => {
    const { template } = build('darwin', true);
    expect(template[0]).toEqual({ role: 'appMenu' });
    expect(outline(template).at(-1)).toEqual({ help: [] });
  });

  it('sends each command when its item is chosen, and opens About from Help', () => {
    const { template, chosen, abouts } = build('win32', true);
    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    for (const { command } of menuCommandItems) {
      const item = items.find((candidate) => candidate.label === wordsIn.en.commands[command]);
      item?.click?.({} as never, undefined, {} as never);
    }
    expect(chosen).toEqual(['sync', 'accept', 'reject', 'find']);
    items
      .find((item) => item.label === 'About Reconciliation Desk')
      ?.click?.({} as never, undefined, {} as never);
    expect(abouts()).toBe(1);
  });

  it('names every menu and item in the clerk’s language, roles included, keeping what each does', () => {
    const { template, chosen } = build('win32', false, 'ar');
    const labels = template.map((menu) => ({
      label: menu.label,
      items: (Array.isArray(menu.submenu) ? menu.submenu : [])
        .filter((item) => item.type !== 'separator')
        .map((item) => item.label),
    }));
    expect(labels.map((menu) => menu.label)).toEqual(['ملف', 'تحرير', 'المستندات', 'عرض', 'نافذة', 'مساعدة']);
    expect(labels[1]!.items).toEqual(['تراجع', 'إعادة', 'قص', 'نسخ', 'لصق', 'تحديد الكل', 'بحث…']);
    expect(labels.flatMap((menu) => menu.items).every((label) => /[\u0600-\u06FF]/.test(label ?? ''))).toBe(
      true,
    );
    const items = template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
    items.find((item) => item.label === 'قبول المحدد…')?.click?.({} as never, undefined, {} as never);
    expect(chosen).toEqual(['accept']);
    expect(items.find((item) => item.label === 'تراجع')?.role).toBe('undo');
  });
});
