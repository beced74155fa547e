import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  ColDef,
  GetRowIdParams,
  RowClickedEvent,
  RowSelectionOptions,
  SelectionChangedEvent,
  ValueFormatterParams,
} from 'ag-grid-community';
import { formatCents, formatTime } from '../ui/format';
import { gridDefaults } from '../ui/grid-setup';
import type { WorksheetRow } from './use-balance-worksheet';

// Only customers with an ERP key can be given a balance (spec: `PUT /customers/{ref}/balance`).
const rowSelection: RowSelectionOptions<WorksheetRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  selectAll: 'filtered',
  enableClickSelection: false,
  isRowSelectable: (node) => Boolean(node.data?.ref && node.data.sheet),
};

const getRowId = (params: GetRowIdParams<WorksheetRow>): string => params.data.id;

/** Cents as money; empty for none. */
function money(params: ValueFormatterParams<WorksheetRow, number | null>): string {
  return params.value === null || params.value === undefined ? '' : formatCents(params.value);
}

function moneyColumn(
  headerName: string,
  colId: string,
  value: (row: WorksheetRow) => number | null,
  width = 130,
): ColDef<WorksheetRow> {
  return {
    headerName,
    colId,
    valueGetter: (p) => (p.data ? value(p.data) : null),
    valueFormatter: money,
    type: 'numericColumn',
    filter: 'agNumberColumnFilter',
    width,
    // Exact cents, right-aligned in tabular figures, so columns of money read down.
    cellClass: ['ag-right-aligned-cell', 'money'],
  };
}

const columns: ColDef<WorksheetRow>[] = [
  { headerName: 'Code', field: 'code', width: 120 },
  { headerName: 'Customer', field: 'name', width: 240, tooltipField: 'name' },
  moneyColumn('ERP balance (pushed)', 'erp', (row) => row.sheet?.erpCents ?? null, 175),
  {
    headerName: 'As of',
    colId: 'asOf',
    valueGetter: (p) => p.data?.sheet?.asOf ?? '',
    valueFormatter: (p) => (p.value ? formatTime(String(p.value)) : 'never pushed'),
    width: 150,
  },
  moneyColumn('Service balance', 'service', (row) => row.sheet?.serviceCents ?? null, 155),
  moneyColumn('Difference', 'difference', (row) => row.sheet?.differenceCents ?? null),
  moneyColumn('Explained', 'explained', (row) => row.sheet?.explainedCents ?? null),
  moneyColumn('Unexplained', 'unexplained', (row) => row.sheet?.unexplainedCents ?? null, 140),
  {
    headerName: 'Fresh balance',
    colId: 'fresh',
    valueGetter: (p) => {
      const sheet = p.data?.sheet;
      if (!sheet) return 'not known';
      return sheet.fresh.length > 0 ? 'needed' : '';
    },
    cellClass: (p) => (p.value === 'needed' ? 'fresh-needed' : ''),
    width: 140,
  },
];

/** Every customer read this session: the two balances, the difference and how much of it is explained. */
export function BalanceGrid({
  rows,
  onSelection,
  onOpen,
}: {
  rows: WorksheetRow[];
  onSelection: (rows: WorksheetRow[]) => void;
  onOpen: (id: string) => void;
}) {
  const columnDefs = useMemo(() => columns, []);
  return (
    <div className="grid-frame balance-grid" role="region" aria-label="Balance worksheet grid">
      <AgGridReact<WorksheetRow>
        {...gridDefaults}
        rowData={rows}
        columnDefs={columnDefs}
        getRowId={getRowId}
        rowSelection={rowSelection}
        animateRows={false}
        onSelectionChanged={(event: SelectionChangedEvent<WorksheetRow>) =>
          onSelection(event.api.getSelectedRows())
        }
        onRowClicked={(event: RowClickedEvent<WorksheetRow>) => {
          if (event.data) onOpen(event.data.id);
        }}
        overlayNoRowsTemplate="<span>No customers in this view.</span>"
      />
    </div>
  );
}
