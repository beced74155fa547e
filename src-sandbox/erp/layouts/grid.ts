/**
 * A register as an ERP lays it out: rows above the header (titles, filters), the header, and the rows
 * under it (bookings, their item rows, group and total rows, footers), each cell typed so that every
 * file format writes it its own way. docs/decisions/104-erp-register-layouts.md.
 */

/**
 * One cell: text, money (whole cents), a plain number (a quantity), a whole number, a day
 * (`YYYY-MM-DD`), or a time (ISO 8601, written in UTC); null is an empty cell.
 */
export type GridCell =
  | { t: 'text'; v: string }
  | { t: 'money'; cents: number }
  | { t: 'number'; v: number }
  | { t: 'int'; v: number }
  | { t: 'date'; day: string }
  | { t: 'datetime'; iso: string }
  | null;

/** One row; `group` and `total` rows are bold in a sheet, and `total` money may carry a currency sign. */
export interface GridRow {
  cells: GridCell[];
  style?: 'group' | 'total';
}

/** One sheet of a layout. */
export interface Grid {
  /** The sheet's name in a workbook (at most 31 characters). */
  sheet: string;
  above: GridRow[];
  header: string[];
  /** Everything under the header, in order; a key's `line` counts these rows from 1. */
  rows: GridRow[];
}

/** A text cell. */
export function text(v: string): GridCell {
  return { t: 'text', v };
}

/** A money cell of whole cents. */
export function money(cents: number): GridCell {
  return { t: 'money', cents };
}

/** A plain number cell (a quantity). */
export function num(v: number): GridCell {
  return { t: 'number', v };
}

/** A whole-number cell. */
export function int(v: number): GridCell {
  return { t: 'int', v };
}

/** A day cell. */
export function day(isoDay: string): GridCell {
  return { t: 'date', day: isoDay };
}

/** A time cell. */
export function datetime(iso: string): GridCell {
  return { t: 'datetime', iso };
}

/** A row of cells. */
export function row(cells: GridCell[], style?: GridRow['style']): GridRow {
  return style === undefined ? { cells } : { cells, style };
}

/** The year, month and day of a `YYYY-MM-DD` day (or the start of an ISO time). */
export function ymd(isoDay: string): { y: number; m: number; d: number } {
  return { y: Number(isoDay.slice(0, 4)), m: Number(isoDay.slice(5, 7)), d: Number(isoDay.slice(8, 10)) };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `1/14/2026`: month first, no leading zeros (United States). */
export function mdy(isoDay: string): string {
  const { y, m, d } = ymd(isoDay);
  return `${m}/${d}/${y}`;
}

/** `14/1/2026`: day first, no leading zeros. */
export function dmy(isoDay: string): string {
  const { y, m, d } = ymd(isoDay);
  return `${d}/${m}/${y}`;
}

/** `14/01/2026`: day first, two-digit day and month. */
export function ddmmyyyy(isoDay: string): string {
  const { y, m, d } = ymd(isoDay);
  return `${pad2(d)}/${pad2(m)}/${y}`;
}

/** `2026-01-14 11:12:24` from an ISO time (UTC). */
export function isoSeconds(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The digits of cents with 2 decimals and a decimal mark, grouped by thousands when `group` is given. */
function decimal(cents: number, point: string, group: string): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${units}${point}${String(abs % 100).padStart(2, '0')}`;
}

/** `1045.50`, `-0.05`. */
export function plainMoney(cents: number): string {
  return decimal(cents, '.', '');
}

/** `1,045.50`. */
export function groupedMoney(cents: number): string {
  return decimal(cents, '.', ',');
}

/** `1045,50`: a decimal comma. */
export function commaMoney(cents: number): string {
  return decimal(cents, ',', '');
}

/**
 * A number as Python's `repr` of a float writes it (how Odoo's and Frappe's CSV writers write a
 * float): the shortest text that reads back the same, with `.0` on whole numbers: `1045.5`, `15.0`.
 */
export function pythonFloat(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const textValue = String(value);
  return /^-?\d+$/.test(textValue) ? `${textValue}.0` : textValue;
}

/** Cents as Python's `repr` of the float an ERP holds (`104550` → `1045.5`). */
export function pythonMoney(cents: number): string {
  return pythonFloat(Math.round(cents) / 100);
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The English name of a month (1-12). */
export function monthName(month: number): string {
  return monthNames[month - 1] ?? '';
}
