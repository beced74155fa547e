import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAppFile, serveAppRequest } from '../../src-main/electron/protocol';
import { electronContentSecurityPolicy } from '../../src-main/electron/security';

// A build as the packaged app holds it: out/renderer beside out/main, and a secret next to them that
// no URL of the app's scheme may reach.
const out = mkdtempSync(join(tmpdir(), 'desk-protocol-'));
const root = join(out, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
mkdirSync(join(out, 'main'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Reconciliation Desk</title>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(root, 'assets', 'notes.exe'), 'MZ');
writeFileSync(join(out, 'main', 'index.js'), 'SECRET main bundle');
writeFileSync(join(out, 'secret.txt'), 'SECRET');

/** Ways out of out/renderer a page (or a link someone pastes) could try. */
const traversals = [
  'app://desk/../main/index.js',
  'app://desk/../secret.txt',
  'app://desk/%2e%2e/secret.txt',
  'app://desk/%2E%2E/secret.txt',
  'app://desk/assets/%2e%2e/%2e%2e/secret.txt',
  'app://desk/..%2fsecret.txt',
  'app://desk/..%2Fmain%2Findex.js',
  'app://desk/assets/..%2f..%2fsecret.txt',
  'app://desk/..%5csecret.txt',
  'app://desk/..\\secret.txt',
  'app://desk/assets\\..\\..\\secret.txt',
  'app://desk/%252e%252e/secret.txt',
  `app://desk/${encodeURIComponent(join(out, 'secret.txt'))}`,
  `app://desk/${join(out, 'secret.txt')}`,
  'app://desk//etc/passwd',
  'app://desk/C:%5cWindows%5cwin.ini',
  'app://desk/C:/Windows/win.ini',
  'app://desk/%00index.html',
  'app://desk/index.html%00.js',
  'app://desk/%E0%A4%A',
];

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the app:// protocol', () => {
  it('names only files of the renderer build, with their types', () => {
    expect(resolveAppFile('app://desk/index.html', root)).toEqual({
      path: join(root, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveAppFile('app://desk/', root)?.path).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://desk/index.html?x=1#/review', root)?.path).toBe(join(root, 'index.html'));
    expect(resolveAppFile('app://DESK/assets/index-abc.js', root)).toEqual({
      path: join(root, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppFile('app://desk/assets/index-abc.css', root)?.contentType).toBe(
      'text/css; charset=utf-8',
    );
    expect(resolveAppFile('app://desk/assets/a%20b.svg', root)?.path).toBe(join(root, 'assets', 'a b.svg'));
  });

  it('names no file outside out/renderer, whatever the path holds', () => {
    // Plain dots are resolved by the URL parser first (app://desk/../x is app://desk/x, as Chromium
    // hands it over), so they land inside the root; everything else is refused outright.
    const refused: string[] = [];
    for (const url of traversals) {
      const file = resolveAppFile(url, root);
      if (file === null) refused.push(url);
      else expect(file.path.startsWith(join(root, '/')), url).toBe(true);
    }
    expect(traversals.filter((url) => !refused.includes(url))).toEqual([
      'app://desk/../main/index.js',
      'app://desk/../secret.txt',
      'app://desk/%2e%2e/secret.txt',
      'app://desk/%2E%2E/secret.txt',
      'app://desk/assets/%2e%2e/%2e%2e/secret.txt',
      // Decoded once, as a server does: a folder literally named "%2e%2e" under the root.
      'app://desk/%252e%252e/secret.txt',
    ]);
  });

  it('refuses other hosts, ports, credentials, schemes and types', () => {
    for (const url of [
      'app://other/index.html',
      'app://desk.evil/index.html',
      'app://desk:8080/index.html',
      'app://user:pw@desk/index.html',
      'file:///index.html',
      'https://desk/index.html',
      'app:index.html',
      'app://desk/assets/notes.exe',
      'app://desk/assets',
      'not a url',
    ]) {
      expect(resolveAppFile(url, root), url).toBeNull();
    }
  });

  it('answers the page with its type and the strict CSP', async () => {
    const answer = await serveAppRequest(new Request('app://desk/index.html'), root);
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': electronContentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-cache',
    });
    expect(await answer.text()).toContain('<title>Reconciliation Desk</title>');
    const head = await serveAppRequest(
      new Request('app://desk/assets/index-abc.js', { method: 'HEAD' }),
      root,
    );
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      '',
    ]);
  });

  it('answers 404 with the CSP to every way out, and never a byte of what lies outside', async () => {
    for (const url of [
      ...traversals,
      'app://desk/missing.js',
      'app://desk/assets/notes.exe',
      'app://evil/index.html',
    ]) {
      const answer = await serveAppRequest(new Request(url), root);
      const body = await answer.text();
      expect([answer.status, body], url).toEqual([404, 'Not found']);
      expect(answer.headers.get('content-security-policy')).toBe(electronContentSecurityPolicy);
    }
  });

  it('takes GET and HEAD only, and says so when a file cannot be read', async () => {
    const post = await serveAppRequest(
      new Request('app://desk/index.html', { method: 'POST', body: 'x' }),
      root,
    );
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const refused = await serveAppRequest(new Request('app://desk/index.html'), root, async () => {
      throw Object.assign(new Error('no'), { code: 'EACCES' });
    });
    expect([refused.status, refused.headers.get('content-security-policy')]).toEqual([
      500,
      electronContentSecurityPolicy,
    ]);
  });
});
