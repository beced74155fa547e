/**
 * Pacing: spends a client's rate budget without being refused.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Limits: requests per client per minute (120 by
 * default, `rate_limit_per_minute` in `GET /me`); every answer carries `X-RateLimit-Limit`,
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset`; over the limit is 429 with `Retry-After`.
 * `X-RateLimit-Reset` is read as the seconds until the window resets (the sandbox's reading,
 * docs/decisions/010-rate-limit-window-and-reset.md); a value that can only be a Unix time (over
 * 10^9) is read as one, so a service that sends epoch seconds is paced correctly too.
 *
 * One Pacer is shared by every call of one connection (the budget is per client). It goes at full
 * speed while the budget is comfortable, spreads the last part of it over the rest of the window,
 * and waits for the reset when it is spent. While it knows nothing about the current window (first
 * call, or the window just rolled over) it lets one call through at a time, so a long run meets at
 * most one 429 (when another program spent the budget) and learns the window from that answer.
 */
import type { Clock } from '../ports';
import { CancelledError } from './errors';
import type { Sleep } from './retry';

/** The rate-limit headers of one answer, as numbers. */
export interface RateLimitInfo {
  /** `X-RateLimit-Limit`: requests per window. */
  limit: number;
  /** `X-RateLimit-Remaining`: requests left in the window after this one. */
  remaining: number;
  /** `X-RateLimit-Reset`, as seconds from the answer until the window resets. */
  resetSec: number;
}

/** A header value as Node and undici give it. */
type HeaderValue = string | string[] | undefined;

function firstHeader(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function headerNumber(value: HeaderValue): number | null {
  const text = firstHeader(value)?.trim();
  if (text === undefined || !/^\d+(?:\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Above this, `X-RateLimit-Reset` can only be a Unix time in seconds, not a delay. */
const epochThresholdSec = 1_000_000_000;

/**
 * Reads `X-RateLimit-Limit/Remaining/Reset` from an answer's headers; null when any is missing.
 *
 * `nowMs` turns a Unix-time reset into seconds from now.
 */
export function readRateLimit(headers: Record<string, HeaderValue>, nowMs: number): RateLimitInfo | null {
  const limit = headerNumber(headers['x-ratelimit-limit']);
  const remaining = headerNumber(headers['x-ratelimit-remaining']);
  const reset = headerNumber(headers['x-ratelimit-reset']);
  if (limit === null || remaining === null || reset === null) return null;
  const resetSec = reset > epochThresholdSec ? Math.max(0, reset - nowMs / 1000) : reset;
  return { limit, remaining, resetSec };
}

/** How a Pacer spends the budget. */
export interface PacerOptions {
  clock: Clock;
  sleep: Sleep;
  /**
   * Below this share of the limit left, calls are spread evenly over the rest of the window
   * instead of sent at once. Default 0.2.
   */
  spreadBelowFraction?: number;
  /** Waited past a window's reset before trying again, for clocks that differ a little. Default 100. */
  resetMarginMs?: number;
}

/**
 * The share of the limit background work leaves to the clerk's work and to other programs on the same
 * client: half (60 of the default 120 a minute).
 *
 * The remaining count the pacer knows is the one the last answer told: calls another program makes on
 * the same client (its ERP connector, a second desk, tests sharing a token) are not seen until our next
 * answer, and the clerk's own work comes in bursts (a sync pass of four feeds, a batch of acks, a push
 * run that may spend the whole window). Keeping half leaves each of those a full minute's normal needs
 * whatever the background did just before.
 */
export const clerkReserveFraction = 0.5;

/** One call's permission to go; end it once with the answer's rate-limit headers (or none). */
export interface PacerTicket {
  /**
   * Records the answer (any status) and ends the reservation. `rateLimit` null: no headers (no
   * answer at all). `retryAfterSec`: a 429's `Retry-After`.
   */
  done(rateLimit: RateLimitInfo | null, response?: { status: number; retryAfterSec: number | null }): void;
}

/** The budget of one client, shared by all its calls. */
export class Pacer {
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #spreadBelowFraction: number;
  readonly #resetMarginMs: number;
  /** Requests per window, once known. */
  #limit: number | null = null;
  /** Requests we may still send in the current window; null while the window is unknown. */
  #remaining: number | null = null;
  /** When the current window resets (our clock); null while unknown. */
  #resetAtMs: number | null = null;
  #inFlight = 0;
  /** Callers of `acquire` that have not yet been let through. */
  #waiting = 0;
  #lastSentMs = Number.NEGATIVE_INFINITY;
  /** Callers take turns: one decides at a time, in arrival order. */
  #turn: Promise<void> = Promise.resolve();
  /** Wakes a caller waiting for an answer (unknown window, one call in flight). */
  #answered: { promise: Promise<void>; resolve: () => void } = deferred();

  constructor(options: PacerOptions) {
    this.#clock = options.clock;
    this.#sleep = options.sleep;
    this.#spreadBelowFraction = options.spreadBelowFraction ?? 0.2;
    this.#resetMarginMs = options.resetMarginMs ?? 100;
  }

  /** What the pacer believes now: for display and tests. */
  snapshot(): { limit: number | null; remaining: number | null; resetAtMs: number | null; inFlight: number } {
    return {
      limit: this.#limit,
      remaining: this.#remaining,
      resetAtMs: this.#resetAtMs,
      inFlight: this.#inFlight,
    };
  }

  /**
   * Waits until a call may be sent without being refused, then reserves it.
   *
   * Rejects with CancelledError when `signal` fires while waiting.
   */
  async acquire(signal?: AbortSignal): Promise<PacerTicket> {
    const previous = this.#turn;
    let endTurn = (): void => {};
    this.#turn = new Promise((resolve) => (endTurn = resolve));
    this.#waiting += 1;
    try {
      await previous;
      await this.#waitForRoom(signal);
      this.#reserve();
    } finally {
      this.#waiting -= 1;
      endTurn();
    }
    return this.#ticket();
  }

  /**
   * Reserves a call at once when the budget has room to spare, else answers null without waiting.
   *
   * Null when the current window is unknown (nothing answered yet, or it rolled over: the clerk's next
   * call learns it), when `keepFraction` of the limit or less is left (the reserve is the clerk's), or
   * when another call is waiting its turn or the window is being spread (the clerk's work goes first).
   */
  tryAcquireSpare(keepFraction = clerkReserveFraction): PacerTicket | null {
    if (this.#waiting > 0) return null;
    const nowMs = this.#clock.now();
    if (this.#remaining === null || this.#resetAtMs === null || this.#limit === null) return null;
    if (nowMs >= this.#resetAtMs) return null;
    const reserve = Math.ceil(this.#limit * Math.max(keepFraction, this.#spreadBelowFraction));
    if (this.#remaining <= reserve) return null;
    this.#reserve();
    return this.#ticket();
  }

  #reserve(): void {
    this.#inFlight += 1;
    this.#lastSentMs = this.#clock.now();
    if (this.#remaining !== null) this.#remaining -= 1;
  }

  #ticket(): PacerTicket {
    let isDone = false;
    return {
      done: (rateLimit, response) => {
        if (isDone) return;
        isDone = true;
        this.#record(rateLimit, response);
      },
    };
  }

  async #waitForRoom(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new CancelledError();
      const nowMs = this.#clock.now();
      if (this.#resetAtMs !== null && nowMs >= this.#resetAtMs) {
        // The window rolled over: its budget is unknown until the next answer tells it.
        this.#remaining = null;
        this.#resetAtMs = null;
      }
      if (this.#remaining === null || this.#resetAtMs === null) {
        if (this.#inFlight === 0) return; // the one probing call of an unknown window
        await this.#waitForResponse(signal);
        continue;
      }
      if (this.#remaining <= 0) {
        await this.#sleep(this.#resetAtMs - nowMs + this.#resetMarginMs, signal);
        continue;
      }
      const spreadBelow = Math.ceil((this.#limit ?? 0) * this.#spreadBelowFraction);
      if (this.#remaining <= spreadBelow) {
        // Spread what is left evenly over the rest of the window.
        const gapMs = (this.#resetAtMs - nowMs) / (this.#remaining + 1);
        const waitMs = Math.ceil(this.#lastSentMs + gapMs - nowMs);
        if (waitMs > 0) {
          await this.#sleep(waitMs, signal);
          continue;
        }
      }
      return;
    }
  }

  async #waitForResponse(signal?: AbortSignal): Promise<void> {
    const answered = this.#answered.promise;
    if (!signal) return answered;
    await new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(new CancelledError());
      signal.addEventListener('abort', onAbort, { once: true });
      void answered.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  #record(
    rateLimit: RateLimitInfo | null,
    response?: { status: number; retryAfterSec: number | null },
  ): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    const nowMs = this.#clock.now();
    if (rateLimit) {
      const resetAtMs = nowMs + rateLimit.resetSec * 1000;
      // Calls still in flight may not be counted in this answer yet: assume they will be.
      const remaining = rateLimit.remaining - this.#inFlight;
      const isNewWindow =
        this.#resetAtMs === null || this.#remaining === null || resetAtMs > this.#resetAtMs + 1500;
      this.#limit = rateLimit.limit;
      if (isNewWindow) {
        this.#remaining = remaining;
        this.#resetAtMs = resetAtMs;
      } else {
        // Answers of one window may arrive out of order: keep the most cautious reading.
        this.#remaining = Math.min(this.#remaining ?? remaining, remaining);
        this.#resetAtMs = Math.max(this.#resetAtMs ?? resetAtMs, resetAtMs);
      }
    }
    if (response?.status === 429) {
      // spec, Limits: wait Retry-After seconds. Nothing more goes out before then. A Retry-After is
      // the refusing server's own word and replaces the window we believed in (a gateway's 429, or a
      // window that is not the one we read, may say less than the reset we knew): after it, one call
      // probes the window again.
      const waitSec = response.retryAfterSec ?? rateLimit?.resetSec ?? 1;
      this.#remaining = 0;
      this.#resetAtMs =
        response.retryAfterSec === null
          ? Math.max(this.#resetAtMs ?? 0, nowMs + waitSec * 1000)
          : nowMs + waitSec * 1000;
    }
    const woken = this.#answered;
    this.#answered = deferred();
    woken.resolve();
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
