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

/** A problem as `code name=value …`, a problem inside it as `name=code(name=value …)`. */
function problemText(problem: { code: string }): string {
  const { code, ...values } = problem;
  const said = Object.entries(values).map(([name, value]) => {
    if (typeof value !== 'object' || value === null) return `${name}=${String(value)}`;
    const inner = problemText(value as { code: string });
    const [innerCode = '', ...rest] = inner.split(' ');
    return rest.length ? `${name}=${innerCode}(${rest.join(' ')})` : `${name}=${innerCode}`;
  });
  return [code, ...said].join(' ');
}

/** Each row's issues as `line: severity code name=value …` (the renderer words them: master-data-words.ts). */
export function issues(file: ImportFile | undefined): string[] {
  return (file?.rows ?? []).flatMap((row) =>
    row.issues.map((issue) => `${row.line}: ${issue.severity} ${problemText(issue.problem)}`),
  );
}
