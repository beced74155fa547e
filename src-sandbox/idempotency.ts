import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { SandboxClock } from './clock';
import { sha256 } from './ids';

const retentionMs = 7 * 24 * 3600 * 1000; // spec, Limits: Idempotency-Key kept 7 days
const maxKeyLength = 100; // spec, Limits

/** What a write handler answers; stored with the key when it is a success. */
export interface WriteAnswer {
  status: number;
  body: unknown;
}

/** Runs one write under its Idempotency-Key (see `createIdempotency`). */
export type IdempotentWrite = (
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => WriteAnswer,
) => Promise<FastifyReply>;

/**
 * Idempotency of writes (spec, Limits and Errors), per client and key.
 *
 * - no key: 400 IDEMPOTENCY_KEY_REQUIRED; over 100 characters: 400 INVALID_REQUEST;
 * - a stored key with the same request fingerprint replays the stored answer byte for byte, with
 *   `Idempotent-Replayed: true`; another fingerprint: 422 IDEMPOTENCY_KEY_REUSED;
 * - a key whose first request is still running: 409 REQUEST_IN_PROGRESS;
 * - otherwise `run` executes inside one SQLite transaction together with storing its answer, so a
 *   crash never leaves a write without its stored answer or the reverse. Only successful (2xx) answers
 *   are stored: a refused call wrote nothing and may be corrected and sent again with the same key.
 *
 * `writeDelayMs` (tests only) holds a write after it is marked in progress, so that a test can race a
 * second request against it.
 */
export function createIdempotency(db: Database, clock: SandboxClock, writeDelayMs = 0): IdempotentWrite {
  const find = db.prepare(
    'SELECT request_hash, status, body FROM idempotency_keys WHERE client_id = ? AND key = ? AND expires_at > ?',
  );
  const save = db.prepare(`INSERT OR REPLACE INTO idempotency_keys
    (client_id, key, request_hash, status, headers, body, created_at, expires_at) VALUES (?, ?, ?, ?, '{}', ?, ?, ?)`);
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  purge.run(clock.nowIso());
  const inFlight = new Set<string>();

  return async function idempotentWrite(request, reply, run) {
    const principal = request.principal;
    if (!principal) throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') {
      throw new ApiError('IDEMPOTENCY_KEY_REQUIRED', 'Every write needs an Idempotency-Key header: a unique string (e.g. a UUID) created once per write and sent again on each retry.');
    }
    if (key.length > maxKeyLength) {
      throw new ApiError('INVALID_REQUEST', `The Idempotency-Key is ${key.length} characters long; at most ${maxKeyLength} are allowed.`, {
        details: [{ field: 'Idempotency-Key', code: 'too_long' }],
      });
    }
    const fingerprint = sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
    const slot = `${principal.clientId}\u0000${key}`;
    const stored = find.get(principal.clientId, key, clock.nowIso()) as
      | { request_hash: string; status: number; body: string }
      | undefined;
    if (stored) {
      if (stored.request_hash !== fingerprint) {
        throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Create a new key for a new write.');
      }
      return reply.code(stored.status).header('Idempotent-Replayed', 'true').type('application/json').send(stored.body);
    }
    if (inFlight.has(slot)) {
      throw new ApiError('REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed. Retry in a moment with the same key.');
    }
    inFlight.add(slot);
    try {
      if (writeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, writeDelayMs));
      const serialized = db.transaction(() => {
        const answer = run();
        reply.code(answer.status); // the route's response schema for this status serialises the body
        const text = reply.serialize(answer.body);
        if (answer.status >= 200 && answer.status < 300) {
          const now = clock.nowMs();
          save.run(principal.clientId, key, fingerprint, answer.status, text, new Date(now).toISOString(), new Date(now + retentionMs).toISOString());
        }
        return { status: answer.status, text };
      })();
      return reply.code(serialized.status).type('application/json').send(serialized.text);
    } finally {
      inFlight.delete(slot);
    }
  };
}
