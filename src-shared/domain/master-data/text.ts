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

/** Why a file cannot be read as text; the message is for the clerk. */
export class UnreadableFileError extends Error {
  constructor(
    readonly code: 'EMPTY' | 'SPREADSHEET' | 'BINARY' | 'ENCODING' | 'MALFORMED' | 'TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableFileError';
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
  if (bytes.length === 0) throw new UnreadableFileError('EMPTY', 'The file is empty.');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    throw new UnreadableFileError(
      'SPREADSHEET',
      'This is a spreadsheet (XLSX), not a CSV file. Choose it as an Excel file.',
    );
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
    throw new UnreadableFileError(
      'BINARY',
      'The file holds binary data, not text. Export it from the ERP as CSV (or choose the Excel file).',
    );
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      hasBom: false,
    };
  } catch {
    if (fallback === null)
      throw new UnreadableFileError(
        'ENCODING',
        'The file is not UTF-8 text. Export it from the ERP as CSV UTF-8.',
      );
    return { text: new TextDecoder(fallback).decode(bytes), encoding: fallback, hasBom: false };
  }
}
