'use strict';
// A recording stand-in for the `electron` module, for running the BUILT main bundle (out/main/index.js)
// in plain Node where Electron's binary cannot run. Every call the bundle makes is recorded with
// whether the app was ready then; handlers it installs are kept so that run-main.mjs can call them as
// Electron would. Only the parts the shell uses do anything; the other exports exist so that a named
// import of them still links (`exports.x = …` keeps them visible to Node's CommonJS export detection).
const { EventEmitter } = process.getBuiltinModule('node:events');
const { join } = process.getBuiltinModule('node:path');

const state = {
  ready: false,
  isPackaged: process.env.FAKE_ELECTRON_PACKAGED === '1',
  userData: process.env.FAKE_ELECTRON_USER_DATA ?? '/nonexistent',
  /** Every call, in order: { name, ready, ...details }. */
  calls: [],
  protocolHandlers: new Map(),
  ipcHandlers: new Map(),
  windows: [],
  menu: null,
  /** What the next Save and Open dialogs answer (run-main.mjs sets them). */
  dialogAnswers: { save: [], open: [] },
  /** The children `utilityProcess.fork` started. */
  utilityProcesses: [],
  opened: [],
};

function record(name, details = {}) {
  state.calls.push({ name, ready: state.ready, ...details });
}

let markReady;
const readyPromise = new Promise((resolve) => {
  markReady = resolve;
});

class FakeApp extends EventEmitter {
  name = 'Reconciliation Desk';
  get isPackaged() {
    return state.isPackaged;
  }
  requestSingleInstanceLock() {
    record('app.requestSingleInstanceLock');
    return true;
  }
  enableSandbox() {
    record('app.enableSandbox');
  }
  quit() {
    record('app.quit');
  }
  getVersion() {
    return '0.0.0-built-test';
  }
  getName() {
    return this.name;
  }
  getPath(name) {
    return join(state.userData, name);
  }
  isReady() {
    return state.ready;
  }
  whenReady() {
    return readyPromise;
  }
  setAboutPanelOptions(options) {
    record('app.setAboutPanelOptions', { options });
  }
}
const app = new FakeApp();

/** Makes the app ready, as Electron does once its top-level code has run. */
state.emitReady = () => {
  state.ready = true;
  app.emit('ready');
  markReady();
};

const protocol = {
  registerSchemesAsPrivileged(schemes) {
    record('protocol.registerSchemesAsPrivileged', { schemes });
    if (state.ready) throw new Error('registerSchemesAsPrivileged must be called before ready');
  },
  handle(scheme, handler) {
    record('protocol.handle', { scheme });
    if (!state.ready) throw new Error('protocol.handle before ready');
    state.protocolHandlers.set(scheme, handler);
  },
  unhandle(scheme) {
    state.protocolHandlers.delete(scheme);
  },
  isProtocolHandled(scheme) {
    return state.protocolHandlers.has(scheme);
  },
};

class FakeSession extends EventEmitter {
  handlers = {};
  protocol = protocol;
  webRequest = {
    onBeforeRequest: (handler) => {
      record('session.webRequest.onBeforeRequest');
      this.handlers.beforeRequest = handler;
    },
    onHeadersReceived: (handler) => {
      record('session.webRequest.onHeadersReceived');
      this.handlers.headersReceived = handler;
    },
  };
  setPermissionRequestHandler(handler) {
    record('session.setPermissionRequestHandler');
    this.handlers.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler) {
    record('session.setPermissionCheckHandler');
    this.handlers.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler) {
    record('session.setDevicePermissionHandler');
    this.handlers.devicePermission = handler;
  }
}
const defaultSession = new FakeSession();
const session = {
  defaultSession,
  fromPartition() {
    throw new Error('the app uses the default session only');
  },
};

class FakeWebContents extends EventEmitter {
  sent = [];
  windowOpenHandler = null;
  session = defaultSession;
  send(channel, ...args) {
    this.sent.push([channel, ...args]);
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  isDestroyed() {
    return false;
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    record('new BrowserWindow', { options });
    this.options = options;
    this.webContents = new FakeWebContents();
    this.loaded = null;
    state.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() {
    return state.windows;
  }
  loadURL(url) {
    record('BrowserWindow.loadURL', { url });
    this.loaded = { url };
    return Promise.resolve();
  }
  loadFile(file) {
    record('BrowserWindow.loadFile', { file });
    this.loaded = { file };
    return Promise.resolve();
  }
  show() {}
  focus() {}
  restore() {}
  maximize() {}
  isMaximized() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 800 };
  }
}

const Menu = {
  buildFromTemplate(template) {
    return { template };
  },
  setApplicationMenu(menu) {
    record('Menu.setApplicationMenu');
    state.menu = menu;
  },
};

const dialog = {
  async showMessageBox() {
    return { response: 0 };
  },
  async showSaveDialog(...args) {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    record('dialog.showSaveDialog', { hasParent: parent instanceof BrowserWindow, options });
    const filePath = state.dialogAnswers.save.shift();
    return filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' };
  },
  async showOpenDialog(...args) {
    const [parent, options] = args.length === 2 ? args : [null, args[0]];
    record('dialog.showOpenDialog', { hasParent: parent instanceof BrowserWindow, options });
    // A path, or the paths chosen together (multiSelections).
    const answer = state.dialogAnswers.open.shift();
    const filePaths = answer ? [answer].flat() : [];
    return filePaths.length > 0 ? { canceled: false, filePaths } : { canceled: true, filePaths: [] };
  },
  showErrorBox() {},
};

const ipcMain = {
  handle(channel, handler) {
    state.ipcHandlers.set(channel, handler);
  },
  on(channel) {
    record('ipcMain.on', { channel });
  },
  removeHandler(channel) {
    state.ipcHandlers.delete(channel);
  },
};

const screen = {
  getAllDisplays() {
    return [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
  },
};

const shell = {
  async openExternal(url) {
    state.opened.push(url);
  },
};

/** A part of Electron the shell does not use yet: present, so that importing it links. */
function unused(name) {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') return undefined;
        throw new Error(`the fake electron has no ${name}.${String(property)}`);
      },
    },
  );
}

exports.app = app;
exports.protocol = protocol;
exports.session = session;
exports.BrowserWindow = BrowserWindow;
exports.Menu = Menu;
exports.dialog = dialog;
exports.ipcMain = ipcMain;
exports.screen = screen;
exports.shell = shell;
exports.autoUpdater = unused('autoUpdater');
exports.clipboard = unused('clipboard');
exports.contentTracing = unused('contentTracing');
exports.crashReporter = unused('crashReporter');
exports.desktopCapturer = unused('desktopCapturer');
exports.globalShortcut = unused('globalShortcut');
exports.MenuItem = unused('MenuItem');
exports.MessageChannelMain = unused('MessageChannelMain');
exports.nativeImage = unused('nativeImage');
exports.nativeTheme = unused('nativeTheme');
exports.net = unused('net');
exports.Notification = unused('Notification');
exports.powerMonitor = unused('powerMonitor');
exports.powerSaveBlocker = unused('powerSaveBlocker');
exports.safeStorage = unused('safeStorage');
exports.systemPreferences = unused('systemPreferences');
exports.Tray = unused('Tray');
// A utility process is a Node child here: the bundled sandbox really starts ("Open the demo company").
exports.utilityProcess = {
  fork(modulePath, args, options) {
    record('utilityProcess.fork', { options });
    const { fork } = process.getBuiltinModule('node:child_process');
    const child = fork(modulePath, args, { silent: true });
    state.utilityProcesses.push(child);
    return child;
  },
};
exports.webContents = unused('webContents');
exports.webFrameMain = unused('webFrameMain');
exports.fakeState = state;
exports.FakeWebContents = FakeWebContents;
