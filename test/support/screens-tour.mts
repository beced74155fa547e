// Takes a screenshot of every section of the desk in English and in Arabic (a look for people, not a
// test): `npx tsx test/support/screens-tour.mts <folder>` after `npm run build`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './browser';
import { startAppHost } from './app-host';
import { startSandbox } from './sandbox';

const folder = process.argv[2] ?? 'test-results/screens';
mkdirSync(folder, { recursive: true });
const sandbox = await startSandbox({ docs: 40, seed: 7 });
const host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
const browser = await launchChromium();
try {
  for (const locale of ['en-US', 'ar-EG']) {
    const context = await browser.newContext({ locale, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(host.url);
    const nav = page.locator('nav.nav button');
    await nav.first().waitFor();
    await page.waitForTimeout(3_000);
    const count = await nav.count();
    for (let index = 0; index < count; index += 1) {
      await nav.nth(index).click();
      await page.waitForTimeout(1_200);
      await page.screenshot({ path: join(folder, `${locale}-${String(index).padStart(2, '0')}.png`) });
    }
    // The detail of the first invoice, and the Accept dialog for it.
    await nav.first().click();
    await page.waitForTimeout(1_000);
    const firstRow = page.locator('.ag-center-cols-container .ag-row').first();
    if (await firstRow.count()) {
      await firstRow.click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(folder, `${locale}-detail.png`) });
      const box = page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').first();
      if (await box.count()) {
        await box.click();
        await page.waitForTimeout(500);
        await page.keyboard.press('Control+Shift+A');
        await page.waitForTimeout(800);
        await page.screenshot({ path: join(folder, `${locale}-accept.png`) });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await host.dispose();
  await sandbox.dispose();
}
