import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src-main/browser-host/server';
import {
  appSchemePrivileges,
  electronContentSecurityPolicy,
  isAllowedRequestUrl,
  isExternalLinkAllowed,
  isTrustedSender,
  rendererEntryUrl as rendererUrl,
  secureWebPreferences,
} from '../../src-main/electron/security';

const packaged = { devTools: false };
const unpackaged = { devTools: true };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('the Electron shell, without Electron', () => {
  it('gives every window the secure web preferences', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs', packaged)).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: false,
    });
    expect(secureWebPreferences('/app/out/preload/index.cjs', unpackaged).devTools).toBe(true);
  });

  it('loads the window from its own standard, secure scheme, never one that bypasses the CSP', () => {
    expect(rendererUrl).toBe('app://desk/index.html');
    expect(appSchemePrivileges).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
  });

  it('takes IPC calls only from the app page in its top frame', () => {
    expect(isTrustedSender({ url: rendererUrl, parent: null }, rendererUrl)).toBe(true);
    expect(isTrustedSender({ url: `${rendererUrl}#/connections`, parent: null }, rendererUrl)).toBe(true);
    expect(isTrustedSender({ url: `${rendererUrl}?view=1`, parent: null }, rendererUrl)).toBe(true);
    expect(isTrustedSender({ url: rendererUrl, parent: { url: rendererUrl } }, rendererUrl)).toBe(false);
    expect(isTrustedSender(null, rendererUrl)).toBe(false);
    expect(isTrustedSender(undefined, rendererUrl)).toBe(false);
    for (const url of [
      'https://evil.example/index.html',
      'file:///opt/Reconciliation%20Desk/resources/app.asar/out/renderer/index.html',
      'file:///index.html',
      'app://desk/other.html',
      'app://desk/assets/index.html',
      'app://other/index.html',
      'app://desk:8080/index.html',
      'app://user@desk/index.html',
      'apps://desk/index.html',
      'not a url',
    ]) {
      expect(isTrustedSender({ url, parent: null }, rendererUrl), url).toBe(false);
    }
    // The expected page must itself be the app's: a file: page is never trusted, even when it asks for itself.
    const filePage = 'file:///opt/desk/out/renderer/index.html';
    expect(isTrustedSender({ url: filePage, parent: null }, filePage)).toBe(false);
  });

  it('loads nothing remote and nothing from disk but through the app scheme', () => {
    for (const mode of [packaged, unpackaged]) {
      expect(isAllowedRequestUrl(rendererUrl, mode)).toBe(true);
      expect(isAllowedRequestUrl('app://desk/assets/index-abc.js', mode)).toBe(true);
      expect(isAllowedRequestUrl('data:image/svg+xml;base64,PHN2Zy8+', mode)).toBe(true);
      for (const url of [
        'https://cdn.example.com/lib.js',
        'http://127.0.0.1:8787/api/integration/v1/me',
        'file:///etc/passwd',
        'file:///opt/desk/resources/app.asar/out/renderer/index.html',
        'app://other/index.html',
        'app://desk:1/index.html',
        'blob:app://desk/0b6d1c1e',
        'ws://127.0.0.1:9/',
        'not a url',
      ]) {
        expect(isAllowedRequestUrl(url, mode), url).toBe(false);
      }
    }
    // The developer tools' own pages load only where the tools may open (not packaged).
    expect(isAllowedRequestUrl('devtools://devtools/bundled/inspector.html', unpackaged)).toBe(true);
    expect(isAllowedRequestUrl('devtools://devtools/bundled/inspector.html', packaged)).toBe(false);
  });

  it('hands only https links to the browser', () => {
    expect(isExternalLinkAllowed('https://service.example.com/docs')).toBe(true);
    expect(isExternalLinkAllowed('http://service.example.com/')).toBe(false);
    expect(isExternalLinkAllowed('file:///etc/passwd')).toBe(false);
    expect(isExternalLinkAllowed('https://user:pw@service.example.com/')).toBe(false);
    expect(isExternalLinkAllowed('javascript:alert(1)')).toBe(false);
    expect(isExternalLinkAllowed('app://desk/index.html')).toBe(false);
  });

  it('has a strict Content-Security-Policy in Electron and in the browser mode', () => {
    for (const policy of [electronContentSecurityPolicy, contentSecurityPolicy]) {
      const d = directives(policy);
      expect(d.get('default-src')).toEqual(["'none'"]);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('connect-src')).toEqual(["'self'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('form-action')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy).not.toMatch(/unsafe-eval|https?:|\*/);
    }
    expect(directives(electronContentSecurityPolicy).get('object-src')).toEqual(["'none'"]);
  });
});
