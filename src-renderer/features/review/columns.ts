// The columns of the review grids: one definition for the four feeds, with the words each feed uses.
// Cells are plain values (no React cell renderers), so a block of rows paints at once.
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import { assertNever } from '../ui/assert-never';
import { formatCents } from '../ui/format';
import { amountFilterOptions, textFilterOptions } from './review-datasource';

/** What each feed calls its number, date and note columns. */
const labels: Record<FeedKind, { number: string; date: string; note: string }> = {
  orders: { number: 'Order', date: 'Order date', note: 'Lines' },
  invoices: { number: 'Invoice', date: 'Issue date', note: 'Order' },
  payments: { number: 'Receipt', date: 'Collected', note: 'Method' },
  returns: { number: 'Return', date: 'Return date', note: 'Reason' },
};

/** The short state of a row for the detail panel's chip: the full words are in the note below it. */
export function reviewChip(row: ReviewRow): string {
  return row.answerState === 'failed' ? 'Failed' : reviewText(row);
}

/**
 * The review column's words: the state, and the clerk's own answer while it is queued, failed, or
 * held because the document changed after the clerk answered it.
 */
function reviewText(row: ReviewRow): string {
  if (row.answerState === 'queued')
    return row.answerOutcome === 'REJECTED' ? 'Reject queued' : 'Accept queued';
  if (row.answerState === 'failed') return `Failed: ${row.answerError}`;
  if (row.answerState === 'changed') return 'Changed since you answered: not sent';
  if (row.answerState === 'elsewhere') return 'Answered elsewhere: not sent';
  switch (row.review) {
    case 'pending':
      return row.pendingAgain ? 'Pending again' : 'Pending';
    case 'accepted':
      return 'Accepted';
    case 'rejected':
      return 'Rejected';
    case 'not-awaiting':
      return 'Not awaiting the ERP';
    default:
      return assertNever(row.review);
  }
}

// Text in either direction: each cell isolates its own direction, so Arabic reads right to left.
const bidi = { unicodeBidi: 'plaintext' } as const;

/**
 * A cell's text as the grid shows it (formatted), by column id: what an export writes, so a file
 * reads like the screen.
 */
export function reviewCellText(colId: string, row: ReviewRow): string {
  switch (colId) {
    case 'customer':
      return row.customerName || row.customer;
    case 'amountCents':
      return formatCents(row.amountCents);
    case 'review':
      return reviewText(row);
    case 'changes':
      return row.changes.join(' ');
    case 'number':
    case 'date':
    case 'rep':
    case 'note':
    case 'status':
    case 'currency':
    case 'externalNumber':
      return String(row[colId]);
    default:
      return '';
  }
}

// The views are read in pages from IndexedDB (src-renderer/data/review-rows/README.md): only the
// columns with an index sort (date, number, customer, amount), and only customer, number, ERP number
// (by the start of a word, or the whole text) and amount filter; the other columns do neither.
const textFilter = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: [...textFilterOptions], maxNumConditions: 1, debounceMs: 150 },
} as const;
const amountFilter = {
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: [...amountFilterOptions], maxNumConditions: 1, debounceMs: 150 },
} as const;
const plain = { sortable: false, filter: false } as const;

/** The column definitions of a feed's grid. */
export function reviewColumns(kind: FeedKind): ColDef<ReviewRow>[] {
  const words = labels[kind];
  const columns: ColDef<ReviewRow>[] = [
    { field: 'number', headerName: words.number, width: 140, cellStyle: bidi, ...textFilter },
    { field: 'date', headerName: words.date, width: 128, sort: 'desc', filter: false },
    {
      colId: 'customer',
      headerName: 'Customer',
      flex: 1,
      minWidth: 200,
      cellStyle: bidi,
      ...textFilter,
      // The name once looked up (English · Arabic), else the code the document carries.
      valueGetter: (params) => (params.data ? params.data.customerName || params.data.customer : ''),
      tooltipValueGetter: (params) =>
        params.data ? `${params.data.customerName} (${params.data.customer})` : '',
    },
    { field: 'rep', headerName: 'Rep', width: 80, ...plain },
    {
      field: 'note',
      headerName: words.note,
      width: kind === 'payments' ? 204 : 164,
      cellStyle: bidi,
      ...plain,
    },
    { field: 'status', headerName: 'Status', width: 120, ...plain },
    {
      field: 'amountCents',
      headerName: 'Amount',
      width: 120,
      type: 'rightAligned',
      ...amountFilter,
      valueFormatter: (params: ValueFormatterParams<ReviewRow, number>) =>
        params.value === null || params.value === undefined ? '' : formatCents(params.value),
    },
    { field: 'currency', headerName: 'Cur.', width: 64, ...plain },
    {
      colId: 'review',
      headerName: 'Review',
      width: 150,
      ...plain,
      valueGetter: (params) => (params.data ? reviewText(params.data) : ''),
      // The whole story on hover: the clerk's own answer's fate in full, then what changed.
      tooltipValueGetter: (params) =>
        params.data
          ? [params.data.answerError || reviewText(params.data), ...params.data.changes].join('\n')
          : '',
    },
    {
      field: 'externalNumber',
      headerName: 'ERP number',
      width: 130,
      cellStyle: bidi,
      sortable: false,
      ...textFilter,
    },
  ];
  if (kind === 'payments' || kind === 'returns') {
    columns.push({
      colId: 'changes',
      headerName: 'What changed',
      width: 260,
      ...plain,
      valueGetter: (params) => params.data?.changes.join(' ') ?? '',
      tooltipValueGetter: (params) => params.data?.changes.join('\n') ?? '',
    });
  }
  return columns;
}
