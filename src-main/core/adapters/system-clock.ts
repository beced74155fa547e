import type { Clock } from '../ports';

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() };
