import type { DeskError, LocalErrorCode } from '../../src-shared/bridge/result';

/**
 * A failure the core itself decides (no saved connection with that id, a rotation to another client),
 * thrown like the API client's typed errors and turned into a Result by the dispatcher only.
 */
export class LocalError extends Error {
  constructor(
    readonly code: LocalErrorCode,
    message: string,
    readonly retryable = false,
    readonly details?: DeskError['details'],
  ) {
    super(message);
    this.name = 'LocalError';
  }
}
