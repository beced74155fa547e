import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeskApi, DeskEventListener } from '../../src-shared/bridge/contract';
import { dispatchDesk } from '../core/dispatch';
import { rendererContentTypes } from '../core/renderer-files';
import { describeError } from './guard';

/** The renderer's Content-Security-Policy: nothing but the app's own origin (ag-grid sets inline styles). */
export const contentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The cookie that lets a browser load the page's files (never the bridge): not a secret, see below. */
const pageCookie = 'desk_page';
/** The cookie a program (not a browser: the host never sets it) may carry the launch secret in. */
const programSecretCookie = 'desk_secret';
const maxBodyBytes = 8 * 1024 * 1024;

/** What the browser-mode host needs. */
export interface BrowserHostOptions {
  api: DeskApi;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /**
   * The per-launch secret. The page is opened once with `/?secret=`; the host sends it on to the page in
   * the address's fragment, and the page sends it back with every bridge call and on the event stream
   * as `Authorization: Bearer`. No cookie ever holds it (docs/decisions/070-browser-host-secret.md).
   */
  secret: string;
  /** The core's events (`DeskCore.subscribe`), streamed to the page at `GET /desk/events`. */
  subscribe?: (listener: DeskEventListener) => () => void;
  /** Where an unexpected failure of a request is logged (redacted, never with the secret). */
  log?: (line: string) => void;
}

/** A request the host will not serve, answered with `status`: thrown while reading it, caught in one place. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
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
  // The listener runs inside the core's emit: a page gone meanwhile must not make it throw there.
  const write = (text: string): void => {
    if (response.destroyed || response.writableEnded) return;
    response.write(text);
  };
  write(': desk events\n\n');
  const unsubscribe =
    subscribe?.((event, payload) => {
      try {
        write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      } catch {
        response.destroy();
      }
    }) ?? (() => undefined);
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
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

/** A cookie's value as sent (never percent-decoded: the host's values are base64url). */
function cookieValue(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The value of `Authorization: Bearer <value>`. */
function bearerValue(request: IncomingMessage): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Whether the request carries this launch's secret: as `Authorization: Bearer` (the page, and
 * programs), or as a `desk_secret` cookie header a program writes itself (how the first version of the
 * host took it; the host never sets that cookie, so no browser holds it to send to another port).
 */
function hasLaunchSecret(request: IncomingMessage, secret: string): boolean {
  return (
    sameSecret(bearerValue(request), secret) || sameSecret(cookieValue(request, programSecretCookie), secret)
  );
}

/**
 * The request target as a URL. Browsers send origin-form (`/path?query`); absolute-form
 * (`http://host/path`, which HTTP/1.1 servers must accept) must name this very host. Anything that does
 * not parse is refused with 400, never thrown past the handler.
 */
function requestUrl(target: string | undefined, host: string): URL {
  let url: URL;
  try {
    // Prefixed, not resolved against a base: `//x` is a path here, not another host.
    url = target?.startsWith('/') ? new URL(`http://${host}${target}`) : new URL(target ?? '');
  } catch {
    throw new Refusal(400, 'Bad request: the address does not parse.');
  }
  if (url.protocol !== 'http:' || url.host !== host)
    throw new Refusal(400, 'Bad request: a foreign address.');
  return url;
}

/** The file a path names inside the renderer, or a Refusal. */
function rendererFile(rendererDir: string, pathname: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new Refusal(400, 'Bad request: the path is not percent-encoded correctly.');
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '') || 'index.html';
  const file = join(rendererDir, relative);
  if (!file.startsWith(rendererDir + sep) && file !== rendererDir) throw new Refusal(404, 'Not found.');
  return file;
}

/** The `args` of a bridge call's JSON body (`{"args": [...]}`), or a Refusal. */
async function readArgs(request: IncomingMessage): Promise<unknown> {
  if (!(request.headers['content-type'] ?? '').startsWith('application/json'))
    throw new Refusal(415, 'Send JSON.');
  let size = 0;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > maxBodyBytes) throw new Refusal(413, 'Too large.');
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, 'Bad request: the body was cut off.');
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'Not JSON.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new Refusal(400, 'Not a bridge call: send {"args": [...]}.');
  return Reflect.get(body, 'args');
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
 * /desk/<operation>`) on 127.0.0.1 only.
 *
 * - Every request needs a Host of this server and no foreign Origin: another page in the same browser,
 *   or a DNS-rebinding name, gets 403.
 * - The bridge and the event stream (`GET /desk/events`) need the per-launch secret in the request
 *   itself (`Authorization: Bearer`), which the page keeps in its tab's sessionStorage. A cookie would
 *   not do: the browser sends cookies of 127.0.0.1 to every port of it, so any other local web server
 *   the clerk visits would receive the secret.
 * - The page's own files (the build, holding nothing secret) need the `desk_page` cookie set when the
 *   printed address is opened, or the secret. That cookie does reach other local ports, and opens
 *   nothing there but these files.
 * - Each request runs inside one try/catch: one that does not parse (address, percent-encoding, body)
 *   gets 400, an unexpected failure 500 and a log line without the secret; none stops the host.
 *
 * An open event stream keeps its connection, so stop the server with `closeAllConnections()` after
 * `close()`. See docs/decisions/070-browser-host-secret.md.
 */
export function createBrowserHost(options: BrowserHostOptions): Server {
  // Random per launch so that a cookie of an earlier launch opens nothing; not a secret (see above).
  const pageKey = randomBytes(24).toString('base64url');
  const log = options.log ?? ((line: string) => console.error(line));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const port = (server.address() as AddressInfo).port;
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(response, 403, 'Forbidden: unknown Host.');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${host}`)
      return send(response, 403, 'Forbidden: foreign Origin.');

    const url = requestUrl(request.url, host);
    const querySecret = url.searchParams.get('secret');
    if (request.method === 'GET' && url.pathname === '/' && querySecret !== null) {
      if (!sameSecret(querySecret, options.secret))
        return send(
          response,
          401,
          'The secret in the address is wrong. Open the address that npm run start:browser printed.',
        );
      // The fragment never leaves the browser again: the page moves it into its tab's sessionStorage
      // and takes it out of the address bar (src-renderer/bridge/desk.ts).
      response.writeHead(303, {
        location: `/#secret=${encodeURIComponent(options.secret)}`,
        'set-cookie': `${pageCookie}=${pageKey}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      });
      return void response.end();
    }

    const hasSecret = hasLaunchSecret(request, options.secret);
    if (url.pathname.startsWith('/desk/')) {
      if (!hasSecret)
        return send(
          response,
          401,
          'Open the address that npm run start:browser printed (it carries a secret for this launch).',
        );
      if (url.pathname === '/desk/events') {
        if (request.method !== 'GET') return send(response, 405, 'Method not allowed.');
        return streamEvents(response, options.subscribe);
      }
      if (request.method !== 'POST') return send(response, 405, 'Method not allowed.');
      const args = await readArgs(request);
      const result = await dispatchDesk(options.api, url.pathname.slice('/desk/'.length), args);
      return send(response, 200, JSON.stringify(result), 'application/json');
    }

    if (!hasSecret && !sameSecret(cookieValue(request, pageCookie), pageKey))
      return send(
        response,
        401,
        'Open the address that npm run start:browser printed (it carries a secret for this launch).',
      );
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, 'Method not allowed.');
    const file = rendererFile(options.rendererDir, url.pathname);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return send(response, 404, 'Not found.');
    }
    response.writeHead(200, {
      'content-type': rendererContentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  const server = createServer(async (request, response) => {
    try {
      await handle(request, response);
    } catch (error) {
      try {
        const refused = error instanceof Refusal;
        if (!refused) log(`desk host: a request failed.\n${describeError(error, [options.secret, pageKey])}`);
        if (response.headersSent) response.destroy();
        else if (refused) send(response, error.status, error.message);
        else send(response, 500, 'The host failed on this request; it is still running.');
      } catch {
        response.destroy();
      }
    }
  });
  return server;
}
