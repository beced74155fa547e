/**
 * The outcome of a bridge call: nothing throws across a process boundary.
 *
 * `code` is the interface's error code when the service answered (`TOKEN_REVOKED`, `SCOPE_MISSING`, …),
 * else one of the app's own codes below.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: DeskError };

/**
 * The app's own error codes, for failures where the service gave no answer of its own.
 *
 * `NETWORK_UNREACHABLE`: no answer (refused, reset, timed out, DNS). `WIRE_MISMATCH`: an answer the
 * interface does not allow. `INVALID_ARGUMENT`: the bridge refused the call's arguments (`details` name
 * the fields, never their values). `NOT_CONFIGURED`: no active connection. `UNKNOWN_CONNECTION`: no saved
 * connection has that id. `TOKEN_MISSING`: the keychain no longer holds the active connection's token
 * (memory-only keychain after a restart). `OTHER_CLIENT`: a rotation's new token speaks for another client or company.
 * `SAME_TOKEN`: a rotation was given the token already in use. `INSECURE_ADDRESS`: plain http to another
 * machine would send the token unencrypted. `OTHER_CONNECTION`: another connection became active while a
 * sync ran. `DEMO_UNAVAILABLE`: this copy of the app has no bundled sandbox. `NO_FILE_DIALOGS`: the host
 * has no Save or Open dialog (browser mode's page does without). `FILE_NOT_SAVED`/`FILE_NOT_READ`: the
 * system refused a save or an open (`message` is the reason in plain words); `FILE_TOO_LARGE`: a file
 * over 512 MiB, or files chosen together over it (`details: [{ limit: 'file' | 'total' }]`).
 * `TOO_MANY_FILES`: more files chosen in one Open than it takes (50, or one where one is asked;
 * `details: [{ limit: 'count' }]`). `BUDGET_NOT_SPARE`: background work (names after a sync) was not sent,
 * because the rate window has no budget beyond what the clerk's work keeps (or someone else's call met
 * 429); the next pass tries again, nothing is wrong. `INTERNAL`: anything else (logged, redacted).
 */
export type LocalErrorCode =
  | 'NETWORK_UNREACHABLE'
  | 'WIRE_MISMATCH'
  | 'INVALID_ARGUMENT'
  | 'NOT_CONFIGURED'
  | 'UNKNOWN_CONNECTION'
  | 'TOKEN_MISSING'
  | 'OTHER_CLIENT'
  | 'SAME_TOKEN'
  | 'INSECURE_ADDRESS'
  | 'OTHER_CONNECTION'
  | 'DEMO_UNAVAILABLE'
  | 'NO_FILE_DIALOGS'
  | 'FILE_NOT_SAVED'
  | 'FILE_NOT_READ'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_FILES'
  | 'BUDGET_NOT_SPARE'
  | 'INTERNAL';

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
