import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import { sha256 } from '../ids';
import { companyByCode, createClient, createCompany, issueToken } from '../store/platform';

const CompanyBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }), name: Type.String({ minLength: 1 }) });
const ClientBody = Type.Object({
  company: Type.Optional(Type.String()),
  name: Type.String({ minLength: 1 }),
  system: Type.String({ minLength: 1 }),
  scopes: Type.Array(Type.String()),
  ip_allow: Type.Optional(Type.Array(Type.String())),
  rate_limit_per_minute: Type.Optional(Type.Integer({ minimum: 1 })),
});
const ClockBody = Type.Object({ advance_seconds: Type.Number({ minimum: 0 }) });
const RevokeBody = Type.Union([Type.Object({ token: Type.String() }), Type.Object({ token_prefix: Type.String({ minLength: 12 }) })]);

/**
 * The admin API ("the console") of ../shared/spec/sandbox-contract.md, under `/_sandbox`.
 */
export async function adminRoutes(app: SandboxApp): Promise<void> {
  const { db, clock, options } = app.sandbox;

  app.get('/health', async () => ({ ok: true }));

  app.post('/companies', { schema: { body: CompanyBody } }, async (request) => {
    const company = createCompany(db, clock, request.body.code, request.body.name);
    return { id: company.id, code: company.code };
  });

  app.post('/clients', { schema: { body: ClientBody } }, async (request) => {
    const company = companyByCode(db, request.body.company ?? 'DEMO');
    const { clientId, token } = createClient(db, clock, {
      companyId: company.id,
      name: request.body.name,
      system: request.body.system,
      scopes: request.body.scopes,
      ipAllow: request.body.ip_allow ?? [],
      rateLimitPerMinute: request.body.rate_limit_per_minute ?? options.rateLimitPerMinute,
    });
    return { client_id: clientId, token };
  });

  app.post('/clients/:clientId/tokens', { schema: { params: Type.Object({ clientId: Type.String() }) } }, async (request) => {
    if (!db.prepare('SELECT 1 FROM clients WHERE id = ?').get(request.params.clientId)) {
      throw new ApiError('NOT_FOUND', `No client has the id ${request.params.clientId}.`);
    }
    return { token: issueToken(db, clock, request.params.clientId) };
  });

  app.post('/tokens/revoke', { schema: { body: RevokeBody } }, async (request) => {
    const body = request.body;
    const now = clock.nowIso();
    const result =
      'token' in body
        ? db.prepare('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(now, sha256(body.token))
        : db.prepare('UPDATE tokens SET revoked_at = ? WHERE token_prefix = ? AND revoked_at IS NULL').run(now, body.token_prefix);
    return { revoked: result.changes };
  });

  app.post('/clock', { schema: { body: ClockBody } }, async (request) => ({ now: clock.advance(request.body.advance_seconds) }));
}
