import type { NewerStore } from '../../data/store-guard';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';

/**
 * What the desk shows instead of itself when a newer desk wrote the store (data/store-guard.ts): which
 * version wrote it, and what to install; the store is not opened.
 */
export function NewerStoreScreen({
  newer,
  version,
  knownVersion,
}: {
  newer: NewerStore;
  /** This desk's version, when the host said it. */
  version: string | null;
  knownVersion: number;
}) {
  const say = useSay();
  const named = {
    isNamed: newer.writtenBy === null ? 'no' : 'yes',
    writtenBy: isolate.ltr(newer.writtenBy ?? ''),
  };
  return (
    <main className="content newer-store" aria-label={say('shell.newerStore.title')}>
      <h2>{say('shell.newerStore.title')}</h2>
      <p role="alert">
        {say('shell.newerStore.body', {
          ...named,
          storeVersion: newer.storeVersion,
          isVersionKnown: version === null ? 'no' : 'yes',
          version: isolate.ltr(version ?? ''),
          knownVersion,
        })}
      </p>
      <p>{say('shell.newerStore.next', named)}</p>
    </main>
  );
}
