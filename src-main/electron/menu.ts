import { app, dialog, Menu, type MenuItemConstructorOptions } from 'electron';

/** What the About box says under the name and version. */
export const aboutText =
  "Answers the field-sales service's orders, invoices, payments and returns, and pushes master data from ERP exports. Tokens are kept in the OS keychain.";

/** The application menu: the usual roles, and an About box. */
export function installMenu(): void {
  app.setAboutPanelOptions({
    applicationName: 'Reconciliation Desk',
    applicationVersion: app.getVersion(),
    credits: aboutText,
  });
  const about = (): void => {
    void dialog.showMessageBox({
      type: 'info',
      title: 'About Reconciliation Desk',
      message: `Reconciliation Desk ${app.getVersion()}`,
      detail: aboutText,
    });
  };
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'About Reconciliation Desk', click: about }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
