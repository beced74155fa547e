/**
 * A small RFC 4180 reader for ERP exports: quoted fields, doubled quotes inside them, line breaks
 * inside quotes, CRLF, LF or CR line ends, and the delimiter found from the file itself (comma,
 * semicolon, tab or pipe).
 */

/** The delimiters ERP exports use. */
export const csvDelimiters = [',', ';', '\t', '|'] as const;
/** One delimiter. */
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** A row of cells with the line of the file it starts on (1-based), for messages. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** What a file reads as: rows, and a problem when a quote was never closed. */
export interface CsvParse {
  rows: CsvRow[];
  /** The line where a quoted field opened and never closed, or null. */
  unclosedQuoteLine: number | null;
}

/**
 * Reads CSV text into rows (RFC 4180).
 *
 * A quote opens a quoted field only at the start of a field; elsewhere it is an ordinary character,
 * as spreadsheet programs read it. A final line break does not make an empty row.
 */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter,
  maxRows = Number.POSITIVE_INFINITY,
): CsvParse {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let isQuoted = false;
  let isFieldStart = true;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  const endField = (): void => {
    cells.push(field);
    field = '';
    isFieldStart = true;
  };
  const endRow = (): void => {
    endField();
    rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length && rows.length < maxRows; i += 1) {
    const char = text[i]!;
    if (isQuoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          isQuoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && isFieldStart) {
      isQuoted = true;
      isFieldStart = false;
      quoteLine = line;
    } else if (char === delimiter) {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += char;
      isFieldStart = false;
    }
  }
  if (rows.length < maxRows && (field !== '' || cells.length > 0 || isQuoted)) endRow();
  return { rows, unclosedQuoteLine: isQuoted ? quoteLine : null };
}

/**
 * The delimiter of a file: the candidate that splits the first lines into the same number (above
 * one) of cells most often; comma when none does.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of csvDelimiters) {
    const rows = parseCsv(sample, delimiter, 21).rows.filter((row) =>
      row.cells.some((cell) => cell.trim() !== ''),
    );
    const header = rows[0]?.cells.length ?? 0;
    if (header < 2) continue;
    // Rows that agree with the header's width; a wider header wins a tie (more columns found).
    const agreeing = rows.filter((row) => row.cells.length === header).length;
    const score = agreeing * 1000 + header;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * Writes rows as CSV (RFC 4180, comma, CRLF), quoting cells that need it, with a byte-order mark so
 * that spreadsheet programs read Arabic names as UTF-8.
 */
export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
  const cell = (value: string): string =>
    /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return `\ufeff${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
