import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from './errors';
import type { SandboxClock } from './clock';
import { sha256 } from './ids';
import { platformGeneration } from './store/platform';

/** Who is calling: resolved from the bearer token on every interface call (shared between calls: never changed). */
export interface Principal {
  readonly clientId: string;
  readonly clientName: string;
  readonly system: string;
  readonly companyId: string;
  readonly companyCode: string;
  readonly companyName: string;
  readonly erpMode: string;
  readonly scopes: ReadonlySet<string>;
  readonly rateLimitPerMinute: number;
  readonly tokenPrefix: string;
  readonly tokenExpiresAt: string;
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

/** What the authenticator keeps of a token between calls: the principal and the checks' inputs. */
interface CachedToken {
  hash: string;
  principal: Principal;
  tokenPrefix: string;
  revokedAt: string | null;
  expiresAt: string;
  expiresAtMs: number;
  suspended: boolean;
  allow: AllowRange[];
  cachedAtMs: number;
}

const cacheTtlMs = 1000; // a safety net only: every change through store/platform.ts drops the cache at once
const cacheMaxEntries = 10_000;

/**
 * Resolves bearer tokens to principals (spec, Authentication; checks in the order of
 * docs/decisions/016-authentication-checks-and-ip-allow-list.md).
 *
 * Only a SHA-256 of each token is stored (spec, Authentication 3). The row is found by its hash through
 * the index, then the stored hash is compared with the computed one in constant time; what an index
 * lookup could leak by timing is about the hash of a 256-bit secret, which tells an attacker nothing.
 *
 * A resolved token is cached by its hash (the store's join is most of a call's cost). The cache is
 * dropped whenever `platformGeneration()` moves, i.e. on every revocation, suspension and client
 * change, so those apply to the very next call; expiry is checked against the sandbox clock on every
 * call.
 */
export function createAuthenticator(db: Database, clock: SandboxClock) {
  const byHash = db.prepare(`
    SELECT t.token_hash, t.token_prefix, t.expires_at, t.revoked_at,
           c.id AS client_id, c.name AS client_name, c.system, c.scopes, c.ip_allow, c.rate_limit_per_minute,
           co.id AS company_id, co.code AS company_code, co.name AS company_name, co.suspended, co.erp_mode
      FROM tokens t JOIN clients c ON c.id = t.client_id JOIN companies co ON co.id = c.company_id
     WHERE t.token_hash = ?`);
  const cache = new Map<string, CachedToken>();
  let cacheGeneration = platformGeneration();

  function load(hash: string): CachedToken | undefined {
    const generation = platformGeneration();
    if (generation !== cacheGeneration) {
      cache.clear();
      cacheGeneration = generation;
    }
    const now = Date.now();
    const cached = cache.get(hash);
    if (cached && now - cached.cachedAtMs < cacheTtlMs) return cached;
    const row = byHash.get(hash) as TokenRow | undefined;
    if (!row) return undefined;
    const entry: CachedToken = {
      hash: row.token_hash,
      tokenPrefix: row.token_prefix,
      revokedAt: row.revoked_at,
      expiresAt: row.expires_at,
      expiresAtMs: Date.parse(row.expires_at),
      suspended: row.suspended !== 0,
      allow: parseStringList(row.ip_allow).flatMap((e) => parseAllowEntry(e) ?? []),
      cachedAtMs: now,
      principal: {
        clientId: row.client_id,
        clientName: row.client_name,
        system: row.system,
        companyId: row.company_id,
        companyCode: row.company_code,
        companyName: row.company_name,
        erpMode: row.erp_mode,
        scopes: new Set(parseStringList(row.scopes)),
        rateLimitPerMinute: row.rate_limit_per_minute,
        tokenPrefix: row.token_prefix,
        tokenExpiresAt: row.expires_at,
      },
    };
    if (cache.size >= cacheMaxEntries) cache.clear();
    cache.set(hash, entry);
    return entry;
  }

  return function authenticate(authorization: string | undefined, remoteAddress: string): Principal {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? '');
    if (!match) {
      throw new ApiError(
        'TOKEN_INVALID',
        authorization
          ? 'The Authorization header is not "Bearer <token>". Send the client token as "Authorization: Bearer svc_...".'
          : 'The call has no Authorization header. Send the client token as "Authorization: Bearer svc_...".',
      );
    }
    const token = match[1] ?? '';
    if (!tokenPattern.test(token)) {
      throw new ApiError(
        'TOKEN_INVALID',
        'The token is not a client token (svc_live_ or svc_test_ followed by 43 characters). Copy it again from the console, whole.',
      );
    }
    const hash = sha256(token);
    const entry = load(hash);
    if (!entry || !timingSafeEqual(Buffer.from(entry.hash, 'hex'), Buffer.from(hash, 'hex'))) {
      throw new ApiError(
        'TOKEN_INVALID',
        'The token is not known. Check that it was copied whole, or create a new one in the console.',
      );
    }
    if (entry.revokedAt) {
      throw new ApiError(
        'TOKEN_REVOKED',
        `The token ${entry.tokenPrefix}... was revoked at ${entry.revokedAt}. Use the client's other live token, or rotate in the console and use the new one.`,
      );
    }
    if (entry.expiresAtMs <= clock.nowMs()) {
      throw new ApiError(
        'TOKEN_EXPIRED',
        `The token ${entry.tokenPrefix}... expired at ${entry.expiresAt} (tokens last 12 months). Rotate in the console and use the new token.`,
      );
    }
    const principal = entry.principal;
    if (entry.suspended) {
      throw new ApiError(
        'COMPANY_SUSPENDED',
        `The company ${principal.companyCode} is suspended. Its administrator must contact the service to have it restored.`,
      );
    }
    if (entry.allow.length > 0 && !isAddressInRanges(remoteAddress, entry.allow)) {
      throw new ApiError(
        'IP_NOT_ALLOWED',
        `Calls from ${remoteAddress} are not in the IP allow-list of client ${principal.clientName}. An administrator can add the address or its block in the console.`,
        { details: [{ field: 'remote_address', value: remoteAddress }] },
      );
    }
    return principal;
  };
}

/** A JSON array of strings as the store keeps it (`clients.scopes`, `clients.ip_allow`). */
function parseStringList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** An allow-list entry parsed once: a single address (`bits` = -1) or a CIDR block. */
export interface AllowRange {
  range: ipaddr.IPv4 | ipaddr.IPv6;
  bits: number;
}

/**
 * Parses one allow-list entry: a single address or a CIDR block, IPv4 or IPv6; null when it is neither.
 *
 * IPv4 must be written as four decimal parts (no `127.1` shorthand), so what an administrator reads back
 * is what is matched. An IPv4-mapped IPv6 entry (`::ffff:10.0.0.1`, `::ffff:10.0.0.0/104`) is the IPv4
 * address or block it maps (docs/decisions/016-authentication-checks-and-ip-allow-list.md).
 */
export function parseAllowEntry(entry: string): AllowRange | null {
  const [text, bitsText, ...rest] = entry.trim().split('/');
  if (text === undefined || rest.length > 0) return null;
  let range: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) range = ipaddr.IPv4.parse(text);
  else if (ipaddr.IPv6.isValid(text)) range = ipaddr.IPv6.parse(text);
  else return null;
  let bits = -1;
  if (bitsText !== undefined) {
    if (!/^\d{1,3}$/.test(bitsText)) return null;
    bits = Number(bitsText);
    if (bits > (range.kind() === 'ipv4' ? 32 : 128)) return null;
  }
  if (range instanceof ipaddr.IPv6 && range.isIPv4MappedAddress()) {
    if (bits === -1) return { range: range.toIPv4Address(), bits };
    if (bits >= 96) return { range: range.toIPv4Address(), bits: bits - 96 };
  }
  return { range, bits };
}

/**
 * Whether an address is in an allow-list of single addresses and CIDR blocks, IPv4 or IPv6 (spec,
 * Authentication 2). An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, what a dual-stack socket
 * reports for an IPv4 caller) is matched as the IPv4 address it carries. An entry that does not parse
 * matches nothing.
 */
export function isAddressAllowed(address: string, allow: readonly string[]): boolean {
  return isAddressInRanges(
    address,
    allow.flatMap((entry) => parseAllowEntry(entry) ?? []),
  );
}

function isAddressInRanges(address: string, ranges: readonly AllowRange[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address.replace(/%.*$/, '')); // drop an IPv6 zone id (fe80::1%eth0)
  } catch {
    return false;
  }
  return ranges.some((allowed) => {
    if (allowed.range.kind() !== parsed.kind()) return false;
    if (allowed.bits === -1) return parsed.toNormalizedString() === allowed.range.toNormalizedString();
    return parsed.match(allowed.range, allowed.bits);
  });
}

/**
 * Requests per client per minute in fixed one-minute windows of the sandbox clock (spec, Limits), with
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until the window
 * resets) on every answer of an authenticated call, and `429 RATE_LIMITED` with `Retry-After` over the
 * limit (docs/decisions/010-rate-limit-window-and-reset.md). The limit is the client's, read on every
 * call, so a raise in the console applies at once. A batch or a price push is one HTTP request, so it
 * counts once by construction (spec, Limits). A refused call is not counted. Counts are kept in
 * memory: a restart starts a fresh window.
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
      throw new ApiError(
        'RATE_LIMITED',
        `Over ${limit} requests per minute for this client. Wait ${resetSec} seconds (Retry-After), then send the same call again with the same Idempotency-Key.`,
        {
          headers: { 'Retry-After': String(resetSec) },
        },
      );
    }
    window.count += 1;
    reply.header('X-RateLimit-Remaining', String(limit - window.count));
  };
}

/** Refuses the call unless the principal holds `scope` (spec, Authentication 6: the error names it). */
export function requireScope(request: FastifyRequest, scope: string | readonly string[]): void {
  const principal = request.principal;
  if (!principal)
    throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
  const wanted = typeof scope === 'string' ? [scope] : scope;
  if (!wanted.some((s) => principal.scopes.has(s))) {
    const named = wanted.join(' or ');
    throw new ApiError(
      'SCOPE_MISSING',
      `This call needs the scope ${named}, which client ${principal.clientName} does not hold. An administrator can add it to the client in the console.`,
      { details: wanted.map((s) => ({ field: 'scope', code: 'missing', value: s })) },
    );
  }
}
