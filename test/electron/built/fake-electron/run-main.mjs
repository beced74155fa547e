// Runs the BUILT main bundle against the recording electron stand-in and reports, as one JSON line
// ("REPORT {…}"), what it did and how its handlers answer, the way Electron would call them.
//   node --import ./register.mjs run-main.mjs <out dir> <scratch dir>
// test/electron/built/shell.test.ts reads the report; nothing here decides what is right.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [outDir, scratch] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const electron = require('./electron.cjs');
const state = electron.fakeState;

setTimeout(() => {
  console.error('run-main: the main bundle did not open its window within 20 s');
  process.exit(2);
}, 20_000).unref();

// The window's place from a last session (the core's store, document window-state).
const storeDir = join(electron.app.getPath('userData'), 'desk');
mkdirSync(storeDir, { recursive: true });
writeFileSync(
  join(storeDir, 'window-state.json'),
  JSON.stringify({ x: 100, y: 50, width: 1000, height: 700 }),
);

await import(pathToFileURL(join(outDir, 'main/index.js')).href);
const beforeReady = state.calls.map((call) => call.name);
state.emitReady();
const deadline = Date.now() + 15_000;
while (!state.windows[0]?.loaded && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const window = state.windows[0];
if (!window?.loaded) {
  // A throw would be swallowed by the bundle's own uncaughtException handler: say it and stop.
  console.error(
    'run-main: no window was loaded; calls so far:',
    JSON.stringify(state.calls.map((c) => c.name)),
  );
  process.exit(3);
}

/** An Electron-like event whose preventDefault is seen. */
function event(extra = {}) {
  const seen = { prevented: false };
  return { seen, event: { ...extra, preventDefault: () => (seen.prevented = true) } };
}

// --- The app protocol: Electron hands the handler a Request for each URL the page loads.
const handler = state.protocolHandlers.get('app');
const html = readFileSync(join(outDir, 'renderer/index.html'), 'utf8');
const script = /<script[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
const protocolAnswers = {};
for (const url of [
  'app://desk/index.html',
  'app://desk/',
  `app://desk/${script}`,
  'app://desk/../main/index.js',
  'app://desk/%2e%2e/main/index.js',
  'app://desk/..%2fmain%2findex.js',
  'app://desk/..%5cmain%5cindex.js',
  'app://desk/assets/..%2f..%2fpreload%2findex.cjs',
  `app://desk/${encodeURIComponent(join(outDir, 'main/index.js'))}`,
  'app://other/index.html',
  'app://desk/missing.js',
]) {
  const answer = await handler(new Request(url));
  const body = await answer.text();
  protocolAnswers[url] = {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    csp: answer.headers.get('content-security-policy'),
    isIndexHtml: body === html,
    body: answer.status === 200 ? `${body.length} characters` : body,
  };
}

// --- The session: permissions, devices, requests, headers.
const ses = electron.session.defaultSession;
const permissionRequests = {};
for (const permission of [
  'media',
  'geolocation',
  'notifications',
  'clipboard-read',
  'openExternal',
  'fileSystem',
]) {
  permissionRequests[permission] = await new Promise((resolve) =>
    ses.handlers.permissionRequest(window.webContents, permission, resolve, {}),
  );
}
const permissionChecks = ['media', 'clipboard-read', 'hid', 'serial', 'usb'].map((permission) =>
  ses.handlers.permissionCheck(window.webContents, permission, 'app://desk', {}),
);
const devicePermission = ses.handlers.devicePermission({ deviceType: 'usb', origin: 'app://desk' });
const deviceChoices = {};
for (const [name, args] of [
  ['select-hid-device', [{ deviceList: [{ deviceId: 'd1' }] }]],
  ['select-usb-device', [{ deviceList: [{ deviceId: 'd1' }] }]],
  ['select-serial-port', [[{ portId: 'p1' }], window.webContents]],
]) {
  const { seen, event: e } = event();
  let chosen = 'not called';
  ses.emit(name, e, ...args, (...answer) => (chosen = answer));
  deviceChoices[name] = { prevented: seen.prevented, chosen };
}
const requests = {};
for (const url of [
  'app://desk/index.html',
  'data:image/png;base64,AAAA',
  'devtools://devtools/bundled/inspector.html',
  'file:///etc/passwd',
  'https://cdn.example.com/lib.js',
  'http://127.0.0.1:8787/api/integration/v1/me',
]) {
  requests[url] = await new Promise((resolve) =>
    ses.handlers.beforeRequest({ url }, (r) => resolve(r.cancel)),
  );
}
const headers = await new Promise((resolve) =>
  ses.handlers.headersReceived({ url: 'app://desk/index.html', responseHeaders: {} }, (r) =>
    resolve(r.responseHeaders),
  ),
);

// --- Web contents: the window's, and any other one (a devtools page, a future window).
function guards(contents) {
  const outcome = {};
  for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
    const { seen, event: e } = event({ url: 'https://evil.example/' });
    contents.emit(name, e, 'https://evil.example/');
    outcome[name] = seen.prevented;
  }
  const { seen, event: e } = event();
  let chosen = 'not called';
  contents.emit('select-bluetooth-device', e, [{ deviceId: 'b1' }], (id) => (chosen = id));
  outcome['select-bluetooth-device'] = { prevented: seen.prevented, chosen };
  outcome.windowOpen = ['https://service.example.com/docs', 'file:///etc/passwd', 'javascript:alert(1)'].map(
    (url) => contents.windowOpenHandler?.({ url })?.action ?? 'no handler',
  );
  return outcome;
}
const other = new electron.FakeWebContents();
electron.app.emit('web-contents-created', {}, other);
const contents = { window: guards(window.webContents), other: guards(other) };

// --- The menu, and a command chosen from it.
const menuOutline = state.menu.template.map((menu) => ({
  menu: menu.label ?? menu.role,
  items: Array.isArray(menu.submenu)
    ? menu.submenu.map((item) =>
        item.type === 'separator' ? '---' : [item.role ?? item.label, item.accelerator ?? null],
      )
    : null,
}));
const items = state.menu.template.flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : []));
const sentBefore = window.webContents.sent.length;
for (const label of ['Sync now', 'Accept selected…', 'Reject selected…', 'Find…']) {
  items.find((item) => item.label === label)?.click?.({}, window, {});
}
const menuSent = window.webContents.sent.slice(sentBefore);

// --- The bridge over IPC: who may call, and the file dialogs behind files.save and files.open.
const fromApp = { senderFrame: { url: 'app://desk/index.html', parent: null } };
const fromFile = {
  senderFrame: { url: pathToFileURL(join(outDir, 'renderer/index.html')).href, parent: null },
};
const call = (channel, from, args) => state.ipcHandlers.get(channel)(from, args);
const files = join(scratch, 'files');
mkdirSync(files, { recursive: true });
writeFileSync(join(files, 'register.csv'), 'id,number\nINV-1,ERP-1\n');
state.dialogAnswers.save.push(join(files, 'day-end'));
writeFileSync(join(files, 'units.csv'), 'code,name\nPCS,Piece\n');
state.dialogAnswers.open.push(join(files, 'register.csv'));
const csv = { name: 'CSV file', extensions: ['csv'] };
const ipc = {
  channels: [...state.ipcHandlers.keys()].sort(),
  infoFromApp: await call('desk:app.info', fromApp, []),
  infoFromFile: await call('desk:app.info', fromFile, []),
  saved: await call('desk:files.save', fromApp, [
    { suggestedName: 'day-end.csv', filter: csv, bytes: new TextEncoder().encode('day,total\n') },
  ]),
  savedBytes: readFileSync(join(files, 'day-end.csv'), 'utf8'),
  savedWithoutBytes: await call('desk:files.save', fromApp, [
    { suggestedName: 'x.csv', filter: csv, bytes: 'text' },
  ]),
  opened: await call('desk:files.open', fromApp, [{ title: 'Import a register', filters: [csv] }]),
  cancelled: await call('desk:files.open', fromApp, [{ title: 'Import a register', filters: [csv] }]),
};
// Several files chosen together in one Open dialog (Master data's exports), and a request the bridge refuses.
state.dialogAnswers.open.push([join(files, 'units.csv'), join(files, 'register.csv')]);
ipc.openedSeveral = await call('desk:files.open', fromApp, [
  { title: 'ERP exports', filters: [csv], multiple: true },
]);
ipc.severalRefused = await call('desk:files.open', fromApp, [
  { title: 'ERP exports', filters: [csv], multiple: 'yes' },
]);
ipc.dialogs = state.calls
  .filter((c) => c.name.startsWith('dialog.'))
  .map(({ name, hasParent, options }) => ({ name, hasParent, options }));
// Names and bytes as text, to compare in the report.
const asText = (result) =>
  result.ok
    ? {
        ok: true,
        files: result.value.map(({ name, bytes }) => ({ name, bytes: new TextDecoder().decode(bytes) })),
      }
    : result;
ipc.opened = asText(ipc.opened);
ipc.openedSeveral = asText(ipc.openedSeveral);

// --- "Open the demo company" through the bridge (the installed app's case): the bundled sandbox starts
// in a utility process, the connection is verified and active, and quitting the app stops it.
if (state.isPackaged) {
  const opened = await call('desk:demo.open', fromApp, []);
  const status = await call('desk:connections.status', fromApp, []);
  const [child] = state.utilityProcesses;
  const exited = child ? new Promise((resolve) => child.once('exit', () => resolve(true))) : null;
  electron.app.emit('before-quit', {});
  ipc.demo = {
    opened,
    company: status.ok ? status.value.company : status,
    fork: state.calls.find((c) => c.name === 'utilityProcess.fork')?.options,
    forks: state.utilityProcesses.length,
    stoppedOnQuit: exited
      ? await Promise.race([exited, new Promise((r) => setTimeout(() => r(false), 15_000))])
      : false,
  };
}

// --- The window's place: restored from the last session, written again when the window closes.
const { x, y, width, height } = window.options;
window.getNormalBounds = () => ({ x: 300, y: 200, width: 1100, height: 720 });
window.emit('close', {});
await new Promise((r) => setTimeout(r, 100));
const windowState = {
  opened: { x, y, width, height },
  savedOnClose: JSON.parse(readFileSync(join(storeDir, 'window-state.json'), 'utf8')),
};

const report = {
  windowState,
  beforeReady,
  calls: state.calls.map(({ name, ready }) => ({ name, ready })),
  privileged: state.calls.find((c) => c.name === 'protocol.registerSchemesAsPrivileged')?.schemes,
  handledSchemes: [...state.protocolHandlers.keys()],
  windows: state.calls.filter((c) => c.name === 'new BrowserWindow').map((c) => c.options.webPreferences),
  loaded: window.loaded,
  protocolAnswers,
  permissionRequests,
  permissionChecks,
  devicePermission,
  deviceChoices,
  requests,
  headers,
  contents,
  openedExternally: state.opened,
  menuOutline,
  menuSent,
  ipc,
  documentsFolder: electron.app.getPath('documents'),
};
process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
process.exit(0);
