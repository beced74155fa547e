import type { FastifyReply } from 'fastify';
import { errorCodes, type ErrorCode, type ErrorDetail as WireErrorDetail } from '../src-shared/wire';

/**
 * One field-level problem of an error (spec, Errors: `details`, `field` plus `code` or `value`, and
 * other string members, e.g. the `service_id` to send).
 */
export type ErrorDetail = WireErrorDetail & Record<string, string>;

/**
 * Codes only the sandbox's console (`/_sandbox`, ../shared/spec/sandbox-contract.md) answers. They are
 * not interface codes, so they live here rather than in `src-shared/wire/error-codes.ts`
 * (docs/decisions/011-console-refusal-codes.md).
 */
export const consoleErrorCodes = {
  // Rotate while two live tokens exist (spec, Authentication 4 and 5: "refused ... revoke one first").
  TOKEN_LIMIT_REACHED: { status: 409, retryable: false },
  // A company code that is taken.
  ALREADY_EXISTS: { status: 409, retryable: false },
} as const satisfies Record<string, { readonly status: number; readonly retryable: boolean }>;

/** A code of the console's own answers. */
export type ConsoleErrorCode = keyof typeof consoleErrorCodes;

const allCodes: Record<
  ErrorCode | ConsoleErrorCode,
  { readonly status: number; readonly retryable: boolean }
> = {
  ...errorCodes,
  ...consoleErrorCodes,
};

/**
 * An interface error raised anywhere in a handler; the app's error handler turns it into the envelope.
 *
 * Status and `retryable` come from the spec's table in `src-shared/wire/error-codes.ts`; `status` may be
 * overridden where the spec uses one code at two statuses (`INVALID_REQUEST` is 400 for a bad query or
 * path, 422 for pushed data that cannot be accepted: docs/decisions/008-status-of-a-schema-failure.md).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode | ConsoleErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? allCodes[code].status;
    this.retryable = allCodes[code].retryable;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}

/** The envelope of an error answer (spec, Errors: code, message, details, request_id, retryable). */
export function errorBody(error: ApiError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      details: error.details,
      request_id: requestId,
      retryable: error.retryable,
    },
  };
}

/**
 * Sends an error answer with the envelope. Sets `X-Request-Id` itself as well (spec, Errors: `request_id`
 * is also sent in the header of every answer), because some answers (a malformed URL) are made before
 * any hook ran.
 */
export function replyError(reply: FastifyReply, error: ApiError): FastifyReply {
  const requestId = String(reply.request.id);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .header('X-Request-Id', requestId)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(error, requestId)));
}
