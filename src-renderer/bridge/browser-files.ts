// Browser mode's side of the bridge's `files` operations: the page saves through a download and opens
// through a file input, without asking the host (contract.ts: files).
import type { DeskApi } from '../../src-shared/bridge/contract';

/** Saves and opens files the browser's way. */
export const browserFiles: DeskApi['files'] = {
  save: async () => ({
    ok: false,
    error: { code: 'NO_FILE_DIALOGS', message: 'Not built yet.', retryable: false },
  }),
  open: async () => ({
    ok: false,
    error: { code: 'NO_FILE_DIALOGS', message: 'Not built yet.', retryable: false },
  }),
};
