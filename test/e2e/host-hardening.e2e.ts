import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../support/browser';
import { malformedRequests, sendRaw, startAppHost, type RunningAppHost } from '../support/app-host';
import { servedDocuments } from '../support/ledger';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ConnectionsPage } from './pages/connections-page';
import { everythingStored, stagedRows, storedCursors } from './pages/local-store';
import { ReviewPage } from './pages/review-page';
import { ShellPage } from './pages/shell-page';

// The browser-mode host as an attacker's review left it (docs/decisions/070-browser-host-secret.md):
// malformed requests do not stop it, and the launch secret reaches no other port of 127.0.0.1: the
// clerk's browser, after using the app, visits another local web server, and everything that server
// receives is searched for the secret (and replayed to the host, where it must open nothing).

/** What another local web server received: one entry a request. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Another local web server (a dev server, another tool's page): records every request, and serves a
 * page whose script calls itself with credentials and tries the app's bridge across origins.
 */
async function startOtherServer(
  hostOrigin: string,
): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const page = `<!doctype html><title>another local page</title><script>
    (async () => {
      await fetch('/probe', { method: 'POST', credentials: 'include', body: document.cookie });
      let bridge;
      try {
        const answer = await fetch(${JSON.stringify(hostOrigin)} + '/desk/connections.list', {
          method: 'POST', credentials: 'include',
          headers: { 'content-type': 'application/json' }, body: '{"args":[]}',
        });
        bridge = 'read ' + answer.status + ' ' + (await answer.text());
      } catch (error) {
        bridge = 'blocked';
      }
      await fetch('/report', { method: 'POST', body: bridge });
    })();
  </script>`;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': req.url === '/page' ? 'text/html' : 'text/plain' });
      res.end(req.url === '/page' ? page : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** The status the host answers a request carrying only `headers` (plus its own Host). */
function statusFor(
  port: number,
  path: string,
  method: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { ...headers, host: `127.0.0.1:${port}` } },
      (res) => {
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{"args":[]}' : undefined);
  });
}

describe('the browser-mode host: malformed requests, and its secret with other local servers', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let port: number;
  let browser: Browser;
  let other: Awaited<ReturnType<typeof startOtherServer>>;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 20, seed: 11 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    port = Number(new URL(host.url).port);
    browser = await launchChromium();
    other = await startOtherServer(host.origin);
  });

  afterAll(async () => {
    await browser?.close();
    other?.server.close();
    other?.server.closeAllConnections();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('answers every malformed request, then serves the app: the page, the connections, a sync', async () => {
    const requests = malformedRequests(port, host.secret);
    const answers: Array<{ name: string; status: number }> = [];
    for (const malformed of requests) {
      const answer = await sendRaw(port, malformed.text, { cutOffAfterMs: malformed.cutOffAfterMs });
      answers.push({ name: malformed.name, status: answer.status });
    }
    expect(answers).toEqual(
      requests.map((malformed) => ({ name: malformed.name, status: malformed.status })),
    );
    expect(host.process.exitCode).toBeNull();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const shell = new ShellPage(page);
    await shell.open(host.url);
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 30_000 })
      .toContain('Connected to Demo Trading Company (DEMO) as Demo ERP');
    // The secret left the address bar for the tab's sessionStorage.
    expect(page.url()).toBe(`${host.origin}/`);

    const connections = new ConnectionsPage(page);
    await connections.open();
    await expect.poll(() => connections.saved.getByRole('listitem').count()).toBe(1);
    expect(await connections.item('Sandbox (demo company)').count()).toBe(1);
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Demo ERP');

    // The sync on opening, then one asked for with new documents waiting: the store holds what is served.
    const review = new ReviewPage(page);
    await review.open('Invoices');
    await expect
      .poll(async () => (await storedCursors(page)).filter((cursor) => cursor.caughtUpAt !== null).length, {
        timeout: 30_000,
      })
      .toBe(4);
    await sandbox.admin('POST', '/simulate', { invoices: 15 });
    const served = await servedDocuments(sandbox, 'invoices');
    await expect.poll(() => review.syncNow.count(), { timeout: 30_000 }).toBe(1);
    await review.syncNow.click();
    await expect
      .poll(
        async () => {
          const staged = await stagedRows(page, 'invoices');
          return [...served].filter(([id, doc]) => staged.get(id)?.version !== doc.version).length;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    // The view's counts are read again after the rows are staged: wait for them, as a clerk would.
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBe(served.size);
    await context.close();
  });

  it('lets no other local port receive the secret, and what it does receive opens nothing', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    const shell = new ShellPage(page);
    await shell.open(host.url);
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 30_000 })
      .toContain('Connected to Demo Trading Company (DEMO)');
    const connections = new ConnectionsPage(page);
    await connections.open();
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Demo ERP');

    // The clerk's browser visits another local web server, in the same tab.
    await page.goto(`http://127.0.0.1:${other.port}/page`);
    await expect.poll(() => other.received.find((entry) => entry.url === '/report')?.body).toBe('blocked');
    // (Chromium asks for /favicon.ico too.)
    expect(other.received.map((entry) => entry.url)).toEqual(
      expect.arrayContaining(['/page', '/probe', '/report']),
    );
    for (const entry of other.received) {
      expect(JSON.stringify(entry), `${entry.method} ${entry.url}`).not.toContain(host.secret);
    }
    // It does get the page cookie (cookies ignore ports): replayed to the host, it opens neither the
    // bridge nor the event stream.
    const cookieHeaders = other.received.flatMap((entry) =>
      entry.headers.cookie ? [entry.headers.cookie] : [],
    );
    expect(cookieHeaders.length).toBeGreaterThan(0);
    for (const cookie of cookieHeaders) {
      expect(
        await statusFor(port, '/desk/connections.list', 'POST', {
          cookie,
          'content-type': 'application/json',
        }),
      ).toBe(401);
      expect(await statusFor(port, '/desk/events', 'GET', { cookie })).toBe(401);
    }

    // Back to the app: the tab kept its secret.
    await page.goBack();
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 30_000 })
      .toContain('Connected to Demo Trading Company (DEMO)');

    // Where the page keeps it, and where it must not: cookies, localStorage, IndexedDB.
    expect(await page.evaluate('sessionStorage.getItem("desk.hostSecret")')).toBe(host.secret);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(['desk_page']);
    expect(JSON.stringify(cookies)).not.toContain(host.secret);
    expect(
      String(await page.evaluate('JSON.stringify({ ...localStorage }) + document.cookie')),
    ).not.toContain(host.secret);
    expect(await everythingStored(page)).not.toContain(host.secret);

    // A second tab gets it from this one, never from a cookie.
    const second = await context.newPage();
    await second.goto(`${host.origin}/`);
    const secondShell = new ShellPage(second);
    await expect
      .poll(() => secondShell.connection.textContent(), { timeout: 30_000 })
      .toContain('Connected to Demo Trading Company (DEMO)');
    expect(await second.evaluate('sessionStorage.getItem("desk.hostSecret")')).toBe(host.secret);

    // And the second tab's own visit to the other server carries no secret either.
    other.received.length = 0;
    await second.goto(`http://127.0.0.1:${other.port}/page`);
    await expect.poll(() => other.received.find((entry) => entry.url === '/report')?.body).toBe('blocked');
    for (const entry of other.received) expect(JSON.stringify(entry)).not.toContain(host.secret);

    // The host's log holds the secret only in the address it printed.
    const logged = host.output.split('\n').filter((line) => !line.startsWith('open http://'));
    expect(logged.join('\n')).not.toContain(host.secret);
    await context.close();
  });
});
