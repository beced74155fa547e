/**
 * The error codes of the v1 interface with their HTTP status and whether a retry may succeed.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, section Errors. Data only.
 */

/**
 * Every known error code: its default HTTP status and `retryable`.
 *
 * Spec, Errors (status table and "Handling" column). `INVALID_REQUEST` is 400 for a bad query or
 * path and 422 for pushed data that cannot be accepted, so a caller may override the status (see
 * `invalidStatus` in ./endpoints.ts and docs/decisions/008-status-of-a-schema-failure.md).
 * `SERVICE_UNAVAILABLE` stands for the gateway's 503, which the spec gives no code. The last two
 * entries are the sandbox's own answers to bad input, not codes of the spec.
 */
export const errorCodes = {
  // 400: fix the call
  INVALID_REQUEST: { status: 400, retryable: false },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, retryable: false },
  // 401: not retryable
  TOKEN_INVALID: { status: 401, retryable: false },
  TOKEN_EXPIRED: { status: 401, retryable: false },
  TOKEN_REVOKED: { status: 401, retryable: false },
  COMPANY_SUSPENDED: { status: 401, retryable: false },
  // 403: an administrator changes the client
  SCOPE_MISSING: { status: 403, retryable: false },
  IP_NOT_ALLOWED: { status: 403, retryable: false },
  // 404: unknown id, path or reference list
  NOT_FOUND: { status: 404, retryable: false },
  // 409: only REQUEST_IN_PROGRESS is worth a retry
  ALREADY_ACKNOWLEDGED: { status: 409, retryable: false },
  ORDER_NOT_AWAITING_ACK: { status: 409, retryable: false },
  ERP_MODE_NOT_API: { status: 409, retryable: false },
  EXTERNAL_REF_CONFLICT: { status: 409, retryable: false },
  BRANCH_ON_ROUTE: { status: 409, retryable: false },
  REQUEST_IN_PROGRESS: { status: 409, retryable: true },
  // 422: fix the data, then retry
  UNKNOWN_REFERENCE: { status: 422, retryable: false },
  IDEMPOTENCY_KEY_REUSED: { status: 422, retryable: false },
  // 429: wait Retry-After seconds
  RATE_LIMITED: { status: 429, retryable: true },
  // 500 and the gateway's 503: retry with back-off
  INTERNAL: { status: 500, retryable: true },
  SERVICE_UNAVAILABLE: { status: 503, retryable: true },
  // The sandbox's own, for input no route takes (not in the spec's table)
  METHOD_NOT_ALLOWED: { status: 405, retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false },
} as const satisfies Record<string, { readonly status: number; readonly retryable: boolean }>;

/**
 * A known error code.
 *
 * Spec, Errors. The `error.code` of an answer is typed `string`; narrow it with `isErrorCode`.
 */
export type ErrorCode = keyof typeof errorCodes;

/**
 * Whether `code` is one of the known error codes.
 *
 * Spec, Errors.
 */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCodes, code);
}
