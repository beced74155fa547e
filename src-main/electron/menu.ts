import { app, dialog, Menu } from 'electron';
import { menuWordsFrom, type MenuCommand, type MenuWords } from '../../src-shared/bridge/commands';
import english from '../../src-shared/messages/menu.en.json';
import { buildMenuTemplate } from './menu-template';

/** The menu's words before the window has said the clerk's language: the catalogue's English. */
export const startupMenuWords: MenuWords = menuWordsFrom((id) => english[id]);

/**
 * The application menu (menu-template.ts): the usual roles, the screens' commands with their shortcuts,
 * and an About box, in `words` (the clerk's language, sent by the window: `app.setMenuWords`; the
 * catalogue's English until then). `onCommand` sends the chosen command to the window. Called again
 * when the words change, it builds the menu anew.
 */
export function installMenu(
  onCommand: (command: MenuCommand) => void,
  words: MenuWords = startupMenuWords,
): void {
  app.setAboutPanelOptions({
    applicationName: words.appName,
    applicationVersion: app.getVersion(),
    credits: words.aboutDetail,
  });
  const onAbout = (): void => {
    void dialog.showMessageBox({
      type: 'info',
      title: words.about,
      message: `${words.appName} ${app.getVersion()}`,
      detail: words.aboutDetail,
    });
  };
  const template = buildMenuTemplate({
    platform: process.platform,
    isPackaged: app.isPackaged,
    onCommand,
    onAbout,
    words,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
