import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startAppHost, type RunningAppHost } from './app-host';
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
  // What is started is stopped in reverse order, also when a later step fails to start.
  const stops: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const sandbox = await startSandbox(flags);
    stops.push(() => sandbox.dispose());
    const host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    stops.push(() => host.dispose());
    const browser = await launchChromium();
    stops.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...contextOptions });
    const page = await context.newPage();
    mkdirSync('test-results', { recursive: true });
    return { sandbox, host, browser, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
