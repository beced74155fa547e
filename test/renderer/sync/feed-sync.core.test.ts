// The renderer's sync engine and answer outbox, run in Node on fake-indexeddb against a real core
// (DeskCore, holding the token) talking to the real sandbox over loopback.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyFeedPage } from '../../../src-shared/domain/feeds';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import type { DeskCore } from '../../../src-main/core/desk-service';
import { db } from '../../../src-renderer/data/db';
import { readCursor } from '../../../src-renderer/data/cursors';
import { readDocument } from '../../../src-renderer/data/review-rows/reads';
import { queueAcks, sendQueuedAcks } from '../../../src-renderer/sync/send-acks';
import { SyncEngine, type FeedSyncProgress } from '../../../src-renderer/sync/feed-sync';
import { expectChunksConsistent } from '../../support/store-invariants';
import { startTestCore, type TestCore } from '../../support/core';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { rowsInView } from '../../../src-renderer/data/review-rows/reads';

describe('feed sync into the local store, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  let core: DeskCore;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 40, seed: 7 });
    testCore = await startTestCore({ sandbox });
    core = testCore.core;
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
  });

  /** Every document id and version of a feed, straight from the service in one pass. */
  async function serviceIndex(kind: FeedKind): Promise<Map<string, number>> {
    const index = new Map<string, number>();
    let after = 0;
    for (;;) {
      const result = await core.api.feeds.pull(kind, { versionAfter: after, perPage: 500 });
      if (!result.ok) throw new Error(result.error.message);
      const page: AnyFeedPage = result.value;
      for (const doc of page.data) index.set(doc.id, doc.version);
      after = page.meta.next_version_after;
      if (!page.meta.has_more) return index;
    }
  }

  async function localIndex(kind: FeedKind): Promise<Map<string, number>> {
    const rows = await db.rowsOf(kind).toArray();
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  const immediate = (): Promise<void> => Promise.resolve();

  it('stages every document of every feed once, and resumes a paused run where it stopped', async () => {
    const seen: FeedSyncProgress[] = [];
    const first = new SyncEngine({
      desk: core.api,
      perPage: 7,
      yieldToUi: immediate,
      onProgress: (p) => seen.push(p),
    });
    // Pause once the invoices' second page is staged: the run stops between pages.
    const paused = new SyncEngine({
      desk: core.api,
      perPage: 7,
      yieldToUi: immediate,
      onProgress: (progress) => {
        if (progress.kind === 'invoices' && progress.pages === 2 && progress.state === 'running')
          paused.pause();
      },
    });
    const stopped = await paused.syncAll();
    expect(stopped.feeds.map((feed) => [feed.kind, feed.state])).toEqual([
      ['orders', 'done'],
      ['invoices', 'paused'],
    ]);
    expect((await localIndex('invoices')).size).toBe(14);

    // A new engine (as after a restart) resumes from the cursors committed with the pages.
    const outcome = await first.syncAll();
    expect(outcome.error).toBeNull();
    for (const kind of feedKinds) {
      const [expected, staged] = await Promise.all([serviceIndex(kind), localIndex(kind)]);
      expect(staged, kind).toEqual(expected);
      const cursor = await readCursor(kind);
      expect(cursor.versionAfter).toBe(Math.max(...expected.values()));
      expect(cursor.caughtUpAt).not.toBeNull();
    }
    const invoices = seen.filter((p) => p.kind === 'invoices');
    expect(invoices.at(-1)).toMatchObject({ state: 'done', fraction: 1 });
    expect(invoices.at(-1)?.fetched).toBe((await localIndex('invoices')).size - 14);
    await expectChunksConsistent();
  });

  it('asks for the next page while it stages one, one page ahead, and drops that page when paused', async () => {
    const events: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const desk = {
      feeds: {
        async pull(kind: FeedKind, request: { versionAfter: number; perPage: number }) {
          events.push(`pull ${kind} ${request.versionAfter}`);
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            return await core.api.feeds.pull(kind, request);
          } finally {
            inFlight -= 1;
          }
        },
      },
    };
    const engine = new SyncEngine({
      desk,
      perPage: 7,
      yieldToUi: immediate,
      onProgress: (progress) => {
        if (progress.state !== 'running' || progress.pages === 0) return;
        events.push(`staged ${progress.kind} ${progress.pages}`);
        if (progress.kind === 'invoices' && progress.pages === 3) engine.pause();
      },
    });
    const outcome = await engine.syncAll(['invoices']);
    expect(outcome.feeds.map((feed) => feed.state)).toEqual(['paused']);
    // The second page was asked for before the first was staged, and so on: the pulls lead by one.
    expect(events.slice(0, 6)).toEqual([
      'pull invoices 0',
      expect.stringMatching(/^pull invoices [1-9]\d*$/),
      'staged invoices 1',
      expect.stringMatching(/^pull invoices /),
      'staged invoices 2',
      expect.stringMatching(/^pull invoices /),
    ]);
    expect(mostInFlight).toBe(1);
    // Paused after three pages: the fourth, asked for ahead, was not staged.
    expect(events.filter((event) => event.startsWith('pull'))).toHaveLength(4);
    expect((await localIndex('invoices')).size).toBe(21);
    const pulls = events
      .filter((event) => event.startsWith('pull'))
      .map((event) => Number(event.split(' ')[2]));
    expect((await readCursor('invoices')).versionAfter).toBe(pulls[3]);

    // The next run starts from the cursor staged, and stages the rest once each.
    const rest = await new SyncEngine({ desk: core.api, perPage: 7, yieldToUi: immediate }).syncAll([
      'invoices',
    ]);
    expect(rest.error).toBeNull();
    expect(await localIndex('invoices')).toEqual(await serviceIndex('invoices'));
  });

  it('pulls only what changed since, and shows an accepted payment that was reversed as pending again with what changed', async () => {
    const engine = new SyncEngine({ desk: core.api, yieldToUi: immediate });
    await engine.syncAll();
    // Accept every pending payment, so that whichever one the simulator reverses was answered.
    const pending = await rowsInView('payments', 'pending').toArray();
    const connectionId = (await core.connections.list())[0]!.id;
    const queued = await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: pending.map((row) => ({ id: row.id, outcome: 'ACCEPTED' })),
    });
    expect(queued.ok).toBe(true);
    const sent = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(sent).toMatchObject({ applied: pending.length, failed: 0, stoppedBy: null });
    expect(await rowsInView('payments', 'pending').count()).toBe(0);

    const before = await db.rowsOf('payments').count();
    const cursorBefore = await readCursor('payments');
    const created = await sandbox.admin<{ created: Record<string, string[]> }>('POST', '/simulate', {
      payments: 2,
      reversals: 1,
    });
    const reversed = created.created.reversals?.[0];
    expect(reversed).toBeDefined();

    const seen: FeedSyncProgress[] = [];
    const again = new SyncEngine({ desk: core.api, yieldToUi: immediate, onProgress: (p) => seen.push(p) });
    await again.syncAll(['payments']);
    expect(await db.rowsOf('payments').count()).toBe(before + 2);
    expect((await readCursor('payments')).versionAfter).toBeGreaterThan(cursorBefore.versionAfter);
    // Only the changes since the cursor crossed the bridge: two new payments and one reversal.
    expect(seen.at(-1)?.fetched).toBe(3);
    const row = await db.rowsOf('payments').get(reversed!);
    expect(row).toMatchObject({ review: 'pending', pendingAgain: 1 });
    // The reversal first (and its status since the answer, from the answered version kept).
    expect(row?.changeFacts[0]).toEqual({
      kind: 'reversed',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      by: expect.stringMatching(/\S/),
      reason: expect.stringMatching(/\S/),
    });
    // The document as it was answered is kept beside the new one.
    const stored = (await readDocument('payments', reversed!))?.stored;
    expect(stored?.answered?.version).toBe(stored?.doc.ack?.acked_version);
  });

  it('joins a run only when it asks for the same feeds: a caller never gets the outcome of a feed it did not ask for', async () => {
    const engine = new SyncEngine({ desk: core.api, perPage: 7, yieldToUi: immediate });
    const everything = engine.syncAll();
    const same = engine.syncAll();
    const fewer = engine.syncAll(['orders', 'invoices']);
    const [all, joined, own] = await Promise.all([everything, same, fewer]);
    expect(joined).toBe(all);
    expect(all.feeds.map((feed) => feed.kind)).toEqual(feedKinds);
    // Asked while the other ran: its own run, after that one ended, of exactly its feeds.
    expect(own).not.toBe(all);
    expect(own.feeds.map((feed) => feed.kind)).toEqual(['orders', 'invoices']);
  });
});
