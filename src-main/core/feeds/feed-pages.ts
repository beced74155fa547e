/**
 * The core side of feed sync: one page of a feed, or its cursor, through the active connection's API
 * client. The renderer stages what comes back (src-renderer/sync/); the core keeps nothing,
 * so a page crosses the bridge once and the token never leaves this process.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents (feeds, `filter[version_after]`,
 * `per_page` 1 to 500, `meta`) and docs/decisions/005-order-and-return-feeds-and-cursors.md (order and
 * return feeds, every feed's cursor).
 */
import type { FeedPullRequest } from '../../../src-shared/bridge/contract';
import type { AnyFeedPage } from '../../../src-shared/domain/feeds';
import type { FeedCursor, FeedKind } from '../../../src-shared/wire';
import type { ApiClient, CallOptions, FeedPageQuery } from '../api/client';

/** What feed sync needs of the API client. */
export type FeedClient = Pick<ApiClient, 'feedPage' | 'feedCursor'>;

/**
 * One page of a feed after `request.versionAfter`, in version order, with the feed's `meta`; or, with
 * `seqAfter`, issued documents in issue order after that seq; or, with `updatedAfter` and version 0, a
 * first load from the first change at or after that time.
 *
 * Spec, Pull documents: `filter[version_after]` is the cursor; by version the feed lists every change
 * (reversals included). `filter[seq_after]` is "used on its own" (only `per_page` with it), and
 * `filter[updated_after]` is "not allowed together with a cursor" (docs/decisions/021-feed-filters.md).
 * Retries and pacing are the client's (api/retry.ts, api/pacing.ts).
 */
export async function pullFeedPage(
  client: FeedClient,
  kind: FeedKind,
  request: FeedPullRequest,
  options?: CallOptions,
): Promise<AnyFeedPage> {
  return pullPage(client, kind, feedPageQuery(request), options);
}

/** The query of a feed page request (see `pullFeedPage`). */
export function feedPageQuery(request: FeedPullRequest): FeedPageQuery {
  if (request.seqAfter !== undefined) return { seqAfter: request.seqAfter, perPage: request.perPage };
  const query: FeedPageQuery =
    request.updatedAfter !== undefined && request.versionAfter === 0
      ? { updatedAfter: request.updatedAfter, perPage: request.perPage }
      : { versionAfter: request.versionAfter, perPage: request.perPage };
  if (request.ack) query.ack = request.ack;
  return query;
}

/**
 * The documents with these ids as the service holds them now (spec, Pull documents: `filter[id]`, a
 * comma list of at most 100 ids), whatever the cursor: an ack made elsewhere does not move a document's
 * version (docs/decisions/020-invoice-acks.md), so only this shows it.
 */
export async function pullDocuments(
  client: FeedClient,
  kind: FeedKind,
  ids: readonly string[],
  options?: CallOptions,
): Promise<AnyFeedPage> {
  return pullPage(client, kind, { ids: [...ids], perPage: Math.max(1, ids.length) }, options);
}

async function pullPage(
  client: FeedClient,
  kind: FeedKind,
  query: FeedPageQuery,
  options?: CallOptions,
): Promise<AnyFeedPage> {
  // One call per literal kind, so each page is checked against its own feed's schema and typed by it.
  switch (kind) {
    case 'orders': {
      const { data, meta } = await client.feedPage('orders', query, options);
      return { kind, data, meta };
    }
    case 'invoices': {
      const { data, meta } = await client.feedPage('invoices', query, options);
      return { kind, data, meta };
    }
    case 'payments': {
      const { data, meta } = await client.feedPage('payments', query, options);
      return { kind, data, meta };
    }
    case 'returns': {
      const { data, meta } = await client.feedPage('returns', query, options);
      return { kind, data, meta };
    }
  }
}

/** Where a feed's stream stands (`GET /{kind}/cursor`): `high_water` and `last_seq`. */
export async function readFeedCursor(
  client: FeedClient,
  kind: FeedKind,
  options?: CallOptions,
): Promise<FeedCursor> {
  return (await client.feedCursor(kind, options)).data;
}
