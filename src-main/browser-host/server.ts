import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import type { DeskApi, DeskEventListener } from '../../src-shared/bridge/contract';
import { dispatchDesk } from '../core/dispatch';

/** The renderer's Content-Security-Policy: nothing but the app's own origin (ag-grid sets inline styles). */
export const contentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const cookieName = 'desk_secret';
const maxBodyBytes = 8 * 1024 * 1024;

/** What the browser-mode host needs. */
export interface BrowserHostOptions {
  api: DeskApi;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** The per-launch secret; the page is opened with `?secret=` once and then carries it as a cookie. */
  secret: string;
  /** The core's events (`DeskCore.subscribe`), streamed to the page at `GET /desk/events`. */
  subscribe?: (listener: DeskEventListener) => () => void;
}

const heartbeatMs = 25_000;

/**
 * `GET /desk/events`: the core's events as Server-Sent Events (`event: <name>`, `data: <json>`), the
 * browser-mode twin of the `desk:event:<name>` IPC channels. A comment line every 25 s keeps idle
 * proxies and the browser from closing the stream.
 */
function streamEvents(response: ServerResponse, subscribe: BrowserHostOptions['subscribe']): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  response.write(': desk events\n\n');
  const unsubscribe =
    subscribe?.((event, payload) => {
      response.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    }) ?? (() => undefined);
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), heartbeatMs);
  heartbeat.unref();
  response.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

function sameSecret(given: string | undefined, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieSecret(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) return rest.join('=');
  }
  return undefined;
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  response.end(body);
}

/**
 * The browser-mode host of `npm run start:browser`: serves the renderer and the bridge (`POST
 * /desk/<operation>`) on 127.0.0.1 only. Every request must carry the per-launch secret (as the cookie set
 * when the printed address is opened), a Host of this server, and no foreign Origin: another page in
 * the same browser, or a DNS-rebinding name, gets 403. The core's events stream from `GET /desk/events`
 * behind the same checks; an open stream keeps its connection, so stop the server with
 * `closeAllConnections()` after `close()`.
 */
export function createBrowserHost(options: BrowserHostOptions): Server {
  const server = createServer(async (request, response) => {
    const port = (server.address() as AddressInfo).port;
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(response, 403, 'Forbidden: unknown Host.');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${host}`)
      return send(response, 403, 'Forbidden: foreign Origin.');

    const url = new URL(request.url ?? '/', `http://${host}`);
    const querySecret = url.searchParams.get('secret');
    if (request.method === 'GET' && url.pathname === '/' && querySecret !== null) {
      if (!sameSecret(querySecret, options.secret))
        return send(
          response,
          401,
          'The secret in the address is wrong. Open the address that npm run start:browser printed.',
        );
      response.writeHead(303, {
        location: '/',
        'set-cookie': `${cookieName}=${options.secret}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
      return response.end();
    }
    if (!sameSecret(cookieSecret(request), options.secret)) {
      return send(
        response,
        401,
        'Open the address that npm run start:browser printed (it carries a secret for this launch).',
      );
    }

    if (url.pathname === '/desk/events') {
      if (request.method !== 'GET') return send(response, 405, 'Method not allowed.');
      return streamEvents(response, options.subscribe);
    }
    if (url.pathname.startsWith('/desk/')) {
      if (request.method !== 'POST') return send(response, 405, 'Method not allowed.');
      if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
        return send(response, 415, 'Send JSON.');
      let size = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of request) {
        size += (chunk as Buffer).length;
        if (size > maxBodyBytes) return send(response, 413, 'Too large.');
        chunks.push(chunk as Buffer);
      }
      let args: unknown;
      try {
        args = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { args?: unknown }).args;
      } catch {
        return send(response, 400, 'Not JSON.');
      }
      const result = await dispatchDesk(options.api, url.pathname.slice('/desk/'.length), args);
      return send(response, 200, JSON.stringify(result), 'application/json');
    }

    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'Method not allowed.');
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html';
    const file = join(options.rendererDir, relative);
    if (!file.startsWith(options.rendererDir + sep) && file !== options.rendererDir)
      return send(response, 404, 'Not found.');
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      send(response, 404, 'Not found.');
    }
  });
  return server;
}
