import type { FastifyReply } from 'fastify';
import { errorCodes, type ErrorCode } from '../src-shared/wire';

/** One field-level problem of an error (spec, Errors: `details`). */
export type ErrorDetail = Record<string, string>;

/**
 * An interface error raised anywhere in a handler; the app's error handler turns it into the envelope.
 *
 * Status and `retryable` come from the spec's table in `src-shared/wire/error-codes.ts`; `status` may be
 * overridden where the spec uses one code at two statuses (`INVALID_REQUEST` is 400 for a bad query or
 * path, 422 for pushed data that cannot be accepted).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; status?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = options.status ?? errorCodes[code].status;
    this.retryable = errorCodes[code].retryable;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
  }
}

/** The envelope of an error answer (spec, Errors). */
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

/** Sends an error answer with the envelope. */
export function replyError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type('application/json').send(errorBody(error, String(reply.request.id)));
}
