import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  checkFiles,
  guessKind,
  layoutSignature,
  mappingProblems,
  parseTimestamp,
  readRows,
  suggestMapping,
  type ColumnMapping,
  type DateOrder,
  type ImportFile,
  type ImportTable,
  type KnownKeys,
  type RecordKind,
} from '../../../src-shared/domain/master-data';
import type { OpenedFile } from '../../../src-shared/bridge/contract';
import { bufferOf } from '../files/file-actions';
import { readFailureWords } from '../../words/file-problem-words';
import { findLayout, knownKeys, saveLayout } from '../../data/push-history';
import { isolate, say } from '../../messages/intl';
import { readImportTable, type FileReading } from './read-file';

/** A file the clerk added, as read, with the kind and mapping chosen for it. */
export interface ImportDraft {
  id: string;
  fileName: string;
  /** How it was read (said as "CSV, UTF-8, semicolon" by `formatWords`). */
  reading: FileReading;
  kind: RecordKind;
  table: ImportTable;
  mapping: ColumnMapping;
  /** The mapping came from an earlier file with the same layout. */
  isRemembered: boolean;
}

/** How cells are read for every file of this import. */
export interface ImportSettings {
  dateOrder: DateOrder;
  /** The `as_of` of a balance file, as the clerk typed it (`YYYY-MM-DDTHH:MM`, this computer's time). */
  asOfLocal: string;
  /** The language of a plain "name" column. */
  defaultLanguage: string;
}

/** Minutes east of UTC of this computer now. */
function localOffsetMinutes(): number {
  return -new Date().getTimezoneOffset();
}

/** The balance file's `as_of` as an ISO time, or undefined while none is given. */
function asOfOf(settings: ImportSettings): string | undefined {
  if (settings.asOfLocal === '') return undefined;
  const read = parseTimestamp(settings.asOfLocal.replace('T', ' '), { offsetMinutes: localOffsetMinutes() });
  return read.ok ? read.value : undefined;
}

async function mappingFor(
  kind: RecordKind,
  headers: string[],
  defaultLanguage: string,
): Promise<{ mapping: ColumnMapping; isRemembered: boolean }> {
  const remembered = await findLayout(layoutSignature(kind, headers));
  if (remembered && mappingProblems(remembered.mapping, headers).length === 0)
    return { mapping: remembered.mapping, isRemembered: true };
  return { mapping: suggestMapping(kind, headers, defaultLanguage), isRemembered: false };
}

/**
 * The import step: files read into tables, their kind and column mapping (remembered per layout),
 * and every row read and checked against the other files and the keys already pushed.
 */
export function useImport(connectionId: string | null) {
  const [drafts, setDrafts] = useState<ImportDraft[]>([]);
  const [settings, setSettings] = useState<ImportSettings>({
    dateOrder: 'dmy',
    asOfLocal: '',
    defaultLanguage: 'en',
  });
  const [known, setKnown] = useState<KnownKeys>({});
  const [readErrors, setReadErrors] = useState<string[]>([]);
  const [isReading, setIsReading] = useState(false);

  const [knownVersion, setKnownVersion] = useState(0);
  const reloadKnown = useCallback(() => setKnownVersion((version) => version + 1), []);
  useEffect(() => {
    let isCurrent = true;
    void (connectionId === null ? Promise.resolve({}) : knownKeys(connectionId)).then((loaded) => {
      if (isCurrent) setKnown(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [connectionId, knownVersion]);

  const addFiles = useCallback(
    async (files: readonly OpenedFile[]) => {
      setIsReading(true);
      const errors: string[] = [];
      const added: ImportDraft[] = [];
      for (const file of files) {
        try {
          const read = await readImportTable(file.name, bufferOf(file));
          const kind = guessKind(file.name, read.table.headers) ?? 'customers';
          const { mapping, isRemembered } = await mappingFor(
            kind,
            read.table.headers,
            settings.defaultLanguage,
          );
          added.push({
            id: `file-${crypto.randomUUID()}`,
            fileName: file.name,
            reading: read.reading,
            kind,
            table: read.table,
            mapping,
            isRemembered,
          });
        } catch (error) {
          errors.push(
            say('masterData.read.failed', {
              file: isolate.ltr(file.name),
              problem: readFailureWords(error, () => say('masterData.read.unknown')),
            }),
          );
        }
      }
      setDrafts((current) => [...current, ...added]);
      setReadErrors(errors);
      setIsReading(false);
    },
    [settings.defaultLanguage],
  );

  const setKind = useCallback(
    async (id: string, kind: RecordKind) => {
      const draft = drafts.find((d) => d.id === id);
      if (!draft) return;
      const { mapping, isRemembered } = await mappingFor(kind, draft.table.headers, settings.defaultLanguage);
      setDrafts((current) => current.map((d) => (d.id === id ? { ...d, kind, mapping, isRemembered } : d)));
    },
    [drafts, settings.defaultLanguage],
  );

  const setMapping = useCallback(
    async (id: string, mapping: ColumnMapping) => {
      const draft = drafts.find((d) => d.id === id);
      if (!draft) return;
      setDrafts((current) => current.map((d) => (d.id === id ? { ...d, mapping, isRemembered: false } : d)));
      // Remembered for the next export with the same columns, once it can be used.
      if (mappingProblems(mapping, draft.table.headers).length === 0) {
        await saveLayout(
          layoutSignature(draft.kind, draft.table.headers),
          draft.kind,
          draft.table.headers,
          mapping,
          new Date().toISOString(),
        );
      }
    },
    [drafts],
  );

  const removeFile = useCallback(
    (id: string) => setDrafts((current) => current.filter((d) => d.id !== id)),
    [],
  );
  const clear = useCallback(() => setDrafts([]), []);

  const files: ImportFile[] = useMemo(() => {
    const options = {
      dateOrder: settings.dateOrder,
      offsetMinutes: localOffsetMinutes(),
      asOf: asOfOf(settings),
    };
    const read = drafts
      .filter((draft) => mappingProblems(draft.mapping, draft.table.headers).length === 0)
      .map((draft) => ({
        id: draft.id,
        kind: draft.kind,
        fileName: draft.fileName,
        rows: readRows(draft.kind, draft.table, draft.mapping, options),
      }));
    return checkFiles(read, known);
  }, [drafts, settings, known]);

  return {
    drafts,
    settings,
    setSettings,
    known,
    reloadKnown,
    readErrors,
    isReading,
    addFiles,
    setKind,
    setMapping,
    removeFile,
    clear,
    files,
  };
}
