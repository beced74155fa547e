import { createHash, randomBytes } from 'node:crypto';

/** A new opaque id of the service, e.g. `inv_3kq9…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** A new sandbox token: `svc_test_` followed by 43 url-safe characters (256 bits). */
export function newToken(): string {
  return `svc_test_${randomBytes(32).toString('base64url')}`;
}

/** Hex SHA-256, for tokens (high entropy, so no salt is needed) and request fingerprints. */
export function sha256(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
