/**
 * The typed errors of the API client: what the core throws, and what `dispatch.ts` turns into a
 * `Result` for the renderer.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, section Errors. Whether one of these is worth a
 * retry is decided in ./retry.ts only.
 */
import type { ErrorDetail, ErrorEnvelope } from '../../../src-shared/wire';

/**
 * The service answered with the interface's error envelope (or, for a gateway's 429/500/503 that
 * carries none, an envelope the client made from the status: see `client.ts`).
 *
 * Carries the envelope's `code`, `message`, `details`, `request_id` and `retryable` (spec, Errors)
 * plus the HTTP status and the `Retry-After` header in seconds when one was sent (spec, Limits:
 * 429 waits `Retry-After`; Errors: 503 honours it when sent).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope['error'],
    readonly retryAfterSec: number | null = null,
  ) {
    super(envelope.message);
    this.name = 'ServiceError';
  }
  /** The stable code (`TOKEN_REVOKED`, `RATE_LIMITED`, …). */
  get code(): string {
    return this.envelope.code;
  }
  /** Field-level problems; may be empty. */
  get details(): ErrorDetail[] {
    return this.envelope.details;
  }
  /** The service's request id (also in `X-Request-Id`), for support. */
  get requestId(): string {
    return this.envelope.request_id;
  }
  /** Whether the service says the same call may succeed later. */
  get retryable(): boolean {
    return this.envelope.retryable;
  }
}

/**
 * No answer reached us: refused connection, reset, a socket closed before the answer was read (a
 * dropped answer: the service may have applied a write), DNS.
 */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * No answer within the request's time limit. A kind of NetworkError: the service may or may not
 * have received the call, so a write is retried with the same Idempotency-Key like any other
 * network failure.
 */
export class TimeoutError extends NetworkError {
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/**
 * The caller cancelled the call or the run (its `AbortSignal` fired). Never retried; a write that
 * was cancelled stays queued with its key (the push journal, the renderer's ack outbox) and is resent
 * later.
 */
export class CancelledError extends Error {
  constructor(message = 'The call was cancelled.') {
    super(message);
    this.name = 'CancelledError';
  }
}

/**
 * A background call was not sent, or met 429: the rate window has no budget to spare beyond what the
 * clerk's work keeps (./pacing.ts, `tryAcquireSpare`). Never retried; the background job tries on its
 * next pass.
 */
export class BudgetNotSpareError extends Error {
  constructor(message = "The rate budget left in this window is kept for the clerk's work.") {
    super(message);
    this.name = 'BudgetNotSpareError';
  }
}

/** The service answered with something the interface does not allow at that path. */
export class WireError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`The answer of ${path} does not match the interface: ${problems.slice(0, 3).join('; ')}`);
    this.name = 'WireError';
  }
}
