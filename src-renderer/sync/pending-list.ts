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
 */
export async function readPendingList(
  desk: { feeds: Pick<DeskApi['feeds'], 'pull'> },
  kind: FeedKind,
  onPage: (page: AnyFeedPage) => Promise<void> | void,
  shouldStop: () => boolean = () => false,
): Promise<DeskError | null> {
  for (let versionAfter = 0; ;) {
    if (shouldStop()) return null;
    const result = await desk.feeds.pull(kind, { versionAfter, perPage: pendingPageSize, ack: 'pending' });
    if (!result.ok) return result.error;
    await onPage(result.value);
    const next = result.value.meta.next_version_after;
    if (!result.value.meta.has_more || next <= versionAfter) return null;
    versionAfter = next;
  }
}
