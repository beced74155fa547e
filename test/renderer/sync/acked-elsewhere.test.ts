import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedPullRequest } from '../../../src-shared/bridge/contract';
import { ok } from '../../../src-shared/bridge/result';
import type { FeedKind } from '../../../src-shared/wire';
import { db } from '../../../src-renderer/data/db';
import { emptyViewCounts } from '../../../src-renderer/data/review-rows/keys';
import type * as Reads from '../../../src-renderer/data/review-rows/reads';
import { pendingIds } from '../../../src-renderer/data/review-rows/reads';
import { maxPendingChecked, refreshAckedElsewhere } from '../../../src-renderer/sync/acked-elsewhere';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

// The walk of a feed's pending rows, counted: it reads up to 10,000 keys on the renderer's thread, the
// one that writes the clerk's answers as the service returns them.
vi.mock('../../../src-renderer/data/review-rows/reads', async (original) => {
  const actual = await original<typeof Reads>();
  return { ...actual, pendingIds: vi.fn(actual.pendingIds) };
});

useConnectedDesk();

/** A bridge that records each pull and answers an empty pending list. */
function deskRecordingPulls() {
  const pulls: Array<{ kind: FeedKind; request: FeedPullRequest }> = [];
  const emptyPage = (kind: FeedKind) => ({
    kind,
    data: [],
    meta: { has_more: false, high_water: 0, next_version_after: 0, per_page: 500 },
  });
  const desk = {
    feeds: {
      pull: async (kind: FeedKind, request: FeedPullRequest) => {
        pulls.push({ kind, request });
        return ok(emptyPage(kind) as never);
      },
      documents: async (kind: FeedKind) => ok(emptyPage(kind) as never),
    },
  } as unknown as Parameters<typeof refreshAckedElsewhere>[0];
  return { desk, pulls };
}

describe('the check of answers made elsewhere', () => {
  beforeEach(() => {
    vi.mocked(pendingIds).mockClear();
  });

  it("walks a feed's pending rows and reads the service's list when nothing stands in its way", async () => {
    await putRows('payments', [row('p-1'), row('p-2')]);
    const { desk, pulls } = deskRecordingPulls();
    const checked = await refreshAckedElsewhere(desk, 'payments', () => false);
    expect(checked).toMatchObject({ checked: true, error: null });
    expect(pendingIds).toHaveBeenCalledWith('payments');
    expect(pulls.map(({ request }) => request.ack)).toEqual(['pending']);
  });

  it("walks none of a feed's pending rows while the clerk's acks wait to go", async () => {
    await putRows('payments', [row('p-1'), row('p-2')]);
    const { desk, pulls } = deskRecordingPulls();
    const checked = await refreshAckedElsewhere(desk, 'payments', () => true);
    expect(checked).toMatchObject({ checked: false, staged: 0, error: null });
    expect(pendingIds).not.toHaveBeenCalled();
    expect(pulls).toEqual([]);
  });

  it('walks none of them when the feed holds more pending than are checked, as its counts say', async () => {
    await putRows('payments', [row('p-1'), row('p-2')]);
    const views = emptyViewCounts();
    views.pending.count = maxPendingChecked + 1;
    views.all.count = maxPendingChecked + 1;
    await db.viewCounters.put({ kind: 'payments', views });
    const { desk, pulls } = deskRecordingPulls();
    const checked = await refreshAckedElsewhere(desk, 'payments', () => false);
    expect(checked).toMatchObject({ checked: false, staged: 0, error: null });
    expect(pendingIds).not.toHaveBeenCalled();
    expect(pulls).toEqual([]);
  });
});
