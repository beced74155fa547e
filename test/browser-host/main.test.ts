// The browser-mode host as users run it (`npm run start:browser`'s process, src-main/browser-host/main.ts),
// probed from outside like another program on the machine or another page in the browser would: it
// binds loopback only, and refuses every request without this launch's secret or with a Host or Origin
// that is not its own, before the core sees it; no cookie it sets holds the secret (the browser would
// send it to every other port of 127.0.0.1); and no malformed request stops it.
// test/browser-host/server.test.ts covers the server function in-process; this file covers the real
// process and the whole refusal matrix. docs/decisions/070-browser-host-secret.md
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { malformedRequests, sendRaw, startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw HTTP/1.1 request with exactly the headers given (no Host is added by the test itself). */
function call(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        setHost: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
          // The event stream never ends by itself: what came first is enough.
          if (res.headers['content-type']?.startsWith('text/event-stream')) res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Whether a TCP connection to `host:port` is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the browser-mode host process refuses what is not its own page', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let rendererDir: string;
  let port: number;
  let secret: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    // A renderer of one page is enough: what is checked is who gets an answer, not the app.
    rendererDir = mkdtempSync(join(tmpdir(), 'desk-renderer-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>desk</title>');
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir, { rendererDir });
    const printed = new URL(host.url);
    port = Number(printed.port);
    secret = host.secret;
    expect(secret).toBe(printed.searchParams.get('secret'));
  });
  afterAll(async () => {
    await host?.dispose();
    await sandbox?.dispose();
    if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
  });

  const own = (): Record<string, string> => ({
    host: `127.0.0.1:${port}`,
    authorization: `Bearer ${secret}`,
  });
  const bridge = (headers: Record<string, string>, operation = 'connections.list'): Promise<Answer> =>
    call(port, `/desk/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"args":[]}',
    });

  it('listens on the loopback address only', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('::1', port)).toBe(false);
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal);
    // A machine with no outward address has nothing more to prove.
    if (outward) expect(await accepts(outward.address, port)).toBe(false);
  });

  it('answers its own page, bridge and event stream, with no CORS and no cookie holding the secret', async () => {
    const opened = await call(port, `/?secret=${secret}`, { headers: { host: `127.0.0.1:${port}` } });
    expect(opened.status).toBe(303);
    // The secret goes on to the page in the fragment, which the browser never sends anywhere.
    expect(opened.headers.location).toBe(`/#secret=${secret}`);
    // The one cookie loads the page's files only (the build, nothing secret), wherever else it is sent.
    const setCookie = opened.headers['set-cookie'] ?? [];
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^desk_page=[A-Za-z0-9_-]{32}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(setCookie[0]).not.toContain(secret);
    const pageCookie = setCookie[0]?.split(';')[0] ?? '';
    const page = await call(port, '/', { headers: { host: `127.0.0.1:${port}`, cookie: pageCookie } });
    const listed = await bridge({ ...own(), origin: `http://127.0.0.1:${port}` });
    const events = await call(port, '/desk/events', { headers: own() });
    // A program may also send the secret as the cookie header the host's first version set.
    const asProgram = await bridge({ host: `127.0.0.1:${port}`, cookie: `desk_secret=${secret}` });
    expect([page.status, listed.status, events.status, asProgram.status]).toEqual([200, 200, 200, 200]);
    expect(JSON.parse(listed.body)).toMatchObject({ ok: true, value: [{ label: 'Sandbox (demo company)' }] });
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    for (const answer of [opened, page, listed, events, asProgram]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    // The page cookie opens neither the bridge nor the event stream.
    const withPageCookie = await Promise.all([
      bridge({ host: `127.0.0.1:${port}`, cookie: pageCookie }),
      call(port, '/desk/events', { headers: { host: `127.0.0.1:${port}`, cookie: pageCookie } }),
    ]);
    expect(withPageCookie.map((answer) => answer.status)).toEqual([401, 401]);
  });

  it('refuses every path without the secret, or with a wrong one', async () => {
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const refused = await Promise.all([
      call(port, '/', { headers: { host: `127.0.0.1:${port}` } }),
      call(port, '/index.html', { headers: { host: `127.0.0.1:${port}` } }),
      call(port, '/desk/events', { headers: { host: `127.0.0.1:${port}` } }),
      bridge({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }),
      bridge({ host: `127.0.0.1:${port}`, cookie: `desk_secret=${wrong}` }),
      bridge({ host: `127.0.0.1:${port}`, cookie: `desk_secret=${secret}x` }),
      bridge({ host: `127.0.0.1:${port}`, cookie: 'desk_secret=' }),
      bridge({ host: `127.0.0.1:${port}`, authorization: `Bearer ${wrong}` }),
      bridge({ host: `127.0.0.1:${port}`, authorization: `Bearer ${secret}x` }),
      bridge({ host: `127.0.0.1:${port}`, authorization: secret }),
      bridge({ host: `127.0.0.1:${port}`, authorization: 'Bearer ' }),
      call(port, '/desk/events', {
        headers: { host: `127.0.0.1:${port}`, authorization: `Basic ${secret}` },
      }),
      call(port, '/', { headers: { host: `127.0.0.1:${port}`, cookie: `desk_page=${secret}` } }),
      call(port, `/?secret=${wrong}`, { headers: { host: `127.0.0.1:${port}` } }),
      call(port, '/?secret=', { headers: { host: `127.0.0.1:${port}` } }),
      // The secret opens the page once, at `/` only: in any other address it is no key.
      call(port, `/desk/events?secret=${secret}`, { headers: { host: `127.0.0.1:${port}` } }),
      call(port, `/index.html?secret=${secret}`, { headers: { host: `127.0.0.1:${port}` } }),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual(Array.from({ length: refused.length }, () => 401));
    for (const answer of refused) {
      expect(answer.body).not.toContain(secret);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a foreign Host (another name, port or a rebinding name) even with the secret', async () => {
    const hosts = [
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `[::1]:${port}`,
      `0.0.0.0:${port}`,
    ];
    const answers = await Promise.all(
      hosts.flatMap((host) => [
        call(port, '/', { headers: { ...own(), host } }),
        call(port, `/?secret=${secret}`, { headers: { host } }),
        bridge({ ...own(), host }),
        call(port, '/desk/events', { headers: { ...own(), host } }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 403));
    // No Host at all is no better (Node itself answers 400 to an HTTP/1.1 request without one).
    expect([400, 403]).toContain((await bridge({ authorization: `Bearer ${secret}` })).status);
  });

  it('refuses a foreign Origin (another site, another port, https, an opaque origin) even with the secret', async () => {
    const origins = [
      'http://evil.example',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      'null',
      'file://',
    ];
    const answers = await Promise.all(
      origins.flatMap((origin) => [
        bridge({ ...own(), origin }),
        bridge({ ...own(), origin }, 'feeds.pull'),
        call(port, '/desk/events', { headers: { ...own(), origin } }),
        call(port, '/', { headers: { ...own(), origin } }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 403));
  });

  it('takes bridge calls only as JSON POSTs (no simple cross-site form can make one)', async () => {
    const form = await call(port, '/desk/connections.list', {
      method: 'POST',
      headers: { ...own(), 'content-type': 'text/plain' },
      body: '{"args":[]}',
    });
    const asGet = await call(port, '/desk/connections.list', { headers: own() });
    expect([form.status, asGet.status]).toEqual([415, 405]);
  });

  it('answers every malformed request, goes on serving, and logs nothing holding the secret', async () => {
    const requests = malformedRequests(port, secret);
    const answers: Array<{ name: string; status: number }> = [];
    for (const request of requests) {
      const answer = await sendRaw(port, request.text, { cutOffAfterMs: request.cutOffAfterMs });
      answers.push({ name: request.name, status: answer.status });
    }
    expect(answers).toEqual(requests.map((request) => ({ name: request.name, status: request.status })));
    expect(host.process.exitCode).toBeNull();
    expect(host.process.signalCode).toBeNull();
    const page = await call(port, '/', { headers: own() });
    const listed = await bridge({ ...own(), origin: `http://127.0.0.1:${port}` });
    expect([page.status, listed.status]).toEqual([200, 200]);
    // The printed address is the one place the secret is written.
    const logged = host.output.split('\n').filter((line) => !line.startsWith('open http://'));
    expect(logged.join('\n')).not.toContain(secret);
  });
});
