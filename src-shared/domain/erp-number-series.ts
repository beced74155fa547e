/**
 * ERP number series (issue 29, docs/decisions/109-erp-number-series.md): a clerk who books a batch in
 * the ERP gets consecutive numbers (SI-1043, SI-1044, …) and gives them to the rows of the Accept dialog
 * in the order shown, from the first one. The counter is the number's last run of digits; what stands
 * before it (`SI-`, `INV/2026/`) and after it stays as typed, and so does its zero padding (`SI-00998`
 * goes on `SI-00999`, `SI-01000`) and its digits (Arabic-Indic digits count on in Arabic-Indic).
 *
 * And when two acks give the same ERP number: numbers compare trimmed and case-folded, as the
 * store's ERP-number filter and the reconciliation compare them.
 */

/** The digit sets a counter may be written in: ASCII, Arabic-Indic, Persian (Extended Arabic-Indic). */
const digitZeros = [0x30, 0x0660, 0x06f0] as const;

/** A series' first number, taken apart. */
export interface SeriesStart {
  /** What stands before the counter, as typed. */
  prefix: string;
  /** The counter's value. */
  value: bigint;
  /** How many digits the counter was typed with (its zero padding). */
  width: number;
  /** The code point of the counter's zero (its digit set). */
  zero: number;
  /** What follows the counter, as typed. */
  suffix: string;
}

/** The value of a digit and its set's zero, or null when the character is not a digit of these sets. */
function digitOf(char: string): { value: number; zero: number } | null {
  const code = char.codePointAt(0)!;
  for (const zero of digitZeros) if (code >= zero && code <= zero + 9) return { value: code - zero, zero };
  return null;
}

/**
 * The first number of a series taken apart, or null when it has no digits to count on. The counter
 * is the last run of digits of one set (`INV-2026-000123`: `000123`).
 */
export function parseSeriesStart(text: string): SeriesStart | null {
  const trimmed = text.trim();
  const chars = [...trimmed];
  let end = chars.length;
  while (end > 0 && digitOf(chars[end - 1]!) === null) end -= 1;
  if (end === 0) return null;
  const zero = digitOf(chars[end - 1]!)!.zero;
  let start = end;
  while (start > 0 && digitOf(chars[start - 1]!)?.zero === zero) start -= 1;
  let value = 0n;
  for (const char of chars.slice(start, end)) value = value * 10n + BigInt(digitOf(char)!.value);
  return {
    prefix: chars.slice(0, start).join(''),
    value,
    width: end - start,
    zero,
    suffix: chars.slice(end).join(''),
  };
}

/** The series' number `offset` places after its first (0: the first itself). */
export function seriesNumber(start: SeriesStart, offset: number): string {
  const digits = (start.value + BigInt(offset))
    .toString()
    .padStart(start.width, '0')
    .replace(/[0-9]/g, (digit) => String.fromCodePoint(start.zero + Number(digit)));
  return `${start.prefix}${digits}${start.suffix}`;
}

/** `count` numbers of the series, from its first. */
export function seriesNumbers(start: SeriesStart, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => seriesNumber(start, offset));
}

/** An ERP number as acks are compared: trimmed and case-folded ('' for none). */
export function erpNumberKey(number: string): string {
  return number.trim().toLowerCase();
}

/**
 * The ids of the acks that give an ERP number another ack of the list gives too (blank numbers
 * aside): each of them is refused, so that the clerk sees both.
 */
export function repeatedErpNumbers(acks: ReadonlyArray<{ id: string; externalNumber: string }>): Set<string> {
  const byNumber = new Map<string, string[]>();
  for (const { id, externalNumber } of acks) {
    const key = erpNumberKey(externalNumber);
    if (key === '') continue;
    byNumber.set(key, [...(byNumber.get(key) ?? []), id]);
  }
  return new Set([...byNumber.values()].filter((ids) => ids.length > 1).flat());
}
