import { createHash } from 'node:crypto';
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
 *   client gave up meanwhile);
 * - `rewrite-answer`: forwards, and sends the client the sandbox's JSON answer as `rewrite` changed it
 *   (a feed page with one document left out: a document the feed never delivered). An answer that is
 *   not JSON is passed on as it came.
 */
export type FaultAction =
  | { kind: 'respond'; status: number; headers?: Record<string, string>; body?: string | object }
  | { kind: 'drop-request' }
  | { kind: 'drop-answer' }
  | { kind: 'delay'; ms: number }
  | { kind: 'rewrite-answer'; rewrite: (body: unknown) => unknown };

/** A programmed fault: applied to the next `times` requests it matches, then gone. */
export interface Fault {
  /** HTTP method to match; any when absent. */
  method?: string;
  /** A path suffix (string, query excluded) or a pattern tested on path and query; any when absent. */
  path?: string | RegExp;
  /** An `Idempotency-Key` to match (one batch among batches sent at once); any when absent. */
  key?: string;
  times: number;
  action: FaultAction;
}

/**
 * What a write (POST, PUT, PATCH, DELETE) carried, so that a check can tell which documents went to
 * the sandbox under which `Idempotency-Key` (test/support/ledger.ts, `appliedOnce`).
 */
export interface WriteRecord {
  /** Hex SHA-256 of the body exactly as sent: two sends of one batch have the same digest. */
  bodyDigest: string;
  /**
   * The documents the write answers: the `id` of each item of a `POST /acks` body, or the `{id}` of
   * `/orders|invoices|payments|returns/{id}/ack`; empty for any other write.
   */
  documentIds: string[];
  /**
   * The ids the sandbox refused one by one (a batch item with `result: "failed"`), from its answer;
   * such an item was not applied, so sending it again under another key is not a second application.
   */
  refusedIds: string[];
}

/** The rate-limit headers of the sandbox's answer, as numbers (spec, Limits). */
export interface RateLimitSeen {
  limit: number;
  remaining: number;
  /** `X-RateLimit-Reset`: seconds from the answer until the window resets (decision 010). */
  resetSec: number;
}

/** One request as the proxy saw it (never its Authorization header; of a write's body, only a digest and its ids). */
export interface ProxiedRequest {
  method: string;
  /** Path and query, relative to the sandbox origin. */
  url: string;
  idempotencyKey: string | null;
  /** The fault applied, if any. */
  fault: FaultAction['kind'] | null;
  /** Whether the request was passed on to the sandbox (every fault but `respond` and `drop-request`). */
  forwarded: boolean;
  /** What the sandbox answered, when it was asked and answered. */
  upstreamStatus: number | null;
  /** From forwarding to the sandbox's whole answer read, in ms (its own time, without a `delay`). */
  upstreamMs: number | null;
  /** When the sandbox's answer was read (`performance.now()` of this process). */
  answeredAt: number | null;
  /** The rate-limit headers of the sandbox's answer, when it sent them. */
  rateLimit: RateLimitSeen | null;
  /** What the client got, or null when the socket was closed instead. */
  status: number | null;
  /** For a write: its body's digest and the documents it answers; null for a read. */
  write: WriteRecord | null;
}

/** A loopback proxy in front of the sandbox. */
export interface FaultProxy {
  /** The proxy's `{base_url}`: the sandbox's base path on the proxy's origin. */
  baseUrl: string;
  origin: string;
  /** Every request since the last `reset()`, in arrival order. */
  readonly requests: ProxiedRequest[];
  /**
   * Every write passed on to the sandbox since the proxy started, in arrival order; `reset()` keeps
   * them, so that a check of keys (test/support/ledger.ts, `appliedOnce`) covers a whole run, kills
   * and restarts included.
   */
  readonly writes: ProxiedRequest[];
  /** Programs a fault; faults are tried in the order added. */
  add(fault: Fault): void;
  /** Removes every fault not yet used up, and forgets the request log (not `writes`). */
  reset(): void;
  /** Stops the proxy and closes its sockets. */
  close(): Promise<void>;
}

/** A gateway's 503 with no envelope; with `Retry-After` when `retryAfterSec` is given. */
export function gateway503(
  times: number,
  retryAfterSec?: number,
  match: Pick<Fault, 'method' | 'path' | 'key'> = {},
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
  match: Pick<Fault, 'method' | 'path' | 'key'> = {},
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

/**
 * A feed page answered without one of its documents (the one at `index`, or the last when the page is
 * shorter), as a faulty gateway or service might: `dropped` collects what was left out, as
 * `{ id, seq }` (seq null when the document has none).
 */
export function dropOneDocument(
  match: Pick<Fault, 'method' | 'path'>,
  index = 0,
  times = 1,
): { fault: Fault; dropped: Array<{ id: string; seq: number | null }> } {
  const dropped: Array<{ id: string; seq: number | null }> = [];
  const rewrite = (body: unknown): unknown => {
    const data = field(body, 'data');
    if (!Array.isArray(data) || data.length === 0) return body;
    const at = Math.min(index, data.length - 1);
    const doc: unknown = data[at];
    const id = field(doc, 'id');
    const seq = field(doc, 'seq');
    dropped.push({ id: typeof id === 'string' ? id : '', seq: typeof seq === 'number' ? seq : null });
    return { ...(body as object), data: data.filter((_, position) => position !== at) };
  };
  return { fault: { ...match, times, action: { kind: 'rewrite-answer', rewrite } }, dropped };
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
  if (fault.key !== undefined && req.headers['idempotency-key'] !== fault.key) return false;
  return true;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const singleAckPath = /\/(?:orders|invoices|payments|returns)\/([^/?]+)\/ack$/;

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? Reflect.get(value, name) : undefined;
}

/** The digest and document ids of a write's body (see `WriteRecord`). */
function describeWrite(url: string, body: Buffer): WriteRecord {
  const pathname = url.split('?')[0] ?? url;
  const documentIds: string[] = [];
  const single = singleAckPath.exec(pathname);
  if (single?.[1]) documentIds.push(decodeURIComponent(single[1]));
  else if (pathname.endsWith('/acks')) {
    const items = field(parseJson(body), 'items');
    if (Array.isArray(items))
      for (const item of items) {
        const id = field(item, 'id');
        if (typeof id === 'string') documentIds.push(id);
      }
  }
  return { bodyDigest: createHash('sha256').update(body).digest('hex'), documentIds, refusedIds: [] };
}

/** The ids a batch answer refused one by one (`result: "failed"` or an `error`). */
function refusedIdsOf(answer: Buffer): string[] {
  const data = field(parseJson(answer), 'data');
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    const id = field(item, 'id');
    const isRefused = field(item, 'result') === 'failed' || (field(item, 'error') ?? null) !== null;
    return typeof id === 'string' && isRefused ? [id] : [];
  });
}

function headerNumber(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d+(?:\.\d+)?$/.test(text.trim()) ? Number(text) : null;
}

function rateLimitOf(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): RateLimitSeen | null {
  const limit = headerNumber(headers['x-ratelimit-limit']);
  const remaining = headerNumber(headers['x-ratelimit-remaining']);
  const resetSec = headerNumber(headers['x-ratelimit-reset']);
  return limit === null || remaining === null || resetSec === null ? null : { limit, remaining, resetSec };
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
  const writes: ProxiedRequest[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => req.socket.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const fault = faults.find((f) => matches(f, req)) ?? null;
    if (fault) fault.times -= 1;
    const keyHeader = req.headers['idempotency-key'];
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const entry: ProxiedRequest = {
      method,
      url,
      idempotencyKey: (Array.isArray(keyHeader) ? keyHeader[0] : keyHeader) ?? null,
      fault: fault?.action.kind ?? null,
      forwarded: false,
      upstreamStatus: null,
      upstreamMs: null,
      answeredAt: null,
      rateLimit: null,
      status: null,
      write: writeMethods.has(method) ? describeWrite(url, body) : null,
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
    // Logged as sent before it is sent: a sandbox killed meanwhile may still have applied it.
    entry.forwarded = true;
    if (entry.write) writes.push(entry);
    const sentAt = performance.now();
    const answer = await request(upstreamOrigin + entry.url, {
      dispatcher: upstream,
      method: method as Dispatcher.HttpMethod,
      headers: forwardable(req.headers),
      body: body.length > 0 ? body : undefined,
    });
    const responseBody = Buffer.from(await answer.body.arrayBuffer());
    entry.answeredAt = performance.now();
    entry.upstreamMs = entry.answeredAt - sentAt;
    entry.rateLimit = rateLimitOf(answer.headers);
    if (entry.write && answer.statusCode >= 200 && answer.statusCode < 300)
      entry.write.refusedIds = refusedIdsOf(responseBody);
    entry.upstreamStatus = answer.statusCode;
    if (action?.kind === 'drop-answer') {
      req.socket.destroy();
      return;
    }
    entry.status = answer.statusCode;
    const parsed = action?.kind === 'rewrite-answer' ? parseJson(responseBody) : null;
    const sentBody =
      action?.kind === 'rewrite-answer' && parsed !== null
        ? Buffer.from(JSON.stringify(action.rewrite(parsed)))
        : responseBody;
    send(res, answer.statusCode, forwardable(answer.headers), sentBody);
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
    writes,
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
