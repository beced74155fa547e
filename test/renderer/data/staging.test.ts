import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptySeqLedger } from '../../../src-shared/domain/seq-ledger';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { CursorMovedError, stageFeedPage, StagingMemory } from '../../../src-renderer/data/staging';
import { readCursor } from '../../../src-renderer/data/cursors';
import { readDocument } from '../../../src-renderer/data/review-rows/reads';
import { storeCustomerNames } from '../../../src-renderer/data/names';
import { readReviewPage, readViewCounts } from '../../../src-renderer/data/review-rows/pages';
import { defaultReviewSort } from '../../../src-renderer/data/review-rows/query';
import { ackAt, invoice, meta, payment } from '../../support/wire-documents';
import { expectChunksConsistent } from '../../support/store-invariants';

const now = '2025-03-04T08:00:00.000Z';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('staging feed pages', () => {
  it('writes documents, rows and the cursor together, and resumes after the page', async () => {
    const staged = await stageFeedPage(
      {
        kind: 'invoices',
        data: [invoice('a', 3), invoice('b', 5, { ack: ackAt(5) })],
        meta: meta(5, true, 9),
      },
      toVersionCursor(0),
      now,
    );
    expect(staged).toEqual({
      written: 2,
      // The fixtures carry no seq: the ledger stays empty (test/renderer/sync/seq-gaps.core.test.ts fills one).
      cursor: {
        kind: 'invoices',
        versionAfter: 5,
        highWater: 9,
        caughtUpAt: null,
        staged: 2,
        seq: emptySeqLedger(0),
      },
    });
    expect(await readViewCounts('invoices')).toEqual({ pending: 1, accepted: 1, rejected: 0, all: 2 });
    expect(
      (
        await readReviewPage(
          { kind: 'invoices', view: 'accepted', sort: defaultReviewSort, quickFilter: '', filters: [] },
          0,
          10,
        )
      ).map((row) => [row.id, row.externalNumber, row.amountCents]),
    ).toEqual([['b', 'ERP-1', 10000]]);

    await stageFeedPage(
      { kind: 'invoices', data: [invoice('c', 9)], meta: meta(9) },
      toVersionCursor(5),
      now,
    );
    expect(await readCursor('invoices')).toEqual({
      kind: 'invoices',
      versionAfter: 9,
      highWater: 9,
      caughtUpAt: now,
      staged: 3,
      seq: emptySeqLedger(0),
    });
  });

  it('refuses a page pulled after a cursor that has moved, and writes none of it', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 3)], meta: meta(3) },
      toVersionCursor(0),
      now,
    );
    await expect(
      stageFeedPage(
        { kind: 'invoices', data: [invoice('a', 3), invoice('z', 4)], meta: meta(4) },
        toVersionCursor(0),
        now,
      ),
    ).rejects.toBeInstanceOf(CursorMovedError);
    expect(await db.rowsOf('invoices').count()).toBe(1);
    expect((await readCursor('invoices')).versionAfter).toBe(3);
  });

  it('never replaces a document with an older version of itself', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 7, { total: '70.00' })], meta: meta(7) },
      toVersionCursor(0),
      now,
    );
    const again = await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 6, { total: '60.00' })], meta: meta(8) },
      toVersionCursor(7),
      now,
    );
    expect(again.written).toBe(0);
    expect((await db.rowsOf('invoices').get('a'))?.amountCents).toBe(7000);
    expect((await readCursor('invoices')).versionAfter).toBe(8);
  });

  it('shows an answered payment that changed as pending again, with what changed', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 4, { ack: ackAt(4) })], meta: meta(4) },
      toVersionCursor(0),
      now,
    );
    expect((await db.rowsOf('payments').get('p'))?.review).toBe('accepted');
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 10, { ack: ackAt(4), reversed: true })], meta: meta(10) },
      toVersionCursor(4),
      now,
    );
    expect(await db.rowsOf('payments').get('p')).toMatchObject({
      review: 'pending',
      pendingAgain: 1,
      changeFacts: [{ kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer' }],
    });
    expect((await readDocument('payments', 'p'))?.stored.answered?.version).toBe(4);
    await expectChunksConsistent();
  });

  it('puts looked-up customer names on the rows, and on rows staged later', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1)], meta: meta(1) },
      toVersionCursor(0),
      now,
    );
    await storeCustomerNames(
      [{ id: 'cu-1', code: 'C-1', name: { en: 'Al Noor Trading', ar: 'النور للتجارة' } }],
      now,
    );
    expect((await db.rowsOf('invoices').get('a'))?.customerName).toBe('Al Noor Trading · النور للتجارة');
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('b', 2)], meta: meta(2) },
      toVersionCursor(1),
      now,
    );
    expect((await db.rowsOf('invoices').get('b'))?.customerName).toBe('Al Noor Trading · النور للتجارة');
  });
});

/** Each chunk's document count and live count, in size order (chunk keys are random). */
async function chunkShapes(): Promise<Array<[number, number]>> {
  const lives = new Map((await db.chunkLive.toArray()).map((live) => [live.key, live.live]));
  return (await db.documentChunks.toArray())
    .map((chunk): [number, number] => [chunk.docs.length, lives.get(chunk.key) ?? 0])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

describe('documents in chunks', () => {
  it('writes a page as chunks of 50, and deletes a chunk once no row names it', async () => {
    const first = Array.from({ length: 120 }, (_, index) => invoice(`i${index}`, index + 1));
    await stageFeedPage({ kind: 'invoices', data: first, meta: meta(120, true) }, toVersionCursor(0), now);
    expect(await chunkShapes()).toEqual([
      [20, 20],
      [50, 50],
      [50, 50],
    ]);
    await expectChunksConsistent();

    // Newer versions of the first chunk's 50 and of one document of the second.
    const newer = [...first.slice(0, 50), first[60]!].map((doc, index) => invoice(doc.id, 200 + index));
    await stageFeedPage({ kind: 'invoices', data: newer, meta: meta(250) }, toVersionCursor(120), now);
    expect(await chunkShapes()).toEqual([
      [1, 1],
      [20, 20],
      [50, 49],
      [50, 50],
    ]);
    await expectChunksConsistent();
    expect((await readDocument('invoices', 'i60'))?.stored.version).toBe(250);
    expect((await readDocument('invoices', 'i61'))?.stored.version).toBe(62);
  });
});

/** Stages invoices a and b as the first two pages of a run, and answers the run's memory. */
async function stageTwoPagesOfARun(): Promise<StagingMemory> {
  const memory = new StagingMemory();
  await stageFeedPage(
    { kind: 'invoices', data: [invoice('a', 1)], meta: meta(1, true) },
    toVersionCursor(0),
    now,
    memory,
  );
  await stageFeedPage(
    { kind: 'invoices', data: [invoice('b', 2)], meta: meta(2, true) },
    toVersionCursor(1),
    now,
    memory,
  );
  return memory;
}

describe('the pages of one run (one StagingMemory across them)', () => {
  it('read back what earlier pages of the run staged: answers, snapshots and versions are kept', async () => {
    const memory = new StagingMemory();
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 4, { ack: ackAt(4) }), payment('q', 5)], meta: meta(5, true) },
      toVersionCursor(0),
      now,
      memory,
    );
    // The clerk's answer to q is queued while the run goes on.
    await db.rowsOf('payments').update('q', { answerState: 'queued', answerOutcome: 'ACCEPTED' });
    const second = await stageFeedPage(
      {
        kind: 'payments',
        data: [payment('p', 10, { ack: ackAt(4), reversed: true }), payment('q', 3), payment('q', 11)],
        meta: meta(11, true),
      },
      toVersionCursor(5),
      now,
      memory,
    );
    expect(memory.ids).not.toBeNull();
    expect(second.written).toBe(2);
    expect(await db.rowsOf('payments').get('p')).toMatchObject({ review: 'pending', pendingAgain: 1 });
    expect((await readDocument('payments', 'p'))?.stored.answered?.version).toBe(4);
    expect(await db.rowsOf('payments').get('q')).toMatchObject({ version: 11, answerState: 'queued' });
    // A document first staged by this page is known to the pages after it.
    await stageFeedPage(
      { kind: 'payments', data: [payment('r', 12)], meta: meta(12, true) },
      toVersionCursor(11),
      now,
      memory,
    );
    const older = await stageFeedPage(
      { kind: 'payments', data: [payment('r', 6)], meta: meta(13) },
      toVersionCursor(12),
      now,
      memory,
    );
    expect(older.written).toBe(0);
    expect((await db.rowsOf('payments').get('r'))?.version).toBe(12);
    await expectChunksConsistent();
  });

  it('put a name stored between two pages of the run on the rows of the later one', async () => {
    const memory = await stageTwoPagesOfARun();
    expect((await db.rowsOf('invoices').get('b'))?.customerName).toBe('');
    await storeCustomerNames([{ id: 'cu-1', code: 'C-1', name: { en: 'Al Noor Trading' } }], now);
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('c', 3)], meta: meta(3) },
      toVersionCursor(2),
      now,
      memory,
    );
    expect((await db.rowsOf('invoices').get('c'))?.customerName).toBe('Al Noor Trading');
  });

  it('read a document back when the store lost it since the run began (a connection switch)', async () => {
    const memory = await stageTwoPagesOfARun();
    await db.transaction('rw', [db.rowsOf('invoices'), db.documentChunks, db.chunkLive], async () => {
      await db.rowsOf('invoices').clear();
      await db.documentChunks.clear();
      await db.chunkLive.clear();
    });
    const again = await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1)], meta: meta(3) },
      toVersionCursor(2),
      now,
      memory,
    );
    expect(again.written).toBe(1);
    expect(await db.rowsOf('invoices').get('a')).toMatchObject({ version: 1 });
  });
});
