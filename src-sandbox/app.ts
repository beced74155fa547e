import Fastify, { type FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from 'better-sqlite3';
import { timingSafeEqual } from 'node:crypto';
import { createAuthenticator, createRateLimiter } from './auth';
import { openClock } from './clock';
import type { SandboxApp, SandboxContext, SandboxOptions } from './context';
import { ApiError, replyError } from './errors';
import { createIdempotency } from './idempotency';
import { newId } from './ids';
import { adminRoutes } from './admin/routes';
import { interfaceRoutes } from './routes';

/** Where the interface lives under the sandbox's origin (spec: `{base_url}` ends in `/api/integration/v1`). */
export const basePath = '/api/integration/v1';

/** Largest request body accepted; larger ones answer 413 with the envelope. */
export const bodyLimitBytes = 4 * 1024 * 1024;

/**
 * Builds the sandbox as a Fastify instance on an open store, without listening: tests `inject` into it,
 * `main.ts` listens.
 */
export async function buildSandbox(db: Database, options: SandboxOptions, adminSecret: string): Promise<SandboxApp> {
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
    genReqId: () => newId('req'),
    requestIdHeader: false,
    return503OnClosing: true,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('sandbox', context);
  app.decorateRequest('principal', null);

  // Every answer carries X-Request-Id (spec, Errors: request_id is also sent in the header).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', String(request.id));
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return replyError(reply, error);
    if (error.validation) {
      // A bad query or path is 400; pushed data that cannot be accepted is 422 (spec, Errors).
      const status = error.validationContext === 'body' ? 422 : 400;
      const where = error.validationContext ?? 'request';
      const details = error.validation.map((v) => {
        const missing = (v.params as { missingProperty?: string }).missingProperty;
        const field = `${where}${v.instancePath.replace(/\//g, '.')}${missing ? `.${missing}` : ''}`;
        return { field, code: v.keyword, value: v.message ?? 'is invalid' };
      });
      return replyError(
        reply,
        new ApiError('INVALID_REQUEST', `The ${where} is not valid: ${details.map((d) => `${d.field} ${d.value}`).join('; ')}.`, { status, details }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return replyError(reply, new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${bodyLimitBytes} bytes. Send fewer items per call (at most 500).`));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the body as JSON with "Content-Type: application/json".'
          : error.code?.startsWith('FST_ERR_CTP')
            ? `The body is not valid JSON: ${error.message}. Fix the body and send it again.`
            : error.message;
      return replyError(reply, new ApiError('INVALID_REQUEST', message, { status }));
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return replyError(reply, new ApiError('INTERNAL', 'The sandbox failed to answer this call. Retry with back-off; if it repeats, report the request id.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return replyError(reply, new ApiError('NOT_FOUND', `No endpoint answers ${request.method} ${path}. Check the path against the interface (paths start with ${basePath}).`));
  });

  await app.register(
    async (api) => {
      const authenticate = createAuthenticator(db, clock);
      const takeRate = createRateLimiter(clock);
      api.addHook('onRequest', async (request, reply) => {
        const principal = authenticate(request.headers.authorization, request.ip);
        request.principal = principal;
        takeRate(principal, reply);
      });
      await interfaceRoutes(api as SandboxApp);
    },
    { prefix: basePath },
  );

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) => {
        if (request.url === '/_sandbox/health') return;
        const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
        const given = Buffer.from(match?.[1] ?? '');
        const expected = Buffer.from(adminSecret);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new ApiError('TOKEN_INVALID', 'The admin API needs "Authorization: Bearer <contents of DIR/admin-secret>".');
        }
      });
      await adminRoutes(admin as SandboxApp);
    },
    { prefix: '/_sandbox' },
  );

  return app as SandboxApp;
}
