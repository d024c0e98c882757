import { type App, type Menu as MenuApi, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: the standard roles only (editing keys work in every text field, zoom,
 * full screen). Developer tools exist only in unpackaged builds.
 */
export function installAppMenu(app: App, Menu: typeof MenuApi, platform: NodeJS.Platform): void {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const template: MenuItemConstructorOptions[] = [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
