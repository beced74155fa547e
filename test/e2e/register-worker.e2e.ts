import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { contentSecurityPolicy, createBrowserHost } from '../../src-main/browser-host/server';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';
import { resolveAppFile } from '../../src-main/electron/protocol';
import { electronContentSecurityPolicy } from '../../src-main/electron/security';
import { launchChromium } from '../support/browser';
import {
  buildRegisterWorkerPage,
  listenOnLoopback,
  registerWorkerPageDir,
  serveAsAppProtocol,
  type RegisterWorkerPageApi,
} from '../support/register-worker-page';

// The register worker (src-renderer/features/reconcile/register-worker.ts) as the app ships it: built by
// Vite with the renderer's own config, served by the browser-mode host and by the desktop app's
// protocol handler (here over loopback, answering as `app://desk` does), each with its strict CSP, and
// run in Chromium. The page (test/renderer/reconcile/register-worker-page/) carries the app's CSP meta
// and reads registers through the worker and on its own thread.

const root = resolve(import.meta.dirname, '../..');
const secret = 'register-worker-check';

declare const registerWorkerPage: RegisterWorkerPageApi;

/** An XLSX of a header and `rows` invoice rows, base64. */
async function workbook(rows: number): Promise<string> {
  const sheet: SheetData = [
    [{ value: 'Posted Sales Invoices' }],
    ['Document No.', 'Posting Date', 'Customer Name', 'Amount Including VAT', 'Currency Code'].map(
      (value) => ({
        value,
      }),
    ),
  ];
  for (let n = 0; n < rows; n += 1)
    sheet.push([
      { value: `SI-${100000 + n}` },
      { value: new Date(Date.UTC(2025, 0, 1 + (n % 90))), type: Date, format: 'yyyy-mm-dd' },
      { value: `شركة النور للتجارة ${n % 700}` },
      { value: 100 + ((n * 7919) % 100000) / 100 },
      { value: 'EGP' },
    ]);
  return (await writeExcelFile(sheet).toBuffer()).toString('base64');
}

describe('the register worker, built and served as the app is, in Chromium', () => {
  let outDir: string;
  let workerFile: string;
  let browser: Browser;
  const servers: Server[] = [];
  const hosts: Record<'browser host' | 'desktop protocol', { origin: string; start: string }> = {
    'browser host': { origin: '', start: '' },
    'desktop protocol': { origin: '', start: '' },
  };
  let scratch: string;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'register-worker-build-'));
    scratch = mkdtempSync(join(tmpdir(), 'register-worker-host-'));
    workerFile = await buildRegisterWorkerPage(outDir);
    const core = new DeskCore({
      runtime: 'browser',
      version: '1',
      keychain: createMemoryKeychain(),
      store: createFileStore(join(scratch, 'data')),
      clock: { now: () => 0 },
    });
    const host = createBrowserHost({ api: core.api, rendererDir: outDir, secret, log: () => undefined });
    const protocol = serveAsAppProtocol(outDir);
    servers.push(host, protocol);
    const hostOrigin = await listenOnLoopback(host);
    hosts['browser host'] = { origin: hostOrigin, start: `${hostOrigin}/?secret=${secret}` };
    const protocolOrigin = await listenOnLoopback(protocol);
    hosts['desktop protocol'] = { origin: protocolOrigin, start: `${protocolOrigin}/index.html` };
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it("carries the app's own CSP in the check page", () => {
    const csp = (html: string) => /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    const app = csp(readFileSync(join(root, 'src-renderer/index.html'), 'utf8'));
    expect(app).toMatch(/script-src 'self'/);
    expect(csp(readFileSync(join(registerWorkerPageDir, 'index.html'), 'utf8'))).toBe(app);
  });

  it('is a script file of the build, served as JavaScript under the CSP by both hosts', async () => {
    expect(resolveAppFile(`app://desk/assets/${workerFile}`, outDir)).toEqual({
      path: join(outDir, 'assets', workerFile),
      contentType: 'text/javascript; charset=utf-8',
    });
    const served = await Promise.all(
      [
        [hosts['browser host'].origin, { authorization: `Bearer ${secret}` }],
        [hosts['desktop protocol'].origin, {}],
      ].map(async ([origin, headers]) => {
        const answer = await fetch(`${origin as string}/assets/${workerFile}`, {
          headers: headers as Record<string, string>,
        });
        return {
          status: answer.status,
          type: answer.headers.get('content-type'),
          csp: answer.headers.get('content-security-policy'),
        };
      }),
    );
    expect(served).toEqual([
      { status: 200, type: 'text/javascript; charset=utf-8', csp: contentSecurityPolicy },
      { status: 200, type: 'text/javascript; charset=utf-8', csp: electronContentSecurityPolicy },
    ]);
  });

  /** Opens the check page on a host; answers the page and what it logs of workers, CSP refusals and errors. */
  async function openPage(host: keyof typeof hosts) {
    const page: Page = await browser.newPage();
    const seen = { workers: [] as string[], refusals: [] as string[], errors: [] as string[] };
    page.on('worker', (worker) => seen.workers.push(new URL(worker.url()).pathname));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (message.text().startsWith('CSP refused')) seen.refusals.push(message.text());
      // Each failed answer is listed below, by its address.
      else if (!message.text().startsWith('Failed to load resource')) seen.errors.push(message.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      // Chromium asks for an icon no page of the app names.
      if (response.status() >= 400 && path !== '/favicon.ico')
        seen.errors.push(`${response.status()} ${path}`);
    });
    page.on('pageerror', (error) => seen.errors.push(error.message));
    await page.goto(hosts[host].start);
    await page.waitForFunction(() => 'registerWorkerPage' in globalThis);
    return { page, seen };
  }

  for (const host of ['browser host', 'desktop protocol'] as const) {
    it(`reads a register in the worker as the page's thread does, served by the ${host}`, async () => {
      const { page, seen } = await openPage(host);
      try {
        const checks = [];
        for (const answer of ['table', 'outline'] as const)
          checks.push(
            await page.evaluate(([rows, as]) => registerWorkerPage.readExport(rows, as, true), [
              4_000,
              answer,
            ] as const),
          );
        const expected = {
          isSame: true,
          errors: { worker: null, here: null },
          format: 'CSV, UTF-8 with BOM, comma',
          lines: expect.any(Number),
          isTransferred: true,
        };
        expect(checks).toEqual([expect.objectContaining(expected), expect.objectContaining(expected)]);
        expect(seen).toEqual({ workers: [`/assets/${workerFile}`], refusals: [], errors: [] });
      } finally {
        await page.close();
      }
    });
  }

  it('reads an Excel workbook in the worker as the page does', async () => {
    const { page, seen } = await openPage('desktop protocol');
    try {
      const base64 = await workbook(50);
      const check = await page.evaluate(([name, file]) => registerWorkerPage.readFile(name, file, 'table'), [
        'invoices.xlsx',
        base64,
      ] as const);
      expect(check).toEqual(
        expect.objectContaining({
          isSame: true,
          errors: { worker: null, here: null },
          format: 'Excel, sheet Sheet1',
          lines: 50,
          isTransferred: true,
        }),
      );
      expect(seen).toEqual({ workers: [`/assets/${workerFile}`], refusals: [], errors: [] });
    } finally {
      await page.close();
    }
  });

  it('reads a large Excel workbook under the CSP, its sheet inflated before fflate could start a blob: worker', async () => {
    // A sheet of 512 KB or more: fflate inflates it in a worker made from a blob: URL, which the CSP
    // refuses without an error reaching read-excel-file, so the read never ended (the page's thread
    // and the register worker alike).
    const { page, seen } = await openPage('desktop protocol');
    try {
      const base64 = await workbook(20_000);
      const check = await page.evaluate(
        ([name, file]) => registerWorkerPage.readFile(name, file, 'outline'),
        ['invoices.xlsx', base64] as const,
      );
      expect(check).toEqual(
        expect.objectContaining({
          isSame: true,
          errors: { worker: null, here: null },
          format: 'Excel, sheet Sheet1',
          lines: 20_000,
          isTransferred: true,
        }),
      );
      expect(seen).toEqual({ workers: [`/assets/${workerFile}`], refusals: [], errors: [] });
    } finally {
      await page.close();
    }
  }, 60_000);
});
