// The columns of the review grids: one definition for the four feeds, with the words each feed uses,
// said in the clerk's language when the columns are made (the grid is made anew on a switch).
// Cells are plain values (no React cell renderers), so a block of rows paints at once.
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import { isolate, say } from '../../messages/intl';
import { assertNever } from '../ui/assert-never';
import { formatCents, formatDate } from '../ui/format';
import { labelOfCode } from '../../state/names';
import type { IFilterOptionDef } from 'ag-grid-community';
import {
  ackedByFilterOptions,
  amountFilterOptions,
  dateFilterOptions,
  textFilterOptions,
} from './review-datasource';
import { ackProblemText } from './ack-problem-words';
import { customerNameShown, repLabel, shownLabelOptions, statusLabel, statusListOf } from './review-names';
import { changeTexts, noteText } from './row-words';
import { codeWord } from './code-word';

/** The short state of a row for the detail panel's chip: the full words are in the note below it. */
export function reviewChip(row: ReviewRow): string {
  return row.answerState === 'failed' ? say('review.state.failed') : reviewText(row);
}

/**
 * The review column's words: the state, and the clerk's own answer while it is queued, failed, or
 * held because the document changed after the clerk answered it.
 */
function reviewText(row: ReviewRow): string {
  if (row.answerState === 'queued')
    return say(row.answerOutcome === 'REJECTED' ? 'review.state.rejectQueued' : 'review.state.acceptQueued');
  if (row.answerState === 'failed') return say('review.state.failedWith', { error: ackProblemText(row) });
  if (row.answerState === 'changed') return say('review.state.changed');
  if (row.answerState === 'elsewhere') return say('review.state.elsewhere');
  switch (row.review) {
    case 'pending':
      return say(row.pendingAgain ? 'review.state.pendingAgain' : 'review.state.pending');
    case 'accepted':
      return say('review.state.accepted');
    case 'rejected':
      return say('review.state.rejected');
    case 'not-awaiting':
      return say('review.state.notAwaiting');
    default:
      return assertNever(row.review);
  }
}

// Text in either direction: each cell isolates its own direction, so Arabic reads right to left.
const bidi = { unicodeBidi: 'plaintext' } as const;
// Money reads left to right in either language (a minus sign stays before the digits); the grid still
// aligns the column to its end (left in a right-to-left grid).
const leftToRight = { direction: 'ltr', unicodeBidi: 'isolate' } as const;

/**
 * A cell's text as the grid shows it (formatted), by column id: what an export writes, so a file
 * reads like the screen. The rep and the status are named in the clerk's language beside their codes;
 * no text keeps the isolates a right-to-left screen sets codes and names apart with (a file keeps no
 * invisible marks a spreadsheet's lookup would trip on); the
 * customer keeps its name in both languages (decision 107: exports keep `English · عربي`).
 */
export function reviewCellText(colId: string, row: ReviewRow, kind: FeedKind): string {
  return withoutIsolates(cellText(colId, row, kind));
}

/** Unicode's directional isolates (U+2066 to U+2069), which a sentence said for the screen carries. */
const isolates = /[\u2066-\u2069]/g;

function withoutIsolates(text: string): string {
  return text.replace(isolates, '');
}

function cellText(colId: string, row: ReviewRow, kind: FeedKind): string {
  switch (colId) {
    case 'customer':
      return row.customerName || row.customer;
    case 'rep':
      return repLabel(row, shownLabelOptions(false));
    case 'status':
      return statusLabel(kind, row.status, shownLabelOptions(false));
    case 'amountCents':
      return formatCents(row.amountCents);
    case 'review':
      return reviewText(row);
    case 'changes':
      return changeTexts(row).join(' ');
    case 'note':
      return noteText(row);
    case 'branch':
      return row.branch ?? '';
    case 'cheque':
      return chequeText(row);
    case 'ackedBy':
      return ackedByText(row);
    case 'date':
      return formatDate(row.date);
    case 'number':
    case 'currency':
    case 'externalNumber':
      return String(row[colId]);
    default:
      return '';
  }
}

// The views are read in pages from IndexedDB (src-renderer/data/review-rows/README.md): only the
// columns with an index sort (date, number, customer, amount); customer, number, ERP number, rep,
// status and note filter by the start of a word or the whole text, amount by comparison, date by a
// range of days; the other columns do neither.
const textFilter = {
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: [...textFilterOptions], maxNumConditions: 1, debounceMs: 150 },
} as const;
const amountFilter = {
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: [...amountFilterOptions], maxNumConditions: 1, debounceMs: 150 },
} as const;
// A range of days, both ends included (the store reads it through its date key).
const dateFilter = {
  filter: 'agDateColumnFilter',
  filterParams: { filterOptions: [...dateFilterOptions], inRangeInclusive: true, maxNumConditions: 1 },
} as const;
// The rep, status and note filter too (issue 29), found by a walk over the view: not sortable.
const walkedTextFilter = { sortable: false, ...textFilter } as const;
const plain = { sortable: false, filter: false } as const;

/** Who answered, in the "Answered" column: this desk, elsewhere, or nothing while unanswered. */
function ackedByText(row: ReviewRow): string {
  switch (row.ackedBy) {
    case 'here':
      return say('review.ackedBy.here');
    case 'elsewhere':
      return say('review.ackedBy.elsewhere');
    default:
      return '';
  }
}

/**
 * The "Answered" column's filter: a choice of who answered, nothing to type (ag-grid's filter options
 * with no input; the store's walk applies them, so the predicate is never asked), after "Choose one".
 */
function ackedByFilter() {
  const options: IFilterOptionDef[] = ackedByFilterOptions.map((by) => ({
    displayKey: by,
    displayName: say(`review.ackedBy.filter.${by}`),
    predicate: () => true,
    numberOfInputs: 0,
  }));
  return {
    sortable: false,
    filter: 'agTextColumnFilter',
    // "Choose one" first (ag-grid's `empty`, as its own yes-or-no filter): no filter until a choice.
    filterParams: { filterOptions: ['empty', ...options], maxNumConditions: 1 },
  } as const;
}

/** A payment's cheque as its column shows it: its state's name beside its code, and its number. */
function chequeText(row: ReviewRow): string {
  const cheque = row.noteFacts.kind === 'method' ? row.noteFacts.cheque : null;
  return cheque
    ? say('review.cheque.cell', {
        status: codeWord('chequeStatus', cheque.status),
        number: isolate.ltr(cheque.number),
      })
    : '';
}

/** The column definitions of a feed's grid. */
export function reviewColumns(kind: FeedKind): ColDef<ReviewRow>[] {
  const columns: ColDef<ReviewRow>[] = [
    {
      field: 'number',
      headerName: say(`review.column.${kind}.number`),
      width: 140,
      cellStyle: bidi,
      ...textFilter,
    },
    {
      field: 'date',
      headerName: say(`review.column.${kind}.date`),
      width: 128,
      sort: 'desc',
      ...dateFilter,
      valueFormatter: (params: ValueFormatterParams<ReviewRow, string>) => formatDate(params.value),
    },
    {
      colId: 'customer',
      headerName: say('review.column.customer'),
      flex: 1,
      minWidth: 200,
      cellStyle: bidi,
      ...textFilter,
      // The name once looked up, in the clerk's language, else the code the document carries.
      valueGetter: (params) => (params.data ? customerNameShown(params.data) : ''),
      tooltipValueGetter: (params) =>
        params.data
          ? say('review.column.customer.tooltip', {
              name: isolate.name(customerNameShown(params.data)),
              code: isolate.ltr(params.data.customer),
            })
          : '',
    },
    {
      // The rep's name the clerk gave beside its code (the code stays, to match the ERP's list); wide
      // enough for a code and a two-word name. No plain-text direction: the label's own isolates keep
      // the code and the name apart, and the cell reads in the grid's direction.
      colId: 'rep',
      headerName: say('review.column.rep'),
      width: 180,
      ...walkedTextFilter,
      valueGetter: (params) => (params.data ? repLabel(params.data, shownLabelOptions()) : ''),
      tooltipValueGetter: (params) => (params.data ? repLabel(params.data, shownLabelOptions()) : ''),
    },
    {
      // The branch's code as the document names it (issue 29: clerks look for a branch's documents).
      colId: 'branch',
      headerName: say('review.column.branch'),
      width: 110,
      cellStyle: bidi,
      ...walkedTextFilter,
      valueGetter: (params) => params.data?.branch ?? '',
    },
    {
      colId: 'note',
      headerName: say(`review.column.${kind}.note`),
      // A payment's method and cheque, and a return's reason, are named beside their codes.
      width: kind === 'payments' ? 260 : kind === 'returns' ? 240 : 164,
      cellStyle: bidi,
      ...walkedTextFilter,
      valueGetter: (params) => (params.data ? noteText(params.data) : ''),
    },
    {
      // The status's name from the feed's status list beside its code; the code alone for the feeds
      // whose statuses no list names.
      colId: 'status',
      headerName: say('review.column.status'),
      width: statusListOf(kind) ? 200 : 120,
      ...walkedTextFilter,
      valueGetter: (params) =>
        params.data ? statusLabel(kind, params.data.status, shownLabelOptions()) : '',
      tooltipValueGetter: (params) =>
        params.data ? statusLabel(kind, params.data.status, shownLabelOptions()) : '',
    },
    {
      field: 'amountCents',
      headerName: say('review.column.amount'),
      width: 120,
      type: 'rightAligned',
      cellStyle: leftToRight,
      ...amountFilter,
      valueFormatter: (params: ValueFormatterParams<ReviewRow, number>) =>
        params.value === null || params.value === undefined ? '' : formatCents(params.value),
    },
    {
      field: 'currency',
      headerName: say('review.column.currency'),
      width: 64,
      ...plain,
      // The code fits the column; its name is on hover.
      tooltipValueGetter: (params) =>
        params.data ? labelOfCode('currencies', params.data.currency, shownLabelOptions()) : '',
    },
    {
      colId: 'review',
      headerName: say('review.column.review'),
      width: 150,
      ...plain,
      valueGetter: (params) => (params.data ? reviewText(params.data) : ''),
      // The whole story on hover: the clerk's own answer's fate in full, then what changed.
      tooltipValueGetter: (params) =>
        params.data
          ? [ackProblemText(params.data) || reviewText(params.data), ...changeTexts(params.data)].join('\n')
          : '',
    },
    {
      colId: 'ackedBy',
      headerName: say('review.column.ackedBy'),
      width: 130,
      ...ackedByFilter(),
      valueGetter: (params) => (params.data ? ackedByText(params.data) : ''),
    },
    {
      field: 'externalNumber',
      headerName: say('review.column.externalNumber'),
      width: 130,
      cellStyle: bidi,
      sortable: false,
      ...textFilter,
    },
  ];
  if (kind === 'payments') {
    // The cheque's state as a column of its own, to filter by (issue 29): `IN_HAND`, `BOUNCED`, …
    const note = columns.findIndex((column) => column.colId === 'note');
    columns.splice(note + 1, 0, {
      colId: 'cheque',
      headerName: say('review.column.cheque'),
      width: 200,
      ...walkedTextFilter,
      valueGetter: (params) => (params.data ? chequeText(params.data) : ''),
    });
  }
  if (kind === 'payments' || kind === 'returns') {
    columns.push({
      colId: 'changes',
      headerName: say('review.column.changes'),
      width: 260,
      ...plain,
      cellStyle: bidi,
      valueGetter: (params) => (params.data ? changeTexts(params.data).join(' ') : ''),
      tooltipValueGetter: (params) => (params.data ? changeTexts(params.data).join('\n') : ''),
    });
  }
  return columns;
}
