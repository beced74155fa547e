/**
 * When a call is tried again, and after how long: the only place in the app that decides it.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Errors ("Handling") and Limits:
 * - 429 `RATE_LIMITED`: wait `Retry-After` seconds;
 * - 500 `INTERNAL`: retry with back-off;
 * - 503 (gateway): retry with back-off, honouring `Retry-After` when sent;
 * - 409 `REQUEST_IN_PROGRESS`: "only `REQUEST_IN_PROGRESS` is worth a retry";
 * - no answer at all (refused, reset, a dropped answer, a timeout): retry with back-off; a write is
 *   sent again with the same `Idempotency-Key`, so the service applies it at most once.
 * Nothing else is retried: 400, 401, 403, 404, the other 409s and 422 need a person or other data.
 * Back-off is exponential with full jitter (a random wait between 0 and the exponential ceiling),
 * bounded both in attempts and in total time.
 */
import type { Clock } from '../ports';
import { CancelledError, NetworkError, ServiceError } from './errors';

/** How hard one call is tried. */
export interface RetryPolicy {
  /** Most attempts of one call, the first included (1 = never retry). */
  maxAttempts: number;
  /** Most time from the first attempt to the start of the last one; a wait past it is not begun. */
  maxElapsedMs: number;
  /** The back-off ceiling of the first retry; it doubles with each further one. */
  baseDelayMs: number;
  /** The back-off ceiling never grows past this. */
  maxDelayMs: number;
}

/**
 * The policy every client uses unless told otherwise: up to 6 attempts within 2 minutes.
 *
 * Two minutes leave room for one `Retry-After` of a full rate window (spec, Limits: requests per
 * client per minute) plus back-off around it.
 */
export const defaultRetryPolicy: Readonly<RetryPolicy> = {
  maxAttempts: 6,
  maxElapsedMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
};

/**
 * Waits `ms` milliseconds; rejects with CancelledError when `signal` fires first.
 *
 * Injectable so tests can move a clock (the sandbox's admin clock) instead of waiting.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Waits in real time with a timer; rejects with CancelledError when `signal` fires first. */
export function sleepReal(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Why a call is tried again. */
export type RetryReason = 'rate-limited' | 'server-error' | 'unavailable' | 'in-progress' | 'network';

/** Whether to try again after a failure, and after how long. */
export type RetryDecision = { retry: false } | { retry: true; delayMs: number; reason: RetryReason };

/**
 * The spec's table applied to one failure: retry or not, and the wait before the next attempt.
 *
 * `attempt` is the number of attempts made so far (1 after the first failed). `random` returns a
 * number in [0, 1) and gives the jitter.
 */
export function decideRetry(
  error: unknown,
  attempt: number,
  policy: Readonly<RetryPolicy>,
  random: () => number = Math.random,
): RetryDecision {
  const backoffMs = Math.floor(
    random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)),
  );
  if (error instanceof CancelledError) return { retry: false };
  // TimeoutError is a NetworkError: the call may have reached the service, the key makes it safe.
  if (error instanceof NetworkError) return { retry: true, delayMs: backoffMs, reason: 'network' };
  if (!(error instanceof ServiceError)) return { retry: false };
  const retryAfterMs = error.retryAfterSec === null ? null : error.retryAfterSec * 1000;
  switch (error.status) {
    case 429:
      // spec, Limits: "429 RATE_LIMITED with Retry-After in seconds"; back-off if a proxy left it out.
      return { retry: true, delayMs: retryAfterMs ?? backoffMs, reason: 'rate-limited' };
    case 500:
      return { retry: true, delayMs: backoffMs, reason: 'server-error' };
    case 503:
      return { retry: true, delayMs: retryAfterMs ?? backoffMs, reason: 'unavailable' };
    case 409:
      return error.code === 'REQUEST_IN_PROGRESS'
        ? { retry: true, delayMs: backoffMs, reason: 'in-progress' }
        : { retry: false };
    default:
      return { retry: false };
  }
}

/** What a retry loop needs besides the call itself. */
export interface RetryOptions {
  policy?: Readonly<RetryPolicy>;
  clock: Clock;
  sleep: Sleep;
  random?: () => number;
  /** Cancels the call and any wait between attempts. */
  signal?: AbortSignal;
  /** Told before each wait, e.g. to show "retrying in 4 s". */
  onRetry?: (info: { attempt: number; delayMs: number; reason: RetryReason; error: unknown }) => void;
}

/**
 * Runs `run` until it succeeds, the failure is not worth a retry, or the policy's attempts or time
 * are used up; then throws the last failure as it was (a ServiceError, NetworkError, …).
 *
 * `run` gets the attempt number, starting at 1. A cancelled signal ends the loop with
 * CancelledError, whatever the attempt failed with.
 */
export async function withRetry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const policy = options.policy ?? defaultRetryPolicy;
  const startedMs = options.clock.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      if (options.signal?.aborted) throw error instanceof CancelledError ? error : new CancelledError();
      const decision = decideRetry(error, attempt, policy, options.random);
      if (!decision.retry || attempt >= policy.maxAttempts) throw error;
      const elapsedMs = options.clock.now() - startedMs;
      if (elapsedMs + decision.delayMs > policy.maxElapsedMs) throw error;
      options.onRetry?.({ attempt, delayMs: decision.delayMs, reason: decision.reason, error });
      await options.sleep(decision.delayMs, options.signal);
    }
  }
}
