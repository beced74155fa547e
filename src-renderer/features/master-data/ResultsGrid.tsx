import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, RowSelectionOptions, SelectionChangedEvent } from 'ag-grid-community';
import { kindDefs } from '../../../src-shared/domain/master-data';
import type { PushRecordRow } from '../../data/rows';
import { gridDefaults } from '../ui/grid-setup';
import { outcomeWords } from './master-data-words';

// Only records the service offered to link can be chosen (the adoption button acts on them).
const rowSelection: RowSelectionOptions<PushRecordRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
  isRowSelectable: (node) => Boolean(node.data?.adoptServiceId),
};

const getRowId = (params: GetRowIdParams<PushRecordRow>): string => String(params.data.seq);

/** A run's records: kind, file line, key, the service's result and, for a failure, what to do. */
export function ResultsGrid({
  records,
  hasBalances,
  canChoose,
  onSelection,
}: {
  records: PushRecordRow[];
  hasBalances: boolean;
  /** Whether any record can be chosen for adoption: only then are there checkboxes. */
  canChoose: boolean;
  onSelection: (rows: PushRecordRow[]) => void;
}) {
  const columnDefs = useMemo((): ColDef<PushRecordRow>[] => {
    const columns: ColDef<PushRecordRow>[] = [
      { headerName: 'Kind', valueGetter: (p) => (p.data ? kindDefs[p.data.kind].label : ''), width: 120 },
      { headerName: 'File', field: 'file', width: 140 },
      { headerName: 'Line', field: 'line', width: 80, type: 'numericColumn' },
      { headerName: 'Key', field: 'key', width: 150 },
      { headerName: 'Record', field: 'label', width: 200 },
      {
        headerName: 'Result',
        colId: 'outcome',
        valueGetter: (p) => (p.data ? outcomeWords(p.data.outcome) : ''),
        width: 130,
        cellClass: (p) => `outcome-${p.data?.outcome ?? ''}`,
      },
      {
        headerName: 'What happened',
        valueGetter: (p) => p.data?.explanation ?? p.data?.note ?? '',
        flex: 1,
        minWidth: 300,
        // An error in plain words is the point of this screen: shown whole, not cut at the cell's edge.
        wrapText: true,
        autoHeight: true,
        cellStyle: { lineHeight: '1.35', paddingTop: '6px', paddingBottom: '6px' },
      },
      { headerName: 'Service id', field: 'serviceId', width: 140 },
    ];
    if (hasBalances) {
      columns.push(
        { headerName: 'ERP balance', field: 'erpBalance', width: 120, type: 'numericColumn' },
        { headerName: 'Service balance', field: 'serviceBalance', width: 130, type: 'numericColumn' },
      );
    }
    return columns;
  }, [hasBalances]);
  return (
    <div className="grid-frame results-grid" role="region" aria-label="Push results grid">
      <AgGridReact<PushRecordRow>
        {...gridDefaults}
        rowData={records}
        columnDefs={columnDefs}
        getRowId={getRowId}
        {...(canChoose ? { rowSelection } : {})}
        onSelectionChanged={(event: SelectionChangedEvent<PushRecordRow>) =>
          onSelection(event.api.getSelectedRows())
        }
      />
    </div>
  );
}
