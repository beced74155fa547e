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
import type { MessageId } from '../../messages/catalogue';
import { isolate, say } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { formatCents, formatTime } from '../ui/format';
import { gridDefaults, useGridLocale } from '../ui/grid-setup';
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

/** Cents as money, read left to right in any desk; empty for none. */
function money(params: ValueFormatterParams<WorksheetRow, number | null>): string {
  return params.value === null || params.value === undefined ? '' : isolate.ltr(formatCents(params.value));
}

function moneyColumn(
  header: MessageId,
  colId: string,
  value: (row: WorksheetRow) => number | null,
  width = 130,
): ColDef<WorksheetRow> {
  return {
    headerName: say(header),
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

/** The columns, their headers and words in the desk's language now (made again on a switch). */
function columnsNow(): ColDef<WorksheetRow>[] {
  return [
    { headerName: say('balances.column.code'), field: 'code', width: 120 },
    { headerName: say('balances.column.customer'), field: 'name', width: 240, tooltipField: 'name' },
    moneyColumn('balances.column.erpBalance', 'erp', (row) => row.sheet?.erpCents ?? null, 175),
    {
      headerName: say('balances.column.asOf'),
      colId: 'asOf',
      valueGetter: (p) => p.data?.sheet?.asOf ?? '',
      valueFormatter: (p) =>
        p.value ? isolate.ltr(formatTime(String(p.value))) : say('balances.neverPushed'),
      width: 150,
    },
    moneyColumn('balances.column.service', 'service', (row) => row.sheet?.serviceCents ?? null, 155),
    moneyColumn('balances.column.difference', 'difference', (row) => row.sheet?.differenceCents ?? null),
    moneyColumn('balances.column.explained', 'explained', (row) => row.sheet?.explainedCents ?? null),
    moneyColumn(
      'balances.column.unexplained',
      'unexplained',
      (row) => row.sheet?.unexplainedCents ?? null,
      140,
    ),
    {
      headerName: say('balances.column.fresh'),
      colId: 'fresh',
      // The words, so the column filters and sorts as the clerk reads it.
      valueGetter: (p) => {
        const sheet = p.data?.sheet;
        if (!sheet) return say('balances.fresh.notKnown');
        return sheet.fresh.length > 0 ? say('balances.fresh.needed') : '';
      },
      cellClass: (p) => (p.data?.sheet && p.data.sheet.fresh.length > 0 ? 'fresh-needed' : ''),
      width: 140,
    },
  ];
}

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
  const say = useSay();
  const locale = useDeskLocale();
  // The grid's language and direction; its key is passed on its own, as React takes a key.
  const { key: gridKey, ...gridLocale } = useGridLocale();
  // Made again when the clerk switches language (or digits, or date order), so headers and cells follow.
  const columnDefs = useMemo(() => columnsNow(), [locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="grid-frame balance-grid" role="region" aria-label={say('balances.grid.label')}>
      <AgGridReact<WorksheetRow>
        key={gridKey}
        {...gridDefaults}
        {...gridLocale}
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
        overlayNoRowsTemplate={`<span>${say('balances.grid.empty')}</span>`}
      />
    </div>
  );
}
