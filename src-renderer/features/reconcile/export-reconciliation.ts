// A reconciliation as a spreadsheet: every group with both sides and what disagrees, the unmatched
// lists included (service-only and ERP-only are groups of one side). CSV through the shared writer;
// XLSX through write-excel-file, loaded on first use, amounts as numbers. Saved through the bridge (a
// Save dialog, or a download in browser mode).
import { writeCsv } from '../../../src-shared/domain/master-data';
import type { ReconcileGroup } from '../../../src-shared/domain/reconcile';
import { say } from '../../messages/intl';
import { csvBytes, csvFilter, saveFile, xlsxFilter, type FileNote } from '../files/file-actions';
import { groupNotes, groupRule, stateLabel } from './reconcile-columns';

/** The header row, in the clerk's language at the time of the export (as the rows' words are). */
function header(): string[] {
  return [
    say('reconcile.export.state'),
    say('reconcile.export.rule'),
    say('reconcile.export.serviceDocuments'),
    say('reconcile.export.serviceIds'),
    say('reconcile.export.customer'),
    say('reconcile.export.serviceDate'),
    say('reconcile.export.serviceAmount'),
    say('reconcile.export.erpNumbers'),
    say('reconcile.export.erpReference'),
    say('reconcile.export.erpDate'),
    say('reconcile.export.erpAmount'),
    say('reconcile.export.difference'),
    say('reconcile.export.currency'),
    say('reconcile.export.notes'),
  ];
}

interface ExportRow {
  texts: string[];
  serviceCents: number | null;
  erpCents: number | null;
  differenceCents: number | null;
}

function exportRows(groups: readonly ReconcileGroup[]): ExportRow[] {
  const list = (values: readonly (string | null | undefined)[]): string =>
    [...new Set(values.filter((value): value is string => !!value))].join(', ');
  return groups.map((group) => {
    const hasService = group.documents.length > 0;
    const hasErp = group.lines.length > 0;
    return {
      texts: [
        stateLabel(group.state),
        groupRule(group),
        list(group.documents.map((doc) => doc.number)),
        list(group.documents.map((doc) => doc.id)),
        list([
          ...group.documents.map((doc) => doc.customerCode),
          ...group.lines.map((line) => line.customer),
        ]),
        list(group.documents.map((doc) => doc.date)),
        list(group.lines.map((line) => line.erpNumber)),
        list(group.lines.map((line) => line.serviceRef)),
        list(group.lines.map((line) => line.date)),
        list([...group.documents.map((doc) => doc.currency), ...group.lines.map((line) => line.currency)]),
        groupNotes(group),
      ],
      serviceCents: hasService ? group.serviceCents : null,
      erpCents: hasErp ? group.erpCents : null,
      differenceCents: hasService && hasErp ? group.differenceCents : null,
    };
  });
}

const money = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

/** The groups as CSV (UTF-8 with BOM), saved as `fileName`. */
export function exportGroupsAsCsv(
  groups: readonly ReconcileGroup[],
  fileName: string,
): Promise<FileNote | null> {
  const rows = exportRows(groups).map((row) => {
    const [state, rule, numbers, ids, customer, date, erpNumbers, ref, erpDate, currency, notes] = row.texts;
    return [
      state!,
      rule!,
      numbers!,
      ids!,
      customer!,
      date!,
      money(row.serviceCents),
      erpNumbers!,
      ref!,
      erpDate!,
      money(row.erpCents),
      money(row.differenceCents),
      currency!,
      notes!,
    ];
  });
  return saveFile({
    suggestedName: fileName,
    filter: csvFilter,
    bytes: csvBytes(writeCsv([header(), ...rows])),
  });
}

/** The groups as an Excel workbook, saved as `fileName`. */
export async function exportGroupsAsXlsx(
  groups: readonly ReconcileGroup[],
  fileName: string,
): Promise<FileNote | null> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const text = (value: string) => (value === '' ? null : { value });
  const amount = (cents: number | null) =>
    cents === null ? null : { value: cents / 100, format: '#,##0.00' };
  const rows = exportRows(groups).map((row) => {
    const [state, rule, numbers, ids, customer, date, erpNumbers, ref, erpDate, currency, notes] = row.texts;
    return [
      text(state!),
      text(rule!),
      text(numbers!),
      text(ids!),
      text(customer!),
      text(date!),
      amount(row.serviceCents),
      text(erpNumbers!),
      text(ref!),
      text(erpDate!),
      amount(row.erpCents),
      amount(row.differenceCents),
      text(currency!),
      text(notes!),
    ];
  });
  const blob = await writeXlsxFile([
    header().map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows,
  ]).toBlob();
  return saveFile({
    suggestedName: fileName,
    filter: xlsxFilter,
    bytes: new Uint8Array(await blob.arrayBuffer()),
  });
}
