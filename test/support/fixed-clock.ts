import type { SandboxClock } from '../../src-sandbox/clock';

const fixedNow = Date.parse('2026-03-15T10:30:00Z');

/**
 * A sandbox clock stopped at one instant, so that seeding and the simulator give the same data on every
 * run (their output is compared byte for byte).
 */
export const fixedClock: SandboxClock = {
  nowMs: () => fixedNow,
  nowIso: () => new Date(fixedNow).toISOString(),
  advance: () => new Date(fixedNow).toISOString(),
};
