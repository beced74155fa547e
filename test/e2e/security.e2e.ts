import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChromiumProfile, launchChromiumProfile } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { gateway503, startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ConnectionsPage } from './pages/connections-page';
import { everythingStored } from './pages/local-store';
import { ReviewPage } from './pages/review-page';

// "The token never leaks", end to end: a whole session of the app in Chromium (sync, answers, a token
// typed into the add form, a switch, a rotation, a revoked token, failures of the service), then every
// place the renderer can read or leave behind is searched for the tokens: the DOM and form fields,
// Web Storage and cookies, IndexedDB, every bridge answer and event, the browser's console, the app
// host's log, and every file of the browser profile on disk. The core-side twin (bridge answers,
// events, logs, the data folder) is test/core/connections-hygiene.test.ts.

const tokenPattern = /svc_(?:live|test)_[A-Za-z0-9_-]{43}/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    try {
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    } catch {
      return [];
    }
  });
}

/** Reads the host's event stream (what the page's EventSource gets) until `stop` is called. */
function recordEvents(url: string, secret: string): { events: string[]; stop: () => void } {
  const events: string[] = [];
  const target = new URL('/desk/events', url);
  const req = request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      headers: { cookie: `desk_secret=${secret}` },
    },
    (res) => res.on('data', (chunk: Buffer) => events.push(chunk.toString())),
  );
  req.on('error', () => undefined);
  req.end();
  return { events, stop: () => req.destroy() };
}

describe('the token never reaches the renderer (browser mode, real sandbox)', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let host: RunningAppHost;
  let context: BrowserContext;
  let page: Page;
  let profileDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 40, seed: 5 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    host = await startAppHost(proxy.baseUrl, sandbox.dataDir);
    profileDir = mkdtempSync(join(tmpdir(), 'desk-profile-'));
    context = await launchChromiumProfile(profileDir);
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    killChromiumProfile(profileDir);
    await host?.dispose();
    await proxy?.close();
    await sandbox?.dispose();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('leaves no token in the DOM, storage, IndexedDB, bridge traffic, console, host log or profile files', async () => {
    const secret = new URL(host.url).searchParams.get('secret') ?? '';
    const stream = recordEvents(host.url, secret);
    const console: string[] = [];
    const sent: Array<{ operation: string; body: string }> = [];
    const answers: string[] = [];
    page.on('console', (message) => console.push(`${message.type()} ${message.text()}`));
    page.on('pageerror', (error) => console.push(`pageerror ${error.message}`));
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/desk/'))
        sent.push({ operation: path.slice('/desk/'.length), body: req.postData() ?? '' });
    });
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/desk/') && res.request().method() === 'POST') {
        void res.text().then(
          (text) => answers.push(text),
          () => undefined,
        );
      }
    });

    const second = await sandbox.admin<{ client_id: string; token: string }>('POST', '/clients', {
      name: 'Branch ERP',
      system: 'OTHER',
      scopes: ['invoices:read', 'invoices:write', 'payments:read'],
    });
    const rotated = await sandbox.admin<{ token: string }>('POST', `/clients/${second.client_id}/tokens`);
    const tokens = [sandbox.token, second.token, rotated.token];

    // A session: sync, accept two invoices, add a connection by typing its token, rotate it, switch
    // back, meet the service failing and a revoked token.
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(2);
    await review.selectRow(0);
    await review.selectRow(1);
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const numbers = review.dialog.getByLabel(/^ERP number for /);
    await numbers.nth(0).fill('ERP-SEC-1');
    await numbers.nth(1).fill('ERP-SEC-2');
    await review.dialog.getByRole('button', { name: 'Accept 2' }).click();
    await expect.poll(() => review.count('Accepted'), { timeout: 20_000 }).toBe(2);

    const connections = new ConnectionsPage(page);
    await connections.open();
    await connections.add({ label: 'Branch', baseUrl: proxy.baseUrl, token: second.token });
    await expect.poll(() => connections.fact('Client').textContent(), { timeout: 20_000 }).toBe('Branch ERP');
    await connections.item('Branch').getByRole('button', { name: 'Rotate token' }).click();
    const rotate = page.getByRole('region', { name: 'Rotate the token of Branch' });
    await rotate.getByLabel('New token').fill(rotated.token);
    await rotate.getByRole('button', { name: 'Verify & switch' }).click();
    await expect.poll(() => rotate.textContent(), { timeout: 20_000 }).toContain('Now revoke the old token');
    await sandbox.admin('POST', '/tokens/revoke', { token: second.token });
    await sandbox.admin('POST', '/tokens/revoke', { token: rotated.token });
    await page.reload();
    await connections.open();
    await expect.poll(() => connections.header.textContent(), { timeout: 20_000 }).toMatch(/revoked/i);
    await connections.use('Sandbox (demo company)');
    await expect.poll(() => connections.fact('Client').textContent(), { timeout: 20_000 }).toBe('Demo ERP');

    // Switching starts a sync of its own; let it finish, so that the faults below meet the sync the
    // clerk starts next and not that one.
    await review.open('Invoices');
    await expect.poll(() => page.locator('.sync-progress li.feed-done').count(), { timeout: 30_000 }).toBe(4);
    await expect.poll(() => review.syncNow.count(), { timeout: 30_000 }).toBe(1);
    proxy.add(gateway503(6, undefined, { method: 'GET', path: '/me' }));
    proxy.add({
      method: 'GET',
      path: '/invoices',
      times: 1,
      action: { kind: 'respond', status: 200, body: '{"data":"not a page"}' },
    });
    proxy.add({ method: 'GET', path: '/payments', times: 6, action: { kind: 'drop-request' } });
    await review.syncNow.click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 30_000 }).toMatch(/\S/);
    await page.reload();
    await expect.poll(() => review.count('Accepted'), { timeout: 30_000 }).toBe(2);

    // What the renderer can read or keep.
    const dom = await page.content();
    const fields = String(
      await page.evaluate(
        'JSON.stringify([...document.querySelectorAll("input, textarea")].map((e) => e.value))',
      ),
    );
    const storage = String(
      await page.evaluate(
        'JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie })',
      ),
    );
    const indexedDb = await everythingStored(page);
    stream.stop();
    await context.close();
    const profile = filesUnder(profileDir).map((file) => readFileSync(file).toString('latin1'));

    const seen: Record<string, string> = {
      dom,
      fields,
      storage,
      indexedDb,
      answers: answers.join('\n'),
      events: stream.events.join(''),
      console: console.join('\n'),
      hostLog: host.output,
      profile: profile.join('\n'),
    };
    // The searches reach what they claim to: the answers typed, in IndexedDB and in its files on disk.
    expect(indexedDb).toContain('ERP-SEC-1');
    expect(profile.some((text) => text.includes('ERP-SEC-1'))).toBe(true);
    expect(seen.events).toContain('connection.state');
    expect(answers.length).toBeGreaterThan(10);
    for (const token of tokens) {
      const secretPart = token.slice(17); // what the prefix shown in the app does not show
      for (const [where, text] of Object.entries(seen)) {
        expect(text.includes(secretPart), `a token was found in ${where}`).toBe(false);
      }
    }
    for (const where of ['console', 'hostLog', 'answers', 'events']) {
      expect(seen[where], where).not.toMatch(tokenPattern);
      expect(seen[where], where).not.toMatch(/Bearer\s+(?!\[redacted\])\S/i);
    }
    // A token crosses the bridge only inward, typed by the user: in the add and rotate calls.
    const carrying = sent.filter((call) => tokens.some((token) => call.body.includes(token.slice(17))));
    expect(carrying.map((call) => call.operation).sort()).toEqual(['connections.add', 'connections.rotate']);
  });
});
