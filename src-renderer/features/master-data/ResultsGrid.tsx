import { useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, GetRowIdParams, RowSelectionOptions, SelectionChangedEvent } from 'ag-grid-community';
import type { PushRecordRow } from '../../data/rows';
import { formatters, say } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { gridDefaults, useGridLocale } from '../ui/grid-setup';
import {
  kindWords,
  outcomeWords,
  recordLabelWords,
  recordNoteWords,
  resultExplanationWords,
} from './master-data-words';

// Only records the service offered to link can be chosen (the adoption button acts on them).
const rowSelection: RowSelectionOptions<PushRecordRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
  isRowSelectable: (node) => Boolean(node.data?.adoptServiceId),
};

const getRowId = (params: GetRowIdParams<PushRecordRow>): string => String(params.data.seq);

/** The grid's columns, their headers and kinds said in the clerk's language now. */
function columnsNow(hasBalances: boolean): ColDef<PushRecordRow>[] {
  const columns: ColDef<PushRecordRow>[] = [
    {
      headerName: say('masterData.grid.kind'),
      valueGetter: (p) => (p.data ? kindWords(p.data.kind) : ''),
      width: 120,
    },
    { headerName: say('masterData.grid.file'), field: 'file', width: 140 },
    {
      headerName: say('masterData.grid.line'),
      field: 'line',
      width: 80,
      type: 'numericColumn',
      // The clerk's digits; no thousands separator in a line number.
      valueFormatter: (p) => (p.value === null || p.value === undefined ? '' : formatters().digits(p.value)),
    },
    { headerName: say('masterData.grid.key'), field: 'key', width: 150 },
    {
      headerName: say('masterData.grid.record'),
      colId: 'label',
      valueGetter: (p) => (p.data ? recordLabelWords(p.data) : ''),
      width: 200,
    },
    {
      headerName: say('masterData.grid.result'),
      colId: 'outcome',
      valueGetter: (p) => (p.data ? outcomeWords(p.data.outcome) : ''),
      width: 130,
      cellClass: (p) => `outcome-${p.data?.outcome ?? ''}`,
    },
    {
      headerName: say('masterData.grid.explanation'),
      valueGetter: (p) => (p.data ? (resultExplanationWords(p.data) ?? recordNoteWords(p.data) ?? '') : ''),
      flex: 1,
      minWidth: 300,
      // An error in plain words is the point of this screen: shown whole, not cut at the cell's edge.
      wrapText: true,
      autoHeight: true,
      cellStyle: { lineHeight: '1.35', paddingTop: '6px', paddingBottom: '6px' },
    },
    { headerName: say('masterData.grid.serviceId'), field: 'serviceId', width: 140 },
  ];
  if (hasBalances) {
    columns.push(
      {
        headerName: say('masterData.grid.erpBalance'),
        field: 'erpBalance',
        width: 120,
        type: 'numericColumn',
      },
      {
        headerName: say('masterData.grid.serviceBalance'),
        colId: 'serviceBalance',
        width: 130,
        type: 'numericColumn',
        // A customer the service did not know when compared: said, not left blank as one not compared.
        valueGetter: (p) =>
          p.data?.serviceMissing ? say('masterData.grid.serviceMissing') : (p.data?.serviceBalance ?? null),
        tooltipValueGetter: (p) => (p.data?.serviceMissing ? say('masterData.grid.serviceMissingTip') : null),
      },
    );
  }
  return columns;
}

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
  const say = useSay();
  const locale = useDeskLocale();
  // The grid's language and direction; its key is passed on its own, as React takes a key.
  const { key: gridKey, ...gridLocale } = useGridLocale();
  // Made again when the clerk switches language, so the headers and the kinds and results follow.
  const columnDefs = useMemo(() => columnsNow(hasBalances), [hasBalances, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="grid-frame results-grid" role="region" aria-label={say('masterData.grid.aria')}>
      <AgGridReact<PushRecordRow>
        key={gridKey}
        {...gridDefaults}
        {...gridLocale}
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
