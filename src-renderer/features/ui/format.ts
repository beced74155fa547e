// How numbers, money and times read on screen: one place, so every grid and panel agrees.
import { amountToCents } from '../../../src-shared/domain/feeds';

const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en');

/** Whole cents as money with thousands separators (`123450` → `1,234.50`). */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}

/** A money decimal string from the service, formatted (spec conventions: 2 decimals). */
export function formatAmount(amount: string): string {
  return formatCents(amountToCents(amount));
}

/** A count with thousands separators. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** An ISO time as local date and time to the minute (`2025-03-01 09:30`). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Totals per currency of rows with `amountCents` and `currency`, e.g. `1,234.50 EGP · 10.00 USD`. */
export function formatTotals(rows: ReadonlyArray<{ amountCents: number; currency: string }>): string {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.amountCents);
  return [...sums.entries()].map(([currency, cents]) => `${formatCents(cents)} ${currency}`).join(' · ');
}
