// A day's rep cash-up as an Excel workbook (docs/decisions/111-rep-cash-up.md): a sheet of the reps
// (what the receipts say, what was counted, the difference, the note, the state) and a sheet of every
// receipt (how it counted, its cheque, why it was set apart). Amounts as numbers; the clerk's words;
// right to left when the desk is.
import {
  differenceOf,
  type CashUpReceipt,
  type Cents,
  type RepDay,
} from '../../../src-shared/domain/cash-up';
import { deskLocale, say } from '../../messages/intl';
import { saveFile, xlsxFilter, type FileNote } from '../files/file-actions';
import type { CashUpDay } from './use-cash-up';
import { apartText } from './cash-up-words';

/** A cell: text or a number; null is an empty cell. */
type Cell = string | number | null;

/** Amounts of a currency as a number of its units. */
const units = (cents: Cents, currency: string): number => (cents[currency] ?? 0) / 100;

/** The workbook's two sheets as rows, the first row of each the header. */
export function cashUpSheets(shown: CashUpDay): { reps: Cell[][]; receipts: Cell[][] } {
  const currencies = [
    ...new Set(shown.repDays.flatMap((rep) => rep.receipts.map((receipt) => receipt.currency))),
  ].sort();
  const reps: Cell[][] = [
    [
      say('cashUp.column.rep'),
      say('cashUp.column.receipts'),
      ...currencies.flatMap((currency) => [
        say('cashUp.export.cashDue', { currency }),
        say('cashUp.export.counted', { currency }),
        say('cashUp.export.difference', { currency }),
        say('cashUp.export.chequesDue', { currency }),
      ]),
      say('cashUp.export.cheques'),
      say('cashUp.export.chequesIn'),
      say('cashUp.count.note'),
      say('cashUp.column.state'),
    ],
  ];
  for (const rep of shown.repDays) {
    const stored = shown.counts.get(rep.repKey);
    const counted = stored?.countedCents ?? {};
    const difference = differenceOf(rep, { countedCents: counted, chequesIn: stored?.chequesIn ?? [] });
    reps.push([
      rep.repCode,
      rep.receipts.length,
      ...currencies.flatMap((currency) => [
        units(rep.expected.cashCents, currency),
        stored ? units(counted, currency) : null,
        stored ? units(difference.cashCents, currency) : null,
        units(rep.expected.chequeCents, currency),
      ]),
      rep.expected.cheques,
      stored ? rep.expected.cheques - difference.missingCheques.length : null,
      stored?.note ?? null,
      stored?.closedAt ? say('cashUp.export.closedAt', { at: stored.closedAt }) : say('cashUp.state.open'),
    ]);
  }
  const receipts: Cell[][] = [
    [
      say('cashUp.column.rep'),
      say('cashUp.column.receipt'),
      say('cashUp.column.customer'),
      say('cashUp.column.collectedAt'),
      say('cashUp.column.method'),
      say('cashUp.export.counts'),
      say('cashUp.column.amount'),
      say('cashUp.export.currency'),
      say('cashUp.column.cheque'),
      say('cashUp.column.bank'),
      say('cashUp.column.dueOn'),
      say('cashUp.column.chequeStatus'),
      say('cashUp.column.why'),
    ],
  ];
  const row = (rep: RepDay, receipt: CashUpReceipt): Cell[] => [
    rep.repCode,
    receipt.number,
    receipt.customer,
    receipt.collectedAt,
    receipt.method,
    say('cashUp.part', { part: receipt.part }),
    receipt.amountCents / 100,
    receipt.currency,
    receipt.cheque?.number ?? null,
    receipt.cheque?.bank || null,
    receipt.cheque?.dueOn || null,
    receipt.cheque?.status ?? null,
    apartText(receipt) || null,
  ];
  for (const rep of shown.repDays) for (const receipt of rep.receipts) receipts.push(row(rep, receipt));
  return { reps, receipts };
}

/** The day's cash-up as a workbook, saved as `fileName` (a Save dialog, or a download in browser mode). */
export async function exportCashUpAsXlsx(shown: CashUpDay, fileName: string): Promise<FileNote | null> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const sheets = cashUpSheets(shown);
  const rightToLeft = deskLocale().direction === 'rtl';
  const cellsOf = (rows: Cell[][]) =>
    rows.map((cells, rowIndex) =>
      cells.map((value) => {
        if (value === null) return null;
        if (rowIndex === 0) return { value: String(value), fontWeight: 'bold' as const };
        return typeof value === 'number' ? { value, format: '#,##0.00' } : { value };
      }),
    );
  const blob = await writeXlsxFile([
    { data: cellsOf(sheets.reps), sheet: say('cashUp.export.sheet.reps'), rightToLeft },
    { data: cellsOf(sheets.receipts), sheet: say('cashUp.export.sheet.receipts'), rightToLeft },
  ]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
