/**
 * The renderer's scheduler: the one owner of everything that runs by itself — the sync engine, the
 * poll timer, the retry of queued acks, the grid-reload throttle and the name fill's guards.
 *
 * Created with the store (./store.ts) and reset with it, so no timer or engine outlives a reset and
 * no module-level mutable state exists elsewhere in the renderer.
 */
import { SyncEngine, type SyncEngineOptions } from '../sync/feed-sync';

/** Timers and long-lived workers of one store. */
export class Scheduler {
  #engine: SyncEngine | null = null;
  #pollTimer: ReturnType<typeof setTimeout> | null = null;
  #pollGeneration = 0;
  #ackRetry: ReturnType<typeof setTimeout> | null = null;
  readonly #running = new Map<string, Promise<unknown>>();
  /** When the grids were last told to reload during a sync (ms since the epoch). */
  lastTouchMs = 0;
  /** A name fill is running: a second one would ask for the same names. */
  isFillingNames = false;
  /** The client may not look names up (no customers scope): do not ask again until a reset. */
  areNamesRefused = false;
  /**
   * Records the service refused to name for a missing scope, as `connectionId:entity`: not asked again
   * until a reset (sync/record-names.ts).
   */
  readonly refusedNameEntities = new Set<string>();

  /** The sync engine, made on first use with the store's callbacks. */
  engine(options: () => SyncEngineOptions): SyncEngine {
    this.#engine ??= new SyncEngine(options());
    return this.#engine;
  }

  /** Runs `tick` now and every `intervalMs` after each run ends, until stopped or another poll starts. */
  startPolling(intervalMs: number, tick: () => Promise<unknown>): void {
    this.stopPolling();
    const generation = this.#pollGeneration;
    const run = async (): Promise<void> => {
      await tick();
      if (generation === this.#pollGeneration && intervalMs > 0)
        this.#pollTimer = setTimeout(() => void run(), intervalMs);
    };
    this.#pollTimer = setTimeout(() => void run(), 0);
  }

  stopPolling(): void {
    this.#pollGeneration += 1;
    if (this.#pollTimer !== null) clearTimeout(this.#pollTimer);
    this.#pollTimer = null;
  }

  /** Runs `send` once after `delayMs`, unless a retry is already waiting. */
  retryAcksLater(delayMs: number, send: () => void): void {
    if (this.#ackRetry !== null) return;
    this.#ackRetry = setTimeout(() => {
      this.#ackRetry = null;
      send();
    }, delayMs);
  }

  /**
   * Runs one `work` per key at a time (an ack pass per connection, a check of answers made elsewhere
   * per feed): a second call with the same key while one runs joins it.
   */
  join<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running as Promise<T>;
    const pass = work().finally(() => this.#running.delete(key));
    this.#running.set(key, pass);
    return pass;
  }

  /** Whether work of this key runs now (see `join`). */
  isRunning(key: string): boolean {
    return this.#running.has(key);
  }

  /** Stops every timer, cancels a running sync and forgets the engine and the guards. */
  reset(): void {
    this.stopPolling();
    if (this.#ackRetry !== null) clearTimeout(this.#ackRetry);
    this.#ackRetry = null;
    this.#engine?.cancel();
    this.#engine = null;
    this.#running.clear();
    this.lastTouchMs = 0;
    this.isFillingNames = false;
    this.areNamesRefused = false;
    this.refusedNameEntities.clear();
  }
}
