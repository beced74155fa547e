import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { createBrowserHost } from '../../src-main/browser-host/server';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';

const secret = 'launch-secret-for-tests';

function call(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the browser-mode host', () => {
  let server: Server;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'host-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const core = new DeskCore({
      runtime: 'browser',
      version: '1',
      keychain: createMemoryKeychain(),
      store: createFileStore(join(dir, 'data')),
      clock: { now: () => 0 },
    });
    server = createBrowserHost({ api: core.api, rendererDir: dir, secret });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cookie = () => ({ host: `127.0.0.1:${port}`, authorization: `Bearer ${secret}` });

  it('opens the page from the printed address: the secret goes on in the fragment, never in a cookie', async () => {
    const first = await call(port, `/?secret=${secret}`, { headers: { host: `127.0.0.1:${port}` } });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/#secret=${secret}`);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^desk_page=[A-Za-z0-9_-]{32}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(setCookie).not.toContain(secret);
    // The page cookie loads the page's files, with a strict CSP...
    const pageCookie = setCookie.split(';')[0] ?? '';
    const page = await call(port, '/', { headers: { host: `127.0.0.1:${port}`, cookie: pageCookie } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // ...and opens neither the bridge nor the event stream.
    const bridge = await call(port, '/desk/app.info', {
      method: 'POST',
      headers: { host: `127.0.0.1:${port}`, cookie: pageCookie, 'content-type': 'application/json' },
      body: '{"args":[]}',
    });
    const events = await call(port, '/desk/events', {
      headers: { host: `127.0.0.1:${port}`, cookie: pageCookie },
    });
    expect([bridge.status, events.status]).toEqual([401, 401]);
  });

  it('refuses requests without the secret, with a wrong one, or from a foreign Host or Origin', async () => {
    expect((await call(port, '/', { headers: { host: `127.0.0.1:${port}` } })).status).toBe(401);
    expect((await call(port, '/?secret=nope', { headers: { host: `127.0.0.1:${port}` } })).status).toBe(401);
    expect((await call(port, '/', { headers: { ...cookie(), host: `evil.example:${port}` } })).status).toBe(
      403,
    );
    expect((await call(port, '/', { headers: { ...cookie(), origin: 'http://evil.example' } })).status).toBe(
      403,
    );
    const bridge = await call(port, '/desk/app.info', {
      method: 'POST',
      headers: { ...cookie(), origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{"args":[]}',
    });
    expect(bridge.status).toBe(403);
  });

  it('answers bridge calls as Results', async () => {
    const answer = await call(port, '/desk/app.info', {
      method: 'POST',
      headers: { ...cookie(), origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: '{"args":[]}',
    });
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      value: {
        name: 'Reconciliation Desk',
        version: '1',
        runtime: 'browser',
        tokenStorage: 'memory',
        damagedFiles: [],
      },
    });
    const traversal = await call(port, '/../../etc/passwd', { headers: cookie() });
    expect(traversal.status).toBe(404);
  });
});
