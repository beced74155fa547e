import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { scopes } from '../../src-shared/wire';
import type { SandboxApp } from '../context';
import { ApiError, replyError } from '../errors';

/**
 * The console page's Content-Security-Policy: its own files and its own origin's API, nothing else (no
 * inline script or style, no frames, no forms that navigate). docs/decisions/019-sandbox-console-page.md
 */
export const consoleContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers of every answer of the page and its files (the refusals too). */
const pageHeaders: Record<string, string> = {
  'content-security-policy': consoleContentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const consoleDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'console');

/** The page's files: path under `/_sandbox`, file in src-sandbox/console/, media type. */
const files = [
  { path: '/', file: 'index.html', type: 'text/html; charset=utf-8' },
  { path: '/console/console.js', file: 'console.js', type: 'text/javascript; charset=utf-8' },
  { path: '/console/console.css', file: 'console.css', type: 'text/css; charset=utf-8' },
  { path: '/console/icon.svg', file: 'icon.svg', type: 'image/svg+xml' },
] as const;

/** The host name of a Host header (`name`, `name:port`, `[v6]:port`), lower case; '' when unreadable. */
function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end < 0 ? '' : value.slice(1, end);
  }
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/** An IP literal in its plain form (an IPv4-mapped IPv6 address as IPv4), or null for a name. */
function ipLiteral(text: string): string | null {
  return ipaddr.isValid(text) ? ipaddr.process(text).toString() : null;
}

/**
 * Whether a Host header names this sandbox itself: `localhost`, a loopback address (127.0.0.0/8,
 * `[::1]`), or the IP address the request arrived at (`localAddress`, for a sandbox started with
 * `--host 0.0.0.0` and opened by its LAN address). Any other name is refused, so that a page of
 * another site whose name was made to point at this machine (DNS rebinding) is not served the console.
 * The port is not compared: a forwarded port (Docker `-p 9000:8787`) is still this sandbox.
 * docs/decisions/019-sandbox-console-page.md
 */
export function isOwnHost(header: string | undefined, localAddress: string | undefined): boolean {
  const name = hostName(header ?? '');
  if (name === 'localhost') return true;
  const literal = ipLiteral(name);
  if (literal === null) return false;
  if (ipaddr.parse(literal).range() === 'loopback') return true;
  return localAddress !== undefined && ipLiteral(localAddress) === literal;
}

/**
 * The address that opens the console with the admin secret, from the sandbox's listening address: an
 * unspecified host (`0.0.0.0`, `::`) becomes the loopback address, which the console accepts. The secret
 * is in the fragment, which the browser never sends; the page moves it to its tab's sessionStorage.
 */
export function consoleAddress(listening: URL, adminSecret: string): string {
  const url = new URL(listening.origin);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  return `${url.origin}/_sandbox/#secret=${encodeURIComponent(adminSecret)}`;
}

/**
 * The console page (`GET /_sandbox/`, ../shared/spec/sandbox-contract.md, Additions) and its files under
 * `/_sandbox/console/`. They hold no secret, so serving them needs none; every call the page makes goes
 * to the admin API with `Authorization: Bearer <admin secret>`. Registered beside the admin routes, not
 * among them, so the admin secret's hook does not cover these files. Each answer carries a strict CSP,
 * and a Host that is not this sandbox's own is refused. docs/decisions/019-sandbox-console-page.md
 */
export async function consoleRoutes(app: SandboxApp): Promise<void> {
  const bodies = await Promise.all(files.map((entry) => readFile(join(consoleDir, entry.file))));
  // Values the page needs that only the wire knows; public, like the rest of the page.
  const options = JSON.stringify({
    scopes,
    defaultRateLimitPerMinute: app.sandbox.options.rateLimitPerMinute,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(pageHeaders);
    if (!isOwnHost(request.headers.host, request.socket.localAddress)) {
      return replyError(
        reply,
        new ApiError(
          'INVALID_REQUEST',
          `The console answers only at the sandbox's own address (localhost, 127.0.0.1, [::1] or the IP address it listens on), not at "${request.headers.host ?? ''}". Open http://127.0.0.1:<port>/_sandbox/ instead.`,
          { status: 403, details: [{ field: 'header.host', value: request.headers.host ?? '' }] },
        ),
      );
    }
  });

  files.forEach((entry, index) => {
    const body = bodies[index]!;
    app.get(entry.path, async (_request, reply) => reply.type(entry.type).send(body));
  });
  app.get('/console/options.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(options),
  );
}
