// The columns of the review grids: one definition for the four feeds, with the words each feed uses.
// Cells are plain values (no React cell renderers), so 100,000 rows scroll smoothly.
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/db';
import { assertNever } from '../ui/assert-never';
import { formatCents } from '../ui/format';

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
export function reviewText(row: ReviewRow): string {
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

/** The column definitions of a feed's grid. */
export function reviewColumns(kind: FeedKind): ColDef<ReviewRow>[] {
  const words = labels[kind];
  const columns: ColDef<ReviewRow>[] = [
    { field: 'number', headerName: words.number, width: 140, cellStyle: bidi },
    { field: 'date', headerName: words.date, width: 128, sort: 'desc' },
    {
      colId: 'customer',
      headerName: 'Customer',
      flex: 1,
      minWidth: 200,
      cellStyle: bidi,
      // The name once looked up (English · Arabic), else the code the document carries.
      valueGetter: (params) => (params.data ? params.data.customerName || params.data.customer : ''),
      tooltipValueGetter: (params) =>
        params.data ? `${params.data.customerName} (${params.data.customer})` : '',
      getQuickFilterText: (params) =>
        params.data ? `${params.data.customerName} ${params.data.customer}` : '',
    },
    { field: 'rep', headerName: 'Rep', width: 80 },
    { field: 'note', headerName: words.note, width: kind === 'payments' ? 204 : 164, cellStyle: bidi },
    { field: 'status', headerName: 'Status', width: 120 },
    {
      field: 'amountCents',
      headerName: 'Amount',
      width: 120,
      type: 'rightAligned',
      filter: 'agNumberColumnFilter',
      filterValueGetter: (params) => (params.data ? params.data.amountCents / 100 : null),
      valueFormatter: (params: ValueFormatterParams<ReviewRow, number>) =>
        params.value === null || params.value === undefined ? '' : formatCents(params.value),
      getQuickFilterText: (params) => formatCents(params.value),
    },
    { field: 'currency', headerName: 'Cur.', width: 64 },
    {
      colId: 'review',
      headerName: 'Review',
      width: 150,
      valueGetter: (params) => (params.data ? reviewText(params.data) : ''),
      // The whole story on hover: the clerk's own answer's fate in full, then what changed.
      tooltipValueGetter: (params) =>
        params.data
          ? [params.data.answerError || reviewText(params.data), ...params.data.changes].join('\n')
          : '',
    },
    { field: 'externalNumber', headerName: 'ERP number', width: 130, cellStyle: bidi },
  ];
  if (kind === 'payments' || kind === 'returns') {
    columns.push({
      colId: 'changes',
      headerName: 'What changed',
      width: 260,
      valueGetter: (params) => params.data?.changes.join(' ') ?? '',
      tooltipValueGetter: (params) => params.data?.changes.join('\n') ?? '',
    });
  }
  return columns;
}
