/**
 * How much one `files.open` may bring into the app, and why a choice is refused, in the same words from
 * both transports.
 *
 * The desktop app's Open dialog (src-main/electron/file-choice.ts) and browser mode's file chooser
 * (src-renderer/bridge/browser-files.ts) check a choice here before reading it, so that a clerk reads
 * the same refusal in both (docs/decisions/102-files-and-shortcuts.md). Runtime-free: the renderer
 * imports it without the bridge's argument schemas.
 */
import type { DeskError } from './result';

/** The largest file the app saves or opens through the bridge (a 1,000,000-row export is below it). */
export const maxFileBytes = 512 * 1024 * 1024;

/**
 * The most files one Open answers when it asks for several (`OpenFileRequest.multiple`): a day's
 * ERP exports for Master data are a handful; more than this is a folder chosen by mistake.
 */
export const maxOpenFiles = 50;

/** Which limit a choice went over: one file's size, the sum of the sizes, or the number of files. */
export type OpenLimit = 'file' | 'total' | 'count';

/** A chosen file as the limits see it: its name (no folder) and its size in bytes. */
export interface ChosenFileSize {
  name: string;
  byteLength: number;
}

/** A size in plain words: "512 MB". */
function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

/**
 * `TOO_MANY_FILES` when more than `maxFiles` were chosen, else null.
 *
 * `details` carry `{ limit: 'count' }` so the screens choose the next step without reading the message.
 */
export function fileCountProblem(count: number, maxFiles: number): DeskError | null {
  if (count <= maxFiles) return null;
  return {
    code: 'TOO_MANY_FILES',
    message:
      maxFiles === 1
        ? `${count} files were chosen; this asks for one`
        : `${count} files were chosen; the app opens at most ${maxFiles} at once`,
    retryable: false,
    details: [{ limit: 'count' }],
  };
}

/** `FILE_TOO_LARGE` for one file over `maxBytes` (`limit: 'file'`). */
export function fileTooLarge(name: string, maxBytes: number): DeskError {
  return {
    code: 'FILE_TOO_LARGE',
    message: `The file ${name} is larger than ${megabytes(maxBytes)}, the most the app opens`,
    retryable: false,
    details: [{ limit: 'file' }],
  };
}

/** `FILE_TOO_LARGE` for `count` files each within `maxBytes` whose sum is over it (`limit: 'total'`). */
export function filesTooLargeTogether(count: number, maxBytes: number): DeskError {
  return {
    code: 'FILE_TOO_LARGE',
    message: `The ${count} files chosen are larger than ${megabytes(maxBytes)} together, the most the app opens at once`,
    retryable: false,
    details: [{ limit: 'total' }],
  };
}

/**
 * Why files chosen in one Open cannot be opened, or null when they can: more than `maxFiles`, one
 * file over `maxBytes`, or all of them together over `maxBytes` (the limit holds per file and for the
 * sum, so one Open never brings more than `maxBytes` into the app). Checked before anything is read.
 */
export function openLimitProblem(
  files: readonly ChosenFileSize[],
  limits: { maxFiles: number; maxBytes: number },
): DeskError | null {
  const tooMany = fileCountProblem(files.length, limits.maxFiles);
  if (tooMany) return tooMany;
  const large = files.find((file) => file.byteLength > limits.maxBytes);
  if (large) return fileTooLarge(large.name, limits.maxBytes);
  const total = files.reduce((sum, file) => sum + file.byteLength, 0);
  return total > limits.maxBytes ? filesTooLargeTogether(files.length, limits.maxBytes) : null;
}

/** Which limit a refusal of `openLimitProblem` (or of a read that outgrew it) names, if any. */
export function openLimitOf(error: DeskError): OpenLimit | null {
  const limit = error.details?.[0]?.['limit'];
  return limit === 'file' || limit === 'total' || limit === 'count' ? limit : null;
}
