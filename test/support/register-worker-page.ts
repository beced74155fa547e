/**
 * The register worker's check page (test/renderer/reconcile/register-worker-page/) from Node: built by
 * Vite with the renderer's own config (electron.vite.config.ts, so the worker is bundled as the app's
 * is) and served as the desktop app's `app://desk` protocol answers (src-main/electron/protocol.ts:
 * its content types and its CSP), over loopback. test/e2e/register-worker.e2e.ts and
 * test/bench/register-read.bench.ts use it.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build, mergeConfig } from 'vite';
import electronViteConfig from '../../electron.vite.config';
import { serveAppRequest } from '../../src-main/electron/protocol';

const pageDir = resolve(import.meta.dirname, '../renderer/reconcile/register-worker-page');

/** What the page answers of one file (its `PageCheck`: the page is typed for the renderer, this file for Node). */
export interface RegisterWorkerPageCheck {
  /** The worker and the page's thread read the same (outline, rows when they came back, register). */
  isSame: boolean;
  errors: { worker: string | null; here: string | null };
  format: string | null;
  lines: number | null;
  /** The buffer given to the worker was detached: transferred, not copied. */
  isTransferred: boolean;
  /** The worker's read, file then register, from the call to the answer. */
  workerMs: number;
  /** The longest task of the page's thread meanwhile (Long Tasks API: over 50 ms; 0 when none). */
  longestTaskMs: number;
  /** The same read on the page's thread (0 when not compared). */
  hereMs: number;
}

/** The page's global `registerWorkerPage` (its `RegisterWorkerPage`). */
export interface RegisterWorkerPageApi {
  readExport(
    rows: number,
    answer: 'table' | 'outline',
    isCompared: boolean,
  ): Promise<RegisterWorkerPageCheck>;
  readFile(name: string, base64: string, answer: 'table' | 'outline'): Promise<RegisterWorkerPageCheck>;
}

/** The check page's own folder, with its index.html. */
export const registerWorkerPageDir = pageDir;

/** Builds the check page into `outDir` with the renderer's Vite config; answers the worker's file in `assets/`. */
export async function buildRegisterWorkerPage(outDir: string): Promise<string> {
  const renderer = typeof electronViteConfig === 'function' ? null : electronViteConfig.renderer;
  if (!renderer || typeof renderer === 'function') throw new Error('the renderer config is not an object');
  const { root: _root, ...config } = renderer;
  await build(
    mergeConfig(config, {
      configFile: false,
      root: pageDir,
      // As electron-vite builds the renderer: files addressed relative to the page.
      base: './',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rollupOptions: { input: { index: join(pageDir, 'index.html') } } },
    }),
  );
  const worker = readdirSync(join(outDir, 'assets')).find((file) => /^register-worker-.+\.js$/.test(file));
  if (!worker) throw new Error('the build has no register worker file');
  return worker;
}

/** A loopback server answering as the desktop app's protocol does for `app://desk/<path>`. */
export function serveAsAppProtocol(rendererRoot: string): Server {
  return createServer((request, response) => {
    void (async () => {
      const answer = await serveAppRequest(
        new Request(`app://desk${request.url ?? '/'}`, { method: request.method }),
        rendererRoot,
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
}

/** Listens on a free loopback port; answers the origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
