import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from 'better-sqlite3';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import { createAuthenticator, createRateLimiter, type Principal } from './auth';
import { openClock } from './clock';
import type { SandboxApp, SandboxContext, SandboxOptions } from './context';
import { ApiError, errorBody, replyError } from './errors';
import { injectFaults } from './faults/inject';
import { faultsOf } from './faults/registry';
import { createIdempotency } from './idempotency';
import { newId } from './ids';
import { isJsonTextDeeperThan, maxJsonDepth, tooDeepError } from './json-depth';
import { logFailure } from './log';
import { adminRoutes } from './admin/routes';
import { consoleRoutes } from './admin/console';
import { interfaceRoutes } from './routes';
import { compileValidator, validationDetails } from './validation';

/** Where the interface lives under the sandbox's origin (spec: `{base_url}` ends in `/api/integration/v1`). */
export const basePath = '/api/integration/v1';

/**
 * Largest request body accepted; a larger one answers 413 `PAYLOAD_TOO_LARGE` with the envelope
 * (docs/decisions/013-bad-request-bodies.md).
 */
export const bodyLimitBytes = 4 * 1024 * 1024;

let idPool = Buffer.alloc(0);
let idOffset = 0;

/**
 * A request id `req_` + 16 url-safe characters (96 random bits), like `newId('req')`, but cut from a
 * pool of random bytes refilled every 1024 ids: one `randomBytes` call per request was a measurable
 * part of a call's cost.
 */
function newRequestId(): string {
  if (idOffset + 12 > idPool.length) {
    idPool = randomBytes(12 * 1024);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + 12);
  idOffset += 12;
  return `req_${id}`;
}

/**
 * `text` without its trailing slashes. A loop from the end, not a regex: `/\/+$/` is tried from every
 * slash of a run and backtracks over the rest of it, so a request path of many slashes followed by
 * another character cost time quadratic in its length (14 KB of slashes: 65-150 ms of CPU, before any
 * authentication; docs/decisions/060-hostile-request-paths.md).
 */
function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end -= 1;
  return text.slice(0, end);
}

/** The path of a request URL without its query and trailing slashes (`/` when nothing is left); linear. */
function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return trimTrailingSlashes(queryAt < 0 ? url : url.slice(0, queryAt)) || '/';
}

/** The routes of one scope, registered on the encapsulated instance they are given. */
export type RoutesPlugin = (app: SandboxApp) => Promise<void>;

/** Methods a path answers to, learnt from every route as it is registered (for 405 and `Allow`). */
class RouteTable {
  private readonly routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  add(url: string, method: string | string[]): void {
    const methods = Array.isArray(method) ? method : [method];
    const source = trimTrailingSlashes(url)
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    let entry = this.routes.find((r) => r.pattern.source === `^${source}/?$`);
    if (!entry) {
      entry = { pattern: new RegExp(`^${source}/?$`), methods: new Set() };
      this.routes.push(entry);
    }
    for (const m of methods) entry.methods.add(m.toUpperCase());
    if (entry.methods.has('GET')) entry.methods.add('HEAD'); // Fastify answers HEAD for every GET route
  }

  /** The methods some route answers to at `path`, sorted; empty when no route has the path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    }
    return [...methods].sort();
  }
}

/**
 * Registers routes the way the interface's routes are: under `prefix`, behind the hook that
 * authenticates the bearer token and counts the call against the client's rate limit, with unknown
 * paths answering the envelope after those checks. `buildSandbox` uses it for `interfaceRoutes`;
 * tests use it to put a route of their own behind the same checks.
 */
export async function registerInterface(
  app: SandboxApp,
  routes: RoutesPlugin,
  prefix: string = basePath,
): Promise<void> {
  const { db, clock } = app.sandbox;
  const authenticate = createAuthenticator(db, clock);
  const takeRate = createRateLimiter(clock);
  const faults = faultsOf(app.sandbox);
  await app.register(
    async (api) => {
      api.addHook('onRequest', (request, reply, done) => {
        // A route that needs no token says so in its config (the OpenAPI document, decision 018).
        if ((request.routeOptions.config as { isPublic?: boolean }).isPublic) {
          done();
          return;
        }
        let principal: Principal;
        try {
          principal = authenticate(request.headers.authorization, request.ip);
          request.principal = principal;
        } catch (error) {
          done(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        // Faults the console injected for this client (429, 503 or a slow answer) come before the rate
        // limit (docs/decisions/017-console-lists-and-faults.md).
        injectFaults(faults, principal, reply, () => takeRate(principal, reply), done);
      });
      // Unknown paths under the interface are answered after authentication, so they carry the
      // rate-limit headers like every other answer of an authenticated call (spec, Limits).
      api.setNotFoundHandler(replyNotFound);
      await routes(api as SandboxApp);
    },
    { prefix },
  );
}

/** Each sandbox's route table, found from any of its encapsulated instances through the shared context. */
const routeTables = new WeakMap<SandboxContext, RouteTable>();

/** 404 `NOT_FOUND` for an unknown path; 405 `METHOD_NOT_ALLOWED` with `Allow` for a known path and another method. */
function replyNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = pathOf(request.url);
  const allowed = routeTables.get(request.server.sandbox)?.allowed(path) ?? [];
  if (allowed.length > 0) {
    // docs/decisions/012-method-not-allowed.md
    return replyError(
      reply,
      new ApiError(
        'METHOD_NOT_ALLOWED',
        `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
        {
          headers: { Allow: allowed.join(', ') },
          details: [{ field: 'method', value: request.method }],
        },
      ),
    );
  }
  return replyError(
    reply,
    new ApiError(
      'NOT_FOUND',
      `No endpoint answers ${request.method} ${path}. Check the path against the interface (paths start with ${basePath}).`,
      {
        details: [{ field: 'path', value: path }],
      },
    ),
  );
}

/** At most this much of an oversized body is read and dropped before the 413 is sent. */
const drainLimitBytes = 64 * 1024 * 1024;
const drainTimeoutMs = 10_000;

/**
 * Reads and drops the rest of a refused body (up to `drainLimitBytes` or `drainTimeoutMs`), so that a
 * client which writes its whole body before reading (undici, fetch) receives the 413 instead of a broken
 * pipe. Beyond the bounds the connection is closed after the answer.
 */
function drainBody(raw: FastifyRequest['raw']): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', finish);
      raw.removeListener('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > drainLimitBytes) finish();
    };
    const timer = setTimeout(finish, drainTimeoutMs);
    raw.on('data', onData);
    raw.on('end', finish);
    raw.on('error', finish);
    raw.resume();
  });
}

/** Turns anything a handler, a hook, a schema or the body parser threw into the envelope (spec, Errors). */
function replyThrownError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  if (error instanceof ApiError) return replyError(reply, error);
  if (error.validation) {
    // docs/decisions/008-status-of-a-schema-failure.md: a query, or the path of a read, is "fix the
    // call" (400); a body, or the path of a write (a malformed `{ref}`), is "fix the data" (422).
    const part = error.validationContext ?? 'request';
    const isData =
      part === 'body' || (part === 'params' && request.method !== 'GET' && request.method !== 'HEAD');
    const details = validationDetails(part === 'querystring' ? 'query' : part, error.validation);
    const listed = details.map((d) => `${d.field} ${d.value}`).join('; ');
    return replyError(
      reply,
      new ApiError(
        'INVALID_REQUEST',
        `The ${part === 'querystring' ? 'query' : part} is not valid: ${listed}. Fix it and send the call again.`,
        {
          status: isData ? 422 : 400,
          details,
        },
      ),
    );
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    // docs/decisions/013-bad-request-bodies.md
    const tooLarge = new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${bodyLimitBytes} bytes. Send fewer items per call (at most 500).`,
      {
        details: [{ field: 'body', code: 'too_large', value: String(bodyLimitBytes) }],
      },
    );
    return drainBody(request.raw).then(() => replyError(reply, tooLarge));
  }
  if (status >= 400 && status < 500) {
    // A body that cannot be read as JSON, or a body of another media type, is a call to fix: 400.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? `The body's Content-Type (${request.headers['content-type'] ?? 'none'}) is not JSON. Send the body as JSON with "Content-Type: application/json".`
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The body is empty but Content-Type says JSON. Send a JSON body, or no Content-Type when the call has no body.'
          : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
            ? `The body is not valid JSON (${error.message}). Fix the body and send it again.`
            : `The call cannot be read: ${error.message}. Fix it and send it again.`;
    return replyError(
      reply,
      new ApiError('INVALID_REQUEST', message, {
        details: [{ field: 'body', code: error.code ?? 'invalid' }],
      }),
    );
  }
  // Logged with the request id the caller was given (never headers: they hold the token; any token or
  // Authorization value in the error's text is masked too).
  logFailure(`${String(request.id)} ${request.method} ${request.url.split('?')[0] ?? ''} failed:`, error, [
    request.server.sandbox.adminSecret,
  ]);
  return replyError(
    reply,
    new ApiError(
      'INTERNAL',
      `The sandbox failed to answer this call. Retry with back-off; if it repeats, report the request id ${String(request.id)}.`,
    ),
  );
}

/**
 * A request so malformed that Node's HTTP parser refuses it never reaches Fastify: answer 400 (408 on a
 * client timeout) with the envelope on the socket, then close it.
 */
function replyClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = newId('req');
  const isTimeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const apiError = new ApiError(
    'INVALID_REQUEST',
    isTimeout
      ? 'The request was not received in time. Send it again, whole.'
      : 'The request is not valid HTTP. Fix the client and send it again.',
    { status: isTimeout ? 408 : 400 },
  );
  const body = JSON.stringify(errorBody(apiError, requestId));
  socket.end(
    `HTTP/1.1 ${apiError.status} ${isTimeout ? 'Request Timeout' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Builds the sandbox as a Fastify instance on an open store, without listening: tests `inject` into it,
 * `main.ts` listens.
 */
export async function buildSandbox(
  db: Database,
  options: SandboxOptions,
  adminSecret: string,
): Promise<SandboxApp> {
  const clock = openClock(db);
  const context: SandboxContext = {
    db,
    clock,
    options,
    adminSecret,
    idempotentWrite: createIdempotency(db, clock, options.writeDelayMs),
  };

  const app = Fastify({
    logger: false,
    bodyLimit: bodyLimitBytes,
    genReqId: newRequestId,
    requestIdHeader: false,
    // While closing, requests already on a kept-alive connection are served (with `Connection: close`)
    // rather than answered with Fastify's own 503 body, which is not the envelope.
    return503OnClosing: false,
    // A client that stalls mid-request is answered 408 instead of holding a socket for ever.
    requestTimeout: 60_000,
    // A path parameter over find-my-way's default 100 characters would be refused by the router as an
    // unreadable URL (400); a long `{ref}` is a malformed key and must reach its schema (422, spec,
    // Push semantics), so the router's bound is far above any key.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    frameworkErrors: (error, request, reply) => {
      // A malformed URL (bad percent-encoding) or an over-long path parameter.
      replyError(
        reply,
        new ApiError(
          'INVALID_REQUEST',
          `The path cannot be read (${error.message}). Fix the URL and send it again.`,
        ),
      );
    },
    clientErrorHandler: replyClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(compileValidator);
  // All bodies are JSON (spec, introduction): a text/plain body answers 400 like any other media type.
  app.removeContentTypeParser('text/plain');
  // Every JSON body of every route is read here, once: a linear look at how deeply its text nests
  // (400 INVALID_REQUEST past `maxJsonDepth`, before anything walks the value:
  // docs/decisions/061-json-depth-limit.md), then Fastify's own parser, which still refuses an empty
  // body, unreadable JSON and `__proto__` as before (docs/decisions/013-bad-request-bodies.md).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isJsonTextDeeperThan(text, maxJsonDepth)) {
      done(tooDeepError(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.decorate('sandbox', context);
  app.decorateRequest('principal', null);

  const table = new RouteTable();
  routeTables.set(context, table);
  app.addHook('onRoute', (route) => table.add(route.url, route.method));

  // Every answer carries X-Request-Id (spec, Errors: request_id is also sent in the header), and a
  // `Date` of the sandbox clock, which POST /_sandbox/clock moves (docs/decisions/093-connection-check-up.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', String(request.id));
    reply.header('Date', new Date(clock.nowMs()).toUTCString());
    done();
  });

  // Graceful shutdown (contract: SIGTERM finishes the requests in flight, then exits 0). `close()` drops
  // idle kept-alive connections once; a request in flight at that moment would leave its connection
  // kept alive after answering and hold the exit until the keep-alive timeout. So every answer sent
  // while closing ends its connection.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler(replyThrownError);
  app.setNotFoundHandler(replyNotFound);

  await registerInterface(app as SandboxApp, interfaceRoutes);

  // The console page's files hold no secret: served beside the admin API, outside its secret's hook.
  await app.register(consoleRoutes, { prefix: '/_sandbox' });
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) => {
        if (pathOf(request.url) === '/_sandbox/health') return;
        const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
        const given = Buffer.from(match?.[1] ?? '');
        const expected = Buffer.from(adminSecret);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new ApiError(
            'TOKEN_INVALID',
            'The admin API needs "Authorization: Bearer <contents of DIR/admin-secret>".',
          );
        }
      });
      admin.setNotFoundHandler(replyNotFound);
      await adminRoutes(admin as SandboxApp);
    },
    { prefix: '/_sandbox' },
  );

  return app as SandboxApp;
}
