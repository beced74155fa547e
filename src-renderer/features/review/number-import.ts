// Reading the ERP's document numbers pasted or imported as CSV: one pair per line, the document (the
// service's id or its own number) and the ERP's number, separated by a comma, semicolon or tab. A
// header line and blank lines are skipped. Cells are read by the master-data import's reader (quotes
// as RFC 4180 has them) and a file's bytes are decoded like an ERP export (UTF-8, UTF-16,
// Windows-1256), so a register saved by an Arabic ERP reads the same here.
import { csvDelimiters, decodeText, parseCsv } from '../../../src-shared/domain/master-data';

/** One pair as read from a line. */
export interface NumberPair {
  document: string;
  erpNumber: string;
  line: number;
}

/** A pasted line's cells, split at the first delimiter it holds (a paste may mix them). */
function cellsOf(line: string): string[] {
  const delimiter = csvDelimiters.find((candidate) => line.includes(candidate)) ?? ',';
  return (parseCsv(line, delimiter).rows[0]?.cells ?? []).map((cell) => cell.trim());
}

/** Pairs read from pasted text or a file, and the line numbers that could not be read. */
export interface ReadPairs {
  pairs: NumberPair[];
  unreadable: number[];
}

/** The pairs of a pasted or imported text, and the lines that could not be read. */
export function parseNumberPairs(text: string): ReadPairs {
  const pairs: NumberPair[] = [];
  const unreadable: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const fields = cellsOf(line);
    const [document, erpNumber] = fields;
    if (fields.length < 2 || !document || !erpNumber) {
      unreadable.push(index + 1);
      return;
    }
    if (index === 0 && /^(id|document|number|doc)/i.test(document) && /number|erp|external/i.test(erpNumber))
      return;
    pairs.push({ document, erpNumber, line: index + 1 });
  });
  return { pairs, unreadable };
}

/** The pairs of an imported file, its bytes decoded as the master-data import decodes an export. */
export function readNumberPairsFile(bytes: Uint8Array): ReadPairs {
  return parseNumberPairs(decodeText(bytes).text);
}

/**
 * ERP numbers by document id for the rows given: a pair matches a row by the service's id or by the
 * row's own number. Pairs that match no row are counted, not applied.
 */
export function matchNumberPairs(
  pairs: readonly NumberPair[],
  rows: ReadonlyArray<{ id: string; number: string }>,
): { numbers: Map<string, string>; unmatched: NumberPair[] } {
  const byKey = new Map<string, string>();
  for (const row of rows) {
    byKey.set(row.id, row.id);
    byKey.set(row.number, row.id);
  }
  const numbers = new Map<string, string>();
  const unmatched: NumberPair[] = [];
  for (const pair of pairs) {
    const id = byKey.get(pair.document);
    if (id === undefined) unmatched.push(pair);
    else numbers.set(id, pair.erpNumber);
  }
  return { numbers, unmatched };
}
