import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startAppHost, type RunningAppHost } from './app-host';
import { startInOrder } from './start-in-order';
import { launchChromium, launchChromiumProfile } from './browser';
import { startSandbox, type RunningSandbox, type SandboxFlags } from './sandbox';

/** A sandbox, the app's browser-mode host on it, and a Chromium page to open the app in. */
export interface DeskInBrowser {
  sandbox: RunningSandbox;
  host: RunningAppHost;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser, then the host, then the sandbox. */
  close(): Promise<void>;
}

/**
 * Starts what an end-to-end test of a screen needs: the sandbox with `flags`, the app host on it and a
 * page of 1400 × 900 (`contextOptions` add to or override that), with `test-results/` ready for
 * screenshots.
 */
export async function startDeskInBrowser(
  flags: SandboxFlags,
  contextOptions: BrowserContextOptions = {},
): Promise<DeskInBrowser> {
  return startInOrder(async (onStop) => {
    const sandbox = await startSandbox(flags);
    onStop(() => sandbox.dispose());
    const host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    onStop(() => host.dispose());
    const browser = await launchChromium();
    onStop(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...contextOptions });
    const page = await context.newPage();
    mkdirSync('test-results', { recursive: true });
    return { sandbox, host, browser, context, page };
  });
}

/** A sandbox, the app's browser-mode host on it, and a Chromium whose profile (its IndexedDB) is on disk. */
export interface DeskOnDisk {
  sandbox: RunningSandbox;
  host: RunningAppHost;
  context: BrowserContext;
  page: Page;
  /** Closes the browser and deletes its profile, then stops the host, then the sandbox. */
  close(): Promise<void>;
}

/**
 * As `startDeskInBrowser`, with Chromium on a profile folder of its own, as the desktop app keeps its
 * store: a fresh context's in-memory IndexedDB writes 100,000 rows several times slower
 * (docs/benchmarks.md), so the tests of a large store use this.
 */
export async function startDeskOnDisk(flags: SandboxFlags): Promise<DeskOnDisk> {
  return startInOrder(async (onStop) => {
    const sandbox = await startSandbox(flags);
    onStop(() => sandbox.dispose());
    const host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    onStop(() => host.dispose());
    const profile = mkdtempSync(join(tmpdir(), 'desk-e2e-profile-'));
    onStop(async () => rmSync(profile, { recursive: true, force: true }));
    const context = await launchChromiumProfile(profile);
    onStop(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    mkdirSync('test-results', { recursive: true });
    return { sandbox, host, context, page };
  });
}
