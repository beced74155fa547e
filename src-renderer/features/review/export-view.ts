// Exporting the grid's current view (its filters and sort, all its rows) to a spreadsheet file, with
// the columns as shown. CSV comes from ag-grid itself; XLSX from write-excel-file, loaded on first use.
// Saved through the bridge (a Save dialog, or a download in browser mode).
import type { Column, GridApi } from 'ag-grid-community';
import type { ReviewRow } from '../../data/db';
import { csvBytes, csvFilter, saveFile, xlsxFilter, type FileNote } from '../files/file-actions';

/** The columns of the export: every displayed data column (not the checkbox column). */
function dataColumns(api: GridApi<ReviewRow>): Column[] {
  return api
    .getAllDisplayedColumns()
    .filter(
      (column) => column.getColDef().headerName !== undefined && !column.getColId().startsWith('ag-Grid-'),
    );
}

/** The current view as CSV (UTF-8 with BOM, as ag-grid's own download wrote it), saved as `fileName`. */
export async function exportViewAsCsv(api: GridApi<ReviewRow>, fileName: string): Promise<FileNote | null> {
  const text = api.getDataAsCsv({ columnKeys: dataColumns(api).map((column) => column.getColId()) }) ?? '';
  return saveFile({ suggestedName: fileName, filter: csvFilter, bytes: csvBytes(text) });
}

/** The current view as an Excel workbook (amounts as numbers with 2 decimals), saved as `fileName`. */
export async function exportViewAsXlsx(api: GridApi<ReviewRow>, fileName: string): Promise<FileNote | null> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const columns = dataColumns(api);
  const header = columns.map((column) => ({
    value: column.getColDef().headerName ?? column.getColId(),
    fontWeight: 'bold' as const,
  }));
  const rows: Array<Array<{ value: string | number; format?: string } | null>> = [];
  api.forEachNodeAfterFilterAndSort((node) => {
    const data = node.data;
    if (!data) return;
    rows.push(
      columns.map((column) => {
        if (column.getColId() === 'amountCents') return { value: data.amountCents / 100, format: '#,##0.00' };
        const value = api.getCellValue({ rowNode: node, colKey: column, useFormatter: true });
        return value === null || value === undefined || value === '' ? null : { value: String(value) };
      }),
    );
  });
  const blob = await writeXlsxFile([header, ...rows]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
