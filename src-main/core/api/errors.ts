import type { ErrorEnvelope } from '../../../src-shared/wire';

/** The service answered with the interface's error envelope. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope['error'],
    readonly retryAfterSec: number | null = null,
  ) {
    super(envelope.message);
    this.name = 'ServiceError';
  }
  get code(): string {
    return this.envelope.code;
  }
  get retryable(): boolean {
    return this.envelope.retryable;
  }
}

/** No answer reached us: refused connection, reset, timeout, DNS. */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'NetworkError';
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
