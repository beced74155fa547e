/**
 * The `Idempotency-Key` of a write, branded so no other string is sent in its place.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Limits: required on every write, at most 100
 * characters, kept 7 days; the same key and body replays the first response. A key is created once
 * per write and stored with the write before it is first sent (the renderer's ack outbox,
 * src-renderer/data/ack-outbox.ts, and the core's push journal, src-main/core/push/journal.ts), and
 * sent again on every retry; the API client never invents one.
 */

/** An `Idempotency-Key`: 1 to 100 characters. */
export type IdempotencyKey = string & { readonly __brand: 'IdempotencyKey' };

/** The longest key the service accepts (spec, Limits). */
export const maxIdempotencyKeyLength = 100;

/**
 * How long the service keeps a key and its first response: 7 days (spec, Limits).
 *
 * A write still unsent after that can no longer be recognised by its key: a push gets a new key (a
 * push keyed by the ERP's key cannot create a duplicate), an ack batch first reads what the service
 * holds.
 */
export const keyRetentionMs = 7 * 24 * 3600 * 1000;

/** Whether a key created at `createdAtIso` may already be forgotten by the service at `nowMs`. */
export function isKeyPastRetention(createdAtIso: string, nowMs: number): boolean {
  return nowMs - Date.parse(createdAtIso) >= keyRetentionMs;
}

/** A new key for a new write: a random UUID (Web Crypto, in Node and in the renderer alike). */
export function newIdempotencyKey(): IdempotencyKey {
  return toIdempotencyKey(globalThis.crypto.randomUUID());
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
