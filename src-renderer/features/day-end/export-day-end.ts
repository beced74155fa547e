// The day-end report as an Excel workbook: one sheet of every day × kind (with a kind column) and a
// total line per kind, one sheet of the seq gaps, and one that says what the report is. Written
// through write-excel-file, as the other exports, loaded on first use; counts and amounts as numbers.
import type { DayEndFigures, DayEndReport } from '../../../src-shared/domain/day-end';
import { pendingAgainReasons } from '../../../src-shared/domain/day-end';
import { saveFile, xlsxFilter, type FileNote } from '../files/file-actions';
import { gapText, kindLabels, reasonLabels } from './day-end-words';

/** A cell: text, or a number (amounts with 2 decimals); null is an empty cell. */
export type ExportCell = string | number | null;

/** The workbook's sheets as plain rows (first row the header), before they are written. */
export interface DayEndSheets {
  days: ExportCell[][];
  /** The first column of `days` that holds an amount (the currency columns come last). */
  amountsFrom: number;
  gaps: ExportCell[][];
  about: ExportCell[][];
}

/** Every currency that any figure of the report totals, in code order. */
function currenciesOf(report: DayEndReport): string[] {
  const codes = new Set<string>();
  for (const figures of report.summary) for (const total of figures.issuedTotals) codes.add(total.currency);
  return [...codes].sort();
}

const amount = (totals: DayEndFigures['issuedTotals'], currency: string): number =>
  (totals.find((total) => total.currency === currency)?.cents ?? 0) / 100;

function figuresRow(
  day: string,
  kind: string,
  figures: DayEndFigures,
  currencies: readonly string[],
): ExportCell[] {
  const again = pendingAgainReasons.map((reason) => figures.pendingAgain[reason]);
  return [
    day,
    kind,
    figures.issued,
    figures.accepted,
    figures.rejected,
    figures.pending,
    again.reduce((sum, count) => sum + count, 0),
    ...again,
    figures.notAwaiting,
    figures.ackedHere,
    figures.ackedElsewhere,
    figures.seq?.first ?? null,
    figures.seq?.last ?? null,
    figures.gaps.map(gapText).join('; ') || null,
    ...currencies.flatMap((currency) => [
      amount(figures.issuedTotals, currency),
      amount(figures.acceptedTotals, currency),
      amount(figures.rejectedTotals, currency),
      amount(figures.pendingTotals, currency),
    ]),
  ];
}

/** The report's sheets as rows. */
export function dayEndSheets(report: DayEndReport, madeAt: string): DayEndSheets {
  const currencies = currenciesOf(report);
  const header: ExportCell[] = [
    'Day',
    'Kind',
    'Issued',
    'Accepted',
    'Rejected',
    'Pending',
    'Pending again',
    ...pendingAgainReasons.map((reason) => `Again: ${reasonLabels[reason]}`),
    'Not awaiting',
    'Answered from this desk',
    'Answered elsewhere',
    'First seq',
    'Last seq',
    'Seq gaps',
    ...currencies.flatMap((currency) => [
      `Issued ${currency}`,
      `Accepted ${currency}`,
      `Rejected ${currency}`,
      `Pending ${currency}`,
    ]),
  ];
  const days: ExportCell[][] = [header];
  for (const kind of report.kinds) {
    for (const cell of report.cells.filter((each) => each.kind === kind))
      days.push(figuresRow(cell.date, kindLabels[kind], cell, currencies));
    const summary = report.summary.find((each) => each.kind === kind);
    if (summary) days.push(figuresRow('Total', kindLabels[kind], summary, currencies));
  }
  const gaps: ExportCell[][] = [['Kind', 'First seq', 'Last seq', 'State', 'Document']];
  for (const summary of report.summary) {
    for (const note of summary.gaps)
      gaps.push([
        kindLabels[summary.kind],
        note.first,
        note.last,
        note.state === 'fetched' ? 'missing, fetched' : 'still missing',
        note.number ?? null,
      ]);
    if (summary.missingOutside > 0)
      gaps.push([
        kindLabels[summary.kind],
        null,
        null,
        `${summary.missingOutside} more still missing outside these days`,
        null,
      ]);
  }
  const about: ExportCell[][] = [
    ['Day-end report', `${report.from} to ${report.to}`],
    ['Made', madeAt],
    [
      'Counts',
      'Documents of each day by their own date (orders: received); where they stand now, at the last sync.',
    ],
    [
      'Answered from this desk',
      'The answer standing now was sent from this computer and applied by the service.',
    ],
    ['Seq gaps', 'Issue numbers (seq) the desk found missing: fetched since, or still missing.'],
  ];
  return { days, amountsFrom: header.length - currencies.length * 4, gaps, about };
}

/** The report as an Excel workbook, saved as `fileName` (a Save dialog, or a download in browser mode). */
export async function exportDayEndAsXlsx(
  report: DayEndReport,
  fileName: string,
  madeAt: string,
): Promise<FileNote | null> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const sheets = dayEndSheets(report, madeAt);
  const cellsOf = (rows: ExportCell[][], amountsFrom: number) =>
    rows.map((row, rowIndex) =>
      row.map((value, column) => {
        if (value === null) return null;
        if (rowIndex === 0) return { value: String(value), fontWeight: 'bold' as const };
        if (typeof value === 'number')
          return column >= amountsFrom ? { value, format: '#,##0.00' } : { value };
        return { value };
      }),
    );
  const blob = await writeXlsxFile([
    { data: cellsOf(sheets.days, sheets.amountsFrom), sheet: 'Days' },
    { data: cellsOf(sheets.gaps, Number.POSITIVE_INFINITY), sheet: 'Seq gaps' },
    { data: cellsOf(sheets.about, Number.POSITIVE_INFINITY), sheet: 'About' },
  ]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
