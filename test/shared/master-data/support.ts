import {
  checkFiles,
  readRows,
  suggestMapping,
  type ImportFile,
  type ImportTable,
  type KnownKeys,
  type RecordKind,
} from '../../../src-shared/domain/master-data';

/** A table from lines of cells split on `|`, the header on line 1. */
export function table(...lines: string[]): ImportTable {
  const [header = '', ...rows] = lines;
  return { headers: header.split('|'), rows: rows.map((row, i) => ({ line: i + 2, cells: row.split('|') })) };
}

/** A file read with the suggested mapping, as the preview would read it. */
export function importFile(
  kind: RecordKind,
  fileName: string,
  source: ImportTable,
  asOf?: string,
): ImportFile {
  const mapping = suggestMapping(kind, source.headers);
  return {
    id: fileName,
    kind,
    fileName,
    rows: readRows(kind, source, mapping, { dateOrder: 'dmy', offsetMinutes: 0, ...(asOf ? { asOf } : {}) }),
  };
}

/** Files read and checked together. */
export function checked(files: ImportFile[], known: KnownKeys = {}): ImportFile[] {
  return checkFiles(files, known);
}

/** Each row's issues as `line: severity message`. */
export function issues(file: ImportFile | undefined): string[] {
  return (file?.rows ?? []).flatMap((row) =>
    row.issues.map((issue) => `${row.line}: ${issue.severity} ${issue.message}`),
  );
}
