import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

// A clerk who reinstalls last month's desk on a computer whose store a newer desk wrote (issue 28, item
// 3): the desk says which version wrote it and what to install, and leaves the store as it was.

describe('an older desk on a store a newer desk wrote', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 5 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('refuses to open it, says which version wrote it, and changes nothing in it', async () => {
    const origin = new URL(host.url).origin;
    // A blank page of the app's origin: the store written as a desk at store version 40 leaves it.
    await page.route(`${origin}/newer-store`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>newer</title>' }),
    );
    await page.goto(`${origin}/newer-store`);
    const storeNow = `new Promise((resolve, reject) => {
      const request = indexedDB.open('reconciliation-desk');
      request.onsuccess = () => {
        const db = request.result;
        const read = db.transaction('meta').objectStore('meta').getAll();
        read.onsuccess = () => { resolve({ version: db.version, stores: [...db.objectStoreNames], meta: read.result }); db.close(); };
      };
      request.onerror = () => reject(request.error);
    })`;
    await page.evaluate(`new Promise((resolve, reject) => {
      const request = indexedDB.open('reconciliation-desk', 400);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('meta', { keyPath: 'key' }).put({ key: 'writtenBy', value: '4.0.0' });
        db.createObjectStore('invoiceRows', { keyPath: 'id' }).put({ id: 'kept', number: 'INV-1' });
      };
      request.onsuccess = () => { request.result.close(); resolve(null); };
      request.onerror = () => reject(request.error);
    })`);
    const before: unknown = await page.evaluate(storeNow);
    await page.unroute(`${origin}/newer-store`);

    await page.goto(host.url);
    const main = page.getByRole('main');
    await expect
      .poll(() => main.textContent(), { timeout: 20_000 })
      .toContain('Version 4.0.0 of the desk wrote them (store version 40)');
    expect(await main.textContent()).toContain('Install version 4.0.0 or later again');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/newer-store.png' });
    // Nothing opened it at a version, nothing added a table or a row.
    expect(await page.evaluate(storeNow)).toEqual(before);
  });
});
