import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { stageFeedPage } from '../../../src-renderer/data/documents';
import { listBatches, nextQueuedBatch } from '../../../src-renderer/data/outbox';
import { queueAnswers } from '../../../src-renderer/features/review/answer-outbox';
import { invoice, meta } from './fixtures';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the answer outbox', () => {
  it('stores 1,200 answers as batches of at most 500, each with its own key, and marks the rows queued', async () => {
    const docs = Array.from({ length: 1200 }, (_, index) => invoice(`i${index}`, index + 1));
    await stageFeedPage(
      { kind: 'invoices', data: docs, meta: meta(1200) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    let n = 0;
    const outcome = await queueAnswers({
      connectionId: 'conn-1',
      kind: 'invoices',
      drafts: docs.map((doc) => ({ id: doc.id, outcome: 'ACCEPTED', externalNumber: `ERP-${doc.id}` })),
      newId: () => `batch-key-${++n}`,
    });
    expect(outcome.ok && outcome.batches.map((batch) => [batch.id, batch.items.length])).toEqual([
      ['batch-key-1', 500],
      ['batch-key-2', 500],
      ['batch-key-3', 200],
    ]);
    expect((await listBatches('conn-1', 'queued')).map((batch) => batch.id)).toEqual([
      'batch-key-1',
      'batch-key-2',
      'batch-key-3',
    ]);
    expect(await nextQueuedBatch('conn-2')).toBeNull();
    expect(await db.invoices.filter((row) => row.answerState === 'queued').count()).toBe(1200);
    expect((await db.invoices.get('i7'))?.externalNumber).toBe('ERP-i7');
  });

  it('stores nothing while any answer needs fixing', async () => {
    const outcome = await queueAnswers({
      connectionId: 'conn-1',
      kind: 'invoices',
      drafts: [
        { id: 'a', outcome: 'ACCEPTED', externalNumber: 'ERP-1' },
        { id: 'b', outcome: 'ACCEPTED' },
        { id: 'c', outcome: 'REJECTED' },
      ],
    });
    expect(outcome).toEqual({
      ok: false,
      problems: [
        { id: 'b', problem: 'Type the ERP invoice number.' },
        { id: 'c', problem: 'Choose a reason for the rejection.' },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
  });
});
