import type { FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument, openApiPath, type OpenApiDocument } from '../../src-shared/wire/openapi';
import type { SandboxApp } from '../context';

/** A Host header the document may name as its `{base_url}`: a host name or address, and a port. */
const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `GET {base_url}/openapi.json` (sandbox contract, Additions): the OpenAPI 3.1 document of v1, generated
 * from `src-shared/wire` (docs/decisions/018-openapi-document.md), with the `{base_url}` it was called
 * at as the server variable's default, so a tool importing it calls this sandbox.
 *
 * No token is needed: the route is marked public (`config.isPublic`), and the interface's
 * authentication hook (`registerInterface` in ../app.ts) lets it through without asking for a client.
 * So it is no client's call either: it counts against no rate limit and carries no rate-limit headers.
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

  // Public: the interface's authentication hook lets it through without a token (src-sandbox/app.ts).
  app.get(openApiPath, { config: { isPublic: true } }, async (request, reply) =>
    sendDocument(request, reply),
  );
}
