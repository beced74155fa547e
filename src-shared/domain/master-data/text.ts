/**
 * Turning the bytes of an exported file into text: UTF-8 with or without a byte-order mark, UTF-16
 * (Excel's "Unicode text"), and Windows-1256 for Arabic exports of older ERP systems.
 *
 * `TextDecoder` exists in browsers and in Node with full ICU, so this stays runtime-free.
 */

/** The encodings the desk reads. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';

/** A file's text and how it was read. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the file began with a byte-order mark (removed from `text`). */
  hasBom: boolean;
}

/**
 * Why a file cannot be read, with what the clerk needs to fix it: empty, no rows, a spreadsheet given
 * as text (XLSX) or one the desk cannot read (an old `.xls`, an XLSX that does not open or has no
 * sheets, a SpreadsheetML workbook without a worksheet), binary data, text that is not UTF-8, a quoted cell never closed (its line), or more
 * rows than the import or the register takes. The renderer words it in the clerk's language.
 */
export type FileProblem =
  | { code: 'empty' }
  | { code: 'no-rows' }
  | { code: 'xlsx-as-csv' }
  | { code: 'old-xls' }
  | { code: 'excel-unreadable' }
  | { code: 'no-sheets' }
  | { code: 'workbook-without-sheet' }
  | { code: 'binary' }
  | { code: 'not-utf8' }
  | { code: 'unclosed-quote'; line: number }
  | { code: 'too-many-rows'; rows: number; most: number; of: 'import' | 'register' };

/** The family of a file problem, as callers that only branch on it knew it before the problems had values. */
export type UnreadableFileCode = 'EMPTY' | 'SPREADSHEET' | 'BINARY' | 'ENCODING' | 'MALFORMED' | 'TOO_LARGE';

const familyOf: Readonly<Record<FileProblem['code'], UnreadableFileCode>> = {
  empty: 'EMPTY',
  'no-rows': 'EMPTY',
  'no-sheets': 'EMPTY',
  'workbook-without-sheet': 'MALFORMED',
  'xlsx-as-csv': 'SPREADSHEET',
  'old-xls': 'SPREADSHEET',
  'excel-unreadable': 'SPREADSHEET',
  binary: 'BINARY',
  'not-utf8': 'ENCODING',
  'unclosed-quote': 'MALFORMED',
  'too-many-rows': 'TOO_LARGE',
};

/**
 * Why a file cannot be read: `problem` for the clerk (worded by the renderer), `code` its family; the
 * message is for developers and logs only.
 */
export class UnreadableFileError extends Error {
  readonly code: UnreadableFileCode;

  constructor(readonly problem: FileProblem) {
    super(`The file cannot be read: ${JSON.stringify(problem)}`); // words: not shown
    this.name = 'UnreadableFileError';
    this.code = familyOf[problem.code];
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * Decodes an exported file.
 *
 * A byte-order mark decides; else strict UTF-8; else, when `fallback` allows it, Windows-1256 (the
 * Arabic code page of ERP exports made on Windows). A ZIP (an XLSX given as CSV) or a file with NUL
 * bytes is refused: reading it as text would only show garbage in the preview.
 */
export function decodeText(bytes: Uint8Array, fallback: 'windows-1256' | null = 'windows-1256'): DecodedText {
  if (bytes.length === 0) throw new UnreadableFileError({ code: 'empty' });
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    throw new UnreadableFileError({ code: 'xlsx-as-csv' });
  }
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)),
      encoding: 'utf-8',
      hasBom: true,
    };
  }
  if (startsWith(bytes, [0xff, 0xfe]))
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      hasBom: true,
    };
  if (startsWith(bytes, [0xfe, 0xff]))
    return {
      text: new TextDecoder('utf-16be').decode(bytes.subarray(2)),
      encoding: 'utf-16be',
      hasBom: true,
    };
  if (bytes.includes(0)) {
    throw new UnreadableFileError({ code: 'binary' });
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      hasBom: false,
    };
  } catch {
    if (fallback === null) throw new UnreadableFileError({ code: 'not-utf8' });
    return { text: new TextDecoder(fallback).decode(bytes), encoding: fallback, hasBom: false };
  }
}
