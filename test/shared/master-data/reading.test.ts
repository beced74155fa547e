import { describe, expect, it } from 'vitest';
import {
  decodeText,
  detectDelimiter,
  parseCsv,
  readCsvFile,
  UnreadableFileError,
  type FileProblem,
} from '../../../src-shared/domain/master-data';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Windows-1256 bytes of a few Arabic letters (the code page of older Arabic ERP exports). */
const cp1256: Record<string, number> = { ا: 0xc7, ل: 0xe1, س: 0xd3, م: 0xe3, ع: 0xda, ر: 0xd1, ب: 0xc8 };
function windows1256(text: string): Uint8Array {
  return Uint8Array.from([...text].map((char) => cp1256[char] ?? char.charCodeAt(0)));
}

/** The problem a read throws (UnreadableFileError's `problem`), for the renderer to word. */
function problemOf(read: () => unknown): FileProblem | 'read' | 'other' {
  try {
    read();
    return 'read';
  } catch (error) {
    return error instanceof UnreadableFileError ? error.problem : 'other';
  }
}

describe('decoding an export', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeText(utf8('code,name.ar\nPCS,قطعة\n'))).toEqual({
      text: 'code,name.ar\nPCS,قطعة\n',
      encoding: 'utf-8',
      hasBom: false,
    });
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('code\nPCS\n')]);
    expect(decodeText(withBom)).toEqual({ text: 'code\nPCS\n', encoding: 'utf-8', hasBom: true });
  });

  it('falls back to Windows-1256 when the bytes are not UTF-8', () => {
    const bytes = windows1256('code,name\nC1,عرب\nC2,سلام\n');
    expect(decodeText(bytes)).toEqual({
      text: 'code,name\nC1,عرب\nC2,سلام\n',
      encoding: 'windows-1256',
      hasBom: false,
    });
    expect(problemOf(() => decodeText(bytes, null))).toEqual({ code: 'not-utf8' });
  });

  it("reads Excel's UTF-16 text with its byte-order mark", () => {
    const text = 'code\tname.ar\nKG\tكيلو\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    [...text].forEach((char, i) => {
      bytes[2 + i * 2] = char.charCodeAt(0) & 0xff;
      bytes[3 + i * 2] = char.charCodeAt(0) >> 8;
    });
    expect(decodeText(bytes)).toMatchObject({ text, encoding: 'utf-16le' });
  });

  it('refuses what is not a text export, by its code and problem', () => {
    const codeOf = (bytes: Uint8Array): string => {
      try {
        decodeText(bytes);
        return 'read';
      } catch (error) {
        return error instanceof UnreadableFileError ? error.code : 'other';
      }
    };
    expect(codeOf(new Uint8Array())).toBe('EMPTY');
    expect(codeOf(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('SPREADSHEET');
    expect(codeOf(Uint8Array.from([0x41, 0x00, 0x42]))).toBe('BINARY');
    expect(
      [
        new Uint8Array(),
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]),
        Uint8Array.from([0x41, 0x00, 0x42]),
      ].map((bytes) => problemOf(() => decodeText(bytes))),
    ).toEqual([{ code: 'empty' }, { code: 'xlsx-as-csv' }, { code: 'binary' }]);
  });
});

describe('the CSV reader', () => {
  it("reads quotes, doubled quotes, line breaks in quotes and CRLF, with each row's line", () => {
    const text = 'ref,name.en,address\r\nC1,"Nile ""Star"" Market","12 Street\r\nCairo"\r\nC2,Plain,\r\n';
    expect(parseCsv(text, ',')).toEqual({
      rows: [
        { line: 1, cells: ['ref', 'name.en', 'address'] },
        { line: 2, cells: ['C1', 'Nile "Star" Market', '12 Street\r\nCairo'] },
        { line: 4, cells: ['C2', 'Plain', ''] },
      ],
      unclosedQuoteLine: null,
    });
  });

  it('reads a last line without a line break, and a quote inside a field as a character', () => {
    expect(parseCsv('a;b\n5" pipe;x', ';').rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['5" pipe', 'x'] },
    ]);
  });

  it('tells where a quoted cell never closes', () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n', ',').unclosedQuoteLine).toBe(2);
    expect(problemOf(() => readCsvFile(utf8('a,b\n1,"open\n2,3\n')))).toEqual({
      code: 'unclosed-quote',
      line: 2,
    });
  });

  it('finds the delimiter from the file', () => {
    expect(detectDelimiter('ref;name;price\n1;A;1,50\n2;B;2,75\n')).toBe(';');
    expect(detectDelimiter('ref\tname\n1\tA, B\n')).toBe('\t');
    expect(detectDelimiter('ref|name\n1|A;B\n')).toBe('|');
    expect(detectDelimiter('ref,name\n1,"A;B;C"\n')).toBe(',');
    expect(detectDelimiter('just one column\nvalue\n')).toBe(',');
  });

  it('makes a table: header, trimmed cells, blank rows dropped', () => {
    const read = readCsvFile(utf8('\uFEFF ref ; name.ar \n\n U1 ; قطعة \n;\n'));
    expect(read).toEqual({
      table: { headers: ['ref', 'name.ar'], rows: [{ line: 3, cells: ['U1', 'قطعة'] }] },
      encoding: 'utf-8',
      hasBom: true,
      delimiter: ';',
    });
  });
});
