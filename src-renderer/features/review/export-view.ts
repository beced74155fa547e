// Exporting a view as the grid shows it (its filters and order, all its rows, the columns as shown) to
// a spreadsheet file. The rows are read a page at a time (data/review-rows/pages.ts): CSV is written as it
// is read, into the parts of a Blob, so no view is ever held whole; XLSX needs every row at once (its
// writer builds the workbook in memory), so it is offered up to a limit and past it the clerk is told
// to use CSV. docs/decisions/101-review-exports-and-selection.md. Saved through the bridge (a Save
// dialog, or a download in browser mode).
import type { Column, GridApi } from 'ag-grid-community';
import { guardedCell } from '../../../src-shared/domain/master-data';
import type { ReviewRow } from '../../data/rows';
import { forEachReviewPage } from '../../data/review-rows/pages';
import type { ReviewQuery } from '../../data/review-rows/query';
import { say } from '../../messages/intl';
import { formatCount } from '../ui/format';
import { saveFile, xlsxFilter, csvFilter, type FileNote } from '../files/file-actions';
import { reviewCellText } from './columns';

/** Rows an XLSX export holds at most (decision 101): past it the workbook is built too slowly and too big. */
export const maxXlsxRows = 50_000;

/** Rows read per page by an export. */
const exportPageSize = 2_000;

/** A column of the export: its id and the header the grid shows (in the clerk's language). */
export interface ExportColumn {
  colId: string;
  headerName: string;
}

/**
 * The columns of the export: every displayed data column (not the checkbox column), in their order,
 * with the grid's headers: said in the clerk's language when the grid's columns were made (a switch
 * makes the grid anew), so the file's header row is in the language the clerk reads.
 */
export function exportColumns(api: GridApi<ReviewRow>): ExportColumn[] {
  return api
    .getAllDisplayedColumns()
    .filter(
      (column: Column) =>
        column.getColDef().headerName !== undefined && !column.getColId().startsWith('ag-Grid-'),
    )
    .map((column) => ({ colId: column.getColId(), headerName: column.getColDef().headerName ?? '' }));
}

/**
 * A CSV cell: guarded when it would start a formula (`guardedCell`), always quoted, quotes doubled (as
 * the grid's own CSV export writes them).
 */
function quoted(text: string): string {
  return `"${guardedCell(text).replaceAll('"', '""')}"`;
}

/** CSV lines are separated by CRLF (RFC 4180, and the grid's own export). */
const lineSeparator = '\r\n';

/**
 * The rows of a query as a CSV file (UTF-8 with a BOM, so Excel reads Arabic names), a Blob part per
 * page read: the browser keeps each part's bytes out of the page's memory as it is read. The text is
 * the CSV the grid's own export wrote (lines joined by CRLF, no final line break).
 */
export async function csvBlobOf(
  query: ReviewQuery,
  columns: readonly ExportColumn[],
  pageSize = exportPageSize,
): Promise<Blob> {
  const parts: BlobPart[] = ['\uFEFF', columns.map((column) => quoted(column.headerName)).join(',')];
  await forEachReviewPage(
    query,
    (rows) => {
      if (rows.length === 0) return;
      const lines = rows.map((row) =>
        columns.map((column) => quoted(reviewCellText(column.colId, row, query.kind))).join(','),
      );
      parts.push(new Blob([lineSeparator + lines.join(lineSeparator)]));
    },
    pageSize,
  );
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}

/** A view as CSV (csvBlobOf), saved as `fileName`. */
export async function exportViewAsCsv(
  query: ReviewQuery,
  columns: readonly ExportColumn[],
  fileName: string,
): Promise<FileNote | null> {
  const blob = await csvBlobOf(query, columns);
  return saveFile({
    suggestedName: fileName,
    filter: csvFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}

/** Why a view of `count` rows cannot be exported as XLSX, or null when it can. */
export function xlsxRefusal(count: number): string | null {
  return count > maxXlsxRows
    ? say('review.export.xlsxRefusal', { count, max: formatCount(maxXlsxRows) })
    : null;
}

/** A view of at most `maxXlsxRows` as an Excel workbook (amounts as numbers with 2 decimals). */
export async function exportViewAsXlsx(
  query: ReviewQuery,
  columns: readonly ExportColumn[],
  fileName: string,
): Promise<FileNote | null> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((column) => ({ value: column.headerName, fontWeight: 'bold' as const }));
  const rows: Array<Array<{ value: string | number; format?: string } | null>> = [];
  await forEachReviewPage(
    query,
    (page) => {
      for (const row of page) {
        rows.push(
          columns.map((column) => {
            if (column.colId === 'amountCents') return { value: row.amountCents / 100, format: '#,##0.00' };
            const text = reviewCellText(column.colId, row, query.kind);
            return text === '' ? null : { value: text };
          }),
        );
      }
      // Past the limit the walk stops: the caller has checked the count, this keeps memory bounded.
      return rows.length <= maxXlsxRows;
    },
    exportPageSize,
  );
  const blob = await writeXlsxFile([header, ...rows.slice(0, maxXlsxRows)]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
