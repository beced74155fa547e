import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';
import type { SandboxClock } from './clock';
import { sha256 } from './ids';

/** Who is calling: resolved from the bearer token on every interface call. */
export interface Principal {
  clientId: string;
  clientName: string;
  system: string;
  companyId: string;
  companyCode: string;
  companyName: string;
  erpMode: string;
  scopes: ReadonlySet<string>;
  rateLimitPerMinute: number;
  tokenPrefix: string;
  tokenExpiresAt: string;
}

const tokenPattern = /^svc_(live|test)_[A-Za-z0-9_-]{43}$/;

interface TokenRow {
  token_hash: string;
  token_prefix: string;
  expires_at: string;
  revoked_at: string | null;
  client_id: string;
  client_name: string;
  system: string;
  scopes: string;
  ip_allow: string;
  rate_limit_per_minute: number;
  company_id: string;
  company_code: string;
  company_name: string;
  suspended: number;
  erp_mode: string;
}

/**
 * Resolves bearer tokens to principals (spec, Authentication). Only a hash is stored; the lookup is by
 * hash and the stored hash is compared again in constant time.
 */
export function createAuthenticator(db: Database, clock: SandboxClock) {
  const byHash = db.prepare(`
    SELECT t.token_hash, t.token_prefix, t.expires_at, t.revoked_at,
           c.id AS client_id, c.name AS client_name, c.system, c.scopes, c.ip_allow, c.rate_limit_per_minute,
           co.id AS company_id, co.code AS company_code, co.name AS company_name, co.suspended, co.erp_mode
      FROM tokens t JOIN clients c ON c.id = t.client_id JOIN companies co ON co.id = c.company_id
     WHERE t.token_hash = ?`);

  return function authenticate(authorization: string | undefined, remoteAddress: string): Principal {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    if (!match) {
      throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
    }
    const token = match[1] ?? '';
    if (!tokenPattern.test(token)) {
      throw new ApiError('TOKEN_INVALID', 'The token is not a valid client token. Copy it again from the console.');
    }
    const hash = sha256(token);
    const row = byHash.get(hash) as TokenRow | undefined;
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) {
      throw new ApiError('TOKEN_INVALID', 'The token is not known. Check that it was copied whole, or create a new one in the console.');
    }
    if (row.revoked_at) {
      throw new ApiError('TOKEN_REVOKED', 'The token was revoked. Use the client\'s other token or rotate in the console.');
    }
    if (row.expires_at <= clock.nowIso()) {
      throw new ApiError('TOKEN_EXPIRED', `The token expired at ${row.expires_at}. Rotate in the console and use the new token.`);
    }
    if (row.suspended) {
      throw new ApiError('COMPANY_SUSPENDED', 'The company is suspended. Its administrator must contact the service.');
    }
    const allow = JSON.parse(row.ip_allow) as string[];
    if (allow.length > 0 && !isAddressAllowed(remoteAddress, allow)) {
      throw new ApiError('IP_NOT_ALLOWED', `Calls from ${remoteAddress} are not in the client's IP allow-list. An administrator can add the address in the console.`);
    }
    return {
      clientId: row.client_id,
      clientName: row.client_name,
      system: row.system,
      companyId: row.company_id,
      companyCode: row.company_code,
      companyName: row.company_name,
      erpMode: row.erp_mode,
      scopes: new Set(JSON.parse(row.scopes) as string[]),
      rateLimitPerMinute: row.rate_limit_per_minute,
      tokenPrefix: row.token_prefix,
      tokenExpiresAt: row.expires_at,
    };
  };
}

/** Whether an address is in an allow-list of single addresses and CIDR blocks, IPv4 or IPv6. */
export function isAddressAllowed(address: string, allow: readonly string[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  return allow.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), -1];
      const candidate = range.kind() === parsed.kind() ? parsed : null;
      if (!candidate) return false;
      if (bits === -1) return candidate.toNormalizedString() === range.toNormalizedString();
      return candidate.match(range, bits);
    } catch {
      return false;
    }
  });
}

/**
 * Requests per client per minute in fixed one-minute windows of the sandbox clock (spec, Limits).
 * Counts are kept in memory: a restart starts a fresh window.
 */
export function createRateLimiter(clock: SandboxClock) {
  const windows = new Map<string, { start: number; count: number }>();
  return function take(principal: Principal, reply: FastifyReply): void {
    const now = clock.nowMs();
    const start = Math.floor(now / 60_000) * 60_000;
    let window = windows.get(principal.clientId);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      windows.set(principal.clientId, window);
    }
    const limit = principal.rateLimitPerMinute;
    const resetSec = Math.max(1, Math.ceil((start + 60_000 - now) / 1000));
    reply.header('X-RateLimit-Limit', String(limit));
    reply.header('X-RateLimit-Reset', String(resetSec));
    if (window.count >= limit) {
      reply.header('X-RateLimit-Remaining', '0');
      throw new ApiError('RATE_LIMITED', `Over ${limit} requests per minute. Wait ${resetSec} seconds, then send the same call again with the same Idempotency-Key.`, {
        headers: { 'Retry-After': String(resetSec) },
      });
    }
    window.count += 1;
    reply.header('X-RateLimit-Remaining', String(limit - window.count));
  };
}

/** Refuses the call unless the principal holds `scope` (spec, Authentication 6: the error names it). */
export function requireScope(request: FastifyRequest, scope: string | readonly string[]): void {
  const principal = request.principal;
  if (!principal) throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
  const wanted = typeof scope === 'string' ? [scope] : scope;
  if (!wanted.some((s) => principal.scopes.has(s))) {
    const named = wanted.join(' or ');
    throw new ApiError('SCOPE_MISSING', `This call needs the scope ${named}. An administrator can add it to the client in the console.`, {
      details: [{ field: 'scope', value: named }],
    });
  }
}
