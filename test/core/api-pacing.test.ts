import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type AttemptEvent } from '../../src-main/core/api/client';
import { BudgetNotSpareError, CancelledError } from '../../src-main/core/api/errors';
import { Pacer, readRateLimit } from '../../src-main/core/api/pacing';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

/** A clock that moves only when slept on. */
function fakeTime(startMs = 1_700_000_000_000) {
  let nowMs = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { now: () => nowMs },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      nowMs += ms;
    },
    elapsedMs: () => nowMs - startMs,
  };
}

describe('readRateLimit', () => {
  it('reads the three headers; Reset as seconds, or a Unix time turned into seconds', () => {
    const nowMs = 1_700_000_000_000;
    expect(
      readRateLimit(
        { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '42' },
        nowMs,
      ),
    ).toEqual({
      limit: 30,
      remaining: 7,
      resetSec: 42,
    });
    expect(
      readRateLimit(
        { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1700000042' },
        nowMs,
      ),
    ).toEqual({
      limit: 30,
      remaining: 7,
      resetSec: 42,
    });
    expect(readRateLimit({ 'x-ratelimit-limit': '30' }, nowMs)).toBeNull();
  });
});

describe('Pacer', () => {
  it('lets one call probe an unknown window, then sends the rest of a plentiful budget at once', async () => {
    const time = fakeTime();
    const pacer = new Pacer(time);
    const first = await pacer.acquire();
    let isSecondSent = false;
    const second = pacer.acquire().then((ticket) => {
      isSecondSent = true;
      return ticket;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isSecondSent).toBe(false);
    first.done({ limit: 120, remaining: 119, resetSec: 60 });
    (await second).done({ limit: 120, remaining: 118, resetSec: 60 });
    for (let i = 0; i < 50; i += 1)
      (await pacer.acquire()).done({ limit: 120, remaining: 117 - i, resetSec: 60 });
    expect(time.sleeps).toEqual([]);
  });

  it('spreads the last fifth of the budget over the rest of the window, then waits for the reset', async () => {
    const time = fakeTime();
    const pacer = new Pacer({ ...time, resetMarginMs: 0 });
    // 5 left of 30 (below the fifth, 6), window resets in 60 s.
    (await pacer.acquire()).done({ limit: 30, remaining: 5, resetSec: 60 });
    for (let i = 0; i < 5; i += 1) (await pacer.acquire()).done(null);
    const spread = time.elapsedMs();
    await pacer.acquire();
    // Five calls spread evenly, all within the window; the sixth waits for the reset.
    expect({
      spreadWithinWindow: spread < 60_000,
      spreadOverHalf: spread > 30_000,
      sixthAt: time.elapsedMs(),
    }).toEqual({
      spreadWithinWindow: true,
      spreadOverHalf: true,
      sixthAt: 60_000,
    });
  });

  it('after a 429 sends nothing until Retry-After has passed', async () => {
    const time = fakeTime();
    const pacer = new Pacer({ ...time, resetMarginMs: 0 });
    (await pacer.acquire()).done({ limit: 30, remaining: 0, resetSec: 9 }, { status: 429, retryAfterSec: 9 });
    await pacer.acquire();
    expect(time.elapsedMs()).toBe(9000);
  });

  it("takes a 429's Retry-After over the window it knew, then probes one call", async () => {
    const time = fakeTime();
    const pacer = new Pacer({ ...time, resetMarginMs: 0 });
    (await pacer.acquire()).done({ limit: 120, remaining: 100, resetSec: 50 });
    // A gateway's 429 (no rate-limit headers) asks for 2 s, not for the 50 s left of the window.
    (await pacer.acquire()).done(null, { status: 429, retryAfterSec: 2 });
    await pacer.acquire();
    expect(time.elapsedMs()).toBe(2000);
    expect(pacer.snapshot()).toMatchObject({ remaining: null, inFlight: 1 });
  });

  it('counts calls in flight against the budget', async () => {
    const time = fakeTime();
    const pacer = new Pacer({ ...time, resetMarginMs: 0, spreadBelowFraction: 0 });
    (await pacer.acquire()).done({ limit: 10, remaining: 3, resetSec: 30 });
    const inFlight = [await pacer.acquire(), await pacer.acquire(), await pacer.acquire()];
    expect(pacer.snapshot()).toMatchObject({ remaining: 0, inFlight: 3 });
    const fourth = pacer.acquire();
    for (const ticket of inFlight) ticket.done({ limit: 10, remaining: 0, resetSec: 30 });
    await fourth;
    expect(time.elapsedMs()).toBe(30_000);
  });

  it('stops waiting when cancelled', async () => {
    const pacer = new Pacer({ clock: { now: () => Date.now() }, sleep: () => new Promise(() => {}) });
    await pacer.acquire(); // the probe, never answered
    const controller = new AbortController();
    const waiting = pacer.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
  });
});

describe("Pacer's spare gate for background work", () => {
  it('says no while the window is unknown: before any answer, and once it rolled over', async () => {
    const time = fakeTime();
    const pacer = new Pacer(time);
    expect(pacer.tryAcquireSpare()).toBeNull();
    (await pacer.acquire()).done({ limit: 120, remaining: 119, resetSec: 60 });
    expect(pacer.tryAcquireSpare()).not.toBeNull();
    await time.sleep(60_000);
    expect(pacer.tryAcquireSpare()).toBeNull();
    expect(time.sleeps).toEqual([60_000]);
  });

  it('lets calls through while more than half the limit is left, counting them, then keeps the half', async () => {
    const time = fakeTime();
    const pacer = new Pacer(time);
    (await pacer.acquire()).done({ limit: 120, remaining: 62, resetSec: 60 });
    const spare = [pacer.tryAcquireSpare(), pacer.tryAcquireSpare()];
    expect(spare.every((ticket) => ticket !== null)).toBe(true);
    expect(pacer.snapshot()).toMatchObject({ remaining: 60, inFlight: 2 });
    expect(pacer.tryAcquireSpare()).toBeNull();
    for (const ticket of spare) ticket?.done({ limit: 120, remaining: 60, resetSec: 59 });
    // Another keep: a quarter kept lets more through.
    expect(pacer.tryAcquireSpare(0.25)).not.toBeNull();
    // The clerk's calls go at once on the half kept for them: nothing waited.
    for (let i = 0; i < 20; i += 1)
      (await pacer.acquire()).done({ limit: 120, remaining: 58 - i, resetSec: 50 });
    expect(time.sleeps).toEqual([]);
  });

  it('learns what another program spent from an answer and stops there', async () => {
    const pacer = new Pacer(fakeTime());
    (await pacer.acquire()).done({ limit: 120, remaining: 100, resetSec: 40 });
    pacer.tryAcquireSpare()?.done({ limit: 120, remaining: 60, resetSec: 40 });
    expect(pacer.tryAcquireSpare()).toBeNull();
  });

  it('says no while a call of the clerk waits its turn, and after a 429', async () => {
    const pacer = new Pacer(fakeTime());
    (await pacer.acquire()).done({ limit: 120, remaining: 110, resetSec: 40 });
    const clerk = pacer.acquire();
    expect(pacer.tryAcquireSpare()).toBeNull();
    (await clerk).done({ limit: 120, remaining: 109, resetSec: 40 });
    const spare = pacer.tryAcquireSpare();
    expect(spare).not.toBeNull();
    spare?.done({ limit: 120, remaining: 0, resetSec: 40 }, { status: 429, retryAfterSec: 40 });
    expect(pacer.tryAcquireSpare()).toBeNull();
  });

  it('never keeps less than the spread: the last part of a window is paced for the clerk alone', async () => {
    const pacer = new Pacer({ ...fakeTime(), spreadBelowFraction: 0.6 });
    (await pacer.acquire()).done({ limit: 100, remaining: 64, resetSec: 40 });
    // Four above the spread's 60, though half the limit (50) would allow fourteen.
    const spare = Array.from({ length: 14 }, () => pacer.tryAcquireSpare(0.5));
    expect(spare.filter((ticket) => ticket !== null)).toHaveLength(4);
  });
});

describe('pacing against the sandbox', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
  });
  afterAll(async () => {
    await sandbox?.dispose();
  });

  it('runs a 100-request job on a 30-per-minute client with at most the first 429', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Slow lane',
      system: 'OTHER',
      scopes: ['invoices:read'],
      rate_limit_per_minute: 30,
    });
    // Time passes by moving the sandbox's clock (and ours with it), not by waiting real minutes.
    let offsetMs = 0;
    const clock = { now: () => Date.now() + offsetMs };
    const sleep = async (ms: number): Promise<void> => {
      if (ms <= 0) return;
      offsetMs += ms;
      await sandbox.admin('POST', '/clock', { advance_seconds: ms / 1000 });
    };
    // Another program (a client with its own pacer) spent this minute's budget already, so the
    // job's first call is refused: the one 429 a run may meet.
    const other = new ApiClient({ baseUrl: sandbox.baseUrl, token, clock, sleep });
    for (let i = 0; i < 30; i += 1) await other.me();
    await other.close();

    const events: AttemptEvent[] = [];
    const client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      token,
      clock,
      sleep,
      onAttempt: (event) => events.push(event),
    });
    const startedMs = clock.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 100) {
        next += 1;
        await client.me();
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    await client.close();

    const refused = events.filter((event) => event.status === 429);
    const succeeded = events.filter((event) => event.status === 200);
    // At most one 429, and only as the first answer of the run (none if the minute rolled over meanwhile).
    expect({
      refused: refused.length <= 1,
      firstOnly: refused.every((event) => event === events[0]),
      succeeded: succeeded.length,
    }).toEqual({
      refused: true,
      firstOnly: true,
      succeeded: 100,
    });
    // 100 calls at 30 a minute after a spent minute need at least three resets, and not many more.
    const minutes = (clock.now() - startedMs) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThan(5);
  });
  it('gives way at once when background work meets a 429 another program caused, not waiting Retry-After', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Shared lane',
      system: 'OTHER',
      scopes: ['invoices:read'],
      rate_limit_per_minute: 10,
    });
    const sleeps: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      sleeps.push(ms);
    };
    const client = new ApiClient({ baseUrl: sandbox.baseUrl, token, sleep });
    /** Another program on the same client, unpaced: answers what the window has left. */
    const otherCall = async (): Promise<number> => {
      const response = await fetch(`${sandbox.baseUrl}/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.text();
      return Number(response.headers.get('x-ratelimit-remaining'));
    };
    try {
      await client.me();
      // Not within seconds of a new window (whole minutes of the sandbox clock): move on to the next one.
      const leftMs = (client.pacer.snapshot().resetAtMs ?? 0) - Date.now();
      if (leftMs < 10_000) {
        await sandbox.admin('POST', '/clock', { advance_seconds: Math.ceil(leftMs / 1000) + 1 });
        await client.me();
      }
      // The desk believes the window plentiful; another program spends it meanwhile.
      while ((await otherCall()) > 0);
      await expect(client.me({ isBackground: true })).rejects.toBeInstanceOf(BudgetNotSpareError);
      expect(sleeps).toEqual([]);
      // The 429 is recorded: the clerk's next call waits for the reset, background work is refused.
      expect(client.pacer.snapshot().remaining).toBe(0);
      await expect(client.me({ isBackground: true })).rejects.toBeInstanceOf(BudgetNotSpareError);
    } finally {
      await client.close();
    }
  });
});
