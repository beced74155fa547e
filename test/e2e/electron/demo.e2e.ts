// "Open the demo company" inside the real Electron window, as an installed app's first start: the
// bundled sandbox (out/main/sandbox.js) runs in Electron's utility process under Electron's own Node,
// with better-sqlite3's N-API binary. A native module that aborts there (docs/decisions/
// 103-node-24-and-better-sqlite3-13.md) ends the utility process: the app's log then says so, and the
// demo's address stops answering, which fails this suite and with it the CI workflow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionsPage } from '../pages/connections-page';
import { DemoPage } from '../pages/demo-page';
import { ReviewPage } from '../pages/review-page';
import { ShellPage } from '../pages/shell-page';
import { nativeAbort } from '../../support/sandbox';
import {
  findElectronBinary,
  startBareDeskInElectron,
  type BareDeskInElectron,
} from './support/electron-desk';

const electron = findElectronBinary();

describe.skipIf('missing' in electron)('the demo company in the Electron window (utility process)', () => {
  let desk: BareDeskInElectron;

  beforeAll(async () => {
    if (!('path' in electron)) return;
    desk = await startBareDeskInElectron(electron.path);
  });

  afterAll(async () => {
    await desk?.close();
  });

  it('opens the demo company from the first screen: connected, documents synced', async () => {
    const shell = new ShellPage(desk.page);
    const demo = new DemoPage(desk.page);
    await expect.poll(() => demo.welcome.isVisible(), { timeout: 30_000 }).toBe(true);
    await demo.open();
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 90_000 })
      .toBe('Connected to Demo Trading Company (DEMO) as Demo ERP');
    const review = new ReviewPage(desk.page);
    await review.open('Invoices');
    await expect.poll(() => review.count('All'), { timeout: 60_000 }).toBeGreaterThan(0);
    await desk.page.screenshot({ path: 'test-results/electron-demo-opened.png' });
  });

  it('keeps serving through more syncs, with no native abort and no end of the sandbox in the log', async () => {
    const review = new ReviewPage(desk.page);
    for (const feed of ['Payments', 'Returns', 'Orders', 'Invoices'] as const) {
      await review.open(feed);
      await expect.poll(() => review.count('All'), { timeout: 60_000 }).toBeGreaterThan(0);
    }
    const connections = new ConnectionsPage(desk.page);
    await connections.open();
    const address = (await connections.fact('Address').textContent()) ?? '';
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/integration\/v1$/);
    const health = await fetch(`${new URL(address).origin}/_sandbox/health`);
    expect(health.status).toBe(200);
    expect(desk.output()).not.toMatch(nativeAbort);
    expect(desk.output()).not.toContain('demo sandbox: ended');
  });
});
