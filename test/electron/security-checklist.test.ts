// The Electron security checklist (https://www.electronjs.org/docs/latest/tutorial/security) read off
// the shell's source with the TypeScript parser: that the secure values tested in
// test/electron/security.test.ts are what every window, web contents and IPC handler actually uses.
// What the built bundles do is checked in test/electron/built/shell.test.ts; IPC behaviour in
// test/electron/ipc.test.ts.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every node of a file, depth first. */
function nodesOf(file: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Calls whose callee ends with `.name` (or is `name`). */
function callsTo(file: ts.SourceFile, name: string): ts.CallExpression[] {
  return nodesOf(file).filter(
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) &&
      ((ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === name) ||
        (ts.isIdentifier(node.expression) && node.expression.text === name)),
  );
}

function where(node: ts.Node): string {
  const file = node.getSourceFile();
  return `${relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

function isFunction(node: ts.Node | undefined): node is ts.ArrowFunction | ts.FunctionExpression {
  return node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
}

/** The expressions a function can answer: an arrow's expression body, or each `return`'s value. */
function returnedValues(fn: ts.ArrowFunction | ts.FunctionExpression): Array<ts.Expression | undefined> {
  if (!ts.isBlock(fn.body)) return [fn.body];
  const values: Array<ts.Expression | undefined> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) values.push(node.expression);
    if (!isFunction(node)) ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return values;
}

function unwrap(expression: ts.Expression | undefined): ts.Expression | undefined {
  let current = expression;
  while (current && ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

function propertyText(object: ts.ObjectLiteralExpression, name: string): string | undefined {
  const property = object.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
  );
  return property?.initializer.getText();
}

const shell = [...sourcesUnder('src-main/electron'), ...sourcesUnder('src-preload')].map(parse);
const renderer = sourcesUnder('src-renderer').map(parse);

describe('the Electron shell, read from its source', () => {
  it('opens every window with the secure web preferences, and nothing beside them', () => {
    const windows = shell.flatMap((file) =>
      nodesOf(file).filter(
        (node): node is ts.NewExpression =>
          ts.isNewExpression(node) && node.expression.getText() === 'BrowserWindow',
      ),
    );
    expect(windows.length).toBeGreaterThan(0);
    for (const created of windows) {
      const options = unwrap(created.arguments?.[0]);
      expect(options && ts.isObjectLiteralExpression(options), where(created)).toBe(true);
      if (!options || !ts.isObjectLiteralExpression(options)) continue;
      expect(propertyText(options, 'webPreferences'), where(created)).toMatch(/^secureWebPreferences\(/);
    }
  });

  it('sets no insecure preference, switch or module anywhere in the main process or preload', () => {
    const insecure = [
      /nodeIntegration(InWorker|InSubFrames)?\s*:\s*true/,
      /contextIsolation\s*:\s*false/,
      /sandbox\s*:\s*false/,
      /webSecurity\s*:\s*false/,
      /allowRunningInsecureContent\s*:\s*true/,
      /experimentalFeatures\s*:\s*true/,
      /webviewTag\s*:\s*true/,
      /enableBlinkFeatures/,
      /enableRemoteModule/,
      /@electron\/remote/,
      /disable-web-security|no-sandbox|ignore-certificate-errors|allow-running-insecure-content/,
      /setCertificateVerifyProc|certificate-error/,
      /\beval\s*\(|new Function\s*\(/,
    ];
    const sources = [...sourcesUnder('src-main'), ...sourcesUnder('src-preload')];
    for (const path of sources) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const pattern of insecure) expect(pattern.test(text), `${path} matches ${pattern}`).toBe(false);
    }
  });

  it('cancels every navigation, redirect and webview, and denies every window.open', () => {
    const blocked = new Set<string>();
    for (const file of shell) {
      for (const on of callsTo(file, 'on')) {
        const [name, handler] = on.arguments;
        if (!name || !ts.isStringLiteral(name)) continue;
        if (!['will-navigate', 'will-redirect', 'will-attach-webview'].includes(name.text)) continue;
        // The handler's first act is to cancel: no condition can let a navigation through.
        expect(isFunction(handler), where(on)).toBe(true);
        if (!isFunction(handler)) continue;
        const first = ts.isBlock(handler.body)
          ? handler.body.statements[0]?.getText()
          : handler.body.getText();
        expect(first, where(on)).toMatch(/^\w+\.preventDefault\(\)/);
        blocked.add(name.text);
      }
      for (const opener of callsTo(file, 'setWindowOpenHandler')) {
        const handler = opener.arguments[0];
        expect(isFunction(handler), where(opener)).toBe(true);
        if (!isFunction(handler)) continue;
        const values = returnedValues(handler).map((value) => unwrap(value)?.getText().replace(/\s+/g, ' '));
        expect(values.length, where(opener)).toBeGreaterThan(0);
        for (const value of values) expect(value, where(opener)).toBe("{ action: 'deny' }");
        blocked.add('window.open');
      }
    }
    expect([...blocked].sort()).toEqual([
      'will-attach-webview',
      'will-navigate',
      'will-redirect',
      'window.open',
    ]);

    // And for every web contents the app ever creates, not only the main window.
    const main = shell.find((file) => file.fileName.endsWith('src-main/electron/main.ts'));
    const created = main
      ? callsTo(main, 'on').find((c) => c.arguments[0]?.getText() === "'web-contents-created'")
      : undefined;
    expect(created?.arguments[1]?.getText()).toBe('(_event, contents) => guardWebContents(contents)');
    const guards = shell.find((file) => file.fileName.endsWith('src-main/electron/session-guards.ts'));
    const guard = guards
      ? nodesOf(guards).find(
          (node): node is ts.FunctionDeclaration =>
            ts.isFunctionDeclaration(node) && node.name?.text === 'guardWebContents',
        )
      : undefined;
    const text = guard?.getText() ?? '';
    expect(text).toContain("'will-navigate'");
    expect(text).toContain("'will-attach-webview'");
    expect(text).toContain('setWindowOpenHandler');
  });

  it('hands links to the browser only after the https check', () => {
    const opens = shell.flatMap((file) => callsTo(file, 'openExternal'));
    expect(opens.length).toBeGreaterThan(0);
    for (const open of opens) {
      let guarded = false;
      for (let node: ts.Node | undefined = open.parent; node && !guarded; node = node.parent) {
        if (ts.isIfStatement(node) && /^isExternalLinkAllowed\(/.test(node.expression.getText()))
          guarded = true;
      }
      expect(guarded, where(open)).toBe(true);
    }
  });

  it('checks the sender of every IPC call before anything else, and listens to nothing but the bridge', () => {
    const handlers = shell.flatMap((file) =>
      callsTo(file, 'handle').filter((c) => c.expression.getText() === 'ipcMain.handle'),
    );
    expect(handlers.map((h) => relative(root, h.getSourceFile().fileName))).toEqual([
      'src-main/electron/ipc.ts',
    ]);
    for (const handle of handlers) {
      expect(handle.arguments[0]?.getText(), where(handle)).toBe('`desk:${operation}`');
      const handler = handle.arguments[1];
      expect(isFunction(handler) && ts.isBlock(handler.body), where(handle)).toBe(true);
      if (!isFunction(handler) || !ts.isBlock(handler.body)) continue;
      const [check, dispatch] = handler.body.statements;
      expect(check && ts.isIfStatement(check) && check.expression.getText(), where(handle)).toBe(
        '!isTrustedSender(event.senderFrame, rendererEntryUrl)',
      );
      expect(
        check && ts.isIfStatement(check) && /^\{\s*return fail\(/.test(check.thenStatement.getText()),
      ).toBe(true);
      expect(dispatch?.getText()).toBe('return dispatchDesk(api, operation, args);');
    }
    // The bridge loop registers exactly the contract's operations.
    const ipc = shell.find((file) => file.fileName.endsWith('src-main/electron/ipc.ts'));
    expect(ipc?.getText()).toMatch(/for \(const operation of deskOperations\)/);
    for (const file of shell) {
      const text = file.getText();
      expect(
        /ipcMain\.(on|once|handleOnce)\(|ipcRenderer\.(send|sendSync|sendTo|postMessage)\(/.test(text),
        file.fileName,
      ).toBe(false);
    }
  });

  it('denies permissions, loads nothing remote and sets the CSP on every answer of the session', () => {
    const main = shell.find((file) => file.fileName.endsWith('src-main/electron/main.ts'));
    expect(main).toBeDefined();
    if (!main) return;
    const text = main.getText();
    const whenReady = text.indexOf('app.whenReady()');
    for (const beforeReady of ['app.enableSandbox()', 'protocol.registerSchemesAsPrivileged(']) {
      expect(text.indexOf(beforeReady), beforeReady).toBeGreaterThan(-1);
      expect(text.indexOf(beforeReady), beforeReady).toBeLessThan(whenReady);
    }
    expect(text).toContain('hardenSession(session.defaultSession, mode)');
    const guards = shell.find((file) => file.fileName.endsWith('src-main/electron/session-guards.ts'));
    expect(guards).toBeDefined();
    if (!guards) return;
    const permission = callsTo(guards, 'setPermissionRequestHandler')[0];
    expect(permission?.arguments[0]?.getText().replace(/\s+/g, ' ')).toBe(
      '(_contents, _permission, callback) => callback(false)',
    );
    expect(callsTo(guards, 'setPermissionCheckHandler')[0]?.arguments[0]?.getText()).toBe('() => false');
    expect(callsTo(guards, 'setDevicePermissionHandler')[0]?.arguments[0]?.getText()).toBe('() => false');
    expect(callsTo(guards, 'onBeforeRequest')[0]?.getText()).toMatch(
      /callback\(\{ cancel: !isAllowedRequestUrl\(details\.url, mode\) \}\)/,
    );
    expect(callsTo(guards, 'onHeadersReceived')[0]?.getText()).toMatch(
      /'Content-Security-Policy': \[electronContentSecurityPolicy\]/,
    );
  });
});

describe('the renderer, read from its source', () => {
  it('writes no raw HTML and evaluates no strings', () => {
    const risky =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\s*\(|new Function\s*\(|setTimeout\(\s*['"`]/;
    for (const file of renderer) expect(risky.test(file.getText()), file.fileName).toBe(false);
  });

  it('reaches the core only through bridge/desk.ts and never opens windows or remote addresses', () => {
    for (const file of renderer) {
      const path = relative(root, file.fileName);
      const text = file.getText();
      expect(/window\.open\(|ipcRenderer|require\(/.test(text), path).toBe(false);
      if (path !== 'src-renderer/bridge/desk.ts') {
        expect(/window\.desk\b|\bfetch\(|EventSource\(|XMLHttpRequest|WebSocket\(/.test(text), path).toBe(
          false,
        );
      }
    }
  });
});
