import { useState } from 'react';
import type { ImportTable } from '../../../src-shared/domain/master-data';
import {
  defaultReconcileSettings,
  describeBadRow,
  readRegister,
  registerFieldDefs,
  registerFields,
  registerLayoutSignature,
  registerMappingProblems,
  suggestRegisterMapping,
  type BadRegisterRow,
  type RegisterDateOrder,
  type RegisterField,
  type RegisterMapping,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import { addReconciliation, findRegisterLayout, saveRegisterLayout } from '../../data/reconciliations';
import { bufferOf, openFile } from '../files/file-actions';
import { readRegisterTable } from './read-register-file';
import { countOf } from '../../words/counts';

const shownBadRows = 200;

/** The register files the Open dialog offers: an ERP's CSV (or text) export, or an Excel workbook. */
const registerFilters = [
  { name: 'CSV or Excel', extensions: ['csv', 'txt', 'xlsx'] },
  { name: 'CSV file', extensions: ['csv', 'txt'] },
  { name: 'Excel workbook', extensions: ['xlsx'] },
];

interface Draft {
  fileName: string;
  format: string;
  table: ImportTable;
  mapping: RegisterMapping;
  isRemembered: boolean;
}

/**
 * Import of an ERP register: the file (CSV in UTF-8, UTF-16 or Windows-1256, or XLSX), its columns
 * (suggested from the headers, remembered per file layout), how dates and amounts are written. Every
 * row is read before anything is kept: one bad row and nothing is imported, every bad row listed.
 */
export function ImportRegister({
  kind,
  connectionId,
  onImported,
}: {
  kind: FeedKind;
  connectionId: string;
  onImported: (id: string) => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dateOrder, setDateOrder] = useState<RegisterDateOrder>('ymd');
  const [currency, setCurrency] = useState('EGP');
  const [error, setError] = useState('');
  const [mappingProblems, setMappingProblems] = useState<string[]>([]);
  const [badRows, setBadRows] = useState<BadRegisterRow[]>([]);
  const [isBusy, setBusy] = useState(false);

  const chooseFile = async (): Promise<void> => {
    setBusy(true);
    const opened = await openFile("The ERP's register", registerFilters);
    setBusy(false);
    if (!opened.ok) {
      setError(opened.message);
      return;
    }
    const file = opened.file;
    if (!file) return;
    setError('');
    setBadRows([]);
    setMappingProblems([]);
    try {
      const read = await readRegisterTable(file.name, bufferOf(file));
      const remembered = await findRegisterLayout(registerLayoutSignature(read.table.headers));
      const isRemembered =
        !!remembered && registerMappingProblems(remembered.mapping, read.table.headers).length === 0;
      setDraft({
        fileName: file.name,
        format: read.format,
        table: read.table,
        mapping: isRemembered ? remembered.mapping : suggestRegisterMapping(read.table.headers),
        isRemembered,
      });
    } catch (thrown) {
      setDraft(null);
      setError(thrown instanceof Error ? thrown.message : 'The file cannot be read.');
    }
  };

  const setColumn = (field: RegisterField, value: string): void => {
    if (!draft) return;
    const columns = { ...draft.mapping.columns };
    if (value === '') delete columns[field];
    else columns[field] = Number(value);
    setDraft({ ...draft, mapping: { ...draft.mapping, columns } });
  };

  const importIt = async (): Promise<void> => {
    if (!draft) return;
    setBusy(true);
    const read = readRegister(draft.table, draft.mapping, {
      kind,
      dateOrder,
      defaultCurrency: currency,
    });
    if (!read.ok) {
      setMappingProblems(read.mappingProblems);
      setBadRows(read.badRows);
      setBusy(false);
      return;
    }
    const nowIso = new Date().toISOString();
    const id = crypto.randomUUID();
    await saveRegisterLayout({
      signature: registerLayoutSignature(draft.table.headers),
      headers: draft.table.headers,
      mapping: draft.mapping,
      savedAt: nowIso,
    });
    await addReconciliation({
      id,
      connectionId,
      kind,
      fileName: draft.fileName,
      format: draft.format,
      createdAt: nowIso,
      updatedAt: nowIso,
      headers: draft.table.headers,
      mapping: draft.mapping,
      options: { kind, dateOrder, defaultCurrency: currency },
      register: read.register,
      settings: defaultReconcileSettings,
      decisions: [],
    });
    setBusy(false);
    setDraft(null);
    onImported(id);
  };

  return (
    <section className="register-import" aria-label="Import an ERP register">
      <div className="file-pick" role="group" aria-label="ERP register file">
        <span>Import the ERP&apos;s register (CSV or XLSX)</span>{' '}
        <button type="button" disabled={isBusy} onClick={() => void chooseFile()}>
          Choose file…
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {draft && (
        <div className="register-draft">
          <p className="muted">
            {draft.fileName} · {draft.format} · {countOf(draft.table.rows.length, 'row')}
            {draft.isRemembered ? ' · columns as last time' : ''}
          </p>
          <div className="mapping-grid" role="group" aria-label="Register columns">
            {registerFields.map((field) => {
              const def = registerFieldDefs[field];
              return (
                <label key={field} className="mapping-field">
                  <span>
                    {def.label}
                    {def.isRequired ? <abbr title="required"> *</abbr> : null}
                  </span>
                  <select
                    aria-label={def.label}
                    value={draft.mapping.columns[field] ?? ''}
                    onChange={(event) => setColumn(field, event.target.value)}
                  >
                    <option value="">(none)</option>
                    {draft.table.headers.map((header, index) => (
                      <option key={`${header}-${index}`} value={index}>
                        {header}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </div>
          <div className="register-options">
            <label className="inline">
              <input
                type="checkbox"
                checked={draft.mapping.isTaxIncluded}
                onChange={(event) =>
                  setDraft({ ...draft, mapping: { ...draft.mapping, isTaxIncluded: event.target.checked } })
                }
              />{' '}
              Amounts include tax
            </label>
            <label className="inline">
              <input
                type="checkbox"
                checked={draft.mapping.isCreditNegative}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    mapping: { ...draft.mapping, isCreditNegative: event.target.checked },
                  })
                }
              />{' '}
              Receipts and credit notes are negative
            </label>
            <label className="inline">
              Dates{' '}
              <select
                aria-label="Date order"
                value={dateOrder}
                onChange={(event) => setDateOrder(event.target.value as RegisterDateOrder)}
              >
                <option value="ymd">year first (2026-03-31)</option>
                <option value="dmy">day first (31/03/2026)</option>
                <option value="mdy">month first (03/31/2026)</option>
              </select>
            </label>
            <label className="inline">
              Currency of blank cells{' '}
              <input
                aria-label="Default currency"
                value={currency}
                size={5}
                maxLength={3}
                onChange={(event) => setCurrency(event.target.value.toUpperCase())}
              />
            </label>
            <button type="button" className="primary" disabled={isBusy} onClick={() => void importIt()}>
              Reconcile {draft.table.rows.length} lines
            </button>
          </div>
          {mappingProblems.length > 0 && (
            <ul className="problems" aria-label="Column problems">
              {mappingProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {badRows.length > 0 && (
            <div role="alert" aria-label="Rows that cannot be read">
              <p className="error-text">
                {badRows.length} row(s) cannot be read, so nothing was imported. Fix the export or the
                columns, then import again.
              </p>
              <ul className="problems">
                {badRows.slice(0, shownBadRows).map((row) => (
                  <li key={row.line}>{describeBadRow(row)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
