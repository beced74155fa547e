// The desktop app's Save and Open (bridge `files`) as plain code around two questions to the clerk,
// so that folders, names, the atomic write and the limits of an Open are tested without Electron's binary
// (test/electron/file-choice.test.ts). file-dialogs.ts asks the questions with Electron's dialogs.
import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { writeFileDurably } from '../core/adapters/durable-file';
import { basename, dirname, extname, join } from 'node:path';
import type { FileFilter, OpenedFile, SavedFile } from '../../src-shared/bridge/contract';
import {
  fileCountProblem,
  filesTooLargeTogether,
  fileTooLarge,
  maxFileBytes,
  maxOpenFiles,
  openLimitProblem,
  type ChosenFileSize,
} from '../../src-shared/bridge/file-limits';
import { fail, ok, type Result } from '../../src-shared/bridge/result';
import type { FileDialogs, Store } from '../core/ports';

/** A Save dialog's question: the path it proposes and the type it offers. */
export interface SaveQuestion {
  defaultPath: string;
  filters: FileFilter[];
}

/** An Open dialog's question: its title, the folder it opens in, the types it offers, one file or several. */
export interface OpenQuestion {
  title: string;
  defaultPath: string;
  filters: FileFilter[];
  multiple: boolean;
}

/** What the Save and Open flows need from their host. */
export interface FileChoiceHost {
  /** The path the clerk chose in a Save dialog, or null when cancelled. */
  askSavePath(question: SaveQuestion): Promise<string | null>;
  /** The files the clerk chose in an Open dialog, or null (or none) when cancelled. */
  askOpenPaths(question: OpenQuestion): Promise<string[] | null>;
  /** The user's Documents folder, where the first dialog opens. */
  documentsFolder: string;
  /** Keeps the folder last used between sessions (document `file-dialog-folder`). */
  store: Store;
  /** The most bytes one Open reads, per file and in all; `maxFileBytes` (512 MiB) unless a test says less. */
  maxBytes?: number;
  /** The most files one Open with `multiple` reads; `maxOpenFiles` (50) unless a test says less. */
  maxFiles?: number;
}

/** The store document with the folder of the last file saved or opened. */
interface LastFolder {
  folder: string;
}

const lastFolderDocument = 'file-dialog-folder';

/** Whether a path is a folder now (a folder remembered from last week may be gone, or a pulled drive). */
async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a path exists (file, folder or anything else). */
async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The folder a dialog opens in: the one last used while it still is a folder, else Documents. */
export async function dialogFolder(host: Pick<FileChoiceHost, 'documentsFolder' | 'store'>): Promise<string> {
  const last = await host.store.read<LastFolder>(lastFolderDocument);
  if (last && typeof last.folder === 'string' && (await isFolder(last.folder))) return last.folder;
  return host.documentsFolder;
}

/**
 * The path to write after the clerk chose `chosen` in a Save dialog offering `filter`.
 *
 * A name without one of the filter's extensions gets the first one (Linux's dialogs do not add it), but
 * only where no file has that name: the dialog asked before replacing `chosen`, never the other name,
 * so an existing file is never replaced unasked; the name is then kept as the clerk typed it.
 */
export async function savePathFor(chosen: string, filter: FileFilter): Promise<string> {
  const extension = extname(chosen).slice(1).toLowerCase();
  if (filter.extensions.some((candidate) => candidate.toLowerCase() === extension)) return chosen;
  const [first] = filter.extensions;
  if (first === undefined) return chosen;
  const withExtension = `${chosen}.${first}`;
  return (await exists(withExtension)) ? chosen : withExtension;
}

/** A temporary name beside the target (same folder, so the rename is atomic), hidden and unique. */
export function temporaryPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
}

/**
 * Why the system refused, in plain words: a short reason that the screens put in their own sentence
 * ("The file could not be saved (the disk is full). Choose another folder…", features/files).
 */
export function fileProblemWords(code: string | undefined, doing: 'save' | 'open'): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return doing === 'save'
        ? 'this computer does not let the app write there'
        : 'this computer does not let the app read it';
    case 'EBUSY':
      return 'it is in use by another program';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the drive is read-only';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'the folder or file is no longer there';
    case 'EISDIR':
      return doing === 'save' ? 'a folder has that name' : 'it is a folder, not a file';
    default:
      return code ? `the system refused: ${code}` : 'the system refused';
  }
}

function errnoOf(error: unknown): string | undefined {
  const code: unknown = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Writes `bytes` to `target` atomically and durably (the core's `writeFileDurably`): a temporary file
 * beside it, flushed, then a rename over it, so a crash, a power cut or a full disk leaves the old file
 * or the new one, never half of one. The temporary file is removed when anything fails.
 */
export async function writeFileAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await writeFileDurably(target, bytes, {
    temporary: temporaryPathFor(target),
    mode: 0o644,
    isExclusive: true,
  });
}

/**
 * Reads a whole file of at most `maxBytes`, or answers `too-large`: the size is checked before
 * reading and again while reading (a file that grows meanwhile is refused too, never cut).
 */
async function readWithin(path: string, maxBytes: number): Promise<Uint8Array | 'too-large'> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    if (info.size > maxBytes) return 'too-large';
    // One byte more than the size: a file that grew since is seen, and read on while within the limit.
    let buffer = new Uint8Array(info.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return 'too-large';
      if (length === buffer.length) {
        const larger = new Uint8Array(Math.min(buffer.length * 2, maxBytes + 1));
        larger.set(buffer);
        buffer = larger;
      }
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** A chosen file's size, or the refusal of the system (a folder is refused as `EISDIR`). */
async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
  return info.size;
}

/**
 * The desktop app's `files` (ports.ts FileDialogs): Save proposes the suggested name in the folder last
 * used (else Documents), adds the type's extension where the dialog did not, and writes atomically;
 * Open reads the file chosen, or with `multiple` up to 50 files, of at most 512 MiB each and in all
 * (src-shared/bridge/file-limits.ts). A cancelled dialog answers null; a refusal of the system answers
 * `FILE_NOT_SAVED` or `FILE_NOT_READ` with the reason in plain words, a larger choice `FILE_TOO_LARGE`,
 * more files `TOO_MANY_FILES` (docs/decisions/098-desktop-shell.md, 102-files-and-shortcuts.md).
 */
export function createFileChoice(host: FileChoiceHost): FileDialogs {
  const maxBytes = host.maxBytes ?? maxFileBytes;
  const maxFiles = host.maxFiles ?? maxOpenFiles;
  const remember = (path: string): Promise<void> =>
    host.store.write<LastFolder>(lastFolderDocument, { folder: dirname(path) });
  return {
    async save(request): Promise<Result<SavedFile | null>> {
      const folder = await dialogFolder(host);
      const chosen = await host.askSavePath({
        defaultPath: join(folder, request.suggestedName),
        filters: [request.filter],
      });
      if (chosen === null) return ok(null);
      const target = await savePathFor(chosen, request.filter);
      try {
        await writeFileAtomically(target, request.bytes);
      } catch (error) {
        return fail({
          code: 'FILE_NOT_SAVED',
          message: fileProblemWords(errnoOf(error), 'save'),
          retryable: true,
        });
      }
      await remember(target);
      return ok({ name: basename(target), path: target });
    },
    async open(request): Promise<Result<OpenedFile[] | null>> {
      const multiple = request.multiple === true;
      const chosen = await host.askOpenPaths({
        title: request.title,
        defaultPath: await dialogFolder(host),
        filters: request.filters,
        multiple,
      });
      const [first] = chosen ?? [];
      if (chosen === null || first === undefined) return ok(null);
      const limits = { maxFiles: multiple ? maxFiles : 1, maxBytes };
      // Counted before any file is touched: a whole folder chosen by mistake is refused at once.
      const tooMany = fileCountProblem(chosen.length, limits.maxFiles);
      if (tooMany) return fail(tooMany);
      // Among several files, the reason names the one the system refused.
      const notRead = (path: string, error: unknown): Result<never> =>
        fail({
          code: 'FILE_NOT_READ',
          message: `${chosen.length > 1 ? `${basename(path)}: ` : ''}${fileProblemWords(errnoOf(error), 'open')}`,
          retryable: true,
        });
      const sizes: ChosenFileSize[] = [];
      for (const path of chosen) {
        try {
          sizes.push({ name: basename(path), byteLength: await sizeOf(path) });
        } catch (error) {
          return notRead(path, error);
        }
      }
      await remember(first);
      // Sizes before bytes: a choice over the limits is refused without reading a byte of it.
      const problem = openLimitProblem(sizes, limits);
      if (problem) return fail(problem);
      // Each file is read within what the limit leaves of the sum, so a file that grows while the
      // files are read is refused too, never cut, and one Open never holds more than `maxBytes`.
      const opened: OpenedFile[] = [];
      let total = 0;
      for (const path of chosen) {
        let read: Uint8Array | 'too-large';
        try {
          read = await readWithin(path, maxBytes - total);
        } catch (error) {
          return notRead(path, error);
        }
        if (read === 'too-large') {
          return fail(
            total > 0
              ? filesTooLargeTogether(chosen.length, maxBytes)
              : fileTooLarge(basename(path), maxBytes),
          );
        }
        total += read.byteLength;
        opened.push({ name: basename(path), bytes: read });
      }
      return ok(opened);
    },
  };
}
