import { app, dialog, Menu } from 'electron';
import type { MenuCommand } from '../../src-shared/bridge/commands';
import { buildMenuTemplate } from './menu-template';

/** What the About box says under the name and version. */
export const aboutText =
  "Answers the field-sales service's orders, invoices, payments and returns, and pushes master data from ERP exports. Tokens are kept in the OS keychain.";

/**
 * The application menu (menu-template.ts): the usual roles, the screens' commands with their shortcuts,
 * and an About box. `onCommand` sends the chosen command to the window.
 */
export function installMenu(onCommand: (command: MenuCommand) => void): void {
  app.setAboutPanelOptions({
    applicationName: 'Reconciliation Desk',
    applicationVersion: app.getVersion(),
    credits: aboutText,
  });
  const onAbout = (): void => {
    void dialog.showMessageBox({
      type: 'info',
      title: 'About Reconciliation Desk',
      message: `Reconciliation Desk ${app.getVersion()}`,
      detail: aboutText,
    });
  };
  const template = buildMenuTemplate({
    platform: process.platform,
    isPackaged: app.isPackaged,
    onCommand,
    onAbout,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
