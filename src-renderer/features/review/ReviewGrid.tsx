import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  GetRowIdParams,
  GridApi,
  RowClickedEvent,
  RowSelectionOptions,
  SelectionChangedEvent,
} from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/db';
import { gridDefaults } from '../ui/grid-setup';
import { reviewColumns } from './columns';

// Checkbox selection over the filtered rows; a row whose answer is already queued cannot be answered
// again until the outbox settles it. "Select all" appears once the whole view is in: before, it would
// select only the first rows shown.
const rowSelection: RowSelectionOptions<ReviewRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  selectAll: 'filtered',
  enableClickSelection: false,
  isRowSelectable: (node) => node.data?.answerState !== 'queued',
};
const rowSelectionWhileBusy: RowSelectionOptions<ReviewRow> = { ...rowSelection, headerCheckbox: false };

const getRowId = (params: GetRowIdParams<ReviewRow>): string => params.data.id;

/**
 * Keeps the selection to rows the filters show: an accept or reject never reaches a document the
 * clerk can no longer see.
 */
function dropHiddenSelection(api: GridApi<ReviewRow>): void {
  const selected = api.getSelectedNodes();
  if (selected.length === 0) return;
  const shown = new Set<string>();
  api.forEachNodeAfterFilter((node) => {
    if (node.id !== undefined) shown.add(node.id);
  });
  const hidden = selected.filter((node) => node.id === undefined || !shown.has(node.id));
  if (hidden.length > 0) api.setNodesSelected({ nodes: hidden, newValue: false });
}

/**
 * A feed's grid: the client-side row model over light rows, rows kept by id across reloads (so the
 * selection survives a sync), a modest row buffer, no cell renderers.
 */
export function ReviewGrid({
  kind,
  rows,
  busy,
  quickFilter,
  onSelection,
  onOpen,
  onApi,
}: {
  kind: FeedKind;
  rows: ReviewRow[];
  /** True while only the view's first rows are in and the rest is being read. */
  busy: boolean;
  quickFilter: string;
  onSelection: (rows: ReviewRow[]) => void;
  onOpen: (id: string) => void;
  /** Told the grid's API when it is ready (export, select failed) and null when it goes. */
  onApi: (api: GridApi<ReviewRow> | null) => void;
}) {
  const columnDefs = useMemo(() => reviewColumns(kind), [kind]);
  return (
    <div className="grid-frame" aria-label={`${kind} grid`} role="region" aria-busy={busy}>
      <AgGridReact<ReviewRow>
        {...gridDefaults}
        rowData={rows}
        columnDefs={columnDefs}
        getRowId={getRowId}
        rowSelection={busy ? rowSelectionWhileBusy : rowSelection}
        rowBuffer={20}
        quickFilterText={quickFilter}
        // Each row's quick-filter text is built once, not again on every keystroke (100,000 rows).
        cacheQuickFilter
        // No row animation: at 90,000 rows a filter or sort should paint its result at once.
        animateRows={false}
        suppressCellFocus={false}
        onGridReady={(event) => onApi(event.api)}
        onGridPreDestroyed={() => onApi(null)}
        onSelectionChanged={(event: SelectionChangedEvent<ReviewRow>) =>
          onSelection(event.api.getSelectedRows())
        }
        onFilterChanged={(event) => dropHiddenSelection(event.api)}
        onRowClicked={(event: RowClickedEvent<ReviewRow>) => {
          if (event.data) onOpen(event.data.id);
        }}
        overlayNoRowsTemplate="<span>No documents in this view.</span>"
      />
    </div>
  );
}
