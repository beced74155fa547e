import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startAppHost, type RunningAppHost } from './app-host';
import { startInOrder } from './start-in-order';
import { launchChromium } from './browser';
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
