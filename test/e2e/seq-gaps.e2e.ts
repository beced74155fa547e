import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { dropOneDocument, gateway503, startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ConnectionsPage } from './pages/connections-page';
import { seqChecksSince, stagedRows } from './pages/local-store';
import { ReviewPage } from './pages/review-page';
import { SyncBarPage } from './pages/sync-bar-page';

// Where to start and the seq gap check in Chromium, against the real sandbox through the fault proxy
// (docs/decisions/090-where-to-start.md, 091-seq-gaps.md): a connection added "From now" shows none of
// the company's history, then exactly what is issued after; a payment the feed leaves out of a page is
// named in the sync bar while it is fetched by its seq, and then as fetched, also when another feed of
// the same sync failed.

describe('where to start and seq gaps (browser mode, real sandbox)', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;
  /** The payments issued after the "from now" connection was added. */
  const issuedSinceStart: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 30, seed: 5 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    host = await startAppHost(proxy.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await proxy?.close();
    await sandbox?.dispose();
  });

  /** The service's own answer for a feed (through the sandbox, not the proxy). */
  async function service<T>(path: string): Promise<T> {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** Waits until a sync begun after `since` has checked the three issued feeds' seqs (its last step). */
  async function checkedSince(since: string): Promise<void> {
    await expect.poll(() => seqChecksSince(page, since), { timeout: 30_000 }).toBe(3);
  }

  it('adds a connection from now: no old documents, then the one issued after', async () => {
    const connections = new ConnectionsPage(page);
    const review = new ReviewPage(page);
    const opened = new Date().toISOString();
    await page.goto(host.url);
    await connections.open();
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Demo ERP');
    await checkedSince(opened);
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Branch ERP',
      system: 'OTHER',
      scopes: ['orders:read', 'invoices:read', 'payments:read', 'returns:read'],
    });
    const form = connections.addForm;
    await form.getByLabel('Label').fill('Branch, from now');
    await form.getByLabel('Service address').fill(proxy.baseUrl);
    await form.getByLabel('Token').fill(token);
    const start = form.getByRole('group', { name: 'Where to start' });
    expect(await start.getByRole('radio', { name: 'Everything' }).isChecked()).toBe(true);
    await start.getByLabel('Start date').fill('2026-01-15');
    expect(await start.getByRole('radio', { name: 'From a date' }).isChecked()).toBe(true);
    await start.getByRole('radio', { name: 'From now' }).check();
    expect(await start.getByRole('radio', { name: 'From now' }).isChecked()).toBe(true);
    await form.screenshot({ path: 'test-results/seq-gaps-start-choice.png' });
    const added = new Date().toISOString();
    await form.getByRole('button', { name: 'Verify & save' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(
        /^Verified and saved: Branch, from now is now the active connection\. Started from now \(\d{4}-\d\d-\d\d \d\d:\d\d\)\.$/,
      );
    await expect.poll(() => connections.fact('Client').textContent()).toBe('Branch ERP');
    expect(await connections.fact('Start').textContent()).toMatch(
      /^Started from now \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/,
    );
    await page.screenshot({ path: 'test-results/seq-gaps-connection-from-now.png', fullPage: true });

    // The store was dropped for the new connection and started at each feed's cursor: nothing old.
    await checkedSince(added);
    for (const kind of ['orders', 'invoices', 'payments', 'returns'] as const)
      expect((await stagedRows(page, kind)).size, kind).toBe(0);
    await review.open('Payments');
    await review.view('All').click();
    await expect.poll(() => review.count('All')).toBe(0);

    const { created } = await sandbox.admin<{ created: { payments: string[] } }>('POST', '/simulate', {
      payments: 1,
    });
    await new SyncBarPage(page).syncNow.click();
    await expect
      .poll(async () => [...(await stagedRows(page, 'payments')).keys()], { timeout: 20_000 })
      .toEqual(created.payments);
    await expect.poll(() => review.count('All')).toBe(1);
    issuedSinceStart.push(...created.payments);
    // The view's count is painted before the grid's page of rows is read: wait for the row itself.
    await expect.poll(() => review.rows.count()).toBe(1);
  });

  it('names a payment the feed left out while it is fetched by its seq, then as fetched', async () => {
    const bar = new SyncBarPage(page);
    const review = new ReviewPage(page);
    await expect.poll(() => bar.syncNow.isVisible(), { timeout: 30_000 }).toBe(true);
    const before = await service<{ data: { last_seq: number } }>('/payments/cursor');
    // The next payments page of the sync comes without its first document, and the fetch by seq is
    // slowed, so that the alarm can be seen.
    const drop = dropOneDocument(
      { method: 'GET', path: /\/payments\?filter%5Bversion_after%5D=[1-9]\d*&per_page=500$/ },
      0,
    );
    proxy.add(drop.fault);
    proxy.add({
      method: 'GET',
      path: /\/payments\?filter%5Bseq_after%5D=/,
      times: 1,
      action: { kind: 'delay', ms: 3_000 },
    });
    const { created } = await sandbox.admin<{ created: { payments: string[] } }>('POST', '/simulate', {
      payments: 3,
    });
    await bar.syncNow.click();
    await expect.poll(() => drop.dropped.length, { timeout: 20_000 }).toBe(1);
    const dropped = drop.dropped[0]!;
    expect(dropped.seq).toBe(before.data.last_seq + 1);
    expect(created.payments).toContain(dropped.id);
    await expect
      .poll(() => bar.missing.textContent(), { timeout: 10_000 })
      .toBe(`Payments: receipt no. ${dropped.seq} in issue order never arrived — fetching it.`);
    // While it is open the day is not complete: the feed is not called up to date.
    expect(await bar.progress.filter({ hasText: 'payments' }).textContent()).toMatch(
      /^payments: caught up, but a document is missing, 2 new/,
    );
    await page.screenshot({ path: 'test-results/seq-gaps-alarm.png', fullPage: true });

    const served = await service<{ data: Array<{ id: string; number: string; seq: number }> }>(
      `/payments?filter%5Bid%5D=${dropped.id}`,
    );
    const number = served.data[0]!.number;
    await expect
      .poll(() => bar.fetched.locator('p').textContent(), { timeout: 20_000 })
      .toBe(`1 payment was missing from the feed and has been fetched: ${number} (seq ${dropped.seq}).`);
    expect(await bar.missing.count()).toBe(0);
    expect(await bar.progress.filter({ hasText: 'payments' }).textContent()).toMatch(/^payments: up to date/);
    // Exactly what was issued since the connection was added: the first test's one and these three.
    await expect
      .poll(async () => [...(await stagedRows(page, 'payments')).keys()].sort())
      .toEqual([...issuedSinceStart, ...created.payments].sort());
    await expect.poll(() => review.count('All')).toBe(4);
    await page.screenshot({ path: 'test-results/seq-gaps-fetched.png', fullPage: true });

    await bar.fetched.getByRole('button', { name: 'Dismiss' }).click();
    expect(await bar.fetched.count()).toBe(0);
  });

  it('still checks the payments a sync got when its invoices feed failed', async () => {
    const bar = new SyncBarPage(page);
    await expect.poll(() => bar.syncNow.isVisible(), { timeout: 30_000 }).toBe(true);
    // The invoices feed answers 503 to every try of this sync (no wait between tries), and the next
    // payments page comes without its first document.
    proxy.add(gateway503(6, 0, { method: 'GET', path: /\/invoices\?filter%5Bversion_after%5D=/ }));
    const drop = dropOneDocument(
      { method: 'GET', path: /\/payments\?filter%5Bversion_after%5D=[1-9]\d*&per_page=500$/ },
      0,
    );
    proxy.add(drop.fault);
    const { created } = await sandbox.admin<{ created: { payments: string[] } }>('POST', '/simulate', {
      payments: 2,
    });
    await bar.syncNow.click();
    await expect.poll(() => drop.dropped.length, { timeout: 20_000 }).toBe(1);
    const dropped = drop.dropped[0]!;
    expect(created.payments).toContain(dropped.id);
    const served = await service<{ data: Array<{ number: string }> }>(
      `/payments?filter%5Bid%5D=${dropped.id}`,
    );
    await expect
      .poll(() => bar.fetched.locator('p').textContent(), { timeout: 30_000 })
      .toBe(
        `1 payment was missing from the feed and has been fetched: ${served.data[0]!.number} (seq ${dropped.seq}).`,
      );
    // The sync still says it stopped, and the invoices stay unjudged until a sync gets them.
    await expect
      .poll(() => bar.bar.getByRole('alert').filter({ hasText: 'Sync stopped' }).textContent(), {
        timeout: 20_000,
      })
      .toBe(
        'Sync stopped: The service is unavailable for a moment. The next sync tries again: press Sync now, or wait for the next poll.',
      );
    expect(await bar.progress.filter({ hasText: 'invoices' }).textContent()).toMatch(/^invoices: failed/);
    expect(await bar.progress.filter({ hasText: 'payments' }).textContent()).toMatch(/^payments: up to date/);
    expect(await bar.missing.count()).toBe(0);
    await expect
      .poll(async () => [...(await stagedRows(page, 'payments')).keys()])
      .toEqual(expect.arrayContaining(created.payments));
    await page.screenshot({ path: 'test-results/seq-gaps-fetched-after-failed-feed.png', fullPage: true });
    await bar.fetched.getByRole('button', { name: 'Dismiss' }).click();
  });
});
