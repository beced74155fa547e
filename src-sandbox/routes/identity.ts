import { MeResponseSchema } from '../../src-shared/wire';
import type { SandboxApp } from '../context';

/** `GET /me` (spec, Endpoints: Identity and lookup): the client, its company and scopes; no scope needed. */
export async function identityRoutes(app: SandboxApp): Promise<void> {
  app.get('/me', { schema: { response: { 200: MeResponseSchema } } }, async (request) => {
    const p = request.principal!;
    return {
      data: {
        client: {
          id: p.clientId,
          name: p.clientName,
          rate_limit_per_minute: p.rateLimitPerMinute,
          system: p.system,
          token_expires_at: p.tokenExpiresAt,
          token_prefix: p.tokenPrefix,
        },
        company: { code: p.companyCode, id: p.companyId, name: p.companyName },
        scopes: [...p.scopes],
      },
    };
  });
}
