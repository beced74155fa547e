import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument, openApiPath, type OpenApiDocument } from '../../src-shared/wire/openapi';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';

/**
 * Refusals of the interface's authentication hook (spec, Authentication; the order of
 * docs/decisions/016-authentication-checks-and-ip-allow-list.md): the caller is not a known client.
 */
const authenticationRefusals: ReadonlySet<string> = new Set([
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'COMPANY_SUSPENDED',
  'IP_NOT_ALLOWED',
]);

/** A Host header the document may name as its `{base_url}`: a host name or address, and a port. */
const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `GET {base_url}/openapi.json` (sandbox contract, Additions): the OpenAPI 3.1 document of v1, generated
 * from `src-shared/wire` (docs/decisions/018-openapi-document.md), with the `{base_url}` it was called
 * at as the server variable's default, so a tool importing it calls this sandbox.
 *
 * No token is needed. The route sits under `{base_url}` behind the interface's authentication hook
 * (`registerInterface` in ../app.ts), which refuses a call without a known client before any route
 * runs; the route's own error handler answers such a refusal with the document instead. A call with a
 * valid token is that client's call: counted against its rate limit, with the rate-limit headers, and
 * refused with 429 over it like any other.
 */
export async function openApiRoutes(app: SandboxApp): Promise<void> {
  const document = openApiDocument();
  const basePath = app.prefix;

  function sendDocument(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const host = request.headers.host ?? '';
    const served: OpenApiDocument = hostPattern.test(host)
      ? {
          ...document,
          servers: document.servers.map((server) => ({
            ...server,
            variables: {
              ...server.variables,
              base_url: { ...server.variables.base_url, default: `http://${host}${basePath}` },
            },
          })),
        }
      : document;
    // Sent as text: the document is its own schema, so no response schema serialises it.
    return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(served));
  }

  app.get(
    openApiPath,
    {
      errorHandler: (error: FastifyError | ApiError, request, reply) => {
        if (error instanceof ApiError && authenticationRefusals.has(error.code))
          return sendDocument(request, reply);
        throw error; // the app's handler answers it with the envelope
      },
    },
    async (request, reply) => sendDocument(request, reply),
  );
}
