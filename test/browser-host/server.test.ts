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

  const cookie = () => ({ host: `127.0.0.1:${port}`, cookie: `desk_secret=${secret}` });

  it('sets the secret cookie from the printed address and serves the page with a strict CSP', async () => {
    const first = await call(port, `/?secret=${secret}`, { headers: { host: `127.0.0.1:${port}` } });
    expect(first.status).toBe(303);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly; SameSite=Strict');
    const page = await call(port, '/', { headers: cookie() });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
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
      value: { name: 'Reconciliation Desk', version: '1', runtime: 'browser', tokenStorage: 'memory' },
    });
    const traversal = await call(port, '/../../etc/passwd', { headers: cookie() });
    expect(traversal.status).toBe(404);
  });
});
