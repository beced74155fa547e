import { useEffect, useState } from 'react';
import {
  defaultReconcileSettings,
  registerFieldDefs,
  registerFields,
  registerLayoutSignature,
  registerMappingProblems,
  suggestRegister,
  type RegisterDateOrder,
  type RegisterField,
  type RegisterMapping,
  type RegisterRead,
  type RegisterReading,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import {
  addReconciliation,
  findRegisterLayout,
  mergeIntoReconciliation,
  readReconciliation,
  saveRegisterLayout,
} from '../../data/reconciliations';
import type { OpenedFile } from '../../../src-shared/bridge/contract';
import { bufferOf, openFile } from '../files/file-actions';
import {
  readRegisterInWorker,
  readRegisterOutlineInWorker,
  releaseRegisterTable,
  type HeldRegisterOutline,
} from './read-register-in-worker';
import { formatters, isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatCount } from '../ui/format';
import {
  badRowWords,
  dateOrderLabel,
  describeReading,
  describeSkippedRow,
  registerMappingProblemWords,
} from './reading-words';
import { sayRich } from '../../messages/say-rich';
import { readFailureWords } from '../../words/file-problem-words';

const shownBadRows = 200;
const shownSkippedRows = 50;

/** The register files the Open dialog offers: an ERP's CSV (or text) export, or an Excel workbook. */
function registerFilters() {
  return [
    { name: say('reconcile.import.filter.any'), extensions: ['csv', 'txt', 'xlsx', 'xls', 'xml'] },
    { name: say('reconcile.import.filter.csv'), extensions: ['csv', 'txt'] },
    { name: say('reconcile.import.filter.excel'), extensions: ['xlsx', 'xls', 'xml'] },
  ];
}

/** What an import laid over the open reconciliation came to. */
interface Merged {
  added: number;
  unchanged: number;
  updated: number;
}

interface Draft {
  file: OpenedFile;
  format: string;
  /** The file read in the register worker: its header and what was above it; its rows stay there. */
  held: HeldRegisterOutline;
  mapping: RegisterMapping;
  isRemembered: boolean;
  layoutName: string | null;
}

/** How many of the new file's ERP numbers the open reconciliation already has. */
interface Overlap {
  id: string;
  fileName: string;
  numbers: ReadonlySet<string>;
}

type CreditChoice = 'auto' | 'negative' | 'positive';

/** Whether the reader left out total or heading rows (the clerk may read them as documents). */
function hasLeftOutRows(reading: RegisterReading): boolean {
  return reading.skipped.some((row) => row.why === 'total' || row.why === 'group');
}

/** Whether the reader took a decision the clerk may turn back: rows left out, or rows folded. */
function hasOverridable(reading: RegisterReading): boolean {
  return hasLeftOutRows(reading) || reading.folded.documents > 0;
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

function creditChoiceOf(mapping: RegisterMapping): CreditChoice {
  return mapping.isCreditNegative === 'auto' ? 'auto' : mapping.isCreditNegative ? 'negative' : 'positive';
}

/**
 * Import of an ERP register: the file (CSV in UTF-8, UTF-16 or Windows-1256, SpreadsheetML or XLSX,
 * with rows above the header or not), its columns (a named ERP's layout recognised, suggested from
 * the headers, remembered per file layout), and what the reader decided on its own, in plain words:
 * rows skipped above the header, total and group rows left out, documents folded from their item
 * rows, the date order found, currencies read from names, the sign of credits; each can be changed
 * before the import is kept. One bad row and nothing is imported, every bad row listed. A file that
 * overlaps the open reconciliation is laid over it: nothing is added twice, its decisions stay.
 */
export function ImportRegister({
  kind,
  connectionId,
  openId,
  onImported,
}: {
  kind: FeedKind;
  connectionId: string;
  /** The reconciliation open on screen, of this kind, if any. */
  openId: string | null;
  onImported: (id: string) => void;
}) {
  const say = useSay();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dateOrder, setDateOrder] = useState<RegisterDateOrder | 'auto'>('auto');
  const [currency, setCurrency] = useState('EGP');
  const [keepsTotalRows, setKeepsTotalRows] = useState(false);
  const [keepsRowsApart, setKeepsRowsApart] = useState(false);
  const [error, setError] = useState('');
  // The reading and the overlap are kept with what they were made from: one made from older choices is
  // never shown for newer ones.
  const [reading, setReading] = useState<{ of: unknown[]; read: RegisterRead } | null>(null);
  const [overlapOf, setOverlapOf] = useState<{ of: unknown[]; overlap: Overlap | null } | null>(null);
  const [isMerging, setMerging] = useState(true);
  const [done, setDone] = useState<Merged | null>(null);
  const [isBusy, setBusy] = useState(false);
  const readingInputs = [draft, kind, dateOrder, currency, keepsTotalRows, keepsRowsApart];
  const preview = reading && sameInputs(reading.of, readingInputs) ? reading.read : null;
  const overlapInputs = [draft, openId, kind];
  const overlap = overlapOf && sameInputs(overlapOf.of, overlapInputs) ? overlapOf.overlap : null;

  // The file is read again, in the register worker, with every change of columns or options.
  useEffect(() => {
    if (!draft) return;
    let isCurrent = true;
    const of = [draft, kind, dateOrder, currency, keepsTotalRows, keepsRowsApart];
    readRegisterInWorker(draft.held, draft.mapping, {
      kind,
      dateOrder,
      defaultCurrency: currency,
      keepsTotalRows,
      keepsRowsApart,
    }).then(
      (read) => {
        if (isCurrent) setReading({ of, read });
      },
      (thrown: unknown) => {
        if (!isCurrent) return;
        setDraft(null);
        setError(
          readFailureWords(thrown, () =>
            thrown instanceof Error ? thrown.message : say('reconcile.read.registerUnreadable'),
          ),
        );
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [draft, kind, dateOrder, currency, keepsTotalRows, keepsRowsApart, say]);

  // A file put aside (another chosen, imported, the section left) leaves the worker.
  useEffect(() => {
    if (!draft) return;
    return () => releaseRegisterTable(draft.held);
  }, [draft]);

  // The open reconciliation's numbers, to say how much of the new file it already has.
  useEffect(() => {
    let isCurrent = true;
    if (!draft || openId === null) return;
    const of = [draft, openId, kind];
    void readReconciliation(openId).then((row) => {
      if (!isCurrent) return;
      setOverlapOf({
        of,
        overlap:
          row && row.kind === kind
            ? {
                id: row.id,
                fileName: row.fileName,
                numbers: new Set(row.register.lines.map((line) => line.erpNumber)),
              }
            : null,
      });
    });
    return () => {
      isCurrent = false;
    };
  }, [draft, openId, kind]);

  const readDraft = async (file: OpenedFile, headerLine?: number): Promise<void> => {
    try {
      const held = await readRegisterOutlineInWorker(
        file.name,
        bufferOf(file),
        headerLine === undefined ? {} : { headerLine },
      );
      const headers = held.outline.headers;
      const suggestion = suggestRegister(headers);
      const remembered = await findRegisterLayout(registerLayoutSignature(headers));
      const isRemembered = !!remembered && registerMappingProblems(remembered.mapping, headers).length === 0;
      setDraft((current) =>
        current && current.held.tableId === held.tableId
          ? current
          : {
              file,
              format: held.format,
              held,
              mapping: isRemembered ? remembered.mapping : suggestion.mapping,
              isRemembered,
              layoutName: suggestion.layoutName,
            },
      );
    } catch (thrown) {
      setDraft(null);
      setError(
        readFailureWords(thrown, () =>
          thrown instanceof Error ? thrown.message : say('reconcile.read.fileUnreadable'),
        ),
      );
    }
  };

  const chooseFile = async (): Promise<void> => {
    setBusy(true);
    const opened = await openFile(say('reconcile.import.openTitle'), registerFilters());
    setBusy(false);
    if (!opened.ok) {
      setError(opened.message);
      return;
    }
    const file = opened.file;
    if (!file) return;
    setError('');
    setDone(null);
    setDateOrder('auto');
    setKeepsTotalRows(false);
    setKeepsRowsApart(false);
    // Each file starts adding to the open reconciliation what it already partly holds.
    setMerging(true);
    await readDraft(file);
  };

  const setMapping = (mapping: RegisterMapping): void => {
    if (draft) setDraft({ ...draft, mapping });
  };

  const setColumn = (field: RegisterField, value: string): void => {
    if (!draft) return;
    const columns = { ...draft.mapping.columns };
    if (value === '') delete columns[field];
    else columns[field] = Number(value);
    setMapping({ ...draft.mapping, columns });
  };

  const lines = preview?.ok ? preview.register.lines : [];
  const already = overlap ? lines.filter((line) => overlap.numbers.has(line.erpNumber)).length : 0;
  const willMerge = overlap !== null && already > 0 && isMerging;

  const importIt = async (): Promise<void> => {
    if (!draft || !preview?.ok) return;
    setBusy(true);
    const nowIso = new Date().toISOString();
    await saveRegisterLayout({
      signature: registerLayoutSignature(draft.held.outline.headers),
      headers: draft.held.outline.headers,
      mapping: draft.mapping,
      savedAt: nowIso,
    });
    if (willMerge && overlap) {
      const merged = await mergeIntoReconciliation(
        overlap.id,
        preview.register,
        { fileName: draft.file.name, format: draft.format },
        nowIso,
      );
      if (merged) {
        setDone({ added: merged.added, unchanged: merged.unchanged, updated: merged.updated });
        setBusy(false);
        setDraft(null);
        onImported(overlap.id);
        return;
      }
    }
    const id = crypto.randomUUID();
    await addReconciliation({
      id,
      connectionId,
      kind,
      fileName: draft.file.name,
      format: draft.format,
      createdAt: nowIso,
      updatedAt: nowIso,
      headers: draft.held.outline.headers,
      mapping: draft.mapping,
      options: {
        kind,
        dateOrder: preview.reading.dateOrder.order,
        defaultCurrency: currency,
        keepsTotalRows,
        keepsRowsApart,
      },
      register: preview.register,
      settings: defaultReconcileSettings,
      decisions: [],
    });
    setBusy(false);
    setDraft(null);
    onImported(id);
  };

  const headerChoices = draft
    ? [
        ...draft.held.outline.rowsAbove,
        { line: draft.held.outline.headerLine, cells: draft.held.outline.headers },
        ...draft.held.outline.firstRows,
      ]
    : [];

  return (
    <section className="register-import" aria-label={say('reconcile.import.aria')}>
      <div className="file-pick" role="group" aria-label={say('reconcile.import.fileGroup')}>
        <span>{say('reconcile.import.intro')}</span>{' '}
        <button type="button" disabled={isBusy} onClick={() => void chooseFile()}>
          {say('reconcile.import.choose')}
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="muted">
          {say('reconcile.import.merged', {
            added: done.added,
            unchanged: formatCount(done.unchanged),
            updated: formatCount(done.updated),
          })}
        </p>
      )}
      {draft && (
        <div className="register-draft">
          <p className="muted">
            {say('reconcile.import.draft', {
              file: isolate.ltr(draft.file.name),
              format: isolate.name(draft.format),
              rows: draft.held.outline.rowCount,
              remembered: draft.isRemembered ? 'yes' : 'no',
            })}
          </p>
          <label className="inline">
            {say('reconcile.import.headerRow')}{' '}
            <select
              aria-label={say('reconcile.import.headerRowAria')}
              value={draft.held.outline.headerLine}
              onChange={(event) => void readDraft(draft.file, Number(event.target.value))}
            >
              {headerChoices.map((row) => (
                <option key={row.line} value={row.line}>
                  {say('reconcile.import.headerChoice', {
                    line: formatters().digits(row.line),
                    cells: isolate.name(
                      row.cells
                        .filter((cell) => cell !== '')
                        .slice(0, 4)
                        .join(' · ')
                        .slice(0, 60),
                    ),
                  })}
                </option>
              ))}
            </select>
          </label>
          <div className="mapping-grid" role="group" aria-label={say('reconcile.import.columns')}>
            {registerFields.map((field) => {
              const label = say(`reconcile.import.field.${field}`);
              return (
                <label key={field} className="mapping-field">
                  <span>
                    {label}
                    {registerFieldDefs[field].isRequired ? (
                      <abbr title={say('reconcile.import.required')}> *</abbr>
                    ) : null}
                  </span>
                  <select
                    aria-label={label}
                    value={draft.mapping.columns[field] ?? ''}
                    onChange={(event) => setColumn(field, event.target.value)}
                  >
                    <option value="">{say('reconcile.import.none')}</option>
                    {draft.held.outline.headers.map((header, index) => (
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
                onChange={(event) => setMapping({ ...draft.mapping, isTaxIncluded: event.target.checked })}
              />{' '}
              {say('reconcile.import.taxIncluded')}
            </label>
            <label className="inline">
              {say('reconcile.import.credits')}{' '}
              <select
                aria-label={say('reconcile.import.creditsAria')}
                value={creditChoiceOf(draft.mapping)}
                onChange={(event) => {
                  const choice = event.target.value as CreditChoice;
                  setMapping({
                    ...draft.mapping,
                    isCreditNegative: choice === 'auto' ? 'auto' : choice === 'negative',
                  });
                }}
              >
                <option value="auto">{say('reconcile.import.asTheFileShows')}</option>
                <option value="negative">{say('reconcile.import.credits.negative')}</option>
                <option value="positive">{say('reconcile.import.credits.positive')}</option>
              </select>
            </label>
            <label className="inline">
              {say('reconcile.import.dates')}{' '}
              <select
                aria-label={say('reconcile.import.datesAria')}
                value={dateOrder}
                className={preview && !preview.ok && preview.needsDateOrder ? 'needs-choice' : undefined}
                onChange={(event) => setDateOrder(event.target.value as RegisterDateOrder | 'auto')}
              >
                <option value="auto">{say('reconcile.import.asTheFileShows')}</option>
                <option value="ymd">{dateOrderLabel('ymd')}</option>
                <option value="dmy">{dateOrderLabel('dmy')}</option>
                <option value="mdy">{dateOrderLabel('mdy')}</option>
              </select>
            </label>
            <label className="inline">
              {say('reconcile.import.currency')}{' '}
              <input
                aria-label={say('reconcile.import.currencyAria')}
                value={currency}
                size={5}
                maxLength={3}
                onChange={(event) => setCurrency(event.target.value.toUpperCase())}
              />
            </label>
          </div>
          {(keepsTotalRows || keepsRowsApart || (preview?.ok && hasOverridable(preview.reading))) && (
            <div className="register-options" role="group" aria-label={say('reconcile.import.decided')}>
              {(keepsTotalRows || (preview?.ok && hasLeftOutRows(preview.reading))) && (
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={keepsTotalRows}
                    onChange={(event) => setKeepsTotalRows(event.target.checked)}
                  />{' '}
                  {say('reconcile.import.keepTotals')}
                </label>
              )}
              {(keepsRowsApart || (preview?.ok && preview.reading.folded.documents > 0)) && (
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={keepsRowsApart}
                    onChange={(event) => setKeepsRowsApart(event.target.checked)}
                  />{' '}
                  {say('reconcile.import.keepApart')}
                </label>
              )}
            </div>
          )}
          {preview === null && <p className="reading-wait">{say('reconcile.import.reading')}</p>}
          {preview?.ok && (
            <div className="register-reading" aria-label={say('reconcile.import.read')}>
              <ul>
                {describeReading({
                  kind,
                  reading: preview.reading,
                  rowsAbove: draft.held.outline.rowsAbove.length,
                  headerLine: draft.held.outline.headerLine,
                  layoutName: draft.layoutName,
                }).map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
              {preview.reading.skipped.length > 0 && (
                <details>
                  <summary>
                    {say('reconcile.import.leftOut', { count: preview.reading.skipped.length })}
                  </summary>
                  <ul className="problems" aria-label={say('reconcile.import.leftOutAria')}>
                    {preview.reading.skipped.slice(0, shownSkippedRows).map((row) => (
                      <li key={row.line}>{describeSkippedRow(row)}</li>
                    ))}
                  </ul>
                </details>
              )}
              {overlap && already > 0 && (
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={isMerging}
                    onChange={(event) => setMerging(event.target.checked)}
                  />{' '}
                  {sayRich('reconcile.import.overlap', {
                    count: formatCount(already),
                    file: <bdi dir="ltr">{overlap.fileName}</bdi>,
                  })}
                </label>
              )}
              <p>
                <button type="button" className="primary" disabled={isBusy} onClick={() => void importIt()}>
                  {willMerge
                    ? say('reconcile.import.add', { count: lines.length - already })
                    : say('reconcile.import.reconcile', { count: lines.length })}
                </button>
              </p>
            </div>
          )}
          {preview && !preview.ok && preview.mappingProblems.length > 0 && (
            <ul className="problems" aria-label={say('reconcile.import.problems')}>
              {preview.mappingProblems.map((problem, index) => (
                <li key={index}>{registerMappingProblemWords(problem)}</li>
              ))}
            </ul>
          )}
          {preview && !preview.ok && preview.badRows.length > 0 && (
            <div role="alert" aria-label={say('reconcile.import.badRowsAria')}>
              <p className="error-text">
                {say('reconcile.import.badRows', { count: formatters().digits(preview.badRows.length) })}
              </p>
              <ul className="problems">
                {preview.badRows.slice(0, shownBadRows).map((row) => (
                  <li key={row.line}>{badRowWords(row)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
