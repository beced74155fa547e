import { useMemo, useState, type ReactNode } from 'react';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { checkAck } from '../../../src-shared/domain/acks';
import {
  parseSeriesStart,
  seriesNumber,
  seriesNumbers,
  type SeriesStart,
} from '../../../src-shared/domain/erp-number-series';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import { formatters, isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { openFile } from '../files/file-actions';
import { CodeAndName } from '../ui/CodeAndName';
import { Dialog } from '../ui/Dialog';
import { storageRefusalWords } from '../ui/storage-refusal';
import { formatCents, formatCount, formatTotals } from '../ui/format';
import {
  matchNumberPairs,
  parseNumberPairs,
  readNumberPairsFile,
  type NumberPair,
  type ReadPairs,
} from './number-import';
import { wholeTotalText, WholeViewProgress, type WholeAck } from './WholeViewProgress';
import { ackCheckWords } from './ack-check-words';
import {
  numbersInUse,
  type FindNumbersInUse,
  type NumberedAck,
  type NumberInUse,
} from './erp-numbers-in-use';

/** Rows shown with their own input; beyond this, numbers come from a pasted or imported CSV. */
const maxRowsWithInputs = 300;

/** The files of ERP numbers the Open dialog offers: CSV, or text lines of the same shape. */
function numberFileFilters(): Array<{ name: string; extensions: string[] }> {
  return [{ name: say('review.accept.import.fileKind'), extensions: ['csv', 'txt'] }];
}

/** What a series' first number looks like: an ERP's own number, the same in every language. */
const seriesExample = 'SI-1043';

/** What the pasted pairs look like: document numbers and ERP numbers, the same in every language. */
const pairsExample = ['INV-000123,ERP-5001', 'INV-000124,ERP-5002'].join('\n');

/** The first unreadable line numbers of a paste or file, as a list in the clerk's digits. */
function linesText(unreadable: readonly number[]): string {
  return unreadable
    .slice(0, 5)
    .map((line) => formatters().digits(line))
    .join(', ');
}

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
  const say = useSay();
  const [pasted, setPasted] = useState('');
  const importFile = async (): Promise<void> => {
    const opened = await openFile(say('review.accept.import.title'), numberFileFilters());
    if (!opened.ok) {
      props.setNote(opened.message);
      return;
    }
    if (!opened.file) return;
    try {
      props.applyPairs(readNumberPairsFile(opened.file.bytes));
    } catch (error) {
      // The shared reader says in plain words why a file is not text (an XLSX, a binary file).
      props.setNote(error instanceof Error ? error.message : say('review.accept.import.unreadable'));
    }
  };
  return (
    <div className="import-row">
      <label>
        {say('review.accept.import.paste')}
        <textarea
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          rows={3}
          dir="ltr"
          placeholder={pairsExample}
        />
      </label>
      <div className="import-actions">
        <button
          type="button"
          onClick={() => props.applyPairs(parseNumberPairs(pasted))}
          disabled={pasted.trim() === '' || props.isBusy}
        >
          {say('review.accept.import.apply')}
        </button>
        <span className="file-button" role="group" aria-label={say('review.accept.import.file')}>
          {say('review.accept.import.file')}{' '}
          <button type="button" onClick={() => void importFile()}>
            {say('review.accept.import.choose')}
          </button>
        </span>
        {props.note && <span role="status">{props.note}</span>}
      </div>
    </div>
  );
}

/**
 * An ERP number series (docs/decisions/109-erp-number-series.md): the first number the ERP gave the
 * batch, and the button that numbers the selected rows from it in the order shown. What it did, or why
 * not, is told in the dialog's note.
 */
function SeriesRow(props: { onFill: (start: string) => void; isBusy: boolean }) {
  const say = useSay();
  const [start, setStart] = useState('');
  return (
    <div className="series-row">
      <label>
        {say('review.accept.series.from')}
        <input
          value={start}
          dir="ltr"
          placeholder={seriesExample}
          onChange={(event) => setStart(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return; // words: not shown (a key's name)
            event.preventDefault();
            if (start.trim() !== '' && !props.isBusy) props.onFill(start);
          }}
        />
      </label>
      <button
        type="button"
        onClick={() => props.onFill(start)}
        disabled={start.trim() === '' || props.isBusy}
      >
        {say('review.accept.series.fill')}
      </button>
    </div>
  );
}

/** Why a row's ERP number is refused, in the clerk's words. */
function numberInUseWords(inUse: NumberInUse): string {
  return inUse.kind === 'document'
    ? say('review.accept.rows.numberUsed', { document: isolate.ltr(inUse.document) })
    : say('review.accept.rows.numberTwice');
}

/** The most documents a whole view's series numbers at a time (its ids are held in memory). */
const maxSeriesDocuments = 100_000;

/** A series as the dialog holds it: its first number and the ERP number of each document it numbered. */
interface FilledSeries {
  start: SeriesStart;
  acks: NumberedAck[];
}

/** Why a first number cannot start a series: it holds no digits to count on. */
function noDigitsNote(text: string): string {
  return say('review.accept.series.noDigits', { start: isolate.ltr(text.trim()) });
}

/**
 * Numbers `ids` (in the order shown) from the first number `text`; refused whole, with the clerk's
 * words why, when the text has no digits or a number of the series is used already (the clerk then
 * starts from another), so nothing half-numbered is left.
 */
async function fillSeries(
  text: string,
  ids: readonly string[],
  findNumbersInUse: FindNumbersInUse,
): Promise<{ ok: true; series: FilledSeries; note: string } | { ok: false; note: string }> {
  const start = parseSeriesStart(text);
  if (!start) return { ok: false, note: noDigitsNote(text) };
  if (ids.length === 0) return { ok: false, note: say('review.accept.series.nothing') };
  const acks = seriesNumbers(start, ids.length).map((externalNumber, index) => ({
    id: ids[index]!,
    externalNumber,
  }));
  let used: Map<string, NumberInUse>;
  try {
    used = await findNumbersInUse(acks);
  } catch (thrown) {
    return { ok: false, note: await storageRefusalWords(thrown, say('review.accept.series.again')) };
  }
  const firstUsed = acks.find((ack) => used.has(ack.id));
  const inUse = firstUsed && used.get(firstUsed.id);
  if (inUse?.kind === 'document')
    return {
      ok: false,
      note: say('review.accept.series.used', {
        number: isolate.ltr(inUse.number),
        document: isolate.ltr(inUse.document),
        more: used.size - 1,
      }),
    };
  const note = say('review.accept.series.filled', {
    count: acks.length,
    first: isolate.ltr(acks[0]!.externalNumber),
    last: isolate.ltr(acks.at(-1)!.externalNumber),
  });
  return { ok: true, series: { start, acks }, note };
}

/**
 * The rows of an Accept dialog in the order shown, each with its ERP number (`numberCell`: an input,
 * or the number a series gave); of `count` rows, those beyond the shown ones are told their range.
 */
function NumberedRowsTable({
  rows,
  count,
  series,
  numberCell,
}: {
  rows: readonly ReviewRow[];
  count: number;
  series: SeriesStart | null;
  numberCell: (row: ReviewRow) => ReactNode;
}) {
  const say = useSay();
  return (
    <div className="answer-table-frame">
      <table className="answer-table">
        <thead>
          <tr>
            <th scope="col">{say('review.accept.rows.document')}</th>
            <th scope="col">{say('review.accept.rows.customer')}</th>
            <th scope="col" className="num">
              {say('review.accept.rows.amount')}
            </th>
            <th scope="col">{say('review.accept.rows.externalNumber')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <bdi dir="ltr">{row.number}</bdi>
              </td>
              <td>
                <CodeAndName
                  kind="customer"
                  value={{ id: row.customerId, code: row.customer }}
                  fallbackName={row.customerName ? { en: row.customerName } : null}
                />
              </td>
              <td className="num">
                <bdi dir="ltr">
                  {formatCents(row.amountCents)} {row.currency}
                </bdi>
              </td>
              <td>{numberCell(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {count > rows.length && (
        <p className="hint">
          {series
            ? say('review.accept.rows.moreNumbered', {
                count: count - rows.length,
                first: isolate.ltr(seriesNumber(series, rows.length)),
                last: isolate.ltr(seriesNumber(series, count - 1)),
              })
            : say('review.accept.rows.more', { count: count - rows.length })}
        </p>
      )}
    </div>
  );
}

/**
 * Answers a whole view with the answer `draftOf` gives each row; `numbered`: the documents a number
 * series numbered, the only ones answered (review-slice's `ackView`). Answers why not, or null.
 */
export type SubmitWhole = (
  draftOf: (row: ReviewRow) => AckDraft,
  numbered?: ReadonlySet<string>,
) => Promise<string | null>;

/**
 * Accept: the ERP's document number per row, typed, numbered from a series, pasted or imported as CSV
 * (id or number, ERP number). An order needs its number to be confirmed (spec, States and
 * transitions). For a whole view (`whole`) the numbers come from a series over the view's documents
 * (listed first, so the clerk sees them) or from pasted or imported pairs, matched to each document as
 * it is queued.
 */
export function AcceptDialog({
  kind,
  rows,
  whole = null,
  onCancel,
  onSubmit,
  onSubmitWhole,
  findNumbersInUse,
}: {
  kind: FeedKind;
  /** The selected rows, in the order the grid shows them (a number series follows it). */
  rows: ReviewRow[];
  whole?: WholeAck | null;
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
  onSubmitWhole?: SubmitWhole;
  /** Which ERP numbers are used already; by default the connection's staged documents of the feed. */
  findNumbersInUse?: FindNumbersInUse;
}) {
  const findUsed = findNumbersInUse ?? ((acks) => numbersInUse(kind, acks));
  if (whole && onSubmitWhole)
    return (
      <AcceptWholeDialog
        kind={kind}
        whole={whole}
        onCancel={onCancel}
        onSubmitWhole={onSubmitWhole}
        findNumbersInUse={findUsed}
      />
    );
  return (
    <AcceptRowsDialog
      kind={kind}
      rows={rows}
      onCancel={onCancel}
      onSubmit={onSubmit}
      findNumbersInUse={findUsed}
    />
  );
}

/** ERP numbers by the document they name (its id or its number), from pasted or imported pairs. */
function numbersByDocument(pairs: readonly NumberPair[]): Map<string, string> {
  return new Map(pairs.map((pair) => [pair.document, pair.erpNumber]));
}

/**
 * Accepting every document of a view, queued a page at a time: numbered from a series (the view's
 * documents listed in order first, the first 300 shown with their numbers), or from CSV pairs.
 */
function AcceptWholeDialog({
  kind,
  whole,
  onCancel,
  onSubmitWhole,
  findNumbersInUse,
}: {
  kind: FeedKind;
  whole: WholeAck;
  onCancel: () => void;
  onSubmitWhole: SubmitWhole;
  findNumbersInUse: FindNumbersInUse;
}) {
  const say = useSay();
  const [numbers, setNumbers] = useState<Map<string, string>>(() => new Map());
  // A series over the view's documents, with the first of them to show; pairs applied after it clear it.
  const [series, setSeries] = useState<(FilledSeries & { first: ReviewRow[] }) | null>(null);
  const [importNote, setImportNote] = useState('');
  const [submitError, setSubmitError] = useState('');
  const [isNumbering, setIsNumbering] = useState(false);
  const isSending = whole.progress !== null;
  const needsNumber = kind === 'orders' || kind === 'invoices';
  const seriesNumberOf = useMemo(
    () => new Map(series?.acks.map((ack) => [ack.id, ack.externalNumber]) ?? []),
    [series],
  );

  const applyPairs = ({ pairs, unreadable }: ReadPairs): void => {
    const found = numbersByDocument(pairs);
    setNumbers((current) => new Map([...current, ...found]));
    setSeries(null);
    setImportNote(
      say('review.accept.whole.read', {
        count: found.size,
        unreadable: unreadable.length,
        lines: linesText(unreadable),
      }),
    );
  };
  const numberView = async (text: string): Promise<void> => {
    // A first number without digits is told so before the view is read.
    if (!parseSeriesStart(text)) {
      setImportNote(noDigitsNote(text));
      return;
    }
    setIsNumbering(true);
    setSubmitError('');
    setImportNote(say('review.accept.series.reading'));
    try {
      const listed = await whole.rowsToAck({ shown: maxRowsWithInputs, max: maxSeriesDocuments });
      if (listed.isOver) {
        setImportNote(say('review.accept.series.tooMany', { max: formatCount(maxSeriesDocuments) }));
        return;
      }
      const filled = await fillSeries(text, listed.ids, findNumbersInUse);
      setImportNote(filled.note);
      if (filled.ok) setSeries({ ...filled.series, first: listed.first });
    } catch (thrown) {
      setImportNote(await storageRefusalWords(thrown, say('review.accept.series.again')));
    } finally {
      setIsNumbering(false);
    }
  };
  const submit = async (): Promise<void> => {
    setSubmitError('');
    const error = series
      ? await onSubmitWhole(
          (row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: seriesNumberOf.get(row.id) ?? '' }),
          new Set(seriesNumberOf.keys()),
        )
      : await onSubmitWhole((row) => ({
          id: row.id,
          outcome: 'ACCEPTED',
          externalNumber: (numbers.get(row.id) ?? numbers.get(row.number) ?? '').trim(),
        }));
    if (error) setSubmitError(error);
  };

  return (
    <Dialog title={say('review.accept.title', { count: whole.count })} onClose={onCancel} wide>
      <p className="hint">
        {say('review.accept.whole.hint', {
          total: wholeTotalText(whole),
          needsNumber: needsNumber ? 'yes' : 'no',
        })}
      </p>
      <SeriesRow onFill={(start) => void numberView(start)} isBusy={isSending || isNumbering} />
      <NumberImportRow
        applyPairs={applyPairs}
        note={importNote}
        setNote={setImportNote}
        isBusy={isSending || isNumbering}
      />
      {series && (
        <NumberedRowsTable
          rows={series.first}
          count={series.acks.length}
          series={series.start}
          numberCell={(row) => <bdi dir="ltr">{seriesNumberOf.get(row.id)}</bdi>}
        />
      )}
      <WholeViewProgress whole={whole} />
      <div className="dialog-foot">
        {submitError && (
          <span role="alert" className="error-text">
            {submitError}
          </span>
        )}
        <button type="button" onClick={onCancel} disabled={isSending}>
          {say('review.dialog.cancel')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void submit()}
          disabled={isSending || isNumbering}
        >
          {say('review.accept.submit', { count: formatCount(series?.acks.length ?? whole.count) })}
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
  findNumbersInUse,
}: {
  kind: FeedKind;
  rows: ReviewRow[];
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
  findNumbersInUse: FindNumbersInUse;
}) {
  const say = useSay();
  const [numbers, setNumbers] = useState<Map<string, string>>(() => new Map());
  const [importNote, setImportNote] = useState('');
  const [problems, setProblems] = useState<Map<string, string>>(() => new Map());
  const [submitError, setSubmitError] = useState('');
  const [isSending, setIsSending] = useState(false);
  // The series the rows were last numbered from, so that rows without an input are told their numbers.
  const [series, setSeries] = useState<SeriesStart | null>(null);
  const needsNumber = kind === 'orders' || kind === 'invoices';
  const shown = rows.slice(0, maxRowsWithInputs);
  const filled = useMemo(
    () => rows.filter((row) => (numbers.get(row.id) ?? '').trim() !== '').length,
    [rows, numbers],
  );

  const applyPairs = ({ pairs, unreadable }: ReadPairs): void => {
    const { numbers: found, unmatched } = matchNumberPairs(pairs, rows);
    setNumbers((current) => new Map([...current, ...found]));
    setSeries(null);
    setImportNote(
      say('review.accept.rows.applied', {
        count: found.size,
        unmatched: unmatched.length,
        unreadable: unreadable.length,
        lines: linesText(unreadable),
      }),
    );
  };

  const numberRows = async (text: string): Promise<void> => {
    setIsSending(true);
    const filled = await fillSeries(
      text,
      rows.map((row) => row.id),
      findNumbersInUse,
    ).finally(() => setIsSending(false));
    setImportNote(filled.note);
    if (!filled.ok) return;
    setNumbers(new Map(filled.series.acks.map((ack) => [ack.id, ack.externalNumber])));
    setSeries(filled.series.start);
    setProblems(new Map());
    setSubmitError('');
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
      if (problem) found.set(draft.id, ackCheckWords(problem));
    }
    setProblems(found);
    if (found.size > 0) {
      setSubmitError(say('review.accept.rows.missing', { count: found.size }));
      return;
    }
    setIsSending(true);
    try {
      // A number another document has, or two rows of the list share, is refused before anything is queued.
      const used = await findNumbersInUse(
        drafts.map((draft) => ({ id: draft.id, externalNumber: draft.externalNumber ?? '' })),
      );
      if (used.size > 0) {
        setProblems(new Map([...used].map(([id, inUse]) => [id, numberInUseWords(inUse)])));
        setSubmitError(say('review.accept.rows.numbersUsed', { count: used.size }));
        return;
      }
      const error = await onSubmit(drafts);
      if (error) setSubmitError(error);
    } catch (thrown) {
      setSubmitError(await storageRefusalWords(thrown, say('review.ackRefusal.again')));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Dialog title={say('review.accept.title', { count: rows.length })} onClose={onCancel} wide>
      <p className="hint">
        {say('review.accept.rows.hint', {
          total: isolate.ltr(formatTotals(rows)),
          needsNumber: needsNumber ? 'yes' : 'no',
        })}
      </p>
      <SeriesRow onFill={(start) => void numberRows(start)} isBusy={isSending} />
      <NumberImportRow applyPairs={applyPairs} note={importNote} setNote={setImportNote} isBusy={false} />
      <NumberedRowsTable
        rows={shown}
        count={rows.length}
        series={series}
        numberCell={(row) => (
          <>
            <input
              aria-label={say('review.accept.rows.numberFor', { number: isolate.ltr(row.number) })}
              value={numbers.get(row.id) ?? ''}
              aria-invalid={problems.has(row.id) || undefined}
              onChange={(event) => {
                const value = event.target.value;
                setNumbers((current) => new Map(current).set(row.id, value));
              }}
            />
            {problems.has(row.id) && <span className="field-problem">{problems.get(row.id)}</span>}
          </>
        )}
      />
      <div className="dialog-foot">
        <span>
          {say('review.accept.rows.filled', { filled: formatCount(filled), count: formatCount(rows.length) })}
        </span>
        {submitError && (
          <span role="alert" className="error-text">
            {submitError}
          </span>
        )}
        <button type="button" onClick={onCancel}>
          {say('review.dialog.cancel')}
        </button>
        <button type="button" className="primary" onClick={() => void submit()} disabled={isSending}>
          {say('review.accept.submit', { count: formatCount(rows.length) })}
        </button>
      </div>
    </Dialog>
  );
}
