import { Type } from 'typebox';
import { ScopeSchema } from '../../src-shared/wire';
import { parseAllowEntry } from '../auth';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import { activityAdminRoutes } from './activity';
import { erpAdminRoutes } from './erp';
import { faultAdminRoutes } from './faults';
import { listAdminRoutes } from './lists';
import { liveAdminRoutes } from './live';
import { masterDataAdminRoutes } from './master-data';
import {
  clientView,
  companyByCode,
  createClient,
  createCompany,
  issueToken,
  revokeTokens,
  updateClient,
  updateCompany,
} from '../store/platform';

const CompanyBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.String({ minLength: 1 }),
});
const CompanyPatch = Type.Object({
  suspended: Type.Optional(Type.Boolean()),
  erp_mode: Type.Optional(Type.Union([Type.Literal('api'), Type.Literal('manual')])),
});
const RateLimit = Type.Integer({ minimum: 1, maximum: 2147483647 }); // int32 (spec, GET /me)
const ClientBody = Type.Object({
  company: Type.Optional(Type.String()),
  name: Type.String({ minLength: 1 }),
  system: Type.String({ minLength: 1 }),
  scopes: Type.Array(ScopeSchema),
  ip_allow: Type.Optional(Type.Array(Type.String())),
  rate_limit_per_minute: Type.Optional(RateLimit),
});
const ClientPatch = Type.Object({
  scopes: Type.Optional(Type.Array(ScopeSchema)),
  ip_allow: Type.Optional(Type.Array(Type.String())),
  rate_limit_per_minute: Type.Optional(RateLimit),
});
const ClientParams = Type.Object({ clientId: Type.String({ minLength: 1 }) });
const CompanyParams = Type.Object({ code: Type.String({ minLength: 1 }) });
const ClockBody = Type.Object({ advance_seconds: Type.Number({ minimum: 0 }) });
const RevokeBody = Type.Union([
  Type.Object({ token: Type.String({ minLength: 1 }) }),
  Type.Object({ token_prefix: Type.String({ minLength: 12 }) }),
]);

/** Refuses an allow-list with an entry that is neither an address nor a CIDR block (it would match nothing). */
function checkAllowList(entries: readonly string[] | undefined): string[] | undefined {
  if (entries === undefined) return undefined;
  const bad = entries.filter((entry) => parseAllowEntry(entry) === null);
  if (bad.length > 0) {
    throw new ApiError(
      'INVALID_REQUEST',
      `ip_allow takes IPv4 or IPv6 addresses and CIDR blocks (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32); not: ${bad.join(', ')}.`,
      {
        status: 422,
        details: bad.map((value) => ({ field: 'body.ip_allow', code: 'format', value })),
      },
    );
  }
  return entries.map((entry) => entry.trim());
}

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
    const ipAllow = checkAllowList(request.body.ip_allow) ?? [];
    const { clientId, token } = createClient(db, clock, {
      companyId: company.id,
      name: request.body.name,
      system: request.body.system,
      scopes: [...new Set(request.body.scopes)],
      ipAllow,
      rateLimitPerMinute: request.body.rate_limit_per_minute ?? options.rateLimitPerMinute,
    });
    return { client_id: clientId, token };
  });

  app.patch('/companies/:code', { schema: { params: CompanyParams, body: CompanyPatch } }, async (request) =>
    updateCompany(db, request.params.code, {
      suspended: request.body.suspended,
      erpMode: request.body.erp_mode,
    }),
  );

  app.patch('/clients/:clientId', { schema: { params: ClientParams, body: ClientPatch } }, async (request) =>
    updateClient(db, clock, request.params.clientId, {
      scopes: request.body.scopes === undefined ? undefined : [...new Set(request.body.scopes)],
      ipAllow: checkAllowList(request.body.ip_allow),
      rateLimitPerMinute: request.body.rate_limit_per_minute,
    }),
  );

  // Rotate: a second live token; 409 TOKEN_LIMIT_REACHED while two exist (spec, Authentication 4 and 5).
  app.post('/clients/:clientId/tokens', { schema: { params: ClientParams } }, async (request) => {
    clientView(db, clock, request.params.clientId); // 404 for an unknown client
    return { token: issueToken(db, clock, request.params.clientId) };
  });

  app.post('/tokens/revoke', { schema: { body: RevokeBody } }, async (request) => {
    const body = request.body;
    const revoked =
      'token' in body
        ? revokeTokens(db, clock, { token: body.token })
        : revokeTokens(db, clock, { tokenPrefix: body.token_prefix });
    return { revoked };
  });

  app.post('/clock', { schema: { body: ClockBody } }, async (request) => ({
    now: clock.advance(request.body.advance_seconds),
  }));

  await masterDataAdminRoutes(app);
  await activityAdminRoutes(app);
  await erpAdminRoutes(app);
  await listAdminRoutes(app);
  await liveAdminRoutes(app);
  await faultAdminRoutes(app);
}
