// What every session and every web contents of the app refuses (Electron security checklist 5, 11,
// 13, 14, 15): remote requests, permissions, devices, navigation, new windows and webviews.
import type { Session, WebContents } from 'electron';
import { electronContentSecurityPolicy, isAllowedRequestUrl, type ShellMode } from './security';

/**
 * Hardens a session: every request that is not the app's own origin (security.ts isAllowedRequestUrl)
 * is cancelled, every answer carries the strict CSP, and every permission (camera, notifications,
 * clipboard reading, …), permission check and device (HID, serial, USB) is refused without asking.
 */
export function hardenSession(session: Session, mode: ShellMode): void {
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequestUrl(details.url, mode) });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [electronContentSecurityPolicy],
      },
    });
  });
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  // The page's request for a device is cancelled: no argument (HID, USB) or an empty id (serial).
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
  });
}

/**
 * Guards every web contents the app creates (app 'web-contents-created'): no webview, no navigation
 * or redirect away from the page, no new window (window.ts lets https links open in the user's
 * browser), no Bluetooth device.
 */
export function guardWebContents(contents: WebContents): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
