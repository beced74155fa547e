/**
 * Reading the cells of an ERP register as ERPs write them: amounts with currency symbols, `CR`/`DR`
 * and the formula guard `'`; currencies as codes, English and Arabic names and symbols; dates in any
 * order with numeric or named months, a time after them, or as spreadsheet serial numbers; and the
 * date order of a whole column, found from the column itself.
 *
 * Sources of the shapes: Odoo's and Frappe's CSV exports put `'` before a cell that starts with
 * `=`, `+`, `-` or `@` (Odoo `addons/web/controllers/export.py`, Frappe `frappe/utils/csvutils.py`);
 * QuickBooks Online and NetSuite write `M/D/YYYY`, Xero UK, Sage and Arabic Excel `D/M/YYYY`; ledgers
 * write `1,234.56 CR`; NetSuite names currencies (`Egyptian Pound`), Arabic exports write `ج.م`.
 */
import { unguardedCell } from '../master-data/csv';
import { normaliseDigits, parseDate, parseNumber } from '../master-data/values';
import { foldWords } from '../text/fold';

/** A cell read: a value, or why not (a code the register's row problem carries with the cell). */
export type CellRead<T, P> = { ok: true; value: T } | { ok: false; problem: P };

/** Why an amount cell is not one: not a number, more than two decimals, too large for exact cents. */
export type AmountProblem = 'not-a-number' | 'too-many-decimals' | 'too-large';

/** Why a date cell is not one: not a day of the calendar, not a date, not year first as chosen. */
export type RegisterDateProblem = 'not-a-day' | 'not-a-date' | 'not-year-first';

// ---------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------

/** Currency names and symbols as exports write them, folded (`foldWords`), to their ISO 4217 codes. */
// words: not shown (read from cells)
const currencyWords: ReadonlyArray<[string, readonly string[]]> = [
  [
    'EGP',
    [
      'egyptian pound',
      'egyptian pounds',
      'egypt pound',
      'e£',
      '£e',
      'le',
      'l e',
      'جنيه مصري',
      'الجنيه المصري',
      'جنيه',
      'ج م',
      'جم',
    ],
  ],
  [
    'USD',
    [
      'us dollar',
      'us dollars',
      'u s dollar',
      'united states dollar',
      'dollar',
      '$',
      'us$',
      'دولار امريكي',
      'دولار',
    ],
  ],
  ['EUR', ['euro', 'euros', '€', 'يورو']],
  ['GBP', ['pound sterling', 'british pound', 'sterling', '£', 'جنيه استرليني']],
  ['SAR', ['saudi riyal', 'saudi arabian riyal', 'ريال سعودي', 'ر س', 'رس']],
  ['AED', ['uae dirham', 'emirati dirham', 'united arab emirates dirham', 'درهم اماراتي', 'د ا', 'دا']],
  ['KWD', ['kuwaiti dinar', 'دينار كويتي', 'د ك', 'دك']],
  ['QAR', ['qatari riyal', 'qatari rial', 'ريال قطري', 'ر ق']],
  ['BHD', ['bahraini dinar', 'دينار بحريني', 'د ب']],
  ['OMR', ['omani rial', 'ريال عماني', 'ر ع']],
  ['JOD', ['jordanian dinar', 'دينار اردني']],
  ['MAD', ['moroccan dirham', 'درهم مغربي', 'د م']],
  ['TND', ['tunisian dinar', 'دينار تونسي', 'د ت']],
  ['DZD', ['algerian dinar', 'دينار جزائري', 'د ج']],
  ['IQD', ['iraqi dinar', 'دينار عراقي', 'د ع']],
  ['LBP', ['lebanese pound', 'ليره لبنانيه', 'ل ل']],
  ['LYD', ['libyan dinar', 'دينار ليبي', 'د ل']],
  ['SDG', ['sudanese pound', 'جنيه سوداني']],
];

/** Symbols as written, before folding (folding drops `$`, `£`, `€` as punctuation). */
const currencySymbols: ReadonlyArray<[string, string]> = [
  ['E£', 'EGP'],
  ['£E', 'EGP'],
  ['US$', 'USD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
];

const codeByWords = new Map<string, string>(
  currencyWords.flatMap(([code, words]) =>
    words.flatMap((word): Array<[string, string]> =>
      foldWords(word) === '' ? [] : [[foldWords(word), code]],
    ),
  ),
);

/**
 * The ISO 4217 code a currency cell names: a code (`egp` → `EGP`), an English or Arabic name
 * (`Egyptian Pound`, `جنيه مصري`), or a symbol (`ج.م.`, `E£`, `LE`, `$`). Null when it names none.
 */
export function currencyCode(raw: string): string | null {
  const text = raw.trim();
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
  for (const [symbol, code] of currencySymbols) if (text === symbol) return code;
  return codeByWords.get(foldWords(text)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/** An amount cell read: whole cents, and the currency its symbol named, if it had one. */
export interface AmountRead {
  cents: number;
  currency: string | null;
}

/** A currency written before or after an amount: a symbol, a code, or an Arabic abbreviation. */
const amountCurrency =
  /^(?<before>E£|£E|US\$|[$€£]|[A-Z]{3}\s|LE\s|L\.E\.?\s?|ج\.?\s?م\.?\s?)?(?<number>.*?)(?<after>\s?(?:E£|£E|[$€£]|[A-Z]{3}|LE|L\.E\.?|ج\.?\s?م\.?))?$/u;

/**
 * An amount cell as whole cents: `1,234.50`, `1.234,50`, `(100.00)` and `100.00-` for minus,
 * Arabic-Indic digits (../master-data/values.ts `parseNumber`); with a currency symbol, code or
 * Arabic abbreviation before or after (`$1,045.50`, `EGP 1,045.50`, `1,045.50 ج.م`); `CR` after it
 * for a credit (minus), `DR` for a debit; the formula guard `'` before a minus. More than two decimals
 * that are not zeros is refused rather than rounded: the service's amounts have two (spec, Resources).
 */
export function readAmount(raw: string): CellRead<AmountRead, AmountProblem> {
  // Most cells are plain numbers (`1045.5`, `-292.50`): read at once, digit by digit.
  const plain = plainAmount.exec(raw);
  if (plain) return plainCents(plain[1] === '-', plain[2] ?? '', plain[3] ?? '');
  let text = normaliseDigits(unguardedCell(raw.trim()));
  let sign = 1;
  const side = /^(.*?)\s*\b(CR|Cr|cr|DR|Dr|dr)\.?$/.exec(text);
  if (side) {
    text = side[1] ?? '';
    if ((side[2] ?? '').toUpperCase() === 'CR') sign = -1;
  }
  let currency: string | null = null;
  const signMatch = /^([-+]?)\s*(.*)$/.exec(text.trim());
  const leadingSign = signMatch?.[1] ?? '';
  const match = amountCurrency.exec((signMatch?.[2] ?? '').trim());
  if (match?.groups) {
    const symbol = (match.groups['before'] ?? match.groups['after'] ?? '').trim();
    if (symbol !== '') {
      currency = currencyCode(symbol);
      if (currency === null) return { ok: false, problem: 'not-a-number' };
      text = `${leadingSign}${(match.groups['number'] ?? '').trim()}`;
    }
  }
  const read = parseNumber(text);
  if (!read.ok) return { ok: false, problem: 'not-a-number' };
  return centsOf(sign * read.value, currency);
}

/** A plain number as most exports write amounts: a minus, digits, a decimal point and decimals. */
const plainAmount = /^(-?)(\d{1,13})(?:\.(\d{1,6}))?$/;

/**
 * A plain amount as whole cents, from its digits rather than through a float, so that no amount of
 * up to 13 digits is refused for the float's last bit (`632263110426.05`). More than two decimals
 * that are not zeros is refused, as `centsOf` refuses it.
 */
function plainCents(isMinus: boolean, whole: string, decimals: string): CellRead<AmountRead, AmountProblem> {
  if (/[^0]/.test(decimals.slice(2))) return { ok: false, problem: 'too-many-decimals' };
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return { ok: true, value: { cents: isMinus && cents !== 0 ? -cents : cents, currency: null } };
}

/** An amount read as whole cents, refused with more than two decimals that are not zeros. */
function centsOf(value: number, currency: string | null): CellRead<AmountRead, AmountProblem> {
  const scaled = value * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-3) return { ok: false, problem: 'too-many-decimals' };
  if (!Number.isSafeInteger(cents)) return { ok: false, problem: 'too-large' };
  return { ok: true, value: { cents: cents === 0 ? 0 : cents, currency } };
}

/** An amount cell as whole cents (`readAmount` without the currency). */
export function parseAmountCents(raw: string): CellRead<number, AmountProblem> {
  const read = readAmount(raw);
  return read.ok ? { ok: true, value: read.value.cents } : read;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/**
 * How a date like 03/04/2026 is read: day first, month first, or year first (where `20260403` is also
 * read and a date not written year first is refused).
 */
export type RegisterDateOrder = 'dmy' | 'mdy' | 'ymd';

// words: not shown (month names as cells write them)
const monthNames: ReadonlyArray<readonly string[]> = [
  ['jan', 'january', 'يناير', 'كانون الثاني'],
  ['feb', 'february', 'فبراير', 'شباط'],
  ['mar', 'march', 'مارس', 'اذار'],
  ['apr', 'april', 'ابريل', 'نيسان'],
  ['may', 'مايو', 'ايار'],
  ['jun', 'june', 'يونيو', 'يونيه', 'حزيران'],
  ['jul', 'july', 'يوليو', 'يوليه', 'تموز'],
  ['aug', 'august', 'اغسطس', 'اب'],
  ['sep', 'sept', 'september', 'سبتمبر', 'ايلول'],
  ['oct', 'october', 'اكتوبر', 'تشرين الاول'],
  ['nov', 'november', 'نوفمبر', 'تشرين الثاني'],
  ['dec', 'december', 'ديسمبر', 'كانون الاول'],
];
const monthByName = new Map<string, number>(
  monthNames.flatMap((names, index) => names.map((name): [string, number] => [foldWords(name), index + 1])),
);

/** A time after a date (`31/03/2026 00:00:00`, `6/29/2026 10:00 AM`, `2026-06-29T10:00:00Z`). */
const timeAfter =
  /^(.+?)[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp]\.?[Mm]\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}|GMT[+-]\d{1,2}(?::\d{2})?))?$/;

/** The day part of a date cell: digits made ASCII, a time after it dropped. */
function dayPart(raw: string): string {
  const text = normaliseDigits(raw).trim();
  return timeAfter.exec(text)?.[1]?.trim() ?? text;
}

/** The three numbers of a numeric date `a/b/c` (any of `/ - .`), when it is one; 2-digit years read as 20yy. */
function numericParts(day: string): { a: number; b: number; c: number; isYearFirst: boolean } | null {
  const match = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})$/.exec(day);
  if (!match) return null;
  const [a, b, c] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (a.length === 4) return { a: Number(a), b: Number(b), c: Number(c), isYearFirst: true };
  if (c.length === 4 || c.length === 2)
    return {
      a: Number(a),
      b: Number(b),
      c: c.length === 2 ? 2000 + Number(c) : Number(c),
      isYearFirst: false,
    };
  return null;
}

function iso(year: number, month: number, day: number): CellRead<string, RegisterDateProblem> {
  const read = parseDate(`${year}-${month}-${day}`);
  return read.ok ? read : { ok: false, problem: 'not-a-day' };
}

/**
 * A date with a named month, in English or Arabic: `31 Mar 2026`, `31-Mar-2026`, `Mar 31, 2026`,
 * `March 31 2026`, `31 مارس 2026`. Null when the cell is not one.
 */
function namedMonthDate(day: string): CellRead<string, RegisterDateProblem> | null {
  const words = foldWords(day).split(' ');
  if (words.length !== 3) return null;
  const [first, second, third] = words as [string, string, string];
  const dayFirst = monthByName.get(second);
  if (dayFirst !== undefined && /^\d{1,2}$/.test(first) && /^\d{4}$/.test(third))
    return iso(Number(third), dayFirst, Number(first));
  const monthFirst = monthByName.get(first);
  if (monthFirst !== undefined && /^\d{1,2}$/.test(second) && /^\d{4}$/.test(third))
    return iso(Number(third), monthFirst, Number(second));
  return null;
}

/** The first and last days a spreadsheet serial date may be read as (1954 to 2119). */
const serialRange = { min: 20_000, max: 80_000 } as const;

/** A spreadsheet's day number (1900 date system, as XLSX stores dates) as `YYYY-MM-DD`. */
function serialDate(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date cell as `YYYY-MM-DD`, read in `order` when it is numeric: `31/03/2026` (day first),
 * `03/31/2026` (month first), `2026-03-31` and `20260331` (year first, read under any order: a
 * 4-digit year first is never a day), a 2-digit year as 20yy; a named month in any order; a time
 * after the date ignored; a spreadsheet serial day number (`46112`). A day that does not exist
 * (31 April) is refused.
 */
export function parseRegisterDate(
  raw: string,
  order: RegisterDateOrder,
): CellRead<string, RegisterDateProblem> {
  const day = dayPart(raw);
  const fail = (problem: RegisterDateProblem): CellRead<string, RegisterDateProblem> => ({
    ok: false,
    problem,
  });
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  if (compact) {
    const read = iso(Number(compact[1]), Number(compact[2]), Number(compact[3]));
    return read.ok ? read : fail('not-a-day');
  }
  if (/^\d{5}(\.0+)?$/.test(day)) {
    const serial = Number(day);
    if (serial >= serialRange.min && serial <= serialRange.max)
      return { ok: true, value: serialDate(serial) };
  }
  const named = namedMonthDate(day);
  if (named) return named.ok ? named : fail('not-a-day');
  const parts = numericParts(day);
  if (!parts) return fail('not-a-date');
  let read: CellRead<string, RegisterDateProblem>;
  if (parts.isYearFirst) read = iso(parts.a, parts.b, parts.c);
  else if (order === 'ymd') return fail('not-year-first');
  else read = order === 'dmy' ? iso(parts.c, parts.b, parts.a) : iso(parts.c, parts.a, parts.b);
  return read.ok ? read : fail('not-a-day');
}

/** How the dates of a column are written, as found from the column itself. */
export interface DateOrderFound {
  /**
   * The order every numeric date of the column reads in, or null when the column cannot say: every
   * date could be day first or month first (`03/04/2026`), or some dates say day first and others
   * month first.
   */
  order: RegisterDateOrder | null;
  /** Why: `decided` (a cell only one order reads), `year-first`, `no-numeric` (named months, serials or no dates), `ambiguous`, `mixed`. */
  reason: 'decided' | 'year-first' | 'no-numeric' | 'ambiguous' | 'mixed';
  /** The cell that decided (or, when ambiguous, one that could be either), with its line. */
  example: { line: number; text: string } | null;
}

/**
 * The date order of a column, from every cell in it: a cell whose first number is over 12 says day
 * first, one whose second number is over 12 says month first; a column of year-first dates is year
 * first; a column where nothing decides is ambiguous (the clerk chooses), one where cells disagree
 * is mixed (the clerk chooses, and the cells the choice cannot read are listed as bad rows).
 */
export function findDateOrder(cells: ReadonlyArray<{ line: number; text: string }>): DateOrderFound {
  let dayFirst: { line: number; text: string } | null = null;
  let monthFirst: { line: number; text: string } | null = null;
  let either: { line: number; text: string } | null = null;
  let numeric = 0;
  let yearFirst = 0;
  // A column holds few distinct dates (a day each): each is looked at once.
  const seen = new Set<string>();
  for (const cell of cells) {
    if (seen.has(cell.text)) continue;
    seen.add(cell.text);
    const parts = numericParts(dayPart(cell.text));
    if (!parts) continue;
    numeric += 1;
    if (parts.isYearFirst) {
      yearFirst += 1;
      continue;
    }
    if (parts.a > 12 && parts.b <= 12) dayFirst ??= cell;
    else if (parts.b > 12 && parts.a <= 12) monthFirst ??= cell;
    else either ??= cell;
  }
  if (dayFirst && monthFirst) return { order: null, reason: 'mixed', example: dayFirst };
  if (dayFirst) return { order: 'dmy', reason: 'decided', example: dayFirst };
  if (monthFirst) return { order: 'mdy', reason: 'decided', example: monthFirst };
  if (numeric === 0) return { order: 'ymd', reason: 'no-numeric', example: null };
  if (yearFirst === numeric) return { order: 'ymd', reason: 'year-first', example: null };
  return { order: null, reason: 'ambiguous', example: either };
}
