import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { MasterDataPage } from './pages/master-data-page';
import { ShellPage } from './pages/shell-page';

describe('master data from ERP exports, in browser mode against the sandbox', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('imports CSV files chosen together, fixes a column, pushes them in order and filters the results', async () => {
    mkdirSync('test-results', { recursive: true });
    const shell = new ShellPage(page);
    await shell.open(host.url);
    await expect.poll(() => shell.connection.textContent()).toContain('Connected to Demo Trading Company');
    await shell.section('Master data').click();
    const md = new MasterDataPage(page);

    // A day's exports chosen together in one chooser, as before imports went through the bridge.
    const chooser = await md.addFiles([
      // Customers come first in the dialog; the push still sends units first.
      {
        name: 'customers.csv',
        text: 'Client No;Customer name (EN);الاسم;Price list\nE2E-C1;Nile Market;سوق النيل;\nE2E-C2;Delta Store;;NO-SUCH-LIST\nE2E-C3;;;\n',
      },
      { name: 'units.csv', text: '\uFEFFcode,name.en,name.ar\r\nE2E-PCS,Piece,قطعة\r\nE2E-BOX,Box,علبة\r\n' },
    ]);
    expect(chooser).toEqual({ isMultiple: true });
    expect(
      await md.main
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))),
    ).toEqual(['customers.csv', 'units.csv']);
    // "Client No" is not a word the desk knows for the customer key: the clerk picks the column.
    await expect
      .poll(() => md.card('customers.csv').textContent())
      .toContain('Choose the column for "Customer key".');
    await md.chooseColumn('customers.csv', 'Customer key', 'Client No');
    await expect
      .poll(() => md.check('customers.csv').textContent())
      .toBe('3 rows: 2 will be pushed, 1 with errors left out, 1 with warnings.');
    await expect.poll(() => md.check('units.csv').textContent()).toBe('2 rows: 2 will be pushed.');
    await page.screenshot({ path: 'test-results/master-data-import.png', fullPage: true });

    await md.pushButton().click();
    await expect
      .poll(() => md.runState.textContent(), { timeout: 30_000 })
      .toMatch(/^Finished · 3 of 3 calls answered$/);
    await expect.poll(() => md.filter('Failed').textContent()).toBe('Failed 1');
    await md.filter('Failed').click();
    await expect.poll(() => md.resultKeys()).toEqual(['E2E-C2']);
    expect(await md.main.getByRole('region', { name: 'Push results grid' }).textContent()).toContain(
      'price list NO-SUCH-LIST — push the price lists file first',
    );
    await page.screenshot({ path: 'test-results/master-data-results-failed.png', fullPage: true });

    await md.filter('Created').click();
    await expect.poll(() => md.resultKeys()).toEqual(['E2E-PCS', 'E2E-BOX', 'E2E-C1']);
    // The rows are in sight, not only in the page: the grid is as tall as its frame (it once took no
    // height, its rows clipped away, while every assertion on its text still passed).
    const shown = await page.evaluate(`(() => {
      const frame = document.querySelector('.results-grid').getBoundingClientRect();
      const grid = document.querySelector('.results-grid .ag-root-wrapper').getBoundingClientRect();
      const lastRow = [...document.querySelectorAll('.results-grid .ag-row')].pop().getBoundingClientRect();
      return { frame: Math.round(frame.height), grid: Math.round(grid.height), rowsInside: lastRow.bottom <= grid.bottom };
    })()`);
    expect(shown).toEqual({ frame: 420, grid: 420, rowsInside: true });
    await page.screenshot({ path: 'test-results/master-data-results.png', fullPage: true });
  });
});
