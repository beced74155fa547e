import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { SandboxClock } from './clock';
import { sha256 } from './ids';
import { maxJsonDepth, tooDeepError } from './json-depth';

const retentionMs = 7 * 24 * 3600 * 1000; // spec, Limits: Idempotency-Key kept 7 days
const maxKeyLength = 100; // spec, Limits: at most 100 characters
const purgeEveryMs = 3600 * 1000; // expired keys are dropped at most once an hour of the sandbox clock

/** What a write handler answers; stored with the key when it is a success. */
export interface WriteResponse {
  status: number;
  body: unknown;
}

/** Runs one write under its Idempotency-Key (see `createIdempotency`). */
export type IdempotentWrite = (
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => WriteResponse,
) => Promise<FastifyReply>;

/** Carries a non-2xx answer out of the write's transaction so that the transaction rolls back. */
class RefusedResponse {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {}
}

/**
 * JSON text of a value with object members in key order, so that the same body sent with its members in
 * another order has the same fingerprint.
 *
 * Bounded: past `maxJsonDepth` levels it refuses the call (400 INVALID_REQUEST) instead of recursing
 * on. The JSON parser already refuses such bodies (docs/decisions/061-json-depth-limit.md); this keeps
 * a body that reached a write some other way from overflowing the stack into a 500.
 */
function canonicalJson(value: unknown, depth = 1): string {
  if (value !== null && typeof value === 'object' && depth > maxJsonDepth) throw tooDeepError();
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotency of writes (spec, Limits and Errors), per client and key; every interface write handler
 * goes through it.
 *
 * - no key: 400 IDEMPOTENCY_KEY_REQUIRED; over 100 characters: 400 INVALID_REQUEST;
 * - a stored key with the same request (method, path with query, body with members in any order)
 *   replays the stored answer byte for byte with `Idempotent-Replayed: true`; another request:
 *   422 IDEMPOTENCY_KEY_REUSED;
 * - a key whose first request is still running: 409 REQUEST_IN_PROGRESS (retryable);
 * - otherwise `run` executes inside one SQLite transaction together with storing its answer, so a
 *   crash never leaves a write without its stored answer or the reverse.
 *
 * Only 2xx answers are stored; a refusal (an `ApiError` thrown by `run`, or a non-2xx status it
 * returns) rolls the transaction back, so the refused call wrote nothing and may be corrected and sent
 * again with the same key (docs/decisions/014-idempotency-stores-successes-only.md). Keys are kept
 * 7 days of the sandbox clock from the first answer.
 *
 * `writeDelayMs` (tests only, `--write-delay-ms`) holds a write after it is marked in progress, so that
 * a test can race a second request against it.
 */
export function createIdempotency(db: Database, clock: SandboxClock, writeDelayMs = 0): IdempotentWrite {
  const find = db.prepare(
    'SELECT request_hash, status, body FROM idempotency_keys WHERE client_id = ? AND key = ? AND expires_at > ?',
  );
  const save = db.prepare(`INSERT OR REPLACE INTO idempotency_keys
    (client_id, key, request_hash, status, headers, body, created_at, expires_at) VALUES (?, ?, ?, ?, '{}', ?, ?, ?)`);
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  let lastPurgeMs = clock.nowMs();
  purge.run(clock.nowIso());
  const inFlight = new Set<string>();

  return async function idempotentWrite(request, reply, run) {
    const principal = request.principal;
    if (!principal)
      throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key.trim() === '') {
      throw new ApiError(
        'IDEMPOTENCY_KEY_REQUIRED',
        'Every write needs an Idempotency-Key header: a unique string (e.g. a UUID) made once per write and sent again on each retry of it.',
        { details: [{ field: 'Idempotency-Key', code: 'required' }] },
      );
    }
    if (key.length > maxKeyLength) {
      throw new ApiError(
        'INVALID_REQUEST',
        `The Idempotency-Key is ${key.length} characters long; at most ${maxKeyLength} are allowed. Use a shorter key, e.g. a UUID.`,
        {
          details: [{ field: 'Idempotency-Key', code: 'too_long', value: String(key.length) }],
        },
      );
    }
    const fingerprint = sha256(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`);
    const slot = `${principal.clientId}\u0000${key}`;
    const nowMs = clock.nowMs();
    if (nowMs - lastPurgeMs >= purgeEveryMs) {
      lastPurgeMs = nowMs;
      purge.run(new Date(nowMs).toISOString());
    }
    const stored = find.get(principal.clientId, key, new Date(nowMs).toISOString()) as
      { request_hash: string; status: number; body: string } | undefined;
    if (stored) {
      if (stored.request_hash !== fingerprint) {
        throw new ApiError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used (within the last 7 days) for a different request. Make a new key for a new write; resend a retry with its body unchanged.',
          { details: [{ field: 'Idempotency-Key', code: 'reused' }] },
        );
      }
      return reply
        .code(stored.status)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(stored.body);
    }
    if (inFlight.has(slot)) {
      throw new ApiError(
        'REQUEST_IN_PROGRESS',
        'A request with this Idempotency-Key is still being processed. Retry in a moment with the same key to get its answer.',
      );
    }
    inFlight.add(slot);
    try {
      if (writeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, writeDelayMs));
      let response: { status: number; text: string };
      try {
        response = db.transaction(() => {
          const result = run();
          reply.code(result.status); // the route's response schema for this status serialises the body
          const serialized = reply.serialize(result.body);
          const text =
            typeof serialized === 'string'
              ? serialized
              : Buffer.from(
                  serialized instanceof ArrayBuffer ? new Uint8Array(serialized) : serialized,
                ).toString('utf8');
          if (result.status < 200 || result.status >= 300) throw new RefusedResponse(result.status, text);
          const at = clock.nowMs();
          save.run(
            principal.clientId,
            key,
            fingerprint,
            result.status,
            text,
            new Date(at).toISOString(),
            new Date(at + retentionMs).toISOString(),
          );
          return { status: result.status, text };
        })();
      } catch (error) {
        if (!(error instanceof RefusedResponse)) throw error;
        response = { status: error.status, text: error.text };
      }
      return reply.code(response.status).type('application/json; charset=utf-8').send(response.text);
    } finally {
      inFlight.delete(slot);
    }
  };
}
