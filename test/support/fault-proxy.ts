import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * What the proxy does to a request a fault matches:
 * - `respond`: answers itself (a gateway's 503, a 429, a malformed body); the sandbox never sees it;
 * - `drop-request`: closes the socket without forwarding;
 * - `drop-answer`: forwards, lets the sandbox apply the call and answer, reads that answer, then
 *   closes the socket without sending it (the client never learns the write was applied);
 * - `delay`: waits `ms`, then forwards and answers normally (the sandbox applies it even if the
 *   client gave up meanwhile).
 */
export type FaultAction =
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body?: string | object }
  | { kind: 'drop-request' }
  | { kind: 'drop-answer' }
  | { kind: 'delay'; ms: number };

/** A programmed fault: applied to the next `times` requests it matches, then gone. */
export interface Fault {
  /** HTTP method to match; any when absent. */
  method?: string;
  /** A path suffix (string, query excluded) or a pattern tested on path and query; any when absent. */
  path?: string | RegExp;
  times: number;
  action: FaultAction;
}

/** One request as the proxy saw it (never its Authorization header or body). */
export interface ProxiedRequest {
  method: string;
  /** Path and query, relative to the sandbox origin. */
  url: string;
  idempotencyKey: string | null;
  /** The fault applied, if any. */
  fault: FaultAction['kind'] | null;
  /** What the sandbox answered, when it was asked. */
  upstreamStatus: number | null;
  /** What the client got, or null when the socket was closed instead. */
  status: number | null;
}

/** A loopback proxy in front of the sandbox. */
export interface FaultProxy {
  /** The proxy's `{base_url}`: the sandbox's base path on the proxy's origin. */
  baseUrl: string;
  origin: string;
  /** Every request so far, in arrival order. */
  readonly requests: ProxiedRequest[];
  /** Programs a fault; faults are tried in the order added. */
  add(fault: Fault): void;
  /** Removes every fault not yet used up, and forgets the request log. */
  reset(): void;
  /** Stops the proxy and closes its sockets. */
  close(): Promise<void>;
}

/** A gateway's 503 with no envelope; with `Retry-After` when `retryAfterSec` is given. */
export function gateway503(
  times: number,
  retryAfterSec?: number,
  match: Pick<Fault, 'method' | 'path'> = {},
): Fault {
  return {
    ...match,
    times,
    action: {
      kind: 'respond',
      status: 503,
      headers:
        retryAfterSec === undefined
          ? { 'content-type': 'text/html' }
          : { 'content-type': 'text/html', 'retry-after': String(retryAfterSec) },
      body: '<html><body>503 Service Unavailable</body></html>',
    },
  };
}

/** A 429 `RATE_LIMITED` with the interface's envelope and `Retry-After`. */
export function rateLimited429(
  times: number,
  retryAfterSec: number,
  match: Pick<Fault, 'method' | 'path'> = {},
): Fault {
  return {
    ...match,
    times,
    action: {
      kind: 'respond',
      status: 429,
      headers: { 'retry-after': String(retryAfterSec), 'x-request-id': 'proxy-429' },
      body: {
        error: {
          code: 'RATE_LIMITED',
          message: 'Over the limit (from the fault proxy).',
          details: [],
          request_id: 'proxy-429',
          retryable: true,
        },
      },
    },
  };
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'host',
  'content-length',
]);

function forwardable(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

function matches(fault: Fault, req: IncomingMessage): boolean {
  if (fault.times <= 0) return false;
  if (fault.method && fault.method.toUpperCase() !== req.method) return false;
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? url;
  if (typeof fault.path === 'string' && !pathname.endsWith(fault.path)) return false;
  if (fault.path instanceof RegExp && !fault.path.test(url)) return false;
  return true;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
): void {
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) in front of `upstreamOrigin` (the sandbox's origin).
 *
 * Bounded: each fault applies `times` times; the proxy closes itself after `lifetimeMs` (default
 * 120 s) if the test forgot to.
 */
export async function startFaultProxy(
  upstreamOrigin: string,
  options: { lifetimeMs?: number } = {},
): Promise<FaultProxy> {
  const upstream = new Agent({ connections: 8 });
  const faults: Fault[] = [];
  const requests: ProxiedRequest[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => req.socket.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const fault = faults.find((f) => matches(f, req)) ?? null;
    if (fault) fault.times -= 1;
    const keyHeader = req.headers['idempotency-key'];
    const entry: ProxiedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      idempotencyKey: (Array.isArray(keyHeader) ? keyHeader[0] : keyHeader) ?? null,
      fault: fault?.action.kind ?? null,
      upstreamStatus: null,
      status: null,
    };
    requests.push(entry);
    const action = fault?.action;
    if (action?.kind === 'respond') {
      const text = typeof action.body === 'string' ? action.body : JSON.stringify(action.body ?? '');
      const headers = { 'content-type': 'application/json', ...action.headers };
      entry.status = action.status;
      send(res, action.status, headers, Buffer.from(text));
      return;
    }
    if (action?.kind === 'drop-request') {
      req.socket.destroy();
      return;
    }
    if (action?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));
    const answer = await request(upstreamOrigin + entry.url, {
      dispatcher: upstream,
      method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: forwardable(req.headers),
      body: body.length > 0 ? body : undefined,
    });
    const responseBody = Buffer.from(await answer.body.arrayBuffer());
    entry.upstreamStatus = answer.statusCode;
    if (action?.kind === 'drop-answer') {
      req.socket.destroy();
      return;
    }
    entry.status = answer.statusCode;
    send(res, answer.statusCode, forwardable(answer.headers), responseBody);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      clearTimeout(lifetime);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await upstream.close();
    })();
    return closed;
  };
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 120_000);
  lifetime.unref();

  return {
    baseUrl: `${origin}/api/integration/v1`,
    origin,
    requests,
    add(fault) {
      faults.push({ ...fault });
    },
    reset() {
      faults.length = 0;
      requests.length = 0;
    },
    close,
  };
}
