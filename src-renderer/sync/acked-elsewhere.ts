/**
 * Acks made elsewhere: another desk on the same company, or the ERP itself, answers documents this desk
 * shows as pending. An ack does not move a document's version (docs/decisions/020-invoice-acks.md), so
 * the version feed never brings it; this pass asks the service which documents are still pending
 * (`filter[ack]=pending`), reads the ones this desk holds as pending that are not (`filter[id]`) and
 * stages them, so the grid shows them answered, with the ERP's number. The service is the shared state
 * of several desks (docs/decisions/041-acks-carry-the-answered-version.md).
 *
 * It costs one call per 500 documents pending on the service and one per 100 answered elsewhere, so it
 * runs only while a feed holds at most `maxPendingChecked` pending documents here; above that a first
 * load is still under way, and the ack sender's own check (send-acks.ts) still guards every send.
 *
 * It gives way to the clerk's acks: while queued acks wait to go (`shouldYield`), it does not start (not
 * even the walk of this desk's pending rows) or stops between two calls, unchecked, and the next sync
 * pass checks again. The rate window is the client's (spec, Limits):
 * a check of four feeds with 10,000 pending each is 80 calls, which would leave the acks the clerk just
 * pressed waiting for the next window; the ack sender reads the pending list of the feed it sends itself.
 */
import { maxDocumentIds, type DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import { splitIntoBatches } from '../../src-shared/domain/acks';
import type { FeedKind } from '../../src-shared/wire';
import { countPending, pendingIds } from '../data/review-rows/reads';
import { stageCurrentDocuments } from '../data/staging';
import { readPendingList } from './pending-list';

/** The most pending documents of a feed checked for answers made elsewhere (20 calls at most). */
export const maxPendingChecked = 10_000;

/** What the pass did: documents found answered elsewhere and staged, or why it stopped. */
export interface AckedElsewhere {
  kind: FeedKind;
  checked: boolean;
  staged: number;
  error: DeskError | null;
}

/** Finds and stages the documents of a feed answered elsewhere since they were staged here. */
export async function refreshAckedElsewhere(
  desk: { feeds: Pick<DeskApi['feeds'], 'pull' | 'documents'> },
  kind: FeedKind,
  shouldYield: () => boolean = () => false,
): Promise<AckedElsewhere> {
  // Not checked: an error, or stopped early to leave the rate window to queued acks (the next pass checks).
  const unchecked = (staged: number, error: DeskError | null): AckedElsewhere => ({
    kind,
    checked: false,
    staged,
    error,
  });
  // Neither is worth a walk of the feed's pending rows (up to 10,000 keys, read on the thread that
  // writes the clerk's answers as they come back): acks waiting to go, or more pending than are
  // checked, which the counts kept beside the rows tell at once.
  if (shouldYield() || (await countPending(kind)) > maxPendingChecked) return unchecked(0, null);
  const local = await pendingIds(kind);
  if (local.length === 0 || local.length > maxPendingChecked) return unchecked(0, null);
  const onService = new Set<string>();
  let yielded = false;
  const error = await readPendingList(
    desk,
    kind,
    (page) => {
      for (const doc of page.data) onService.add(doc.id);
    },
    () => (yielded = shouldYield()),
  );
  if (error || yielded) return unchecked(0, error);
  const answered = local.filter((id) => !onService.has(id));
  let staged = 0;
  for (const ids of splitIntoBatches(answered, maxDocumentIds)) {
    if (shouldYield()) return unchecked(staged, null);
    const result = await desk.feeds.documents(kind, ids);
    if (!result.ok) return unchecked(staged, result.error);
    staged += await stageCurrentDocuments(result.value);
  }
  return { kind, checked: true, staged, error: null };
}
