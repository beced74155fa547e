import type { FastifyReply } from 'fastify';
import type { Principal } from '../auth';
import { ApiError } from '../errors';
import type { ActiveFault, FaultRegistry } from './registry';

/** Whole seconds left of a fault, at least 1: what `Retry-After` says. */
function secondsLeft(fault: ActiveFault, nowMs: number): number {
  return Math.max(1, Math.ceil((fault.endsAtMs - nowMs) / 1000));
}

/**
 * The answer a fault in force gives instead of the call's own, or undefined to go on: `unavailable`
 * before `rate_storm` (a gateway that is down answers before the service counts anything).
 */
function refusal(
  registry: FaultRegistry,
  principal: Principal,
  reply: FastifyReply,
  nowMs: number,
): ApiError | undefined {
  const faults = registry.forClient(principal.clientId, nowMs);
  if (faults?.unavailable) {
    const retryAfterSec = secondsLeft(faults.unavailable, nowMs);
    // spec, Errors: 503 comes from the gateway; "retry with back-off, honouring Retry-After when sent".
    return new ApiError(
      'SERVICE_UNAVAILABLE',
      `The service is unavailable (a fault injected in the sandbox's console for client ${principal.clientName}, ${retryAfterSec} s left). Retry with back-off, honouring Retry-After.`,
      { headers: { 'Retry-After': String(retryAfterSec) } },
    );
  }
  if (faults?.rate_storm) {
    const retryAfterSec = secondsLeft(faults.rate_storm, nowMs);
    // spec, Limits: rate-limit headers on every answer; over the limit 429 with Retry-After.
    reply.header('X-RateLimit-Limit', String(principal.rateLimitPerMinute));
    reply.header('X-RateLimit-Remaining', '0');
    reply.header('X-RateLimit-Reset', String(retryAfterSec));
    return new ApiError(
      'RATE_LIMITED',
      `Over the rate limit for this client (a rate storm injected in the sandbox's console, ${retryAfterSec} s left). Wait ${retryAfterSec} seconds (Retry-After), then send the same call again with the same Idempotency-Key.`,
      { headers: { 'Retry-After': String(retryAfterSec) } },
    );
  }
  return undefined;
}

/**
 * Applies the faults injected for the calling client (docs/decisions/017-console-lists-and-faults.md),
 * after authentication and before the rate limit: `slow` holds the call `delayMs` first; then
 * `unavailable` or `rate_storm` answers it (`done` with the error, the call is not counted against the
 * rate limit and reaches no handler, so nothing is written and no Idempotency-Key is kept); otherwise
 * `proceed` (the rate limit) runs and the call goes on. With no fault in force this is one map lookup
 * and a synchronous `done()`.
 */
export function injectFaults(
  registry: FaultRegistry,
  principal: Principal,
  reply: FastifyReply,
  proceed: () => void,
  done: (error?: Error) => void,
): void {
  const finish = (): void => {
    try {
      const error = refusal(registry, principal, reply, Date.now());
      if (error) {
        done(error);
        return;
      }
      proceed();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    done();
  };
  const slow = registry.forClient(principal.clientId)?.slow;
  if (slow) setTimeout(finish, slow.delayMs);
  else finish();
}
