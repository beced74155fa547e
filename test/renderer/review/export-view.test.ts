import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGrid, type GridApi } from 'ag-grid-community';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import type { Invoice } from '../../../src-shared/wire';
import { db } from '../../../src-renderer/data/db';
import { type ReviewRow } from '../../../src-renderer/data/rows';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { defaultReviewSort } from '../../../src-renderer/data/review-rows/query';
import '../../../src-renderer/features/ui/grid-setup';
import { reviewColumns } from '../../../src-renderer/features/review/columns';
import {
  csvBlobOf,
  exportColumns,
  maxXlsxRows,
  xlsxRefusal,
} from '../../../src-renderer/features/review/export-view';
import { ackAt, invoice, meta } from '../../support/wire-documents';

// The streamed CSV of a view is the file the grid's own export wrote when the whole view was in memory
// (the client-side row model, as the review grid had it): same header, cells, quoting and order.
const documents: Invoice[] = [
  { ...invoice('a', 1, { total: '1234.50' }), issue_date: '2025-03-01' },
  {
    ...invoice('b', 2, { ack: ackAt(2), total: '99.99' }),
    issue_date: '2025-03-04',
    number: 'INV-"quoted", with comma',
  },
  {
    ...invoice('c', 3, { ack: ackAt(3, 'REJECTED'), customer: 'cu-2' }),
    issue_date: '2025-03-03',
    customer: { id: 'cu-2', code: 'عميل-٢' },
  },
  { ...invoice('d', 4, { total: '1000000.00' }), issue_date: '2025-03-02' },
];

let grid: GridApi<ReviewRow> | null = null;

beforeEach(async () => {
  await db.open();
  await stageFeedPage(
    { kind: 'invoices', data: documents, meta: meta(4) },
    toVersionCursor(0),
    '2025-03-04T08:00:00.000Z',
  );
});
afterEach(async () => {
  grid?.destroy();
  grid = null;
  db.close();
  await db.delete();
});

describe('the CSV export of a view', () => {
  it('streamed page by page equals the grid’s own export of the whole view', async () => {
    const frame = document.createElement('div');
    document.body.append(frame);
    grid = createGrid<ReviewRow>(frame, {
      columnDefs: reviewColumns('invoices'),
      rowData: await db.rowsOf('invoices').toArray(),
      getRowId: (params) => params.data.id,
    });
    const expected = grid.getDataAsCsv({
      columnKeys: exportColumns(grid).map((column) => column.colId),
    });
    // Pages of one row: the file is written from four reads.
    const blob = await csvBlobOf(
      { kind: 'invoices', view: 'all', sort: defaultReviewSort, quickFilter: '', filters: [] },
      exportColumns(grid),
      1,
    );
    const text = await blob.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe(expected);
    // What the file holds, read as a clerk would: the newest first, quotes doubled, amounts formatted.
    expect(text.slice(1).split('\r\n')).toEqual([
      // The branch as the document names it; who answered: another desk (the documents came answered).
      '"Invoice","Issue date","Customer","Rep","Branch","Order","Status","Amount","Cur.","Review","Answered","ERP number"',
      '"INV-""quoted"", with comma","2025-03-04","C-1","R01","C-1-1","Order SO-b","ISSUED","99.99","EGP","Accepted","Elsewhere","ERP-1"',
      '"INV-c","2025-03-03","عميل-٢","R01","C-1-1","Order SO-c","ISSUED","100.00","EGP","Rejected","Elsewhere",""',
      '"INV-d","2025-03-02","C-1","R01","C-1-1","Order SO-d","ISSUED","1,000,000.00","EGP","Pending","",""',
      '"INV-a","2025-03-01","C-1","R01","C-1-1","Order SO-a","ISSUED","1,234.50","EGP","Pending","",""',
    ]);
  });

  it('guards a cell that a spreadsheet would read as a formula, and leaves numbers as they are', async () => {
    // A customer's code typed on a rep's phone as a formula (OWASP "CSV injection").
    await stageFeedPage(
      {
        kind: 'invoices',
        data: [
          {
            ...invoice('e', 5, { customer: 'cu-3' }),
            issue_date: '2025-03-05',
            customer: { id: 'cu-3', code: '=HYPERLINK("http://x","y")' },
          },
        ],
        meta: meta(5),
      },
      toVersionCursor(4),
      '2025-03-05T08:00:00.000Z',
    );
    const text = await (
      await csvBlobOf(
        { kind: 'invoices', view: 'all', sort: defaultReviewSort, quickFilter: '', filters: [] },
        [
          { colId: 'number', headerName: 'Invoice' },
          { colId: 'customer', headerName: 'Customer' },
        ],
      )
    ).text();
    expect(text.split('\r\n')[1]).toBe('"INV-e","\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('says to use CSV past the XLSX limit', () => {
    expect(xlsxRefusal(maxXlsxRows)).toBeNull();
    expect(xlsxRefusal(maxXlsxRows + 1)).toBe(
      'This view has 50,001 documents; an Excel export holds at most 50,000. Export CSV instead (Excel opens it), or filter the view first.',
    );
  });
});
