import type { Database } from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import type { SandboxClock } from '../clock';
import type { SandboxContext } from '../context';
import { logFailure } from '../log';
import { liveTickCount, runLiveTick } from './tick';

/** At most 100 field events a second: each is a transaction with a world read, a few milliseconds. */
export const maxRatePerMinute = 6000;
/** At most an hour of sandbox time per real second (a year in under two and a half hours). */
export const maxClockSpeed = 3600;
/** The rate of `--live` given without a number: one field event every ten seconds. */
export const defaultRatePerMinute = 6;

/** Timers never fire more often than this; faster rates run several ticks per firing. */
const minTimerMs = 50;
/** While the clock runs fast it is moved forward at least this often. */
const clockStepMs = 1000;
/**
 * A firing runs at most this many ticks, for at most this long; what is due beyond (the process was
 * busy, or ticks cost more than the rate allows: each reads the company's world, which grows with its
 * documents) is dropped, not caught up, so live mode never holds the server's answers for long.
 */
const maxTicksPerFiring = 50;
const firingBudgetMs = 100;

/** What live mode runs at. */
export interface LiveSettings {
  /** Field events per real minute. */
  ratePerMinute: number;
  /** How many times faster than real time the sandbox clock runs while live (1: real time). */
  clockSpeed: number;
}

/** The answer of `GET/POST/DELETE /_sandbox/live` (sandbox contract, Additions), plus `ticks` and `last_error`. */
export interface LiveStatus {
  running: boolean;
  rate_per_minute: number;
  clock_speed: number;
  /** Live ticks the demo company has run, ever (kept in the store). */
  ticks: number;
  /** Why the latest tick failed, or null when it did not. */
  last_error: string | null;
}

/**
 * Live mode (docs/decisions/028-live-mode.md): keeps the demo company's reps working at
 * `ratePerMinute` field events per real minute, each a tick of `runLiveTick` in its own transaction,
 * and, with `clockSpeed` > 1, moves the sandbox clock forward `clockSpeed - 1` seconds for every real
 * second while running. Tick k after a start or change is due k / rate minutes after it (the first at
 * once). One timer, unref'd, so it never keeps the process alive; `stop()` clears it.
 */
export class LiveMode {
  private settings: LiveSettings | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** When the current settings took effect (performance.now), and how many ticks were due since. */
  private anchorMs = 0;
  private ticksSinceAnchor = 0;
  /** Up to when (performance.now) the clock has been moved forward for its speed. */
  private clockSyncedMs = 0;
  private lastError: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: SandboxClock,
    private readonly secrets: readonly string[] = [],
    private readonly companyCode = 'DEMO',
  ) {}

  /** Starts live mode, or changes the rate and clock speed of a running one (a new schedule from now). */
  start(settings: LiveSettings): LiveStatus {
    const now = performance.now();
    this.syncClock(now);
    this.settings = { ...settings };
    this.anchorMs = now;
    this.ticksSinceAnchor = 0;
    this.clockSyncedMs = now;
    this.schedule(0);
    return this.status();
  }

  /** Stops live mode; the clock keeps how far it has run and goes on at real speed. */
  stop(): LiveStatus {
    this.syncClock(performance.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.settings = null;
    return this.status();
  }

  /** Whether live mode is running, at what rate and clock speed (0 and 1 when stopped). */
  status(): LiveStatus {
    return {
      running: this.settings !== null,
      rate_per_minute: this.settings?.ratePerMinute ?? 0,
      clock_speed: this.settings?.clockSpeed ?? 1,
      ticks: this.db.open ? liveTickCount(this.db, this.companyCode) : 0,
      last_error: this.lastError,
    };
  }

  /** The settings in force, or null when stopped. */
  current(): LiveSettings | null {
    return this.settings ? { ...this.settings } : null;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), delayMs);
    this.timer.unref();
  }

  /** Moves the sandbox clock forward for the real time passed since the last move, at the clock speed. */
  private syncClock(now: number): void {
    const speed = this.settings?.clockSpeed ?? 1;
    const elapsedMs = now - this.clockSyncedMs;
    this.clockSyncedMs = now;
    if (speed > 1 && elapsedMs > 0 && this.db.open) this.clock.advance(((speed - 1) * elapsedMs) / 1000);
  }

  private fire(): void {
    this.timer = null;
    const settings = this.settings;
    if (!settings || !this.db.open) return;
    const now = performance.now();
    this.syncClock(now);
    const intervalMs = 60_000 / settings.ratePerMinute;
    const due = Math.floor((now - this.anchorMs) / intervalMs) + 1 - this.ticksSinceAnchor;
    for (let i = 0; i < Math.min(due, maxTicksPerFiring); i++) {
      if (!this.db.open) return;
      if (i > 0 && performance.now() - now > firingBudgetMs) break;
      this.tick();
    }
    this.ticksSinceAnchor += Math.max(0, due);
    const nextDueMs = this.anchorMs + this.ticksSinceAnchor * intervalMs;
    let delayMs = nextDueMs - performance.now();
    if (settings.clockSpeed > 1) delayMs = Math.min(delayMs, clockStepMs);
    this.schedule(Math.max(minTimerMs, delayMs));
  }

  private tick(): void {
    try {
      runLiveTick(this.db, this.clock, this.companyCode);
      this.lastError = null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Logged once per distinct failure (a company without master data fails every tick alike).
      if (message !== this.lastError)
        logFailure('a live-mode tick failed; still running', error, this.secrets);
      this.lastError = message;
    }
  }
}

/** Each sandbox's live mode, found from any of its encapsulated instances through the shared context. */
const liveModes = new WeakMap<SandboxContext, LiveMode>();

/** The live mode of one sandbox (made, stopped, on first use). */
export function liveOf(context: SandboxContext): LiveMode {
  let live = liveModes.get(context);
  if (!live) {
    live = new LiveMode(context.db, context.clock, [context.adminSecret]);
    liveModes.set(context, live);
  }
  return live;
}
