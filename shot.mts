// Throwaway: screenshots of the register import with given files, English and Arabic.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { launchChromium } from './test/support/browser';
import { startAppHost } from './test/support/app-host';
import { startSandbox } from './test/support/sandbox';
import { ReconcilePage } from './test/e2e/pages/reconcile-page';
import { ReviewPage } from './test/e2e/pages/review-page';

const files = process.argv.slice(2);
const sandbox = await startSandbox({ docs: 60, seed: 6 });
const host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
const browser = await launchChromium();
try {
  for (const locale of ['en-US', 'ar-EG']) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1300 }, locale });
    const page = await context.newPage();
    await page.goto(host.url);
    const review = new ReviewPage(page);
    await review.count('All').catch(() => 0);
    await page.waitForTimeout(4000);
    const rec = new ReconcilePage(page);
    await rec.open();
    for (const file of files) {
      await rec.chooseFile(basename(file), readFileSync(file));
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${locale}-${basename(file)}.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.dispose();
  await sandbox.dispose();
}
