/**
 * A feed's pending list: every document the service holds with no ack at its current version
 * (`filter[ack]=pending`, 500 a call, in version order). Answers made elsewhere and documents that
 * moved both show in it, which the version feed alone does not tell (docs/decisions/042).
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import type { AnyFeedPage } from '../../src-shared/domain/feeds';
import type { FeedKind } from '../../src-shared/wire';

/** The documents a pending-list page holds per call (spec, Limits: `per_page` at most 500). */
export const pendingPageSize = 500;

/**
 * Reads a feed's whole pending list, page by page, handing each page to `onPage`; null, or why not.
 * `shouldStop`, asked before each page, ends the reading early (null then too: the caller asked).
 *
 * The next page is asked for as soon as a page names where it goes on, while `onPage` stages the one in
 * hand: the service's time and the local store's overlap (an ack pass reads 21 pages of 500 before it
 * may send, right when the rate window opens, and the clerk waits for every one).
 */
export async function readPendingList(
  desk: { feeds: Pick<DeskApi['feeds'], 'pull'> },
  kind: FeedKind,
  onPage: (page: AnyFeedPage) => Promise<void> | void,
  shouldStop: () => boolean = () => false,
): Promise<DeskError | null> {
  const pull = (versionAfter: number) =>
    desk.feeds.pull(kind, { versionAfter, perPage: pendingPageSize, ack: 'pending' });
  if (shouldStop()) return null;
  let versionAfter = 0;
  let pulling = pull(versionAfter);
  for (;;) {
    const result = await pulling;
    if (!result.ok) return result.error;
    const next = result.value.meta.next_version_after;
    const isLast = !result.value.meta.has_more || next <= versionAfter;
    const nextPull = isLast || shouldStop() ? null : pull(next);
    try {
      await onPage(result.value);
    } catch (error) {
      // The page asked for ahead is not wanted any more; its answer, whatever it is, is dropped.
      void nextPull?.catch(() => undefined);
      throw error;
    }
    if (nextPull === null) return null;
    versionAfter = next;
    pulling = nextPull;
  }
}
