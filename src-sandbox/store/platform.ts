import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';
import { ApiError } from '../errors';
import { newId, newToken, sha256 } from '../ids';

const tokenLifetimeMs = 365 * 24 * 3600 * 1000; // spec, Authentication 4: tokens last 12 months
const maxLiveTokens = 2; // spec, Authentication 4

let generation = 0;

/**
 * A number that changes whenever a company, client or token changes through this module (the only
 * writer of those tables). The authenticator caches principals and drops them when it moves, so a
 * revocation, suspension or scope change applies to the very next call.
 */
export function platformGeneration(): number {
  return generation;
}

/** A company row. */
export interface CompanyRow {
  id: string;
  code: string;
  name: string;
  suspended: number;
  erp_mode: string;
  created_at: string;
}

/** Creates a company; its code is unique. */
export function createCompany(db: Database, clock: SandboxClock, code: string, name: string): CompanyRow {
  if (db.prepare('SELECT 1 FROM companies WHERE code = ?').get(code)) {
    throw new ApiError('ALREADY_EXISTS', `A company with code ${code} exists already. Pick another code.`, {
      details: [{ field: 'code', value: code }],
    });
  }
  const row: CompanyRow = {
    id: newId('co'),
    code,
    name,
    suspended: 0,
    erp_mode: 'api',
    created_at: clock.nowIso(),
  };
  db.prepare(
    'INSERT INTO companies(id, code, name, suspended, erp_mode, created_at) VALUES (@id, @code, @name, @suspended, @erp_mode, @created_at)',
  ).run(row);
  return row;
}

/** Finds a company by code, or answers 404. */
export function companyByCode(db: Database, code: string): CompanyRow {
  const row = db.prepare('SELECT * FROM companies WHERE code = ?').get(code) as CompanyRow | undefined;
  if (!row) throw new ApiError('NOT_FOUND', `No company has the code ${code}.`);
  return row;
}

/** What a new client is made of. */
export interface NewClient {
  companyId: string;
  name: string;
  system: string;
  scopes: string[];
  ipAllow: string[];
  rateLimitPerMinute: number;
}

/** Creates a client and its first token; the token is returned once and only its hash is kept. */
export function createClient(
  db: Database,
  clock: SandboxClock,
  client: NewClient,
): { clientId: string; token: string } {
  const clientId = newId('cl');
  db.transaction(() => {
    db.prepare(
      `INSERT INTO clients(id, company_id, name, system, scopes, ip_allow, rate_limit_per_minute, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      clientId,
      client.companyId,
      client.name,
      client.system,
      JSON.stringify(client.scopes),
      JSON.stringify(client.ipAllow),
      client.rateLimitPerMinute,
      clock.nowIso(),
    );
  })();
  return { clientId, token: issueToken(db, clock, clientId) };
}

/**
 * Issues a token for a client (Rotate in the console): refused while two live tokens exist
 * (spec, Authentication 4 and 5).
 */
export function issueToken(db: Database, clock: SandboxClock, clientId: string): string {
  return db.transaction(() => {
    const now = clock.nowIso();
    const live = db
      .prepare(
        'SELECT COUNT(*) AS n FROM tokens WHERE client_id = ? AND revoked_at IS NULL AND expires_at > ?',
      )
      .get(clientId, now) as { n: number };
    if (live.n >= maxLiveTokens) {
      // docs/decisions/011-console-refusal-codes.md
      throw new ApiError(
        'TOKEN_LIMIT_REACHED',
        `Client ${clientId} already has ${maxLiveTokens} live tokens. Revoke one first (POST /_sandbox/tokens/revoke), then rotate.`,
        {
          details: [{ field: 'client_id', value: clientId }],
        },
      );
    }
    const token = newToken();
    db.prepare(
      'INSERT INTO tokens(id, client_id, token_hash, token_prefix, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      newId('tok'),
      clientId,
      sha256(token),
      token.slice(0, 'svc_test_'.length + 8),
      now,
      new Date(clock.nowMs() + tokenLifetimeMs).toISOString(),
    );
    return token;
  })();
}

/** A company as the console shows it (`PATCH /_sandbox/companies/{code}`). */
export interface CompanyView {
  id: string;
  code: string;
  name: string;
  suspended: boolean;
  erp_mode: string;
  created_at: string;
}

/** Changes a company's suspension or ERP mode; answers the company. */
export function updateCompany(
  db: Database,
  code: string,
  patch: { suspended?: boolean; erpMode?: string },
): CompanyView {
  const company = companyByCode(db, code);
  const suspended = patch.suspended === undefined ? company.suspended : patch.suspended ? 1 : 0;
  const erpMode = patch.erpMode ?? company.erp_mode;
  db.prepare('UPDATE companies SET suspended = ?, erp_mode = ? WHERE id = ?').run(
    suspended,
    erpMode,
    company.id,
  );
  generation += 1;
  return { ...company, suspended: suspended === 1, erp_mode: erpMode };
}

/** A token as the console shows it: never the token, only its prefix. */
export interface TokenView {
  token_prefix: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  live: boolean;
}

/** A client as the console shows it (`PATCH /_sandbox/clients/{client_id}`). */
export interface ClientView {
  id: string;
  company: string;
  name: string;
  system: string;
  scopes: string[];
  ip_allow: string[];
  rate_limit_per_minute: number;
  created_at: string;
  tokens: TokenView[];
}

/** A JSON list column (scopes, IP allow-list) read back as strings. */
export function stringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A client as its row holds it (scopes and allow-list still JSON), with its company's code. */
export interface ClientRow {
  id: string;
  company: string;
  name: string;
  system: string;
  scopes: string;
  ip_allow: string;
  rate_limit_per_minute: number;
}

/** The client with its tokens, or 404. */
export function clientView(db: Database, clock: SandboxClock, clientId: string): ClientView {
  const row = db
    .prepare(
      `SELECT c.id, co.code AS company, c.name, c.system, c.scopes, c.ip_allow, c.rate_limit_per_minute, c.created_at
                FROM clients c JOIN companies co ON co.id = c.company_id WHERE c.id = ?`,
    )
    .get(clientId) as (ClientRow & { created_at: string }) | undefined;
  if (!row)
    throw new ApiError(
      'NOT_FOUND',
      `No client has the id ${clientId}. The id is the client_id answered by POST /_sandbox/clients.`,
    );
  const now = clock.nowIso();
  const tokens = db
    .prepare(
      'SELECT token_prefix, created_at, expires_at, revoked_at FROM tokens WHERE client_id = ? ORDER BY created_at',
    )
    .all(clientId) as Array<Omit<TokenView, 'live'>>;
  return {
    ...row,
    scopes: stringList(row.scopes),
    ip_allow: stringList(row.ip_allow),
    tokens: tokens.map((t) => ({ ...t, live: t.revoked_at === null && t.expires_at > now })),
  };
}

/** Changes a client's scopes, IP allow-list or rate limit; each applies from the client's next call. */
export function updateClient(
  db: Database,
  clock: SandboxClock,
  clientId: string,
  patch: { scopes?: string[]; ipAllow?: string[]; rateLimitPerMinute?: number },
): ClientView {
  const current = clientView(db, clock, clientId);
  db.prepare('UPDATE clients SET scopes = ?, ip_allow = ?, rate_limit_per_minute = ? WHERE id = ?').run(
    JSON.stringify(patch.scopes ?? current.scopes),
    JSON.stringify(patch.ipAllow ?? current.ip_allow),
    patch.rateLimitPerMinute ?? current.rate_limit_per_minute,
    clientId,
  );
  generation += 1;
  return clientView(db, clock, clientId);
}

/**
 * Revokes the live tokens matching the whole token or its prefix (spec, Authentication 5: revocation is
 * immediate, the next call answers 401 TOKEN_REVOKED). Answers how many were revoked.
 */
export function revokeTokens(
  db: Database,
  clock: SandboxClock,
  match: { token: string } | { tokenPrefix: string },
): number {
  const now = clock.nowIso();
  const result =
    'token' in match
      ? db
          .prepare('UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
          .run(now, sha256(match.token))
      : db
          .prepare('UPDATE tokens SET revoked_at = ? WHERE token_prefix = ? AND revoked_at IS NULL')
          .run(now, match.tokenPrefix);
  generation += 1;
  return result.changes;
}
