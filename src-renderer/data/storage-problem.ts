// A write to the store that the browser refused (issue 28, item 1): the disk full (IndexedDB's
// `QuotaExceededError`, alone or as the cause of an aborted transaction), or another refusal of the
// storage itself, told from a fault in the desk's own code (which is rethrown, not called a disk
// problem). Each transaction is written whole or not at all, so a refused write left nothing half done.
import Dexie from 'dexie';
import type { DeskError } from '../../src-shared/bridge/result';

/** Why the store refused a write, and the room the browser says is left (null where it does not say). */
export interface StorageProblem {
  isFull: boolean;
  freeBytes: number | null;
}

/** The names along an error's chain: itself, what it wraps (`inner`, `cause`) and a bulk write's failures. */
function namesOf(error: unknown, depth = 0): string[] {
  if (depth > 5 || error === null || typeof error !== 'object') return [];
  const { name, inner, cause, failures } = error as {
    name?: unknown;
    inner?: unknown;
    cause?: unknown;
    failures?: unknown;
  };
  const nested = [inner, cause, ...(Array.isArray(failures) ? failures.slice(0, 3) : [])];
  return [...(typeof name === 'string' ? [name] : []), ...nested.flatMap((each) => namesOf(each, depth + 1))];
}

/** Whether an error is the store's refusal (Dexie's errors and IndexedDB's DOMExceptions), not a bug. */
export function isStorageFailure(error: unknown): boolean {
  return (
    error instanceof Dexie.DexieError ||
    (typeof DOMException !== 'undefined' && error instanceof DOMException) ||
    namesOf(error).includes('QuotaExceededError')
  );
}

/** The room left for this desk's storage, as the browser estimates it; null where it does not say. */
async function freeBytes(): Promise<number | null> {
  try {
    // The StorageManager (a browser's; absent where the desk's data layer runs on Node in tests).
    const storage = (
      globalThis.navigator as
        { storage?: { estimate(): Promise<{ quota?: number; usage?: number }> } } | undefined
    )?.storage;
    const estimate = await storage?.estimate();
    if (estimate?.quota === undefined || estimate.usage === undefined) return null;
    return Math.max(0, estimate.quota - estimate.usage);
  } catch {
    return null;
  }
}

/** The storage problem an error is, or null when it is not the store's refusal (a bug: rethrow it). */
export async function storageProblemOf(error: unknown): Promise<StorageProblem | null> {
  if (!isStorageFailure(error)) return null;
  return { isFull: namesOf(error).includes('QuotaExceededError'), freeBytes: await freeBytes() };
}

/**
 * The store's refusal as the desk's error (`STORAGE_FULL`, `STORAGE_FAILED`; retryable: the next pass
 * tries again), for a pass that stops on it; null when the error is no storage problem (a bug).
 */
export async function storageDeskError(error: unknown): Promise<DeskError | null> {
  const problem = await storageProblemOf(error);
  if (problem === null) return null;
  return {
    code: problem.isFull ? 'STORAGE_FULL' : 'STORAGE_FAILED',
    message: error instanceof Error ? error.message : String(error),
    retryable: true,
    details: problem.freeBytes === null ? [] : [{ field: 'freeBytes', value: String(problem.freeBytes) }],
  };
}
