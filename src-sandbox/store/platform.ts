import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';
import { ApiError } from '../errors';
import { newId, newToken, sha256 } from '../ids';

const tokenLifetimeMs = 365 * 24 * 3600 * 1000; // spec, Authentication 4: tokens last 12 months
const maxLiveTokens = 2; // spec, Authentication 4

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
    throw new ApiError('INVALID_REQUEST', `A company with code ${code} exists already.`, { status: 409, details: [{ field: 'code', value: code }] });
  }
  const row: CompanyRow = { id: newId('co'), code, name, suspended: 0, erp_mode: 'api', created_at: clock.nowIso() };
  db.prepare('INSERT INTO companies(id, code, name, suspended, erp_mode, created_at) VALUES (@id, @code, @name, @suspended, @erp_mode, @created_at)').run(row);
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
export function createClient(db: Database, clock: SandboxClock, client: NewClient): { clientId: string; token: string } {
  const clientId = newId('cl');
  db.transaction(() => {
    db.prepare(`INSERT INTO clients(id, company_id, name, system, scopes, ip_allow, rate_limit_per_minute, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
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
      .prepare('SELECT COUNT(*) AS n FROM tokens WHERE client_id = ? AND revoked_at IS NULL AND expires_at > ?')
      .get(clientId, now) as { n: number };
    if (live.n >= maxLiveTokens) {
      throw new ApiError('INVALID_REQUEST', 'The client already has two live tokens. Revoke one first, then rotate.', { status: 409 });
    }
    const token = newToken();
    db.prepare('INSERT INTO tokens(id, client_id, token_hash, token_prefix, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
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
