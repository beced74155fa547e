/**
 * Which refusals keep a write queued: one rule for the clerk's acks (the renderer's outbox) and the
 * master-data pushes (the core's push journal).
 *
 * A write that is kept is sent again later with the same `Idempotency-Key` and body; any other refusal
 * is that write's answer (spec, Errors: "fix the data, then retry").
 */

/**
 * The codes that keep a write queued: nothing answered (offline), the service busy or limiting (spec,
 * Errors: 429, 500, 503 and `REQUEST_IN_PROGRESS` are worth a retry), or a problem of the connection
 * that a person fixes without changing the write (a token, a scope, an allow-list, the company's ERP
 * mode), after which every held write goes through unchanged.
 */
export const keptQueuedCodes: ReadonlySet<string> = new Set([
  'NETWORK_UNREACHABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'REQUEST_IN_PROGRESS',
  'NOT_CONFIGURED',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'COMPANY_SUSPENDED',
  'SCOPE_MISSING',
  'IP_NOT_ALLOWED',
  'ERP_MODE_NOT_API',
]);

/**
 * Whether a refused write is kept and sent again later with the same key, rather than failed: the
 * service said it may succeed later (`retryable`), or its code is one of `keptQueuedCodes`.
 */
export function isKeptQueued(error: { code: string; retryable: boolean }): boolean {
  return error.retryable || keptQueuedCodes.has(error.code);
}
