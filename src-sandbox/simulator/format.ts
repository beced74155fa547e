/**
 * Money and quantities as the documents carry them (spec, Resources and their fields, conventions:
 * decimal strings, amounts with 2 decimals, quantities with 3). The simulator computes in integers
 * (cents, thousandths) so that lines, taxes and totals add up exactly.
 */

function fixed(units: number, scale: number, digits: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const whole = Math.floor(abs / scale);
  const fraction = String(abs % scale).padStart(digits, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Cents as an amount string: 27360 → "273.60", -350 → "-3.50". */
export function formatAmount(cents: number): string {
  return fixed(Math.round(cents), 100, 2);
}

/** Thousandths as a quantity string: 2500 → "2.500". */
export function formatQuantity(milli: number): string {
  return fixed(Math.round(milli), 1000, 3);
}

/** Basis points as a rate string: 1400 → "14.00". */
export function formatRate(basisPoints: number): string {
  return fixed(Math.round(basisPoints), 100, 2);
}

/** An amount string back to cents: "273.60" → 27360. */
export function parseAmount(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

/** A quantity string back to thousandths: "2.500" → 2500. */
export function parseQuantity(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
}

/** `n` padded to `width` digits: pad(77, 6) → "000077". */
export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** The `YYYY-MM-DD` date of an epoch time (UTC). */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The ISO 8601 time of an epoch time (UTC, milliseconds, `Z`). */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
