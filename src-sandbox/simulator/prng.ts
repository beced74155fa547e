/**
 * A small seeded pseudo-random generator (mulberry32), so the demo company and the activity
 * simulator make the same data from the same `--seed` (sandbox contract: "`--seed` makes the data
 * reproducible"). Not for secrets: tokens and admin secrets use node:crypto.
 */

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A seeded generator of numbers, choices and ids. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `length` characters of base62. */
  token(length: number): string;
  /** A service id such as `inv_7Qk2…` (16 base62 characters, about 95 bits). */
  id(prefix: string): string;
}

/** Hashes text and numbers to a 32-bit seed (FNV-1a), e.g. `seedOf(seed, companyCode, version)`. */
export function seedOf(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}\u0000`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return hash >>> 0;
}

/** A mulberry32 generator started from a 32-bit seed. */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const token = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += base62[Math.floor(next() * 62)];
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    token,
    id: (prefix) => `${prefix}_${token(16)}`,
  };
}
