// What the register reader decided on its own, in the clerk's words, shown before an import is kept
// (docs/reconciliation.md, "What the desk read"). Every sentence the import says about a file is here,
// said from the catalogue in the desk's language when called (a component calling these calls useSay()),
// and why a mapping or a row keeps it from being read.
import type { MappingTarget } from '../../../src-shared/domain/master-data';
import type {
  AmountProblem,
  BadRegisterRow,
  DateOrderFound,
  RegisterDateOrder,
  RegisterDateProblem,
  RegisterField,
  RegisterMappingProblem,
  RegisterReading,
  RegisterRowProblem,
  SkippedRegisterRow,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import { formatters, isolate, say } from '../../messages/intl';
import { mappingProblemText } from '../../words/mapping-problem-words';

/** An example date of each order, as a file writes it. */
const dateOrderExamples: Record<RegisterDateOrder, string> = {
  ymd: '2026-03-31',
  dmy: '31/03/2026',
  mdy: '03/31/2026',
};

/** How a date order is named in the date list: `year first (2026-03-31)`. */
export function dateOrderLabel(order: RegisterDateOrder): string {
  return say(`reconcile.reading.dateOrder.${order}`, { example: isolate.ltr(dateOrderExamples[order]) });
}

/** A line number of the file, in the clerk's digits and without separators. */
function lineNumber(line: number): string {
  return formatters().digits(line);
}

/** Why a row was left out, as the catalogue's message selects it. */
const skippedWhy: Record<SkippedRegisterRow['why'], string> = {
  total: 'total',
  group: 'group',
  'other-type': 'otherType',
  'other-kind': 'otherKind',
};

/** A left-out row as the list shows it: `Line 212: TOTAL (total)`. */
export function describeSkippedRow(row: SkippedRegisterRow): string {
  return say('reconcile.reading.skipped', {
    line: lineNumber(row.line),
    text: row.text ? isolate.name(row.text) : say('reconcile.reading.blank'),
    why: skippedWhy[row.why],
  });
}

/** Why the date order is what it is. */
export function describeDateOrder(order: RegisterDateOrder, found: DateOrderFound | null): string {
  const label = dateOrderLabel(order);
  if (found === null) return say('reconcile.reading.dates.chosen', { order: label });
  switch (found.reason) {
    case 'decided':
      return say('reconcile.reading.dates.decided', {
        order: label,
        example: isolate.ltr(found.example?.text ?? ''),
        line: lineNumber(found.example?.line ?? 0),
      });
    case 'year-first':
      return say('reconcile.reading.dates.yearFirst');
    case 'no-numeric':
      return say('reconcile.reading.dates.noNumeric');
    case 'ambiguous':
    case 'mixed':
      return say('reconcile.reading.dates.read', { order: label });
  }
}

/**
 * Every decision of a reading in plain words, in the order the clerk meets them in the file: what
 * was above the header, the layout, rows left out, documents on several rows, dates, currencies,
 * signs.
 */
export function describeReading(input: {
  kind: FeedKind;
  reading: RegisterReading;
  rowsAbove: number;
  headerLine: number;
  layoutName: string | null;
}): string[] {
  const { reading, kind } = input;
  const words: string[] = [];
  if (input.layoutName)
    words.push(say('reconcile.reading.layout', { layout: isolate.name(input.layoutName) }));
  if (input.rowsAbove > 0)
    words.push(
      say('reconcile.reading.rowsAbove', { count: input.rowsAbove, line: lineNumber(input.headerLine) }),
    );
  const count = (why: SkippedRegisterRow['why']): number =>
    reading.skipped.filter((row) => row.why === why).length;
  if (count('total') > 0) words.push(say('reconcile.reading.totalRows', { count: count('total') }));
  if (count('group') > 0) words.push(say('reconcile.reading.groupRows', { count: count('group') }));
  if (count('other-type') > 0) words.push(say('reconcile.reading.otherType', { count: count('other-type') }));
  // Credit notes found by their minus amount are left out of any register but the credit notes'.
  const minusCredits = kind === 'returns' ? 0 : reading.negativeAsCredit;
  const otherKind = count('other-kind') - minusCredits;
  if (otherKind > 0) words.push(say('reconcile.reading.otherKind', { count: otherKind, kind }));
  if (minusCredits > 0) words.push(say('reconcile.reading.minusCredits', { count: minusCredits }));
  if (kind === 'returns' && reading.negativeAsCredit > 0)
    words.push(say('reconcile.reading.negativeInvoices', { count: reading.negativeAsCredit }));
  if (reading.folded.documents > 0)
    words.push(
      say('reconcile.reading.folded', { count: reading.folded.documents, rows: reading.folded.rows }),
    );
  words.push(describeDateOrder(reading.dateOrder.order, reading.dateOrder.found));
  for (const { text, code } of reading.currencyNames)
    words.push(say('reconcile.reading.currency', { text: isolate.name(text), code: isolate.ltr(code) }));
  if (reading.creditNegative.value)
    words.push(
      say(
        reading.creditNegative.isFound ? 'reconcile.reading.creditFound' : 'reconcile.reading.creditChosen',
      ),
    );
  if (reading.codesInNames > 0)
    words.push(say('reconcile.reading.codesInNames', { count: reading.codesInNames }));
  if (reading.formulaGuards > 0)
    words.push(say('reconcile.reading.formulaGuards', { count: reading.formulaGuards }));
  return words;
}

/** A register column as the column chooser names it (`ERP document number`). */
function registerFieldWords(target: MappingTarget): string {
  return 'field' in target
    ? say(`reconcile.import.field.${target.field as RegisterField}`)
    : isolate.ltr(target.language);
}

/** What keeps a register's mapping from being used, in plain words. */
export function registerMappingProblemWords(problem: RegisterMappingProblem): string {
  switch (problem.code) {
    case 'dates-mixed':
      return say('reconcile.problem.datesMixed');
    case 'dates-ambiguous':
      return say('reconcile.problem.datesAmbiguous', {
        hasExample: problem.example === null ? 'no' : 'yes',
        example: isolate.ltr(problem.example ?? ''),
      });
    default:
      return mappingProblemText(problem, registerFieldWords);
  }
}

const amountWhy: Readonly<Record<AmountProblem, string>> = {
  'not-a-number': 'notANumber',
  'too-many-decimals': 'tooManyDecimals',
  'too-large': 'tooLarge',
};

const dateWhy: Readonly<Record<RegisterDateProblem, string>> = {
  'not-a-day': 'notADay',
  'not-a-date': 'notADate',
  'not-year-first': 'notYearFirst',
};

/** One reason a register's document cannot be read, its cells as written set apart. */
export function registerRowProblemWords(problem: RegisterRowProblem): string {
  switch (problem.code) {
    case 'number-empty':
      return say('reconcile.badRow.numberEmpty');
    case 'number-too-long':
      return say('reconcile.badRow.numberTooLong', { length: problem.length, most: problem.most });
    case 'amount-unreadable':
      return say('reconcile.badRow.amountUnreadable', {
        column: problem.column,
        text: isolate.ltr(problem.text),
        why: amountWhy[problem.why],
      });
    case 'date-unreadable':
      return say('reconcile.badRow.dateUnreadable', {
        text: isolate.name(problem.text),
        why: dateWhy[problem.why],
      });
    case 'currency-unknown':
      return say('reconcile.badRow.currencyUnknown', { text: isolate.name(problem.text) });
    case 'currencies-differ':
      return say('reconcile.badRow.currenciesDiffer', {
        first: isolate.ltr(problem.first),
        second: isolate.ltr(problem.second),
      });
    case 'totals-differ':
      return say('reconcile.badRow.totalsDiffer', {
        totals: isolate.ltr(problem.cents.map((cents) => (cents / 100).toFixed(2)).join(', ')),
      });
    case 'amount-empty':
      return say('reconcile.badRow.amountEmpty');
    case 'type-unknown':
      return say('reconcile.badRow.typeUnknown', { text: isolate.name(problem.text) });
    case 'currency-empty':
      return say('reconcile.badRow.currencyEmpty');
    case 'default-currency-not-code':
      return say('reconcile.badRow.defaultCurrencyNotCode', { currency: isolate.ltr(problem.currency) });
  }
}

/** A bad row in plain words: `Line 7: the amount is empty; the date "31/02/2025" is not a day of the calendar.` */
export function badRowWords(row: BadRegisterRow): string {
  return say('reconcile.badRow.line', {
    line: lineNumber(row.line),
    problems: row.problems.map(registerRowProblemWords).join(say('reconcile.badRow.separator')),
  });
}
