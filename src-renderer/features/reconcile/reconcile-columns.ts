// The reconciliation grid's columns: one row a group, the service's side | the ERP's side | the
// difference, and what disagrees in plain words.
import type { ColDef } from 'ag-grid-community';
import { createIntl, createIntlCache } from '@formatjs/intl';
import type {
  AckConflict,
  MatchRule,
  ReconcileDifference,
  ReconcileGroup,
  ReconcileState,
} from '../../../src-shared/domain/reconcile';
import { catalogues, type MessageId } from '../../messages/catalogue';
import { formattersFor } from '../../messages/formatters';
import { isolate, say, type MessageValues } from '../../messages/intl';
import { defaultLanguageSettings, deskLocaleOf, type DeskLocale } from '../../messages/locale';
import { formatCents, formatDate } from '../ui/format';

/** What a state is called on screen. */
export function stateLabel(state: ReconcileState): string {
  return say(`reconcile.state.${state}`);
}

/** What a rule is called on screen. */
export function ruleLabel(rule: MatchRule): string {
  return say(`reconcile.rule.${rule}`);
}

/** What made a group, as the Rule column and the export say it: the clerk's decision, or the rule. */
export function groupRule(group: ReconcileGroup): string {
  if (group.decision) return say('reconcile.rule.decision', { decision: group.decision });
  return group.rule ? ruleLabel(group.rule) : '';
}

/** Who says the notes: the desk (in the clerk's language), or the service's copy (always English). */
interface Speaker {
  say(id: MessageId, values?: MessageValues): string;
  cents(cents: number): string;
  ltr(text: string): string;
}

const desk: Speaker = { say, cents: formatCents, ltr: isolate.ltr };

/**
 * The words a rejection sends to the service: English whatever the clerk reads, as everything the desk
 * sends the service (the Settings section says so), with Western digits.
 */
const englishIntl = createIntl(
  { locale: 'en', defaultLocale: 'en', messages: catalogues.en, onError: () => undefined },
  createIntlCache(),
);
const englishFormatters = formattersFor(deskLocaleOf({ ...defaultLanguageSettings, language: 'en' }, []));
const toService: Speaker = {
  say: (id, values) => englishIntl.formatMessage({ id }, values as Record<string, string | number | Date>),
  cents: (cents) => englishFormatters.cents(cents),
  ltr: (text) => text,
};

function differenceWords(difference: ReconcileDifference, speaker: Speaker): string {
  if (difference.field === 'amount')
    return speaker.say('reconcile.notes.amount', {
      service: speaker.ltr(speaker.cents(difference.serviceCents)),
      erp: speaker.ltr(speaker.cents(difference.erpCents)),
      difference: speaker.ltr(speaker.cents(difference.differenceCents)),
    });
  return speaker.say('reconcile.notes.field', {
    field: difference.field,
    service: speaker.ltr(difference.service || '—'),
    erp: speaker.ltr(difference.erp || '—'),
  });
}

function conflictWords(conflict: AckConflict, speaker: Speaker): string {
  return conflict.outcome === 'ACCEPTED'
    ? speaker.say('reconcile.notes.acceptedConflict', {
        answered: speaker.ltr(conflict.answered),
        register: speaker.ltr(conflict.register),
      })
    : speaker.say('reconcile.notes.rejectedConflict', { register: speaker.ltr(conflict.register) });
}

function notesOf(group: ReconcileGroup, speaker: Speaker): string {
  return [
    ...group.differences.map((difference) => differenceWords(difference, speaker)),
    ...group.ackConflicts.map((conflict) => conflictWords(conflict, speaker)),
  ].join(' ');
}

/** What disagrees in a group, in plain words (differences, then answers that contradict the register). */
export function groupNotes(group: ReconcileGroup): string {
  return notesOf(group, desk);
}

/**
 * The message of a rejection of a differing document, as the service keeps it (in English): the
 * register's ERP numbers and what disagrees.
 */
export function rejectionMessage(group: ReconcileGroup): string {
  return toService.say('reconcile.reject.message', {
    numbers: group.lines.map((line) => line.erpNumber).join(', '),
    notes: notesOf(group, toService),
  });
}

const join = (values: readonly (string | null | undefined)[]): string =>
  [...new Set(values.filter((value): value is string => !!value))].join(', ');

const madeColumns = new Map<string, ColDef<ReconcileGroup>[]>();

/**
 * The grid's columns in the desk's locale (`locale`, the desk's now): made once a locale, so that a
 * render keeps them and a switch of language, digits or date order makes them again.
 */
export function reconcileColumns(locale: DeskLocale): ColDef<ReconcileGroup>[] {
  const key = `${locale.tag}|${locale.dates}`;
  let columns = madeColumns.get(key);
  if (!columns) {
    columns = makeColumns();
    madeColumns.set(key, columns);
  }
  return columns;
}

function makeColumns(): ColDef<ReconcileGroup>[] {
  return [
    {
      colId: 'state',
      headerName: say('reconcile.column.state'),
      width: 130,
      valueGetter: (params) => (params.data ? stateLabel(params.data.state) : ''),
    },
    {
      colId: 'serviceNumber',
      headerName: say('reconcile.column.serviceNumber'),
      width: 170,
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.number) ?? []),
    },
    {
      colId: 'erpNumber',
      headerName: say('reconcile.column.erpNumber'),
      width: 130,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.erpNumber) ?? []),
    },
    {
      colId: 'serviceCents',
      headerName: say('reconcile.column.serviceCents'),
      width: 124,
      type: 'rightAligned',
      valueGetter: (params) =>
        params.data && params.data.documents.length > 0 ? params.data.serviceCents : null,
      valueFormatter: (params) => (typeof params.value === 'number' ? formatCents(params.value) : ''),
      filter: 'agNumberColumnFilter',
    },
    {
      colId: 'erpCents',
      headerName: say('reconcile.column.erpCents'),
      width: 124,
      type: 'rightAligned',
      valueGetter: (params) => (params.data && params.data.lines.length > 0 ? params.data.erpCents : null),
      valueFormatter: (params) => (typeof params.value === 'number' ? formatCents(params.value) : ''),
      filter: 'agNumberColumnFilter',
    },
    {
      colId: 'differenceCents',
      headerName: say('reconcile.column.differenceCents'),
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
      headerName: say('reconcile.column.notes'),
      width: 320,
      valueGetter: (params) => (params.data ? groupNotes(params.data) : ''),
      tooltipValueGetter: (params) => (params.data ? groupNotes(params.data) : ''),
    },
    {
      colId: 'serviceCustomer',
      headerName: say('reconcile.column.serviceCustomer'),
      width: 100,
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.customerCode) ?? []),
    },
    {
      colId: 'erpCustomer',
      headerName: say('reconcile.column.erpCustomer'),
      width: 110,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.customer) ?? []),
    },
    {
      colId: 'serviceDate',
      headerName: say('reconcile.column.serviceDate'),
      width: 104,
      // Sorted and filtered as ISO dates; shown in the clerk's date order.
      valueGetter: (params) => join(params.data?.documents.map((doc) => doc.date) ?? []),
      valueFormatter: (params) => join(params.data?.documents.map((doc) => formatDate(doc.date)) ?? []),
    },
    {
      colId: 'erpDate',
      headerName: say('reconcile.column.erpDate'),
      width: 104,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.date) ?? []),
      valueFormatter: (params) => join(params.data?.lines.map((line) => formatDate(line.date)) ?? []),
    },
    {
      colId: 'erpReference',
      headerName: say('reconcile.column.erpReference'),
      width: 150,
      valueGetter: (params) => join(params.data?.lines.map((line) => line.serviceRef) ?? []),
    },
    {
      colId: 'rule',
      headerName: say('reconcile.column.rule'),
      width: 150,
      valueGetter: (params) => (params.data ? groupRule(params.data) : ''),
    },
  ];
}
