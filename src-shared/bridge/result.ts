/**
 * The outcome of a bridge call: nothing throws across a process boundary.
 *
 * `code` is the interface's error code when the service answered (`TOKEN_REVOKED`, `SCOPE_MISSING`, …),
 * else one of the app's own codes below.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: DeskError };

/** The app's own error codes, for failures where the service gave no answer of its own. */
export type LocalErrorCode = 'NETWORK_UNREACHABLE' | 'WIRE_MISMATCH' | 'INVALID_ARGUMENT' | 'NOT_CONFIGURED' | 'INTERNAL';

/** A failure as the renderer sees it: a stable code, plain words, and whether trying again may help. */
export interface DeskError {
  code: string;
  message: string;
  retryable: boolean;
  requestId?: string;
  details?: Array<Record<string, string>>;
}

/** Wraps a value as a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Wraps an error as a failed result. */
export function fail<T = never>(error: DeskError): Result<T> {
  return { ok: false, error };
}
