/**
 * Reading one cell of an export as the value a push body needs: keys, numbers, whole numbers,
 * yes/no, dates and times, as ERP exports write them (thousands separators, decimal commas,
 * Arabic-Indic digits, day-first dates).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push semantics (keys: 1 to 64 characters, no
 * `/`), Resources and their fields (dates `YYYY-MM-DD`, timestamps ISO 8601).
 */

/**
 * Why a cell's text cannot be read as its field's type, with the text as written: not a number, not a
 * whole number, not yes or no, not a date, not a day of the calendar, not a date and time, not a time
 * of day. The renderer words it in the clerk's language.
 */
export type CellProblem = {
  code:
    | 'not-a-number'
    | 'not-whole'
    | 'not-yes-no'
    | 'not-a-date'
    | 'not-a-day'
    | 'not-a-timestamp'
    | 'not-a-time';
  text: string;
};

/** A cell read, or why it could not be. */
export type CellValue<T> = { ok: true; value: T } | { ok: false; problem: CellProblem };

/** Why a key is not one the service takes: empty, too long (its length and the most), or holding `/`. */
export type KeyProblem =
  { code: 'empty' } | { code: 'too-long'; length: number; most: number } | { code: 'slash' };

/** How a date like 03/04/2025 is read: day first (most ERP locales of the region) or month first. */
export type DateOrder = 'dmy' | 'mdy';

/** Spec, Push semantics and Limits: a record key has 1 to 64 characters and no `/`. */
export const maxKeyLength = 64;

function ok<T>(value: T): CellValue<T> {
  return { ok: true, value };
}
function problem<T>(code: CellProblem['code'], text: string): CellValue<T> {
  return { ok: false, problem: { code, text } };
}

/** Arabic-Indic and Persian digits as ASCII, the Arabic decimal and thousands signs as `.` and `,`. */
export function normaliseDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/**
 * Why a key is not one the service takes, or null when it is.
 *
 * Spec, Push semantics: "Record keys (`{ref}`, `{branch_ref}`, batch `ref`) are 1 to 64 characters
 * and contain no `/`. A malformed key is `422 INVALID_REQUEST`."
 */
export function keyProblem(key: string): KeyProblem | null {
  if (key.length === 0) return { code: 'empty' };
  if (key.length > maxKeyLength) return { code: 'too-long', length: key.length, most: maxKeyLength };
  if (key.includes('/')) return { code: 'slash' };
  return null;
}

/**
 * A number as exports write it: `1234.5`, `1,234.50`, `1.234,50`, `12,5`, `(100.00)` for -100,
 * Arabic-Indic digits; spaces inside are ignored.
 *
 * With both `,` and `.` the last one is the decimal sign; with `,` alone it is a thousands sign only
 * when every group after it has three digits (`1,234`), else the decimal sign (`12,5`).
 */
export function parseNumber(raw: string): CellValue<number> {
  let text = normaliseDigits(raw).replace(/[\s\u00a0\u202f']/g, '');
  let sign = 1;
  const accounting = /^\((.*)\)$/.exec(text);
  if (accounting) {
    text = accounting[1] ?? '';
    sign = -1;
  }
  if (text.endsWith('-') && !text.startsWith('-')) text = `-${text.slice(0, -1)}`;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    text = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma >= 0) {
    text = /^[+-]?\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return problem('not-a-number', raw);
  const value = sign * Number(text);
  return Number.isFinite(value) ? ok(Object.is(value, -0) ? 0 : value) : problem('not-a-number', raw);
}

/** A whole number (`30`, `30.0`). */
export function parseInteger(raw: string): CellValue<number> {
  const read = parseNumber(raw);
  if (!read.ok) return read;
  return Number.isInteger(read.value) ? read : problem('not-whole', raw);
}

// words: not shown (yes and no as exports write them, read from cells)
const truthy = new Set(['true', 'yes', 'y', '1', 't', 'x', 'on', 'active', 'blocked', 'نعم', 'صح']);
// words: not shown
const falsy = new Set(['false', 'no', 'n', '0', 'f', 'off', 'inactive', 'لا', 'خطأ']);

/** Yes or no: true/false, yes/no, y/n, 1/0, x, نعم/لا. */
export function parseBoolean(raw: string): CellValue<boolean> {
  const text = normaliseDigits(raw).trim().toLowerCase();
  if (truthy.has(text)) return ok(true);
  if (falsy.has(text)) return ok(false);
  return problem('not-yes-no', raw);
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * A calendar day as `YYYY-MM-DD` (spec, conventions): `2025-03-31`, `2025/3/31`, `31/03/2025`,
 * `31.03.2025`, `31-03-2025` (day first unless `order` is `mdy`). A day that does not exist
 * (31 April) is refused.
 */
export function parseDate(raw: string, order: DateOrder = 'dmy'): CellValue<string> {
  const text = normaliseDigits(raw).trim();
  let parts: [number, number, number] | null = null;
  const isoLike = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const localLike = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (isoLike) parts = [Number(isoLike[1]), Number(isoLike[2]), Number(isoLike[3])];
  else if (localLike) {
    const first = Number(localLike[1]);
    const second = Number(localLike[2]);
    parts = order === 'dmy' ? [Number(localLike[3]), second, first] : [Number(localLike[3]), first, second];
  }
  if (!parts) return problem('not-a-date', raw);
  const [year, month, day] = parts;
  if (!isRealDay(year, month, day)) return problem('not-a-day', raw);
  return ok(`${pad(year, 4)}-${pad(month)}-${pad(day)}`);
}

/** An offset in minutes east of UTC as `+03:00`. */
function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * A moment as an ISO 8601 time (spec, conventions): a full ISO time with its zone is kept; a date
 * and time without a zone is read at `offsetMinutes` (the clerk's computer); a date alone is the
 * end of that day there, because an ERP balance "as of 31 March" includes that day's documents.
 */
export function parseTimestamp(
  raw: string,
  options: { offsetMinutes: number; order?: DateOrder },
): CellValue<string> {
  const text = normaliseDigits(raw).trim();
  const zoned = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.exec(
    text,
  );
  if (zoned) {
    const date = parseDate(zoned[1] ?? '');
    if (!date.ok) return date;
    return ok(
      `${date.value}T${zoned[2]}:${zoned[3]}:${zoned[4] ?? '00'}${zoned[5] ?? ''}${(zoned[6] ?? 'Z').toUpperCase()}`,
    );
  }
  const local = /^(.+?)[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const datePart = local ? (local[1] ?? '') : text;
  const date = parseDate(datePart, options.order);
  if (!date.ok) return problem('not-a-timestamp', raw);
  const [hours, minutes, seconds] = local
    ? [Number(local[2]), Number(local[3]), Number(local[4] ?? '0')]
    : [23, 59, 59];
  if (hours > 23 || minutes > 59 || seconds > 59) return problem('not-a-time', raw);
  return ok(
    `${date.value}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}${offsetText(options.offsetMinutes)}`,
  );
}
