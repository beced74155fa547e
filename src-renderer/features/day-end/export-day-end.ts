// The day-end report as an Excel workbook: one sheet of every day × kind (with a kind column) and a
// total line per kind, one sheet of the seq gaps, and one that says what the report is. Written
// through write-excel-file, as the other exports, loaded on first use; counts and amounts as numbers.
// Its words are the clerk's language, and its sheets read right to left when the desk does.
import type { DayEndFigures, DayEndReport } from '../../../src-shared/domain/day-end';
import { pendingAgainReasons } from '../../../src-shared/domain/day-end';
import { deskLocale, say } from '../../messages/intl';
import { saveFile, xlsxFilter, type FileNote } from '../files/file-actions';
import { formatDate } from '../ui/format';
import { gapText, kindLabel, reasonLabel } from './day-end-words';

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
    figures.gaps.map(gapText).join(say('dayEnd.gap.separator')) || null,
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
    say('dayEnd.export.day'),
    say('dayEnd.export.kind'),
    say('dayEnd.export.issued'),
    say('dayEnd.export.accepted'),
    say('dayEnd.export.rejected'),
    say('dayEnd.export.pending'),
    say('dayEnd.export.pendingAgain'),
    ...pendingAgainReasons.map((reason) => say('dayEnd.export.again', { reason: reasonLabel(reason) })),
    say('dayEnd.export.notAwaiting'),
    say('dayEnd.export.answeredHere'),
    say('dayEnd.export.answeredElsewhere'),
    say('dayEnd.export.firstSeq'),
    say('dayEnd.export.lastSeq'),
    say('dayEnd.export.seqGaps'),
    ...currencies.flatMap((currency) => [
      say('dayEnd.export.issuedIn', { currency }),
      say('dayEnd.export.acceptedIn', { currency }),
      say('dayEnd.export.rejectedIn', { currency }),
      say('dayEnd.export.pendingIn', { currency }),
    ]),
  ];
  const days: ExportCell[][] = [header];
  for (const kind of report.kinds) {
    for (const cell of report.cells.filter((each) => each.kind === kind))
      days.push(figuresRow(cell.date, kindLabel(kind), cell, currencies));
    const summary = report.summary.find((each) => each.kind === kind);
    if (summary) days.push(figuresRow(say('dayEnd.export.total'), kindLabel(kind), summary, currencies));
  }
  const gaps: ExportCell[][] = [
    [
      say('dayEnd.export.kind'),
      say('dayEnd.export.firstSeq'),
      say('dayEnd.export.lastSeq'),
      say('dayEnd.export.state'),
      say('dayEnd.export.document'),
    ],
  ];
  for (const summary of report.summary) {
    for (const note of summary.gaps)
      gaps.push([
        kindLabel(summary.kind),
        note.first,
        note.last,
        note.state === 'fetched' ? say('dayEnd.export.fetched') : say('dayEnd.export.stillMissing'),
        note.number ?? null,
      ]);
    if (summary.missingOutside > 0)
      gaps.push([
        kindLabel(summary.kind),
        null,
        null,
        say('dayEnd.export.missingOutside', { count: summary.missingOutside }),
        null,
      ]);
  }
  const about: ExportCell[][] = [
    [
      say('dayEnd.export.about.report'),
      say('dayEnd.export.about.range', { from: formatDate(report.from), to: formatDate(report.to) }),
    ],
    [say('dayEnd.export.about.made'), madeAt],
    [say('dayEnd.export.about.counts'), say('dayEnd.export.about.countsText')],
    [say('dayEnd.export.answeredHere'), say('dayEnd.export.about.answeredHereText')],
    [say('dayEnd.export.seqGaps'), say('dayEnd.export.about.seqGapsText')],
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
  // A right-to-left desk's workbook opens with its columns from the right, as Arabic spreadsheets do.
  const rightToLeft = deskLocale().direction === 'rtl';
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
    { data: cellsOf(sheets.days, sheets.amountsFrom), sheet: say('dayEnd.export.sheet.days'), rightToLeft },
    {
      data: cellsOf(sheets.gaps, Number.POSITIVE_INFINITY),
      sheet: say('dayEnd.export.sheet.gaps'),
      rightToLeft,
    },
    {
      data: cellsOf(sheets.about, Number.POSITIVE_INFINITY),
      sheet: say('dayEnd.export.sheet.about'),
      rightToLeft,
    },
  ]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
