// The store's refusal of a write (data/storage-problem.ts) in the clerk's words: the disk full (with the
// room the browser says is left) or the storage failing, and what to do next (`next`, the action to try
// again, said by the caller).
import { say } from '../messages/intl';

/** The store's refusal as data/storage-problem.ts tells it (words/ sits below data/: the same shape). */
interface StorageProblem {
  isFull: boolean;
  freeBytes: number | null;
}

/** The problem and what to do, `next` being the caller's words for trying again ("press Accept again"). */
export function storageProblemWords(problem: StorageProblem, next: string): string {
  if (!problem.isFull) return say('problems.storage.refused', { next });
  return say('problems.storage.full', {
    hasFree: problem.freeBytes === null ? 'no' : 'yes',
    free: (problem.freeBytes ?? 0) / 1_000_000,
    next,
  });
}
