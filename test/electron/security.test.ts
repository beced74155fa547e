import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src-main/browser-host/server';
import {
  electronContentSecurityPolicy,
  isAllowedRequestUrl,
  isExternalLinkAllowed,
  isTrustedSender,
  secureWebPreferences,
} from '../../src-main/electron/security';

const rendererUrl = 'file:///opt/Reconciliation%20Desk/resources/app.asar/out/renderer/index.html';

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
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toEqual({
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
    });
  });

  it('takes IPC calls only from the app page in its top frame', () => {
    expect(isTrustedSender({ url: rendererUrl, parent: null }, rendererUrl)).toBe(true);
    expect(isTrustedSender({ url: `${rendererUrl}#/connections`, parent: null }, rendererUrl)).toBe(true);
    expect(isTrustedSender({ url: rendererUrl, parent: { url: rendererUrl } }, rendererUrl)).toBe(false);
    expect(isTrustedSender(null, rendererUrl)).toBe(false);
    expect(isTrustedSender(undefined, rendererUrl)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/index.html', parent: null }, rendererUrl)).toBe(
      false,
    );
    expect(isTrustedSender({ url: 'file:///tmp/out/renderer/index.html', parent: null }, rendererUrl)).toBe(
      false,
    );
    expect(
      isTrustedSender(
        { url: 'file:///opt/Reconciliation%20Desk/resources/app.asar/out/renderer/other.html', parent: null },
        rendererUrl,
      ),
    ).toBe(false);
    expect(isTrustedSender({ url: 'not a url', parent: null }, rendererUrl)).toBe(false);
  });

  it('loads nothing remote and hands only https links to the browser', () => {
    expect(isAllowedRequestUrl(rendererUrl)).toBe(true);
    expect(isAllowedRequestUrl('devtools://devtools/bundled/inspector.html')).toBe(true);
    expect(isAllowedRequestUrl('https://cdn.example.com/lib.js')).toBe(false);
    expect(isAllowedRequestUrl('http://127.0.0.1:8787/api/integration/v1/me')).toBe(false);
    expect(isExternalLinkAllowed('https://service.example.com/docs')).toBe(true);
    expect(isExternalLinkAllowed('http://service.example.com/')).toBe(false);
    expect(isExternalLinkAllowed('file:///etc/passwd')).toBe(false);
    expect(isExternalLinkAllowed('https://user:pw@service.example.com/')).toBe(false);
    expect(isExternalLinkAllowed('javascript:alert(1)')).toBe(false);
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
