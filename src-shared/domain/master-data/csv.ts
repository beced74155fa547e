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

/** How many lines a stretch of text spans beyond its first: `\n`, `\r\n` and a lone `\r` each end one. */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) count += 1;
  }
  return count;
}

/**
 * Reads CSV text into rows (RFC 4180).
 *
 * A quote opens a quoted field only at the start of a field; elsewhere it is an ordinary character,
 * as spreadsheet programs read it (after a quoted field's closing quote, what comes before the next
 * delimiter is kept too). A final line break does not make an empty row.
 *
 * Each field is cut out of the text whole (`slice`), never built a character at a time: a register
 * of 250,000 rows has millions of cells (docs/benchmarks.md, "Reading a large register").
 */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter,
  maxRows = Number.POSITIVE_INFINITY,
): CsvParse {
  const rows: CsvRow[] = [];
  const length = text.length;
  const separator = delimiter.charCodeAt(0);
  /** The end of an unquoted stretch: the next delimiter or line break, or the text's end. */
  const stretchEnd = (from: number): number => {
    let at = from;
    while (at < length) {
      const code = text.charCodeAt(at);
      if (code === separator || code === 10 || code === 13) break;
      at += 1;
    }
    return at;
  };
  let at = 0;
  let line = 1;
  while (at < length && rows.length < maxRows) {
    const rowLine = line;
    const cells: string[] = [];
    for (;;) {
      let field: string;
      if (text.charCodeAt(at) === 34) {
        const quoteLine = line;
        field = '';
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) {
            // Never closed: the rest of the file is this cell.
            cells.push(field + text.slice(from));
            rows.push({ line: rowLine, cells });
            return { rows, unclosedQuoteLine: quoteLine };
          }
          field += text.slice(from, quote);
          line += lineBreaks(text, from, quote);
          if (text.charCodeAt(quote + 1) === 34) {
            field += '"';
            from = quote + 2;
            continue;
          }
          at = quote + 1;
          break;
        }
        const end = stretchEnd(at);
        field += text.slice(at, end);
        at = end;
      } else {
        const end = stretchEnd(at);
        field = text.slice(at, end);
        at = end;
      }
      cells.push(field);
      if (at >= length) {
        // The text ends without a line break: a last row of one empty cell is no row (`a\n""`).
        if (cells.length === 1 && field === '') return { rows, unclosedQuoteLine: null };
        break;
      }
      const code = text.charCodeAt(at);
      if (code === separator) {
        at += 1;
        if (at >= length) {
          cells.push('');
          break;
        }
        continue;
      }
      at += code === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
      line += 1;
      break;
    }
    rows.push({ line: rowLine, cells });
  }
  return { rows, unclosedQuoteLine: null };
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

/** What a spreadsheet program reads as the start of a formula (OWASP, "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;

/** A number as exports write one: `-1234.50`, `+12`, `-1,234.50`. */
const plainNumber = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/**
 * A text cell made safe to open in a spreadsheet program: a cell that would start a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return) and is not a plain number gets a leading `'`, which the
 * program shows as text and does not keep. A customer named `=HYPERLINK(…)` or a note typed `+20 …` on
 * a rep's phone then stays text. `unguardedCell` takes the guard off again when such a file is read.
 */
export function guardedCell(text: string): string {
  return formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
}

/** A cell without the guard `guardedCell` (and Odoo's and Frappe's exports) put before a formula start. */
export function unguardedCell(text: string): string {
  return text.charCodeAt(0) === 39 && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * Writes rows as CSV (RFC 4180, comma, CRLF), quoting cells that need it and guarding those that would
 * start a formula (`guardedCell`), with a byte-order mark so that spreadsheet programs read Arabic names
 * as UTF-8.
 */
export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
  const cell = (raw: string): string => {
    const value = guardedCell(raw);
    return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  return `\ufeff${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
