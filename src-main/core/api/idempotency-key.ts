/**
 * The `Idempotency-Key` of a write, branded so no other string is sent in its place.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Limits: required on every write, at most 100
 * characters, kept 7 days; the same key and body replays the first answer. A key is created once
 * per write, stored with the write before it is first sent (../outbox/outbox.ts), and sent again on
 * every retry; the API client never invents one.
 */
import { randomUUID } from 'node:crypto';

/** An `Idempotency-Key`: 1 to 100 characters. */
export type IdempotencyKey = string & { readonly __brand: 'IdempotencyKey' };

/** The longest key the service accepts (spec, Limits). */
export const maxIdempotencyKeyLength = 100;

/** A new key for a new write: a random UUID. */
export function newIdempotencyKey(): IdempotencyKey {
  return toIdempotencyKey(randomUUID());
}

/**
 * A stored key read back as a key; throws RangeError when it cannot be one (empty or too long).
 */
export function toIdempotencyKey(value: string): IdempotencyKey {
  if (value.length === 0 || value.length > maxIdempotencyKeyLength) {
    throw new RangeError(
      `An Idempotency-Key has 1 to ${maxIdempotencyKeyLength} characters, not ${value.length}.`,
    );
  }
  return value as IdempotencyKey;
}
