// The browser-mode host against requests that once stopped it (a request target that is no URL, bad
// percent-encoding) and every other malformed request a local program could send: each is answered
// (400 for what does not parse), none stops the server, and nothing logged holds the launch secret.
// The real process, with its process-level net, is probed the same way in
// test/browser-host/main.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrowserHost } from '../../src-main/browser-host/server';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';
import { malformedRequests, sendRaw } from '../support/app-host';

const secret = 'launch-secret-for-hardening-tests';

describe('the browser-mode host answers malformed requests and goes on serving', () => {
  let dir: string;
  let core: DeskCore;
  const logged: string[] = [];
  const servers: Server[] = [];

  async function start(subscribe?: Parameters<typeof createBrowserHost>[0]['subscribe']): Promise<number> {
    const server = createBrowserHost({
      api: core.api,
      rendererDir: dir,
      secret,
      subscribe,
      log: (line) => logged.push(line),
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }

  /** A plain request for the page and a bridge call, as the page makes them. */
  async function servesNormally(port: number): Promise<number[]> {
    const page = await sendRaw(
      port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${secret}\r\nConnection: close\r\n\r\n`,
    );
    const body = '{"args":[]}';
    const bridge = await sendRaw(
      port,
      `POST /desk/app.info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Authorization: Bearer ${secret}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
    expect(bridge.text).toContain('"runtime":"browser"');
    return [page.status, bridge.status];
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'host-hardening-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    core = new DeskCore({
      runtime: 'browser',
      version: '1',
      keychain: createMemoryKeychain(),
      store: createFileStore(join(dir, 'data')),
      clock: { now: () => 0 },
    });
  });
  afterAll(async () => {
    for (const server of servers) {
      server.close();
      server.closeAllConnections();
    }
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each malformed request with its status, then serves the page and the bridge', async () => {
    const port = await start();
    const requests = malformedRequests(port, secret);
    const answers: Array<{ name: string; status: number }> = [];
    for (const request of requests) {
      const answer = await sendRaw(port, request.text, { cutOffAfterMs: request.cutOffAfterMs });
      answers.push({ name: request.name, status: answer.status });
      expect(answer.text).not.toContain(secret);
    }
    expect(answers).toEqual(requests.map((request) => ({ name: request.name, status: request.status })));
    expect(await servesNormally(port)).toEqual([200, 200]);
    // A malformed request is the caller's mistake, not the host's: nothing to log.
    expect(logged).toEqual([]);
  });

  it('survives a failure of its own mid-answer: logs it without the secret, and goes on', async () => {
    const port = await start(() => {
      throw new Error(`subscribing failed while holding ${secret}`);
    });
    const events = await sendRaw(
      port,
      `GET /desk/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${secret}\r\n\r\n`,
    );
    // The stream had begun (200 sent), so the connection is dropped instead of answered twice.
    expect(events.status).toBe(200);
    expect(await servesNormally(port)).toEqual([200, 200]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('desk host: a request failed.');
    expect(logged[0]).toContain('subscribing failed while holding [secret]');
    expect(logged.join('\n')).not.toContain(secret);
  });
});
