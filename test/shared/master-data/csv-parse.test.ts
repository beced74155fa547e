import { describe, expect, it } from 'vitest';
import {
  parseCsv,
  type CsvDelimiter,
  type CsvParse,
  type CsvRow,
} from '../../../src-shared/domain/master-data';
import { generator } from '../../../src-shared/domain/reconcile/fixture';

// The CSV reader cuts fields out of the text whole, for speed (docs/benchmarks.md, "Reading a large
// register"). It must read every text exactly as the reader it replaced, which built each field a
// character at a time: that reader is kept here as the reference, and both read thousands of texts
// made of the characters that matter (delimiters, quotes, line breaks of every kind, Arabic).

function parseCsvByCharacter(
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

const pieces = ['a', 'bc', ',', ';', '\t', '"', '""', '\n', '\r', '\r\n', ' ', 'ب', '1.5'];

describe('parseCsv', () => {
  it('reads every text as the character-at-a-time reader did', () => {
    const random = generator(26);
    const differences: string[] = [];
    for (let n = 0; n < 20_000 && differences.length < 5; n += 1) {
      let text = '';
      const size = Math.floor(random() * 30);
      for (let k = 0; k < size; k += 1) text += pieces[Math.floor(random() * pieces.length)];
      const delimiter: CsvDelimiter = random() < 0.5 ? ',' : ';';
      const maxRows = random() < 0.2 ? 1 + Math.floor(random() * 3) : Number.POSITIVE_INFINITY;
      const fast: CsvParse = parseCsv(text, delimiter, maxRows);
      const slow: CsvParse = parseCsvByCharacter(text, delimiter, maxRows);
      if (JSON.stringify(fast) !== JSON.stringify(slow))
        differences.push(
          `${JSON.stringify(text)} (${delimiter}, ${maxRows}): ${JSON.stringify(fast)} != ${JSON.stringify(slow)}`,
        );
    }
    expect(differences).toEqual([]);
  });

  it('keeps the line each row starts on across quoted line breaks', () => {
    const rows: CsvRow[] = parseCsv('a,"x\r\ny\rz"\nb,c\r\n', ',').rows;
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'x\r\ny\rz'] },
      { line: 4, cells: ['b', 'c'] },
    ]);
  });
});
