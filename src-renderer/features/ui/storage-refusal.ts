// A write or read the local store refused, in the clerk's words, for a screen that says it in place.
import { storageProblemOf } from '../../data/storage-problem';
import { storageProblemWords } from '../../words/storage-words';

/**
 * What to tell the clerk of `thrown` when the store refused (the disk full, the storage failing),
 * `next` being the screen's words for trying again; anything else is a bug and is thrown on.
 */
export async function storageRefusalWords(thrown: unknown, next: string): Promise<string> {
  const problem = await storageProblemOf(thrown);
  if (problem === null) throw thrown;
  return storageProblemWords(problem, next);
}
