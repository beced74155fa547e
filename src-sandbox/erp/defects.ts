import { createPrng, seedOf, type Prng } from '../simulator/prng';

/**
 * Which documents the ERP's register books wrongly, and how: a fixed rule on a hash of the document's
 * id, so a document keeps its fate across exports, restarts and later activity
 * (docs/decisions/027-erp-registers-and-samples.md).
 */

/** What a line of the key says about it (sandbox contract, Additions: `/_sandbox/erp/registers/key`). */
export const lineDefects = ['none', 'typo', 'rounding', 'amount', 'extra'] as const;
/** One line's defect. */
export type LineDefect = (typeof lineDefects)[number];

/** What happens to one service document in the register. */
export type DocumentFate = 'none' | 'typo' | 'rounding' | 'amount' | 'missing';

/** Buckets of 0..99 per fate, in this order; the rest (84) is `none`. */
const fateBuckets: ReadonlyArray<[DocumentFate, number]> = [
  ['typo', 4],
  ['rounding', 4],
  ['amount', 4],
  ['missing', 4],
];
/** Per hundred documents, how many are followed by a line only the register has. */
const extraPerHundred = 3;

/** The fate of a document: FNV-1a of `erp-register` and its id, modulo 100, cut into the buckets above. */
export function fateOf(documentId: string): DocumentFate {
  let bucket = seedOf('erp-register', documentId) % 100;
  for (const [fate, size] of fateBuckets) {
    if (bucket < size) return fate;
    bucket -= size;
  }
  return 'none';
}

/** Whether the register has a line of its own (no service document) right after this document's. */
export function hasExtraAfter(documentId: string): boolean {
  return seedOf('erp-extra', documentId) % 100 < extraPerHundred;
}

/** The seeded generator of a defect's details (which character, how much), one per document and purpose. */
export function detailRng(documentId: string, purpose: string): Prng {
  return createPrng(seedOf('erp-detail', purpose, documentId));
}

function shuffled<T>(rng: Prng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const a = items[i];
    const b = items[j];
    if (a === undefined || b === undefined) continue;
    items[i] = b;
    items[j] = a;
  }
  return items;
}

const isAlphanumeric = (char: string | undefined): boolean =>
  char !== undefined && /^[A-Za-z0-9]$/.test(char);

/**
 * `reference` as a clerk mistyped it: two neighbouring letters or digits swapped, or one digit
 * changed (each half the time, the other kind when the first has no candidate), never a number in
 * `taken` (another document's number, which would then match that document exactly). When nothing
 * fits, one character is dropped or, at worst, doubled.
 */
export function typoOf(reference: string, taken: ReadonlySet<string>, rng: Prng): string {
  const chars = [...reference];
  const swaps: string[] = [];
  const changes: string[] = [];
  chars.forEach((char, i) => {
    const next = chars[i + 1];
    if (isAlphanumeric(char) && isAlphanumeric(next) && char !== next) {
      const copy = chars.slice();
      copy[i] = next ?? char;
      copy[i + 1] = char;
      swaps.push(copy.join(''));
    }
    if (/^\d$/.test(char)) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === char) continue;
        const copy = chars.slice();
        copy[i] = String(digit);
        changes.push(copy.join(''));
      }
    }
  });
  const order = rng.chance(0.5) ? [swaps, changes] : [changes, swaps];
  for (const candidates of order) {
    const found = shuffled(rng, candidates).find((text) => text !== reference && !taken.has(text));
    if (found !== undefined) return found;
  }
  for (let i = 0; i < chars.length; i++) {
    const dropped = chars
      .slice(0, i)
      .concat(chars.slice(i + 1))
      .join('');
    if (dropped !== '' && dropped !== reference && !taken.has(dropped)) return dropped;
  }
  return `${reference}${chars.at(-1) ?? 'X'}`;
}

/** A rounding difference: 1 to 5 cents, up or down. */
export function roundingCents(rng: Prng): number {
  return rng.int(1, 5) * (rng.chance(0.5) ? 1 : -1);
}

/**
 * A number of the same shape as `like` that no document has: its last run of digits replaced by a
 * 9 followed by random digits (`INV-2026-000123` → `INV-2026-948213`), far from every real number
 * so that it does not read as a typo of one.
 */
export function unknownNumber(like: string, taken: ReadonlySet<string>, rng: Prng): string {
  const digits = /(\d+)(?!.*\d)/.exec(like);
  const width = Math.max(6, digits?.[1]?.length ?? 0);
  for (let attempt = 0; attempt < 50; attempt++) {
    let tail = '9';
    while (tail.length < width) tail += String(rng.int(0, 9));
    const candidate =
      digits?.index !== undefined
        ? `${like.slice(0, digits.index)}${tail}${like.slice(digits.index + (digits[1]?.length ?? 0))}`
        : `${like}-${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${like}-X${rng.token(4)}`;
}
