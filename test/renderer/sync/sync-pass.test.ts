import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FeedPullRequest } from '../../../src-shared/bridge/contract';
import { ok } from '../../../src-shared/bridge/result';
import type { FeedKind } from '../../../src-shared/wire';
import type { SyncEngine, SyncRunOutcome } from '../../../src-renderer/sync/feed-sync';
import { runSyncPass, type SyncPassOptions } from '../../../src-renderer/sync/sync-pass';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

// A sync pass checks the feeds that finished against the service's pending lists. The core answers for
// whichever connection is active, so a pass of a connection the clerk has just switched away from must
// neither ask for another company's lists (a page of another connection is refused by the core only
// when the request names its connection) nor go on once its connection is no longer the active one.

/** The engine's outcome: every feed asked, done. */
function doneOutcome(kinds: readonly FeedKind[]): SyncRunOutcome {
  return {
    feeds: kinds.map((kind) => ({
      kind,
      state: 'done',
      fetched: 0,
      pages: 1,
      fraction: 1,
      estimatedTotal: 0,
      error: null,
    })),
    error: null,
  };
}

/** A pass's options over a bridge that records each pull and answers empty feeds. */
function passOver(kinds: readonly FeedKind[], isCurrent: () => boolean) {
  const pulls: Array<{ kind: FeedKind; request: FeedPullRequest }> = [];
  const emptyPage = (kind: FeedKind) => ({
    kind,
    data: [],
    meta: { has_more: false, high_water: 0, next_version_after: 0, per_page: 500 },
  });
  const options: SyncPassOptions = {
    desk: {
      feeds: {
        pull: async (kind, request) => {
          pulls.push({ kind, request });
          return ok(emptyPage(kind) as never);
        },
        cursor: async () => ok({ high_water: 0, last_seq: 0 }),
        documents: async (kind) => ok(emptyPage(kind) as never),
      },
    } as SyncPassOptions['desk'],
    engine: { syncAll: async () => doneOutcome(kinds) } as unknown as SyncEngine,
    join: (_key, work) => work(),
    isCurrent,
    onStaged: () => undefined,
    onSeqGap: () => undefined,
    onFilled: () => undefined,
  };
  return { options, pulls };
}

describe('a sync pass', () => {
  it("names its connection in every page it asks for, so the core refuses another company's", async () => {
    await putRows('orders', [row('o-1')]);
    await putRows('invoices', [row('i-1')]);
    const { options, pulls } = passOver(['orders', 'invoices'], () => true);
    const pass = await runSyncPass(['orders', 'invoices'], 'conn-1', options);
    expect(pass.isOvertaken).toBe(false);
    const pendingPulls = pulls.filter(({ request }) => request.ack === 'pending');
    expect(pendingPulls.map(({ kind }) => kind)).toEqual(['orders', 'invoices']);
    expect(pendingPulls.every(({ request }) => request.connectionId === 'conn-1')).toBe(true);
    // And every other page it asks for (the seq-gap check's).
    expect(pulls.every(({ request }) => request.connectionId === 'conn-1')).toBe(true);
  });

  it('stops once another connection became active, and says it was overtaken', async () => {
    await putRows('orders', [row('o-1')]);
    await putRows('invoices', [row('i-1')]);
    let isCurrent = true;
    const { options, pulls } = passOver(['orders', 'invoices'], () => isCurrent);
    const pull = options.desk.feeds.pull;
    options.desk.feeds.pull = async (kind, request) => {
      // The clerk switches connections while the orders' pending list is read.
      if (kind === 'orders') isCurrent = false;
      return pull(kind, request);
    };
    const pass = await runSyncPass(['orders', 'invoices'], 'conn-1', options);
    expect(pass.isOvertaken).toBe(true);
    expect(pulls.map(({ kind }) => kind)).toEqual(['orders']);
  });

  it("leaves the rate window to the clerk's queued acks: the check of answers made elsewhere stops between calls", async () => {
    await putRows('orders', [row('o-1')]);
    await putRows('invoices', [row('i-1')]);
    const { options, pulls } = passOver(['orders', 'invoices'], () => true);
    let isAckWaiting = false;
    options.isAckWaiting = () => isAckWaiting;
    const pull = options.desk.feeds.pull;
    options.desk.feeds.pull = async (kind, request) => {
      // The clerk presses Accept while the orders' pending list is read: acks are queued from here.
      if (request.ack === 'pending') isAckWaiting = true;
      const page = await pull(kind, request);
      // A pending list of several pages: the check would go on reading.
      return page.ok
        ? {
            ...page,
            value: { ...page.value, meta: { ...page.value.meta, has_more: true, next_version_after: 1 } },
          }
        : page;
    };
    const pass = await runSyncPass(['orders', 'invoices'], 'conn-1', options);
    expect(pass.error).toBeNull();
    // One page of the orders' list, asked before the acks were queued; nothing of the invoices'.
    expect(pulls.filter(({ request }) => request.ack === 'pending').map(({ kind }) => kind)).toEqual([
      'orders',
    ]);
  });
});
