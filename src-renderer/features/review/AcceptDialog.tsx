import { useMemo, useState } from 'react';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { checkAck } from '../../../src-shared/domain/acks';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import { openFile } from '../files/file-actions';
import { Dialog } from '../ui/Dialog';
import { formatCents, formatCount, formatTotals } from '../ui/format';
import {
  matchNumberPairs,
  parseNumberPairs,
  readNumberPairsFile,
  type NumberPair,
  type ReadPairs,
} from './number-import';
import { wholeTotalText, WholeViewProgress, type WholeAck } from './WholeViewProgress';

/** Rows shown with their own input; beyond this, numbers come from a pasted or imported CSV. */
const maxRowsWithInputs = 300;

/** The files of ERP numbers the Open dialog offers: CSV, or text lines of the same shape. */
const numberFileFilters = [{ name: 'CSV or text', extensions: ['csv', 'txt'] }];

/**
 * Where ERP numbers come from in both Accept dialogs: pasted id,number pairs, or a CSV file chosen in
 * the Open dialog. What is read goes to `applyPairs`; a file that cannot be opened or read is told to
 * `setNote` in plain words.
 */
function NumberImportRow(props: {
  applyPairs: (read: ReadPairs) => void;
  note: string;
  setNote: (note: string) => void;
  isBusy: boolean;
}) {
  const [pasted, setPasted] = useState('');
  const importFile = async (): Promise<void> => {
    const opened = await openFile('ERP numbers (CSV)', numberFileFilters);
    if (!opened.ok) {
      props.setNote(opened.message);
      return;
    }
    if (!opened.file) return;
    try {
      props.applyPairs(readNumberPairsFile(opened.file.bytes));
    } catch (error) {
      // The shared reader says in plain words why a file is not text (an XLSX, a binary file).
      props.setNote(error instanceof Error ? error.message : 'The file cannot be read as CSV.');
    }
  };
  return (
    <div className="import-row">
      <label>
        Paste id,number pairs
        <textarea
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          rows={3}
          placeholder={'INV-000123,ERP-5001\nINV-000124,ERP-5002'}
        />
      </label>
      <div className="import-actions">
        <button
          type="button"
          onClick={() => props.applyPairs(parseNumberPairs(pasted))}
          disabled={pasted.trim() === '' || props.isBusy}
        >
          Apply pasted numbers
        </button>
        <span className="file-button" role="group" aria-label="Import CSV">
          Import CSV{' '}
          <button type="button" onClick={() => void importFile()}>
            Choose file…
          </button>
        </span>
        {props.note && <span role="status">{props.note}</span>}
      </div>
    </div>
  );
}

/**
 * Accept: the ERP's document number per row, typed, pasted or imported as CSV (id or number, ERP
 * number). An order needs its number to be confirmed (spec, States and transitions). For a whole view
 * (`whole`) the numbers are pasted or imported only, and matched to each document as it is queued.
 */
export function AcceptDialog({
  kind,
  rows,
  whole = null,
  onCancel,
  onSubmit,
  onSubmitWhole,
}: {
  kind: FeedKind;
  rows: ReviewRow[];
  whole?: WholeAck | null;
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
  onSubmitWhole?: (draftOf: (row: ReviewRow) => AckDraft) => Promise<string | null>;
}) {
  if (whole && onSubmitWhole)
    return <AcceptWholeDialog kind={kind} whole={whole} onCancel={onCancel} onSubmitWhole={onSubmitWhole} />;
  return <AcceptRowsDialog kind={kind} rows={rows} onCancel={onCancel} onSubmit={onSubmit} />;
}

/** ERP numbers by the document they name (its id or its number), from pasted or imported pairs. */
function numbersByDocument(pairs: readonly NumberPair[]): Map<string, string> {
  return new Map(pairs.map((pair) => [pair.document, pair.erpNumber]));
}

/** Accepting every document of a view: numbers from CSV pairs, queued a page at a time. */
function AcceptWholeDialog({
  kind,
  whole,
  onCancel,
  onSubmitWhole,
}: {
  kind: FeedKind;
  whole: WholeAck;
  onCancel: () => void;
  onSubmitWhole: (draftOf: (row: ReviewRow) => AckDraft) => Promise<string | null>;
}) {
  const [numbers, setNumbers] = useState<Map<string, string>>(() => new Map());
  const [importNote, setImportNote] = useState('');
  const [submitError, setSubmitError] = useState('');
  const isSending = whole.progress !== null;
  const needsNumber = kind === 'orders' || kind === 'invoices';

  const applyPairs = ({ pairs, unreadable }: ReadPairs): void => {
    const found = numbersByDocument(pairs);
    setNumbers((current) => new Map([...current, ...found]));
    setImportNote(
      `${formatCount(found.size)} number(s) read; each is matched to its document (id or number) as the answers are queued` +
        (unreadable.length > 0 ? `; line(s) ${unreadable.slice(0, 5).join(', ')} unreadable` : '') +
        '.',
    );
  };
  const submit = async (): Promise<void> => {
    setSubmitError('');
    const error = await onSubmitWhole((row) => ({
      id: row.id,
      outcome: 'ACCEPTED',
      externalNumber: (numbers.get(row.id) ?? numbers.get(row.number) ?? '').trim(),
    }));
    if (error) setSubmitError(error);
  };

  return (
    <Dialog title={`Accept ${formatCount(whole.count)} documents`} onClose={onCancel} wide>
      <p className="hint">
        Every document of the view as filtered is accepted, but those unticked and those whose answer is
        already queued. Selected total: {wholeTotalText(whole)}.{' '}
        {needsNumber
          ? 'Each needs its ERP number: paste or import CSV lines of id (or number) and ERP number.'
          : 'ERP numbers are optional here; paste or import them if the ERP gave any.'}
      </p>
      <NumberImportRow applyPairs={applyPairs} note={importNote} setNote={setImportNote} isBusy={isSending} />
      <WholeViewProgress whole={whole} />
      <div className="dialog-foot">
        {submitError && (
          <span role="alert" className="error-text">
            {submitError}
          </span>
        )}
        <button type="button" onClick={onCancel} disabled={isSending}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => void submit()} disabled={isSending}>
          Accept {formatCount(whole.count)}
        </button>
      </div>
    </Dialog>
  );
}

/** Accepting the rows the clerk ticked, each with its own input (up to a few hundred). */
function AcceptRowsDialog({
  kind,
  rows,
  onCancel,
  onSubmit,
}: {
  kind: FeedKind;
  rows: ReviewRow[];
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
}) {
  const [numbers, setNumbers] = useState<Map<string, string>>(() => new Map());
  const [importNote, setImportNote] = useState('');
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const [submitError, setSubmitError] = useState('');
  const [isSending, setIsSending] = useState(false);
  const needsNumber = kind === 'orders' || kind === 'invoices';
  const shown = rows.slice(0, maxRowsWithInputs);
  const filled = useMemo(
    () => rows.filter((row) => (numbers.get(row.id) ?? '').trim() !== '').length,
    [rows, numbers],
  );

  const applyPairs = ({ pairs, unreadable }: ReadPairs): void => {
    const { numbers: found, unmatched } = matchNumberPairs(pairs, rows);
    setNumbers((current) => new Map([...current, ...found]));
    setImportNote(
      `${found.size} number(s) applied` +
        (unmatched.length > 0 ? `, ${unmatched.length} line(s) name no selected document` : '') +
        (unreadable.length > 0 ? `, line(s) ${unreadable.slice(0, 5).join(', ')} unreadable` : '') +
        '.',
    );
  };

  const submit = async (): Promise<void> => {
    const drafts: AckDraft[] = rows.map((row) => ({
      id: row.id,
      outcome: 'ACCEPTED',
      externalNumber: numbers.get(row.id)?.trim() ?? '',
    }));
    const found = new Map<string, string>();
    for (const draft of drafts) {
      const problem = checkAck(kind, draft);
      if (problem) found.set(draft.id, problem);
    }
    setProblems(found);
    if (found.size > 0) {
      setSubmitError(`${found.size} document(s) still need an ERP number.`);
      return;
    }
    setIsSending(true);
    const error = await onSubmit(drafts);
    setIsSending(false);
    if (error) setSubmitError(error);
  };

  return (
    <Dialog title={`Accept ${rows.length} document${rows.length === 1 ? '' : 's'}`} onClose={onCancel} wide>
      <p className="hint">
        {needsNumber
          ? 'Type the ERP number of each document, or paste/import CSV lines of id (or number) and ERP number.'
          : 'ERP numbers are optional here; type, paste or import them if the ERP gave any.'}{' '}
        Selected total: {formatTotals(rows)}.
      </p>
      <NumberImportRow applyPairs={applyPairs} note={importNote} setNote={setImportNote} isBusy={false} />
      <div className="answer-table-frame">
        <table className="answer-table">
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Customer</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">ERP number</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id}>
                <td>
                  <bdi>{row.number}</bdi>
                </td>
                <td>
                  <bdi>{row.customer}</bdi>
                </td>
                <td className="num">
                  {formatCents(row.amountCents)} {row.currency}
                </td>
                <td>
                  <input
                    aria-label={`ERP number for ${row.number}`}
                    value={numbers.get(row.id) ?? ''}
                    aria-invalid={problems.has(row.id) || undefined}
                    onChange={(event) => {
                      const value = event.target.value;
                      setNumbers((current) => new Map(current).set(row.id, value));
                    }}
                  />
                  {problems.has(row.id) && <span className="field-problem">{problems.get(row.id)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length > shown.length && (
          <p className="hint">{rows.length - shown.length} more selected: import their numbers as CSV.</p>
        )}
      </div>
      <div className="dialog-foot">
        <span>
          {filled} of {rows.length} have an ERP number.
        </span>
        {submitError && (
          <span role="alert" className="error-text">
            {submitError}
          </span>
        )}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => void submit()} disabled={isSending}>
          Accept {formatCount(rows.length)}
        </button>
      </div>
    </Dialog>
  );
}
