// The reconciliation grid's columns: one row a group, the service's side | the ERP's side | the
// difference, and what disagrees in plain words.
import type { ColDef } from 'ag-grid-community';
import type {
  AckConflict,
  MatchRule,
  ReconcileDifference,
  ReconcileGroup,
  ReconcileState,
} from '../../../src-shared/domain/reconcile';
import { formatCents } from '../ui/format';

/** What each state is called on screen. */
export const stateLabels: Record<ReconcileState, string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  differs: 'Differs',
  ambiguous: 'Ambiguous',
  'service-only': 'Only in the service',
  'erp-only': 'Only in the ERP',
};

/** What each rule is called on screen. */
export const ruleLabels: Record<MatchRule, string> = {
  reference: 'Service number in the ERP reference',
  'erp-key': 'ERP key or number already answered',
  'amount-date': 'Customer, amount and date',
  'receipt-sum': 'Receipts adding up',
};

function differenceWords(difference: ReconcileDifference): string {
  if (difference.field === 'amount')
    return `Amount: service ${formatCents(difference.serviceCents)}, ERP ${formatCents(difference.erpCents)} (${formatCents(difference.differenceCents)}).`;
  return `${difference.field[0]!.toUpperCase()}${difference.field.slice(1)}: service ${difference.service || '—'}, ERP ${difference.erp || '—'}.`;
}

function conflictWords(conflict: AckConflict): string {
  return conflict.outcome === 'ACCEPTED'
    ? `Answered ACCEPTED as ${conflict.answered}, but the ERP booked ${conflict.register}.`
    : `Answered REJECTED, but the ERP booked ${conflict.register}.`;
}

/** What disagrees in a group, in plain words (differences, then answers that contradict the register). */
export function groupNotes(group: ReconcileGroup): string {
  return [...group.differences.map(differenceWords), ...group.ackConflicts.map(conflictWords)].join(' ');
}

const join = (values: readonly (string | null | undefined)[]): string =>
  [...new Set(values.filter((value): value is string => !!value))].join(', ');

/** The grid's columns. */
export function reconcileColumns(): ColDef<ReconcileGroup>[] {
  return [
    {
      colId: 'state',
      headerName: 'State',
      width: 130,
      valueGetter: (params) => (params.data ? stateLabels[params.data.state] : ''),
    },
    {
      colId: 'serviceNumber',
      headerName: 'Service document',
      width: 170,
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.number) ?? []),
    },
    {
      colId: 'erpNumber',
      headerName: 'ERP number',
      width: 130,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.erpNumber) ?? []),
    },
    {
      colId: 'serviceCents',
      headerName: 'Service amount',
      width: 124,
      type: 'rightAligned',
      valueGetter: (params) =>
        params.data && params.data.documents.length > 0 ? params.data.serviceCents : null,
      valueFormatter: (params) => (typeof params.value === 'number' ? formatCents(params.value) : ''),
      filter: 'agNumberColumnFilter',
    },
    {
      colId: 'erpCents',
      headerName: 'ERP amount',
      width: 124,
      type: 'rightAligned',
      valueGetter: (params) => (params.data && params.data.lines.length > 0 ? params.data.erpCents : null),
      valueFormatter: (params) => (typeof params.value === 'number' ? formatCents(params.value) : ''),
      filter: 'agNumberColumnFilter',
    },
    {
      colId: 'differenceCents',
      headerName: 'Difference',
      width: 110,
      type: 'rightAligned',
      valueGetter: (params) =>
        params.data && params.data.documents.length > 0 && params.data.lines.length > 0
          ? params.data.differenceCents
          : null,
      valueFormatter: (params) =>
        typeof params.value === 'number' && params.value !== 0 ? formatCents(params.value) : '',
      filter: 'agNumberColumnFilter',
    },
    {
      colId: 'notes',
      headerName: 'What disagrees',
      width: 320,
      valueGetter: (params) => (params.data ? groupNotes(params.data) : ''),
      tooltipValueGetter: (params) => (params.data ? groupNotes(params.data) : ''),
    },
    {
      colId: 'serviceCustomer',
      headerName: 'Customer',
      width: 100,
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.customerCode) ?? []),
    },
    {
      colId: 'erpCustomer',
      headerName: 'ERP customer',
      width: 110,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.customer) ?? []),
    },
    {
      colId: 'serviceDate',
      headerName: 'Date',
      width: 104,
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.date) ?? []),
    },
    {
      colId: 'erpDate',
      headerName: 'ERP date',
      width: 104,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.date) ?? []),
    },
    {
      colId: 'erpReference',
      headerName: 'ERP reference',
      width: 150,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.serviceRef) ?? []),
    },
    {
      colId: 'rule',
      headerName: 'Rule',
      width: 150,
      valueGetter: (params) =>
        params.data?.decision
          ? `Your ${params.data.decision}`
          : params.data?.rule
            ? ruleLabels[params.data.rule]
            : '',
    },
  ];
}
