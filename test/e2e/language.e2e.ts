import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

// The desk in the clerk's language (docs/decisions/106-the-clerks-language.md): a computer set to
// Arabic opens it in Arabic, right to left; Settings switches it, and back, with nothing else changed.
describe('the desk in Arabic (browser mode)', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 5 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  async function open(locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(host.url);
    return page;
  }

  const html = (page: Page) =>
    page.evaluate<{ lang: string; dir: string }>(
      '({ lang: document.documentElement.lang, dir: document.documentElement.dir })',
    );

  it('opens in Arabic, right to left, on a computer set to Arabic (Egypt), grid included', async () => {
    const page = await open('ar-EG');
    await expect.poll(() => html(page)).toEqual({ lang: 'ar-EG', dir: 'rtl' });
    const nav = page.getByRole('navigation', { name: 'الأقسام' });
    await expect.poll(() => nav.getByRole('button').first().textContent()).toBe('الفواتير');
    await page.locator('.ag-root-wrapper').first().waitFor();
    expect(await page.locator('.ag-rtl').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/language-ar-invoices.png' });
    await page.context().close();
  });

  it('switches to English and back in Settings, keeps Western digits, and never scrambles an amount', async () => {
    const page = await open('ar-EG');
    await page
      .getByRole('navigation', { name: 'الأقسام' })
      .getByRole('button', { name: 'الإعدادات' })
      .click();
    const sample = page.locator('.settings-sample');
    // The amount and the time keep their order inside the Arabic sentence: isolated left to right.
    await expect.poll(() => sample.textContent()).toMatch(/\u2066\u200e?-1,234\.50\u2069/);
    // And they read left to right on screen: the minus before the digits, the date before the time.
    const xOf = (needle: string) =>
      page.evaluate((wanted) => {
        // Typed loosely: this file is type-checked without the DOM's types.
        const doc = (globalThis as unknown as { document: any }).document; // eslint-disable-line @typescript-eslint/no-explicit-any
        const walker = doc.createTreeWalker(doc.querySelector('.settings-sample'), 4);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.data as string).indexOf(wanted);
          if (at < 0) continue;
          const range = doc.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + wanted.length);
          return range.getBoundingClientRect().x as number;
        }
        return null;
      }, needle);
    expect(await xOf('-')).toBeLessThan((await xOf('1,234'))!);
    expect(await xOf('1,234')).toBeLessThan((await xOf('.50'))!);
    expect(await xOf('2026-11-26')).toBeLessThan((await xOf('09:30'))!);
    await page.screenshot({ path: 'test-results/language-ar-settings.png' });

    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
    await expect.poll(() => html(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Settings');
    await expect.poll(() => sample.textContent()).toContain('A sample: -1,234.50 on 2026-11-26 09:30');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await page.getByRole('combobox', { name: 'الأرقام' }).selectOption('arab');
    await page.getByRole('combobox', { name: 'التواريخ' }).selectOption('day-first');
    await expect.poll(() => sample.textContent()).toContain('٢٦/١١/٢٠٢٦ ٠٩:٣٠');
    await page.screenshot({ path: 'test-results/language-ar-settings-indic.png' });

    // Remembered on this desk: a reload opens as the clerk left it.
    await page.reload();
    await expect.poll(() => html(page)).toEqual({ lang: 'ar-EG', dir: 'rtl' });
    await page.context().close();
  });

  it('opens in English on a computer set to English', async () => {
    const page = await open('en-US');
    await expect.poll(() => html(page)).toEqual({ lang: 'en-US', dir: 'ltr' });
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Sections' }).getByRole('button').first().textContent(),
      )
      .toBe('Invoices');
    await page.context().close();
  });
});
