// Saving exports and opening imports through the bridge's `files`, with what the clerk reads of it:
// where the file went, nothing when they cancelled, a failure in plain words. The desktop app answers
// with its Save and Open dialogs, browser mode with a download and a file chooser; these functions and
// the screens that call them do not know which (docs/decisions/102-files-and-shortcuts.md).
import type { FileFilter, OpenedFile, SaveFileRequest } from '../../../src-shared/bridge/contract';
import { openLimitOf } from '../../../src-shared/bridge/file-limits';
import type { DeskError } from '../../../src-shared/bridge/result';
import { desk } from '../../bridge/desk';
import { isolate, say } from '../../messages/intl';

/** What the clerk is told after a save: where the file went, or why it was not written. */
export interface FileNote {
  tone: 'saved' | 'failed';
  text: string;
}

/**
 * A file type the screens offer, its name said in the desk's language when the dialog asks for it
 * (read at the Save, not when the module loads).
 */
function fileFilter(name: 'files.filter.csv' | 'files.filter.xlsx', extensions: string[]): FileFilter {
  return Object.defineProperty({ extensions } as FileFilter, 'name', {
    enumerable: true,
    get: () => say(name),
  });
}

/** The file types the screens offer. */
export const csvFilter: FileFilter = fileFilter('files.filter.csv', ['csv']);
export const xlsxFilter: FileFilter = fileFilter('files.filter.xlsx', ['xlsx']);

/** The byte-order mark a CSV starts with, so Excel reads it as UTF-8 (Arabic names stay whole). */
const utf8Bom = '\ufeff';

/** A CSV's text as the bytes of the file: UTF-8, with the byte-order mark unless the text has it. */
export function csvBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text.startsWith(utf8Bom) ? text : utf8Bom + text);
}

/**
 * Why an Open was refused for its size or number of files: what was over the limit, as both
 * transports word it (src-shared/bridge/file-limits.ts), and what to do.
 */
function openLimitText(error: DeskError): string {
  switch (openLimitOf(error)) {
    case 'file':
      return say('files.open.fileTooLarge', { reason: error.message });
    case 'total':
    case 'count':
      return say('files.open.tooMany', { reason: error.message });
    default:
      return say('files.open.tooLarge');
  }
}

/** Why saving or opening failed, and what to do, in plain words. */
function fileProblemText(error: DeskError, doing: 'save' | 'open'): string {
  switch (error.code) {
    case 'NO_FILE_DIALOGS':
      return doing === 'save' ? say('files.save.noDialog') : say('files.open.noDialog');
    case 'FILE_TOO_LARGE':
    case 'TOO_MANY_FILES':
    case 'INVALID_ARGUMENT':
      return doing === 'save' ? say('files.save.tooLarge') : openLimitText(error);
    default:
      return doing === 'save'
        ? say('files.save.failed', { reason: error.message })
        : say('files.open.failed', { reason: error.message });
  }
}

/**
 * Saves an export: "Saved invoices-2026-11-24.csv" (the full path where the app knows it), null when
 * the clerk cancelled the Save dialog, or why it failed.
 */
export async function saveFile(request: SaveFileRequest): Promise<FileNote | null> {
  let result: Awaited<ReturnType<typeof desk.files.save>>;
  try {
    // A plain copy of the type, its name read now: what crosses the bridge is data, never a getter.
    result = await desk.files.save({ ...request, filter: { ...request.filter } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { tone: 'failed', text: fileProblemText({ code: 'INTERNAL', message, retryable: true }, 'save') };
  }
  if (!result.ok) return { tone: 'failed', text: fileProblemText(result.error, 'save') };
  if (result.value === null) return null;
  return {
    tone: 'saved',
    text: say('files.saved', { file: isolate.ltr(result.value.path ?? result.value.name) }),
  };
}

/** What opening one import came to: the file, nothing (cancelled), or why it failed. */
export type OpenOutcome = { ok: true; file: OpenedFile | null } | { ok: false; message: string };

/** What opening several imports came to: the files (none when cancelled), or why it failed. */
export type OpenFilesOutcome = { ok: true; files: OpenedFile[] } | { ok: false; message: string };

/** Asks the bridge's `files.open`, a throw of the transport told like a refusal. */
async function askOpen(title: string, filters: FileFilter[], multiple: boolean): Promise<OpenFilesOutcome> {
  let result: Awaited<ReturnType<typeof desk.files.open>>;
  try {
    const plain = filters.map((filter) => ({ ...filter }));
    result = await desk.files.open(
      multiple ? { title, filters: plain, multiple } : { title, filters: plain },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: fileProblemText({ code: 'INTERNAL', message, retryable: true }, 'open') };
  }
  if (!result.ok) return { ok: false, message: fileProblemText(result.error, 'open') };
  return { ok: true, files: result.value ?? [] };
}

/** Asks for one file of the given types (the Open dialog, or the browser's file chooser). */
export async function openFile(title: string, filters: FileFilter[]): Promise<OpenOutcome> {
  const opened = await askOpen(title, filters, false);
  return opened.ok ? { ok: true, file: opened.files[0] ?? null } : opened;
}

/**
 * Asks for several files of the given types in one Open dialog (or file chooser): at most 50, of at
 * most 512 MB each and in all (src-shared/bridge/file-limits.ts); none when the clerk cancelled.
 */
export async function openFiles(title: string, filters: FileFilter[]): Promise<OpenFilesOutcome> {
  return askOpen(title, filters, true);
}

/** An opened file's bytes as an ArrayBuffer of their own (the readers take ArrayBuffers). */
export function bufferOf(file: OpenedFile): ArrayBuffer {
  const copy = new Uint8Array(file.bytes.byteLength);
  copy.set(file.bytes);
  return copy.buffer;
}

/**
 * Runs an export to its note: what `saveFile` said, or, when making the file itself failed (the
 * workbook writer threw), that in plain words. Cancelled is null.
 */
export async function runExport(work: () => Promise<FileNote | null>): Promise<FileNote | null> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { tone: 'failed', text: say('files.exportFailed', { reason }) };
  }
}
