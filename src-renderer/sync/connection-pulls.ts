/**
 * The core answers for whichever connection is active. A job of one connection that outlives a switch
 * to another (a sync pass, a send of queued acks) reads feed pages through this: every page it asks
 * for names its connection, which the core refuses with `OTHER_CONNECTION` once another is active, so
 * the job never reads another company's pages (bridge: `FeedPullRequest.connectionId`). The sync engine
 * names its connection in its own requests (feed-sync.ts).
 */
import type { DeskApi } from '../../src-shared/bridge/contract';

/** `desk` with every feed page it pulls naming `connectionId`; its other operations as they are. */
export function pullingFor<D extends { feeds: Pick<DeskApi['feeds'], 'pull'> }>(
  desk: D,
  connectionId: string,
): D {
  const pull: DeskApi['feeds']['pull'] = (kind, request) =>
    desk.feeds.pull(kind, { ...request, connectionId });
  return { ...desk, feeds: { ...desk.feeds, pull } };
}
