import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { applyStartupConnection } from '../../src-main/core/bootstrap';
import { DeskCore } from '../../src-main/core/desk-service';
import type { Clock, FileDialogs, Keychain } from '../../src-main/core/ports';
import type { RunningSandbox } from './sandbox';

/** A real main-process core on a temporary data folder, for tests. */
export interface TestCore {
  core: DeskCore;
  dataDir: string;
  /** Closes the core's pools and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * Starts a DeskCore (memory keychain, file store in a temporary folder); with `sandbox`, it is
 * connected to that sandbox with its demo token, as `npm start` does; with `fileDialogs`, those stand
 * for the desktop window's Save and Open dialogs.
 */
export async function startTestCore(
  options: { sandbox?: RunningSandbox; clock?: Clock; keychain?: Keychain; fileDialogs?: FileDialogs } = {},
): Promise<TestCore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'));
  const core = new DeskCore({
    runtime: 'browser',
    version: '0.0.0-test',
    keychain: options.keychain ?? createMemoryKeychain(),
    store: createFileStore(dataDir),
    clock: options.clock ?? { now: () => Date.now() },
    ...(options.fileDialogs ? { fileDialogs: options.fileDialogs } : {}),
  });
  if (options.sandbox) {
    await applyStartupConnection(core, {
      serviceUrl: options.sandbox.baseUrl,
      sandboxDataDir: options.sandbox.dataDir,
    });
  }
  return {
    core,
    dataDir,
    async dispose() {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
