// What the register reader decided on its own, in the clerk's words, shown before an import is kept
// (docs/reconciliation.md, "What the desk read"). Every sentence the import says about a file is here.
import type {
  DateOrderFound,
  RegisterDateOrder,
  RegisterReading,
  SkippedRegisterRow,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import { countOf } from '../../words/counts';
import { formatCount } from '../ui/format';

/** How each date order is named in the date list. */
export const dateOrderLabels: Record<RegisterDateOrder, string> = {
  ymd: 'year first (2026-03-31)',
  dmy: 'day first (31/03/2026)',
  mdy: 'month first (03/31/2026)',
};

const kindNames: Record<FeedKind, string> = {
  invoices: 'invoices',
  payments: 'receipts',
  returns: 'credit notes',
  orders: 'sales orders',
};

const skippedWhy: Record<SkippedRegisterRow['why'], string> = {
  total: 'total',
  group: 'heading or note',
  'other-type': 'not reconciled here',
  'other-kind': 'another kind',
};

/** A left-out row as the list shows it: `Line 212: TOTAL (total)`. */
export function describeSkippedRow(row: SkippedRegisterRow): string {
  return `Line ${row.line}: ${row.text || '(blank)'} (${skippedWhy[row.why]})`;
}

/** Why the date order is what it is. */
export function describeDateOrder(order: RegisterDateOrder, found: DateOrderFound | null): string {
  const label = dateOrderLabels[order];
  if (found === null) return `Dates are read ${label}, as chosen.`;
  switch (found.reason) {
    case 'decided':
      return `Dates are read ${label}: ${found.example?.text ?? ''} on line ${found.example?.line ?? 0} can only be read that way.`;
    case 'year-first':
      return `Dates are written year first (2026-03-31).`;
    case 'no-numeric':
      return `Dates are written with the month's name or as spreadsheet dates; no order needs choosing.`;
    case 'ambiguous':
    case 'mixed':
      return `Dates are read ${label}.`;
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
  if (input.layoutName) words.push(`Recognised as: ${input.layoutName}.`);
  if (input.rowsAbove > 0)
    words.push(
      `${countOf(input.rowsAbove, 'row')} above the header skipped; the column names are on line ${input.headerLine}.`,
    );
  const count = (why: SkippedRegisterRow['why']): number =>
    reading.skipped.filter((row) => row.why === why).length;
  if (count('total') > 0) words.push(`${countOf(count('total'), 'total row')} left out (listed below).`);
  if (count('group') > 0)
    words.push(`${countOf(count('group'), 'heading or note row')} left out (listed below).`);
  if (count('other-type') > 0)
    words.push(
      `${countOf(count('other-type'), 'document')} of types the desk does not reconcile (refunds, journals) left out.`,
    );
  // Credit notes found by their minus amount are left out of any register but the credit notes'.
  const minusCredits = kind === 'returns' ? 0 : reading.negativeAsCredit;
  const otherKind = count('other-kind') - minusCredits;
  if (otherKind > 0)
    words.push(
      `${countOf(otherKind, 'document')} of other kinds left out: reconcile them under their own kind, not ${kindNames[kind]}.`,
    );
  if (minusCredits > 0)
    words.push(
      `${countOf(minusCredits, 'document')} with a minus amount ${minusCredits === 1 ? 'is a credit note' : 'are credit notes'}: left out here; reconcile ${minusCredits === 1 ? 'it' : 'them'} under Credit notes.`,
    );
  if (kind === 'returns' && reading.negativeAsCredit > 0)
    words.push(
      `${countOf(reading.negativeAsCredit, 'invoice')} with a minus amount read as credit notes, the amount turned positive.`,
    );
  if (reading.folded.documents > 0)
    words.push(
      `${countOf(reading.folded.documents, 'document')} written on several rows (one per item): ${formatCount(reading.folded.rows)} more rows folded into them.`,
    );
  words.push(describeDateOrder(reading.dateOrder.order, reading.dateOrder.found));
  for (const { text, code } of reading.currencyNames)
    words.push(`The currency "${text}" is read as ${code}.`);
  if (reading.creditNegative.value)
    words.push(
      reading.creditNegative.isFound
        ? 'Receipts and credit notes are written with a minus in this file: read as positive, as the service shows them.'
        : 'Receipts and credit notes are read as written with a minus (as chosen).',
    );
  if (reading.codesInNames > 0)
    words.push(
      `Customer names begin with the customer's code (CUST-0012 Name): the code is read as the customer for ${countOf(reading.codesInNames, 'document')}.`,
    );
  if (reading.formulaGuards > 0)
    words.push(
      `The apostrophe spreadsheets put before a minus was removed from ${countOf(reading.formulaGuards, 'cell')}.`,
    );
  return words;
}
