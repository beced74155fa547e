import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  ColumnState,
  FilterModel,
  GetRowIdParams,
  GridApi,
  IRowNode,
  RowClickedEvent,
  RowSelectedEvent,
  RowSelectionOptions,
} from 'ag-grid-community';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import type { ReviewView } from '../../data/review-rows/keys';
import { countReview, readReviewPage } from '../../data/review-rows/pages';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { gridDefaults, jumpToEdgeRow, useGridLocale } from '../ui/grid-setup';
import { reviewColumns } from './columns';
import {
  createReviewDatasource,
  reviewQueryOf,
  rowCountToTell,
  rowsKeyOf,
  type ReviewDatasource,
  type ReviewReadState,
} from './review-datasource';
import { isSelectable, isSelected, toggleRow, type ReviewSelection } from './review-selection';

/** Rows per block read from IndexedDB, and blocks kept: what is on screen plus a cache. */
const blockRows = 100;
const blocksKept = 20;

// Row checkboxes; the grid's own "select all" works on loaded rows only, so the header's checkbox is
// ours (SelectAllHeader) and selects the whole view (review-selection.ts). A row whose answer is
// already queued cannot be answered again until the outbox settles it.
const rowSelection: RowSelectionOptions<ReviewRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
  isRowSelectable: (node) => node.data !== undefined && isSelectable(node.data),
};

const getRowId = (params: GetRowIdParams<ReviewRow>): string => params.data.id;

/** What the header's checkbox shows and does. */
export interface SelectAllState {
  state: 'all' | 'some' | 'none';
  isDisabled: boolean;
  label: string;
  onChange: (isTicked: boolean) => void;
}

/** A tiny store the header reads, so it follows the selection without the columns being rebuilt. */
function createHeaderStore(initial: SelectAllState) {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): SelectAllState => current,
    set(next: SelectAllState): void {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type HeaderStore = ReturnType<typeof createHeaderStore>;

/** The checkbox column's header: ticks every row of the view (not only the rows loaded). */
function SelectAllHeader({ store }: { store: HeaderStore }) {
  const { state, isDisabled, label, onChange } = useSyncExternalStore(store.subscribe, store.get);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <div className="ag-header-select-all review-select-all">
      <input
        ref={ref}
        type="checkbox"
        aria-label={label}
        title={label}
        checked={state === 'all'}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

/**
 * What a grid made anew takes over from the one it replaces (ag-grid reads the direction and its own
 * words only when a grid is made, so a language switch makes the grid anew): the clerk's columns
 * (order, widths, sort, pinning) and filters. The selection is the section's and follows by itself.
 */
interface KeptGridState {
  columns: ColumnState[];
  filters: FilterModel;
  isRtl: boolean;
}

/**
 * Column state for a grid of the other direction: a pinned side is the row's start or end, so it is
 * mirrored (the checkbox column stays at the start); order and widths are the same.
 */
function columnsFor(kept: KeptGridState, isRtl: boolean): ColumnState[] {
  if (kept.isRtl === isRtl) return kept.columns;
  const mirrored = { left: 'right', right: 'left' } as const;
  return kept.columns.map((column) =>
    column.pinned === 'left' || column.pinned === 'right'
      ? { ...column, pinned: mirrored[column.pinned] }
      : column,
  );
}

/** Text shown inside ag-grid's HTML overlay, escaped. */
function overlayText(text: string): string {
  return `<span>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</span>`;
}

/** Sets each loaded row's checkbox from the selection; answers the loaded rows. */
function applySelection(api: GridApi<ReviewRow>, selection: ReviewSelection): void {
  const on: IRowNode<ReviewRow>[] = [];
  const off: IRowNode<ReviewRow>[] = [];
  api.forEachNode((node) => {
    if (!node.data) return;
    const want = isSelected(selection, node.data);
    if (want !== Boolean(node.isSelected())) (want ? on : off).push(node);
  });
  if (on.length > 0) api.setNodesSelected({ nodes: on, newValue: true, source: 'api' });
  if (off.length > 0) api.setNodesSelected({ nodes: off, newValue: false, source: 'api' });
}

/**
 * A feed's grid over one view, read in blocks (ag-grid's infinite row model) from IndexedDB through
 * the paged reading (src-renderer/data/review-rows/README.md): the first block paints without waiting
 * for the rest; rows are kept by id, so a refresh after a sync keeps the scroll and the checkboxes; the
 * checkboxes follow the selection the section keeps (review-selection.ts).
 */
export function ReviewGrid({
  kind,
  view,
  quickFilter,
  dataVersion,
  selection,
  selectAll,
  onToggle,
  onRead,
  onRows,
  onOpen,
  onApi,
}: {
  kind: FeedKind;
  view: ReviewView;
  /** The quick filter as applied (debounced by the caller). */
  quickFilter: string;
  /** The store's data version: a change refreshes the blocks read (not the grid). */
  dataVersion: number;
  selection: ReviewSelection;
  selectAll: SelectAllState;
  /** The clerk ticked or unticked a row. */
  onToggle: (row: ReviewRow, isTicked: boolean) => void;
  /** A block was read: the query it was read for and the query's count as known. */
  onRead: (state: ReviewReadState) => void;
  /** The rows of a block as read (fresh copies of rows a selection may hold). */
  onRows: (rows: ReviewRow[]) => void;
  onOpen: (id: string) => void;
  /** Told the grid's API when it is ready (exports, the current query) and null when it goes. */
  onApi: (api: GridApi<ReviewRow> | null) => void;
}) {
  const say = useSay();
  const { key: gridKey, ...gridLanguage } = useGridLocale();
  const { dates } = useDeskLocale();
  // The names the cells show (reps', statuses', customers', currencies'): replaced whole when the sync
  // stores names or the clerk names a rep.
  const names = useDeskStore((state) => state.names);
  const kept = useRef<KeptGridState | null>(null);
  const readyApi = useRef<GridApi<ReviewRow> | null>(null);
  const [api, setApi] = useState<GridApi<ReviewRow> | null>(null);
  const selectionRef = useRef(selection);
  const callbacks = useRef({ onRead, onRows, onToggle });
  useLayoutEffect(() => {
    selectionRef.current = selection;
    callbacks.current = { onRead, onRows, onToggle };
  });
  const applying = useRef(false);

  const headerStore = useMemo(() => createHeaderStore(selectAll), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => headerStore.set(selectAll), [headerStore, selectAll]);
  // The checkboxes are pinned at the row's start: the left, or the right in a right-to-left grid.
  const isRtl = gridLanguage.enableRtl;
  const selectionColumnDef = useMemo(
    () => ({
      headerComponent: SelectAllHeader,
      headerComponentParams: { store: headerStore },
      width: 44,
      pinned: isRtl ? ('right' as const) : ('left' as const),
      // From a checkbox too, Ctrl+Home and Ctrl+End go to the first and last rows.
      suppressKeyboardEvent: jumpToEdgeRow,
    }),
    [headerStore, isRtl],
  );

  // The checkboxes of the loaded rows follow the selection (after each block read, too).
  useEffect(() => {
    if (!api || api.isDestroyed()) return;
    applying.current = true;
    try {
      applySelection(api, selection);
    } finally {
      applying.current = false;
    }
  }, [api, selection]);

  // Another view or quick filter: a new datasource (the grid starts again from the top).
  const datasourceRef = useRef<ReviewDatasource | null>(null);
  useEffect(() => {
    if (!api) return;
    const datasource = createReviewDatasource({
      kind,
      view,
      quickFilter,
      readPage: readReviewPage,
      count: countReview,
      // A block of a datasource replaced meanwhile (another view or filter) is not told: its count
      // and rows are of a query no longer shown.
      onRead: (state) => {
        if (datasourceRef.current !== datasource) return;
        callbacks.current.onRead(state);
        if (api.isDestroyed()) return;
        const rowsKey = rowsKeyOf(
          reviewQueryOf({ kind, view, quickFilter, sortModel: [], filterModel: api.getFilterModel() }),
        );
        const rowCount = rowCountToTell(state, {
          rowsKey,
          isLastRowKnown: api.isLastRowIndexKnown() === true,
          rowCount: api.getDisplayedRowCount(),
        });
        if (rowCount !== null) api.setRowCount(rowCount, true);
      },
      onRows: (rows) => {
        if (datasourceRef.current !== datasource) return;
        callbacks.current.onRows(rows);
        if (api.isDestroyed()) return;
        applying.current = true;
        try {
          applySelection(api, selectionRef.current);
        } finally {
          applying.current = false;
        }
      },
    });
    datasourceRef.current = datasource;
    api.setGridOption('datasource', datasource);
  }, [api, kind, view, quickFilter]);

  // Another date order (the language and the digits make the grid anew), or new names: the cells shown
  // are said again where they are (the rows keep codes; their names are read when a cell is drawn).
  useEffect(() => {
    if (api && !api.isDestroyed()) api.refreshCells({ force: true });
  }, [api, dates, names]);

  // Staged data changed (a sync, an answer queued or sent): the blocks are read again where they are,
  // so the scroll and the checkboxes stay.
  const shownVersion = useRef(dataVersion);
  useEffect(() => {
    if (shownVersion.current === dataVersion || !api) return;
    shownVersion.current = dataVersion;
    datasourceRef.current?.forget();
    api.refreshInfiniteCache();
  }, [api, dataVersion]);

  // Headers are said in the clerk's language (the desk's locale, which `say` reads): made again, with the
  // grid, when the language changes.
  const columnDefs = useMemo(() => reviewColumns(kind), [kind, gridKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="grid-frame" aria-label={say('review.grid.label', { kind })} role="region">
      <AgGridReact<ReviewRow>
        key={gridKey}
        {...gridDefaults}
        {...gridLanguage}
        rowModelType="infinite"
        cacheBlockSize={blockRows}
        maxBlocksInCache={blocksKept}
        infiniteInitialRowCount={1}
        // Blocks come from IndexedDB in a few milliseconds: no waiting for the scrolling to settle.
        blockLoadDebounceMillis={0}
        maxConcurrentDatasourceRequests={2}
        columnDefs={columnDefs}
        selectionColumnDef={selectionColumnDef}
        getRowId={getRowId}
        rowSelection={rowSelection}
        // Rows drawn beyond those in sight: each costs its cells' rendering and layout when a view,
        // filter or sort shows new rows (20 read the first rows about a quarter slower, docs/benchmarks.md).
        rowBuffer={5}
        // Every column of a row is drawn, also those scrolled out of sight (14 at most): a screen reader
        // reads a whole row, and a row's Review and Answered cells are there however the grid scrolled.
        suppressColumnVirtualisation
        animateRows={false}
        suppressCellFocus={false}
        onGridReady={(event) => {
          // Made anew on a language switch: the columns and filters as the clerk left them, before the
          // first block is read (the datasource is set once the API is told, below).
          const state = kept.current;
          kept.current = null;
          readyApi.current = event.api;
          if (state) {
            event.api.applyColumnState({ state: columnsFor(state, isRtl), applyOrder: true });
            event.api.setFilterModel(state.filters);
          }
          setApi(event.api);
          onApi(event.api);
        }}
        onGridPreDestroyed={(event) => {
          // Only a grid that was ready hands its state on: one dropped before it was ready (a double
          // mount, as React's strict mode may do) leaves the state it was to take for the next.
          if (event.api === readyApi.current) {
            kept.current = {
              columns: event.api.getColumnState(),
              filters: event.api.getFilterModel(),
              isRtl: event.api.getGridOption('enableRtl') ?? false,
            };
            readyApi.current = null;
          }
          setApi(null);
          onApi(null);
        }}
        onRowSelected={(event: RowSelectedEvent<ReviewRow>) => {
          if (applying.current || event.source === 'api' || !event.data) return;
          const isTicked = Boolean(event.node.isSelected());
          // A block read before the section renders the new selection applies this tick, not the
          // selection before it (it would untick the row on screen).
          selectionRef.current = toggleRow(selectionRef.current, event.data, isTicked);
          callbacks.current.onToggle(event.data, isTicked);
        }}
        onRowClicked={(event: RowClickedEvent<ReviewRow>) => {
          if (event.data) onOpen(event.data.id);
        }}
        overlayNoRowsTemplate={overlayText(say('review.grid.empty'))}
      />
    </div>
  );
}
