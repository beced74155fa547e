import type { Database } from 'better-sqlite3';

/**
 * The sandbox clock: real time plus an offset that `POST /_sandbox/clock` moves forward. Token expiry,
 * idempotency-key retention, rate windows and timestamps all read it. The offset is stored, so a
 * restart keeps the sandbox's notion of "now".
 */
export interface SandboxClock {
  nowMs(): number;
  nowIso(): string;
  advance(seconds: number): string;
}

/** Opens the clock whose offset is kept in the store's `meta` table. */
export function openClock(db: Database): SandboxClock {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'clock_offset_ms'").get() as
    { value: string } | undefined;
  let offsetMs = row ? Number(row.value) : 0;
  const save = db.prepare(
    "INSERT INTO meta(key, value) VALUES ('clock_offset_ms', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  const clock: SandboxClock = {
    nowMs: () => Date.now() + offsetMs,
    nowIso: () => new Date(clock.nowMs()).toISOString(),
    advance(seconds) {
      offsetMs += Math.round(seconds * 1000);
      save.run(String(offsetMs));
      return clock.nowIso();
    },
  };
  return clock;
}
