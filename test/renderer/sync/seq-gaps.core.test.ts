// The seq gap check and the feed starts, in Node on fake-indexeddb against a real core talking to the
// real sandbox through the fault proxy: a payment dropped from a feed page is found missing by its seq
// once the feed is caught up, fetched by `filter[seq_after]` and staged with its row
// (docs/decisions/091-seq-gaps.md); a start from a date or from now stages exactly what the sandbox's
// own feed lists from there (docs/decisions/090-where-to-start.md).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StartPoint } from '../../../src-shared/bridge/contract';
import type { AnyFeedPage } from '../../../src-shared/domain/feeds';
import type { FeedKind } from '../../../src-shared/wire';
import type { DeskCore } from '../../../src-main/core/desk-service';
import { db } from '../../../src-renderer/data/db';
import { readCursor } from '../../../src-renderer/data/cursors';
import { readDocument } from '../../../src-renderer/data/review-rows/reads';
import { readSeqLedger } from '../../../src-renderer/data/seq-ledger';
import { SyncEngine } from '../../../src-renderer/sync/feed-sync';
import { checkSeqGaps, type OpenSeqGap } from '../../../src-renderer/sync/seq-gaps';
import { expectChunksConsistent } from '../../support/store-invariants';
import { startTestCore, type TestCore } from '../../support/core';
import { dropOneDocument, startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

const immediate = (): Promise<void> => Promise.resolve();

describe('seq gaps and feed starts, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let testCore: TestCore;
  let core: DeskCore;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 40, seed: 7 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    testCore = await startTestCore();
    core = testCore.core;
    const added = await core.api.connections.add({
      label: 'Proxy',
      baseUrl: proxy.baseUrl,
      token: sandbox.token,
    });
    if (!added.ok) throw new Error(added.error.message);
  });
  afterAll(async () => {
    await testCore?.dispose();
    await proxy?.close();
    await sandbox?.dispose();
  });
  beforeEach(async () => {
    proxy.reset();
    db.close();
    await db.delete();
    await db.open();
  });

  /** Every document of a feed (id to version and seq), as the service lists it from a start. */
  async function served(
    kind: FeedKind,
    from: { updatedAfter?: string; versionAfter?: number } = {},
  ): Promise<Map<string, { version: number; seq: number | null }>> {
    const index = new Map<string, { version: number; seq: number | null }>();
    let after = from.versionAfter ?? 0;
    let updatedAfter = from.updatedAfter;
    for (;;) {
      const result = await core.api.feeds.pull(kind, {
        versionAfter: after,
        perPage: 500,
        ...(updatedAfter ? { updatedAfter } : {}),
      });
      if (!result.ok) throw new Error(result.error.message);
      const page: AnyFeedPage = result.value;
      for (const doc of page.data)
        index.set(doc.id, { version: doc.version, seq: 'seq' in doc ? (doc.seq ?? null) : null });
      after = page.meta.next_version_after;
      updatedAfter = undefined;
      if (!page.meta.has_more) return index;
    }
  }

  async function stagedIds(kind: FeedKind): Promise<string[]> {
    return (await db.rowsOf(kind).toCollection().primaryKeys()).map(String).sort();
  }

  function engine(start?: StartPoint): SyncEngine {
    return new SyncEngine({
      desk: core.api,
      perPage: 7,
      yieldToUi: immediate,
      start: () => start ?? { mode: 'everything' },
    });
  }

  /** The seq-mode pages the proxy passed, as `seq_after/per_page`. */
  function seqCalls(): string[] {
    return proxy.requests.flatMap((request) => {
      const match = /payments\?filter%5Bseq_after%5D=(\d+)&per_page=(\d+)$/.exec(request.url);
      return match ? [`${match[1]}/${match[2]}`] : [];
    });
  }

  it('finds a payment dropped from a page mid-run, fetches it by seq and stages it with its row', async () => {
    // The feed's second page (a cursor above 0) comes without its third document.
    const drop = dropOneDocument({ method: 'GET', path: /\/payments\?filter%5Bversion_after%5D=[1-9]/ }, 2);
    proxy.add(drop.fault);
    const outcome = await engine().syncAll(['payments']);
    expect(outcome.error).toBeNull();
    expect(drop.dropped).toHaveLength(1);
    const [{ id: droppedId, seq: droppedSeq }] = drop.dropped as [{ id: string; seq: number }];
    const expected = await served('payments');
    expect(expected.get(droppedId)?.seq).toBe(droppedSeq);
    const all = [...expected.keys()].sort();
    // The version feed moved past it: the store lacks it, and the ledger says which seq is missing.
    expect(await stagedIds('payments')).toEqual(all.filter((id) => id !== droppedId));
    expect((await readSeqLedger('payments'))?.missing).toEqual([[droppedSeq, droppedSeq]]);
    const versionAfter = (await readCursor('payments')).versionAfter;

    proxy.reset();
    const found: OpenSeqGap[] = [];
    const check = await checkSeqGaps('payments', {
      desk: core.api,
      onFound: (gap) => found.push(gap),
      now: () => new Date('2026-11-24T09:10:00.000Z'),
    });
    expect(found).toEqual([{ kind: 'payments', count: 1, seqs: [droppedSeq] }]);
    const number = (await readDocument('payments', droppedId))?.row.number;
    expect(number).toMatch(/^PAY-/);
    expect(check).toEqual({
      kind: 'payments',
      checked: true,
      found: 1,
      filled: [
        {
          seq: droppedSeq,
          id: droppedId,
          number,
          foundAt: '2026-11-24T09:10:00.000Z',
          filledAt: '2026-11-24T09:10:00.000Z',
        },
      ],
      fetchedNew: 0,
      open: null,
      calls: 2,
      error: null,
    });
    // One cursor call and one page of exactly the one missing document.
    expect(seqCalls()).toEqual([`${droppedSeq - 1}/1`]);
    expect(await stagedIds('payments')).toEqual(all);
    const staged = await readDocument('payments', droppedId);
    expect(staged?.row).toMatchObject({ seq: droppedSeq, version: expected.get(droppedId)?.version });
    expect(staged?.stored.doc.id).toBe(droppedId);
    // The version cursor did not move; the ledger is whole and remembers what was filled.
    expect((await readCursor('payments')).versionAfter).toBe(versionAfter);
    expect(await readSeqLedger('payments')).toEqual({
      from: 0,
      highest: 40,
      missing: [],
      filled: check.filled,
      checkedAt: '2026-11-24T09:10:00.000Z',
      serviceLastSeq: 40,
    });
    await expectChunksConsistent();

    // The next check costs one call and finds nothing.
    proxy.reset();
    const again = await checkSeqGaps('payments', { desk: core.api });
    expect({ found: again.found, calls: again.calls, filled: again.filled }).toEqual({
      found: 0,
      calls: 1,
      filled: [],
    });
    expect(seqCalls()).toEqual([]);
  });

  it('stages documents issued after the last page as new, not as gaps', async () => {
    await engine().syncAll(['payments']);
    const before = await readSeqLedger('payments');
    const { created } = await sandbox.admin<{ created: { payments: string[] } }>('POST', '/simulate', {
      payments: 2,
    });
    const check = await checkSeqGaps('payments', { desk: core.api });
    const highest = before!.highest;
    expect({
      found: check.found,
      filled: check.filled,
      fetchedNew: check.fetchedNew,
      open: check.open,
    }).toEqual({
      found: 2,
      filled: [],
      fetchedNew: 2,
      open: null,
    });
    expect(seqCalls()).toEqual([`${highest}/2`]);
    const rows = await db.rowsOf('payments').bulkGet(created.payments);
    expect(rows.map((row) => row?.seq)).toEqual([highest + 1, highest + 2]);
    // The version feed brings them again later: nothing twice.
    await engine().syncAll(['payments']);
    expect(await stagedIds('payments')).toEqual([...(await served('payments')).keys()].sort());
    await expectChunksConsistent();
  });

  it('starts from a date: stages what the feed lists from that day, and learns where the seq starts', async () => {
    const all = await served('payments');
    const docs = await Promise.all(
      [...all.keys()].map(async (id) => {
        const result = await core.api.feeds.documents('payments', [id]);
        if (!result.ok || result.value.kind !== 'payments') throw new Error('read');
        return result.value.data[0]!;
      }),
    );
    const days = docs.map((doc) => doc.updated_at.slice(0, 10)).sort();
    const day = days[Math.floor(days.length / 2)]!;
    const fromDay = await served('payments', { updatedAfter: `${day}T00:00:00Z` });
    expect(fromDay.size).toBeGreaterThan(0);
    expect(fromDay.size).toBeLessThan(all.size);
    const outcome = await engine({ mode: 'date', date: day }).syncAll(['payments']);
    expect(outcome.error).toBeNull();
    expect(await stagedIds('payments')).toEqual([...fromDay.keys()].sort());
    // The seq before the first payment issued on or after the day.
    const issuedSince = docs.filter(
      (doc) => (doc.receipt?.issued_at ?? doc.collected_at) >= `${day}T00:00:00Z`,
    );
    const boundary = Math.min(...issuedSince.map((doc) => doc.seq!)) - 1;
    expect((await readSeqLedger('payments'))?.from).toBe(boundary);
    // The first check confirms the boundary with one read of the seq stream: the payment at it was
    // issued before the day.
    const check = await checkSeqGaps('payments', {
      desk: core.api,
      now: () => new Date('2026-11-24T09:10:00.000Z'),
    });
    expect({ found: check.found, calls: check.calls }).toEqual({ found: 0, calls: 2 });
    expect(seqCalls()).toEqual([`${boundary - 1}/1`]);
    const lastSeq = await core.api.feeds.cursor('payments');
    expect(await readSeqLedger('payments')).toMatchObject({
      from: boundary,
      highest: lastSeq.ok ? lastSeq.value.last_seq : -1,
      missing: [],
      fromConfirmedAt: '2026-11-24T09:10:00.000Z',
    });
    // Confirmed once: the next check is the cursor call alone.
    const again = await checkSeqGaps('payments', { desk: core.api });
    expect({ found: again.found, calls: again.calls }).toEqual({ found: 0, calls: 1 });
  });

  it('starts from a date whose first payment of the day a page left out: the boundary is read from the seq stream and the payment fetched', async () => {
    // Every payment as issued, in one call (the sandbox holds fewer than a page).
    const listed = await core.api.feeds.pull('payments', { versionAfter: 0, perPage: 500, seqAfter: 0 });
    if (!listed.ok || listed.value.kind !== 'payments' || listed.value.meta.has_more) throw new Error('read');
    const docs = listed.value.data;
    const issuedAt = (doc: (typeof docs)[number]) => doc.receipt?.issued_at ?? doc.collected_at;
    const bySeq = [...docs].sort((a, b) => a.seq! - b.seq!);
    const day = issuedAt(bySeq[Math.floor(bySeq.length / 2)]!).slice(0, 10);
    const first = bySeq.find((doc) => issuedAt(doc) >= `${day}T00:00:00Z`)!;
    // Issue order is seq order: everything before the first of the day was issued before it.
    expect(
      bySeq.filter((doc) => doc.seq! < first.seq!).every((doc) => issuedAt(doc) < `${day}T00:00:00Z`),
    ).toBe(true);
    const fromDay = await served('payments', { updatedAfter: `${day}T00:00:00Z` });
    expect(fromDay.has(first.id)).toBe(true);
    // Every page of the first load comes without that payment.
    const dropped: string[] = [];
    proxy.add({
      method: 'GET',
      path: /\/payments\?filter%5B(updated_after|version_after)%5D=/,
      times: 1_000,
      action: {
        kind: 'rewrite-answer',
        rewrite: (body) => {
          const page = body as { data: Array<{ id: string }> };
          if (page.data.some((doc) => doc.id === first.id)) dropped.push(first.id);
          return { ...page, data: page.data.filter((doc) => doc.id !== first.id) };
        },
      },
    });
    const outcome = await engine({ mode: 'date', date: day }).syncAll(['payments']);
    expect(outcome.error).toBeNull();
    expect(dropped).toEqual([first.id]);
    expect(await stagedIds('payments')).toEqual([...fromDay.keys()].filter((id) => id !== first.id).sort());
    // What the first load saw puts the boundary after the payment it never got.
    expect((await readSeqLedger('payments'))?.from).toBeGreaterThanOrEqual(first.seq!);

    proxy.reset();
    const check = await checkSeqGaps('payments', {
      desk: core.api,
      now: () => new Date('2026-11-24T09:10:00.000Z'),
    });
    expect(check.filled.map((gap) => ({ seq: gap.seq, id: gap.id }))).toEqual([
      { seq: first.seq, id: first.id },
    ]);
    expect({ open: check.open, error: check.error }).toEqual({ open: null, error: null });
    expect(await stagedIds('payments')).toEqual([...fromDay.keys()].sort());
    expect(await readSeqLedger('payments')).toMatchObject({
      from: first.seq! - 1,
      missing: [],
      fromConfirmedAt: '2026-11-24T09:10:00.000Z',
    });
    await expectChunksConsistent();
  });

  it('starts from now: nothing old, then exactly what is issued after', async () => {
    const pinned = await core.api.feeds.cursor('payments');
    if (!pinned.ok) throw new Error(pinned.error.message);
    const start: StartPoint = {
      mode: 'now',
      at: '2026-11-24T09:10:00.000Z',
      cursors: { payments: pinned.value },
    };
    expect((await engine(start).syncAll(['payments'])).error).toBeNull();
    expect(await stagedIds('payments')).toEqual([]);
    const { created } = await sandbox.admin<{ created: { payments: string[] } }>('POST', '/simulate', {
      payments: 2,
    });
    await engine(start).syncAll(['payments']);
    const since = await served('payments', { versionAfter: pinned.value.high_water });
    expect(await stagedIds('payments')).toEqual([...since.keys()].sort());
    expect([...since.keys()].sort()).toEqual([...created.payments].sort());
    const check = await checkSeqGaps('payments', { desk: core.api });
    expect(check.found).toBe(0);
    expect(await readSeqLedger('payments')).toMatchObject({
      from: pinned.value.last_seq,
      highest: pinned.value.last_seq + 2,
      missing: [],
    });
  });
});
