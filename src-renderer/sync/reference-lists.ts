/**
 * Code lists (`GET /reference/{kind}`, through the core's `reference.list`): the list cached on this
 * computer first, so what needs it works offline, then the service's, cached for next time.
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { ReferenceEntry, ReferenceKind } from '../../src-shared/wire';
import { readReferenceList, storeReferenceList } from '../data/references';

/**
 * Tells `show` the cached list of `kind` when there is one, then asks the service for it and, when it
 * answers, caches it and tells `show` again. A refusal leaves the cached list as it was.
 */
export async function refreshReferenceList(
  desk: { reference: Pick<DeskApi['reference'], 'list'> },
  kind: ReferenceKind,
  show: (entries: ReferenceEntry[]) => void,
): Promise<void> {
  const cached = await readReferenceList(kind);
  if (cached) show(cached);
  const result = await desk.reference.list(kind);
  if (result.ok) {
    await storeReferenceList(kind, result.value, new Date().toISOString());
    show(result.value);
  }
}
