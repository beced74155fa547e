// Browser mode's side of the bridge's `files` operations: the page saves through a download and opens
// through a file input, without asking the host (contract.ts: files). The desktop app answers the same
// calls with its native Save and Open dialogs; no screen knows which it got
// (docs/decisions/102-files-and-shortcuts.md).
import type { DeskApi, FileFilter, OpenedFile, SavedFile } from '../../src-shared/bridge/contract';
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

/**
 * Asks for one file through a hidden `<input type=file>`: its name and bytes once chosen, null when
 * the clerk closed the chooser (the input's `cancel` event).
 */
function chooseFile(filters: readonly FileFilter[]): Promise<OpenedFile | null> {
  return new Promise<OpenedFile | null>((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = acceptOf(filters);
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
      const file = input.files?.[0];
      settle();
      if (!file) {
        resolve(null);
        return;
      }
      file.arrayBuffer().then(
        (buffer) => resolve({ name: file.name, bytes: new Uint8Array(buffer) }),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    };
    input.addEventListener('change', onChange);
    input.addEventListener('cancel', onCancel);
    // In the document, so the chooser opens in every browser; hidden, so nothing shows.
    document.body.append(input);
    input.click();
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

/** Saves and opens files the browser's way. */
export const browserFiles: DeskApi['files'] = {
  async save(request): Promise<Result<SavedFile | null>> {
    try {
      download(request.suggestedName, request.bytes, mimeTypeOf(request.filter));
      // The browser decides where a download goes (and may ask): the page never learns the folder.
      return { ok: true, value: { name: request.suggestedName, path: null } };
    } catch (error) {
      return failed(error);
    }
  },
  async open(request): Promise<Result<OpenedFile | null>> {
    try {
      return { ok: true, value: await chooseFile(request.filters) };
    } catch (error) {
      return failed(error);
    }
  },
};
