import { useMemo, useState } from 'react';
import type { FileFilter } from '../../../src-shared/bridge/contract';
import { repNamesOf, suggestRepNameColumns, type RepNameColumns } from '../../../src-shared/domain/rep-names';
import type { NameMap } from '../../../src-shared/wire';
import type { RecordRefRow } from '../../data/rows';
import { formatters, isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import type { RepNameWrite } from '../../state/slices/names-slice';
import { bufferOf, openFile } from '../files/file-actions';
import { registerFileFormat } from '../reconcile/read-register-file';
import { readRepsFile, type RepsFileRead } from './read-reps-file';
import { codesNoDocumentNames } from './reps-to-name';
import { problemWords, writeFailureWords } from './reps-words';

/** The files the Open dialog offers: CSV (or text), Excel workbooks, and Excel 2003 XML. */
function repsFilters(): FileFilter[] {
  return [{ name: say('reps.import.filter'), extensions: ['csv', 'txt', 'tsv', 'xlsx', 'xml', 'xls'] }];
}

/** The columns the clerk may choose, in the order they are shown; `code` and `name` are needed. */
const columnFields = ['code', 'name', 'arabicName', 'isGroup'] as const;

/** A file chosen and read, with the columns chosen for it. */
interface RepsDraft {
  fileName: string;
  read: RepsFileRead;
  columns: RepNameColumns;
}

/**
 * The ERP's salesperson list, imported: the file read as Master data's imports are, its code and name
 * columns suggested and changeable, what it would name and the rows it would not take shown before
 * anything is kept (src-shared/domain/rep-names.ts decides which).
 */
export function RepsImport({
  refs,
  onImport,
  onDone,
}: {
  /** The reps the documents name (to say how many of the file's none names yet). */
  refs: readonly RecordRefRow[];
  onImport: (
    fileName: string,
    entries: ReadonlyArray<{ code: string; name: NameMap }>,
  ) => Promise<RepNameWrite>;
  /** What happened, for the section's status line: its words, said when shown. */
  onDone: (words: () => string, isFailure: boolean) => void;
}) {
  const say = useSay();
  const [draft, setDraft] = useState<RepsDraft | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const chosen = draft?.columns;
  const read = useMemo(
    () =>
      draft && chosen && chosen.code !== null && chosen.name !== null
        ? repNamesOf(draft.read.table, { ...chosen, code: chosen.code, name: chosen.name })
        : null,
    [draft, chosen],
  );
  const unknown = read
    ? codesNoDocumentNames(
        read.entries.map((entry) => entry.code),
        refs,
      )
    : 0;

  const chooseFile = async (): Promise<void> => {
    setBusy(true);
    const opened = await openFile(say('reps.import.openTitle'), repsFilters());
    if (!opened.ok || !opened.file) {
      setBusy(false);
      setError(opened.ok ? '' : opened.message);
      return;
    }
    const file = opened.file;
    try {
      const fileRead = await readRepsFile(file.name, bufferOf(file));
      setDraft({
        fileName: file.name,
        read: fileRead,
        columns: suggestRepNameColumns(fileRead.table.headers),
      });
      setError('');
    } catch (thrown) {
      setDraft(null);
      setError(thrown instanceof Error ? thrown.message : say('reps.read.unknown'));
    }
    setBusy(false);
  };

  const setColumn = (field: (typeof columnFields)[number], value: string): void => {
    if (!draft) return;
    setDraft({ ...draft, columns: { ...draft.columns, [field]: value === '' ? null : Number(value) } });
  };

  const keep = async (): Promise<void> => {
    if (!draft || !read || read.entries.length === 0) return;
    setBusy(true);
    const write = await onImport(
      draft.fileName,
      read.entries.map(({ code, name }) => ({ code, name })),
    );
    setBusy(false);
    if (!write.ok) {
      onDone(() => writeFailureWords(write), true);
      return;
    }
    const { fileName } = draft;
    onDone(() => say('reps.done.imported', { count: write.kept, file: isolate.ltr(fileName) }), false);
    setDraft(null);
  };

  return (
    <section className="reps-import" aria-labelledby="reps-import-title">
      <h3 id="reps-import-title">{say('reps.import.title')}</h3>
      <p className="hint">{say('reps.import.hint')}</p>
      <div className="file-button" role="group" aria-label={say('reps.import.group')}>
        <button type="button" disabled={isBusy} onClick={() => void chooseFile()}>
          {say('reps.import.choose')}
        </button>
        {isBusy ? <span className="muted"> {say('reps.import.reading')}</span> : null}
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {draft ? (
        <div className="reps-draft">
          <p className="muted" aria-label={say('reps.import.fileAria')}>
            {say('reps.import.file', {
              file: isolate.ltr(draft.fileName),
              format: registerFileFormat(draft.read.source),
              rows: draft.read.table.rows.length,
              line: formatters().digits(draft.read.table.headerLine),
            })}
          </p>
          <fieldset className="reps-columns">
            <legend>{say('reps.import.columns')}</legend>
            {columnFields.map((field) => (
              <label key={field}>
                {say(`reps.import.column.${field}`)}
                <select
                  value={draft.columns[field] === null ? '' : String(draft.columns[field])}
                  onChange={(event) => setColumn(field, event.target.value)}
                >
                  <option value="">{say('reps.import.column.none')}</option>
                  {draft.read.table.headers.map((header, index) => (
                    <option key={index} value={String(index)}>
                      {header}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          {read === null ? (
            <p className="error-text">{say('reps.import.chooseColumns')}</p>
          ) : (
            <>
              <p role="status" aria-label={say('reps.import.group')}>
                {say('reps.import.summary', { count: read.entries.length, unknown })}
                {read.groups > 0 ? <> {say('reps.import.groups', { count: read.groups })}</> : null}
              </p>
              {read.problems.length > 0 ? (
                <ul className="problems" aria-label={say('reps.import.problemsAria')}>
                  {read.problems.map((problem) => (
                    <li key={`${problem.line}-${problem.problem}`}>{problemWords(problem)}</li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
          <div className="reps-actions">
            <button
              type="button"
              disabled={isBusy || !read || read.entries.length === 0}
              onClick={() => void keep()}
            >
              {say('reps.import.keep', { count: read?.entries.length ?? 0 })}
            </button>
            <button type="button" className="link" disabled={isBusy} onClick={() => setDraft(null)}>
              {say('reps.import.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
