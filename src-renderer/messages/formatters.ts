// Numbers, money and dates as the clerk reads them: one cached set of formatters per locale and
// setting, so a 100,000-row grid formats with the same few objects (Intl formatters are costly to make).
import type { DeskLocale } from './locale';

/** The formatters of one locale. */
export interface Formatters {
  /** Whole cents as money with thousands separators (`123450` → `1,234.50`). */
  cents(cents: number): string;
  /** A count with thousands separators. */
  count(value: number): string;
  /** A whole number as the clerk's digits, without separators (a year, a line number). */
  digits(value: number | string): string;
  /** An ISO time as local date and time to the minute (`2026-11-26 09:30` or `26/11/2026 09:30`). */
  time(iso: string | null | undefined): string;
  /** The same to the second (`2026-11-26 09:30:05`): the audit trail's calls. */
  timeToSecond(iso: string | null | undefined): string;
  /** An ISO date (`2026-11-26`) as the clerk's date order, or the text as it is when it is no date. */
  date(isoDate: string | null | undefined): string;
}

const arabicIndic = '٠١٢٣٤٥٦٧٨٩';
const cache = new Map<string, Formatters>();

/** The formatters of `locale`, made once. */
export function formattersFor(locale: DeskLocale): Formatters {
  const key = `${locale.tag}|${locale.dates}`;
  let formatters = cache.get(key);
  if (!formatters) {
    formatters = makeFormatters(locale);
    cache.set(key, formatters);
  }
  return formatters;
}

function makeFormatters(locale: DeskLocale): Formatters {
  const money = new Intl.NumberFormat(locale.tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(locale.tag);
  const toDigits =
    locale.digits === 'arab'
      ? (text: string): string => text.replace(/[0-9]/g, (digit) => arabicIndic[Number(digit)]!)
      : (text: string): string => text;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const dateOf = (year: number, month: number, day: number): string =>
    locale.dates === 'day-first' ? `${pad(day)}/${pad(month)}/${year}` : `${year}-${pad(month)}-${pad(day)}`;
  const localTime = (iso: string | null | undefined, withSeconds: boolean): string => {
    if (!iso) return '';
    const moment = new Date(iso);
    if (Number.isNaN(moment.getTime())) return iso;
    const date = dateOf(moment.getFullYear(), moment.getMonth() + 1, moment.getDate());
    const seconds = withSeconds ? `:${pad(moment.getSeconds())}` : '';
    return toDigits(`${date} ${pad(moment.getHours())}:${pad(moment.getMinutes())}${seconds}`);
  };
  return {
    cents: (cents) => money.format(cents / 100),
    count: (value) => count.format(value),
    digits: (value) => toDigits(String(value)),
    time: (iso) => localTime(iso, false),
    timeToSecond: (iso) => localTime(iso, true),
    date(isoDate) {
      if (!isoDate) return '';
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
      if (!match) return isoDate;
      return toDigits(dateOf(Number(match[1]), Number(match[2]), Number(match[3])));
    },
  };
}

const arabicIndicDigit = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A date the clerk typed, as an ISO date (`2026-11-26`), or null when it is none: year first
 * (`2026-11-26`) or day first (`26/11/2026`, `26-11-2026`, `26.11.2026`), in Western or Arabic-Indic
 * digits, whichever order the desk shows. Never month first: `11/26/2026` is no date (decision 106).
 */
export function readTypedDate(text: string): string | null {
  const western = text.trim().replace(arabicIndicDigit, (digit) => {
    const point = digit.codePointAt(0)!;
    // Arabic-Indic (U+0660…) and Eastern Arabic-Indic, Persian and Urdu (U+06F0…).
    return String(point >= 0x06f0 ? point - 0x06f0 : point - 0x0660);
  });
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(western);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(western);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (year === 0) return null;
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day)
    return null;
  return moment.toISOString().slice(0, 10);
}
