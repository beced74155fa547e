import type { Database } from 'better-sqlite3';
import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { companyByCode, stringList, type ClientRow } from '../store/platform';

const CompanyQuery = Type.Object({ company: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })) });

const CompanyItem = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  suspended: Type.Boolean(),
  erp_mode: Type.String(),
});
// Never a token or its hash: only the prefix `GET /me` shows (spec, Authentication 3).
const TokenItem = Type.Object({
  token_prefix: Type.String(),
  expires_at: Type.String(),
  revoked: Type.Boolean(),
});
const ClientItem = Type.Object({
  client_id: Type.String(),
  company: Type.String(),
  name: Type.String(),
  system: Type.String(),
  scopes: Type.Array(Type.String()),
  ip_allow: Type.Array(Type.String()),
  rate_limit_per_minute: Type.Integer(),
  tokens: Type.Array(TokenItem),
});
const RouteItem = Type.Object({ customer_ref: Type.String(), branch_ref: Type.String() });

/** The clients of one company (or of every company), each with its tokens, oldest first. */
function listClients(db: Database, companyId: string | undefined) {
  const where = companyId === undefined ? '' : 'WHERE c.company_id = ?';
  const args = companyId === undefined ? [] : [companyId];
  const clients = db
    .prepare(
      `SELECT c.id, co.code AS company, c.name, c.system, c.scopes, c.ip_allow, c.rate_limit_per_minute
         FROM clients c JOIN companies co ON co.id = c.company_id ${where}
        ORDER BY co.code, c.created_at, c.id`,
    )
    .all(...args) as ClientRow[];
  const tokens = db
    .prepare(
      `SELECT t.client_id, t.token_prefix, t.expires_at, t.revoked_at FROM tokens t
         JOIN clients c ON c.id = t.client_id ${where} ORDER BY t.created_at, t.id`,
    )
    .all(...args) as Array<{
    client_id: string;
    token_prefix: string;
    expires_at: string;
    revoked_at: string | null;
  }>;
  const tokensOf = new Map<string, Array<{ token_prefix: string; expires_at: string; revoked: boolean }>>();
  for (const t of tokens) {
    const list = tokensOf.get(t.client_id) ?? [];
    list.push({ token_prefix: t.token_prefix, expires_at: t.expires_at, revoked: t.revoked_at !== null });
    tokensOf.set(t.client_id, list);
  }
  return clients.map((row) => ({
    client_id: row.id,
    company: row.company,
    name: row.name,
    system: row.system,
    scopes: stringList(row.scopes),
    ip_allow: stringList(row.ip_allow),
    rate_limit_per_minute: row.rate_limit_per_minute,
    tokens: tokensOf.get(row.id) ?? [],
  }));
}

/**
 * The routes of a company: each visited branch named as `POST/DELETE /_sandbox/routes` take it back,
 * by the ERP key when the record has one, else its code, else its service id
 * (docs/decisions/017-console-lists-and-faults.md).
 */
function listRoutes(db: Database, companyId: string) {
  const rows = db
    .prepare(
      `SELECT COALESCE(cu.external_ref, cu.code, cu.id) AS customer_ref,
              COALESCE(b.external_ref, b.code, b.id) AS branch_ref
         FROM routes r
         JOIN records b ON b.id = r.branch_id AND b.company_id = r.company_id
         JOIN records cu ON cu.id = b.parent_id AND cu.company_id = r.company_id
        WHERE r.company_id = ?
        ORDER BY customer_ref, branch_ref`,
    )
    .all(companyId) as Array<{ customer_ref: string; branch_ref: string }>;
  return rows;
}

/**
 * The console's lists (sandbox contract, Additions, "For ERP developers";
 * docs/decisions/017-console-lists-and-faults.md), admin secret required:
 *
 * - `GET /_sandbox/companies`: `{data: [{id, code, name, suspended, erp_mode}]}`, by code;
 * - `GET /_sandbox/clients[?company=CODE]`: `{data: [{client_id, company, name, system, scopes,
 *   ip_allow, rate_limit_per_minute, tokens: [{token_prefix, expires_at, revoked}]}]}`, every
 *   company's clients without `company`; never a token or its hash;
 * - `GET /_sandbox/routes[?company=CODE]`: `{data: [{customer_ref, branch_ref}]}` of `company`
 *   (default DEMO, as `POST /_sandbox/routes`).
 *
 * An unknown company is 404 `NOT_FOUND`. Each answer has a response schema, so no other column leaks.
 */
export async function listAdminRoutes(app: SandboxApp): Promise<void> {
  const { db } = app.sandbox;

  app.get(
    '/companies',
    { schema: { response: { 200: Type.Object({ data: Type.Array(CompanyItem) }) } } },
    async () => {
      const rows = db
        .prepare('SELECT id, code, name, suspended, erp_mode FROM companies ORDER BY code')
        .all() as Array<{ id: string; code: string; name: string; suspended: number; erp_mode: string }>;
      return { data: rows.map((row) => ({ ...row, suspended: row.suspended !== 0 })) };
    },
  );

  app.get(
    '/clients',
    {
      schema: {
        querystring: CompanyQuery,
        response: { 200: Type.Object({ data: Type.Array(ClientItem) }) },
      },
    },
    async (request) => {
      const code = request.query.company;
      return { data: listClients(db, code === undefined ? undefined : companyByCode(db, code).id) };
    },
  );

  app.get(
    '/routes',
    {
      schema: {
        querystring: CompanyQuery,
        response: { 200: Type.Object({ data: Type.Array(RouteItem) }) },
      },
    },
    async (request) => ({ data: listRoutes(db, companyByCode(db, request.query.company ?? 'DEMO').id) }),
  );
}
