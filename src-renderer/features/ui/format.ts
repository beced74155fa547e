// How numbers, money and times read on screen: one place, so every grid and panel agrees. Each goes
// through the desk's locale's cached formatters (messages/formatters.ts): the clerk's digits and date order.
import { amountToCents } from '../../../src-shared/domain/feeds';
import { formatters } from '../../messages/intl';

/** Whole cents as money with thousands separators (`123450` → `1,234.50`). */
export function formatCents(cents: number): string {
  return formatters().cents(cents);
}

/** A money decimal string from the service, formatted (spec conventions: 2 decimals). */
export function formatAmount(amount: string): string {
  return formatCents(amountToCents(amount));
}

/** A count with thousands separators. */
export function formatCount(value: number): string {
  return formatters().count(value);
}

/** An ISO time as local date and time to the minute (`2025-03-01 09:30`, or day first as the clerk chose). */
export function formatTime(iso: string | null | undefined): string {
  return formatters().time(iso);
}

/** An ISO date (`2026-11-26`) in the clerk's date order. */
export function formatDate(isoDate: string | null | undefined): string {
  return formatters().date(isoDate);
}

/** Cents per currency as money, in the order given: `1,234.50 EGP · 10.00 USD`. */
export function formatCentsByCurrency(centsByCurrency: Readonly<Record<string, number>>): string {
  return Object.entries(centsByCurrency)
    .map(([currency, cents]) => `${formatCents(cents)} ${currency}`)
    .join(' · ');
}

/** Totals per currency of rows with `amountCents` and `currency`, e.g. `1,234.50 EGP · 10.00 USD`. */
export function formatTotals(rows: ReadonlyArray<{ amountCents: number; currency: string }>): string {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[row.currency] = (sums[row.currency] ?? 0) + row.amountCents;
  return formatCentsByCurrency(sums);
}
