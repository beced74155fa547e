// Browser mode's side of the bridge's `files` operations: the page saves through a download and opens
// through a file input, without asking the host (contract.ts: files). The desktop app answers the same
// calls with its native Save and Open dialogs; no screen knows which it got
// (docs/decisions/102-files-and-shortcuts.md).
import type {
  DeskApi,
  FileFilter,
  OpenedFile,
  OpenFileRequest,
  SavedFile,
} from '../../src-shared/bridge/contract';
import { maxFileBytes, maxOpenFiles, openLimitProblem } from '../../src-shared/bridge/file-limits';
import type { Result } from '../../src-shared/bridge/result';

/**
 * How long a download's `blob:` address lives. The browser reads it when the download starts, which
 * can be after `click()` returns (a large file, a "where to save" prompt): revoked a while after, never
 * at once.
 */
const revokeAfterMs = 60_000;

const mimeTypes: Record<string, string> = {
  csv: 'text/csv;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The MIME type of a download by its filter's first extension. */
function mimeTypeOf(filter: FileFilter): string {
  return mimeTypes[filter.extensions[0]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/** A file input's `accept` for the filters: every extension with its dot (".csv,.xlsx"). */
export function acceptOf(filters: readonly FileFilter[]): string {
  const extensions = filters.flatMap((filter) => filter.extensions.map((extension) => `.${extension}`));
  return [...new Set(extensions.map((extension) => extension.toLowerCase()))].join(',');
}

/** Downloads the bytes as `name`, through an `<a download>` of a `blob:` address revoked after. */
function download(name: string, bytes: Uint8Array, type: string): void {
  // A copy into a fresh ArrayBuffer: the Blob must not see the caller's buffer change afterwards.
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
  }
}

/** The limits of one Open in browser mode; a test may say less (`createBrowserFiles`). */
export interface BrowserOpenLimits {
  maxBytes: number;
  maxFiles: number;
}

/**
 * Asks for files through a hidden `<input type=file>` (`multiple` when the request says so): the files
 * the clerk chose, null when they closed the chooser (the input's `cancel` event). A choice over the
 * limits (file-limits.ts: too many files, one too large, all together too large) is refused from the
 * files' sizes before any is read, as the desktop app refuses it.
 */
function chooseFiles(
  request: OpenFileRequest,
  limits: BrowserOpenLimits,
): Promise<Result<OpenedFile[] | null>> {
  const multiple = request.multiple === true;
  return new Promise<File[] | null>((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = acceptOf(request.filters);
    input.multiple = multiple;
    input.hidden = true;
    const settle = (): void => {
      input.removeEventListener('change', onChange);
      input.removeEventListener('cancel', onCancel);
      input.remove();
    };
    const onCancel = (): void => {
      settle();
      resolve(null);
    };
    const onChange = (): void => {
      const files = [...(input.files ?? [])];
      settle();
      resolve(files.length > 0 ? files : null);
    };
    input.addEventListener('change', onChange);
    input.addEventListener('cancel', onCancel);
    // In the document, so the chooser opens in every browser; hidden, so nothing shows.
    document.body.append(input);
    input.click();
  }).then(async (files): Promise<Result<OpenedFile[] | null>> => {
    if (files === null) return { ok: true, value: null };
    const problem = openLimitProblem(
      files.map((file) => ({ name: file.name, byteLength: file.size })),
      { maxFiles: multiple ? limits.maxFiles : 1, maxBytes: limits.maxBytes },
    );
    if (problem) return { ok: false, error: problem };
    const opened: OpenedFile[] = [];
    for (const file of files)
      opened.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    return { ok: true, value: opened };
  });
}

/** A failure of the page's own file handling, in the bridge's words. */
function failed(error: unknown): Result<never> {
  return {
    ok: false,
    error: {
      code: 'INTERNAL',
      message: error instanceof Error ? error.message : String(error),
      retryable: true,
    },
  };
}

/** Saves and opens files the browser's way, an Open within `limits`. */
export function createBrowserFiles(limits: BrowserOpenLimits): DeskApi['files'] {
  return {
    async save(request): Promise<Result<SavedFile | null>> {
      try {
        download(request.suggestedName, request.bytes, mimeTypeOf(request.filter));
        // The browser decides where a download goes (and may ask): the page never learns the folder.
        return { ok: true, value: { name: request.suggestedName, path: null } };
      } catch (error) {
        return failed(error);
      }
    },
    async open(request): Promise<Result<OpenedFile[] | null>> {
      try {
        return await chooseFiles(request, limits);
      } catch (error) {
        return failed(error);
      }
    },
  };
}

/** Saves and opens files the browser's way, within the bridge's limits (file-limits.ts). */
export const browserFiles: DeskApi['files'] = createBrowserFiles({
  maxBytes: maxFileBytes,
  maxFiles: maxOpenFiles,
});
