import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrowserHost } from '../../src-main/browser-host/server';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';

const secret = 'launch-secret-for-event-tests';

function open(port: number, headers: Record<string, string>, method = 'GET'): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/desk/events', method, headers }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads the stream until `count` events arrived; each as {event, data}. */
function readEvents(
  response: IncomingMessage,
  count: number,
): Promise<Array<{ event: string; data: unknown }>> {
  return new Promise((resolve) => {
    let buffer = '';
    const events: Array<{ event: string; data: unknown }> = [];
    response.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        if (events.length === count) resolve(events);
      }
    });
  });
}

describe('the browser-mode host streams core events', () => {
  let server: Server;
  let port: number;
  let dir: string;
  let core: DeskCore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'host-events-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    core = new DeskCore({
      runtime: 'browser',
      version: '1',
      keychain: createMemoryKeychain(),
      store: createFileStore(join(dir, 'data')),
      clock: { now: () => 0 },
    });
    server = createBrowserHost({
      api: core.api,
      rendererDir: dir,
      secret,
      subscribe: (listener) => core.subscribe(listener),
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    server.closeAllConnections();
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends each event as a Server-Sent Event to a page holding the launch secret', async () => {
    // As the page reads it (src-renderer/bridge/desk.ts): fetch with the secret in Authorization.
    const response = await open(port, {
      host: `127.0.0.1:${port}`,
      authorization: `Bearer ${secret}`,
      accept: 'text/event-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const arrived = readEvents(response, 2);
    const down = {
      connection: null,
      state: 'error' as const,
      error: { code: 'NETWORK_UNREACHABLE', message: 'The service did not answer.' },
    };
    core.events.emit('connection.state', down);
    await core.status(); // not configured: pushes connection.state
    expect(await arrived).toEqual([
      { event: 'connection.state', data: down },
      { event: 'connection.state', data: { connection: null, state: 'not-configured' } },
    ]);
    response.destroy();
  });

  it('refuses the stream without the secret, from a foreign origin, or with another method', async () => {
    const host = `127.0.0.1:${port}`;
    const statusOf = async (
      headers: Record<string, string>,
      method?: string,
    ): Promise<number | undefined> => {
      const response = await open(port, headers, method);
      response.resume();
      return response.statusCode;
    };
    expect(await statusOf({ host })).toBe(401);
    expect(await statusOf({ host, cookie: 'desk_secret=wrong' })).toBe(401);
    expect(await statusOf({ host, authorization: 'Bearer wrong' })).toBe(401);
    expect(await statusOf({ host, authorization: secret })).toBe(401);
    expect(await statusOf({ host, cookie: `desk_secret=${secret}`, origin: 'http://evil.example' })).toBe(
      403,
    );
    expect(await statusOf({ host: `evil.example:${port}`, cookie: `desk_secret=${secret}` })).toBe(403);
    expect(await statusOf({ host, cookie: `desk_secret=${secret}` }, 'POST')).toBe(405);
  });
});
