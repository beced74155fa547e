import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import {
  ackHistory,
  applyBatchResponses,
  applySliceSize,
  keepBatchResponse,
  listBatches,
  recordAttemptFailed,
  recordBatchResponse,
} from '../../../src-renderer/data/ack-outbox';
import { readStoredDocuments } from '../../../src-renderer/data/stored-documents';
import { fillDiskAfter } from '../support/full-disk';
import { queueAcks } from '../../../src-renderer/sync/send-acks';
import { invoice, meta } from '../../support/wire-documents';
import type { Invoice } from '../../../src-shared/wire';
import type { OutboxBatch } from '../../../src-renderer/data/rows';
import { queuedAckKey } from '../../../src-renderer/data/review-rows/keys';
import { putRows } from '../support/stored-rows';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Stages `docs` as one page of invoices and queues an acceptance of each (keys `batch-1`, …): its batches. */
async function stagedAndAccepted(docs: Invoice[]): Promise<OutboxBatch[]> {
  await stageFeedPage(
    { kind: 'invoices', data: docs, meta: meta(docs.length) },
    toVersionCursor(0),
    '2025-03-04T08:00:00.000Z',
  );
  let n = 0;
  const queued = await queueAcks({
    connectionId: 'conn-1',
    kind: 'invoices',
    drafts: docs.map((doc) => ({ id: doc.id, outcome: 'ACCEPTED', externalNumber: `ERP-${doc.id}` })),
    newId: () => `batch-${++n}`,
  });
  if (!queued.ok) throw new Error('not queued');
  return queued.batches;
}

/** Keeps the service's answer to `batch`: every item applied, accepted at version 1000. The batch as kept. */
function keptAcceptedAt1000(batch: OutboxBatch): Promise<OutboxBatch> {
  return keepBatchResponse(
    batch,
    {
      batchId: batch.id,
      isReplay: false,
      requestId: `req-${batch.id}`,
      response: {
        data: batch.items.map((item) => ({
          result: 'applied',
          id: item.id,
          status: 'ACCEPTED',
          version: 1000,
          ack: {
            acked_at: '2025-03-04T09:00:00.000Z',
            acked_version: 1000,
            outcome: 'ACCEPTED',
            external_number: `ERP-${item.id}`,
          },
        })),
        meta: { applied: batch.items.length, unchanged: 0, failed: 0 },
      },
    },
    '2025-03-04T09:00:00.000Z',
  );
}

describe('the answer outbox', () => {
  it('stores 1,200 answers as batches of at most 500, each with its own key, and marks the rows queued', async () => {
    const docs = Array.from({ length: 1200 }, (_, index) => invoice(`i${index}`, index + 1));
    await stageFeedPage(
      { kind: 'invoices', data: docs, meta: meta(1200) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    let n = 0;
    const outcome = await queueAcks({
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
    expect(await listBatches('conn-2', 'queued')).toEqual([]);
    expect(
      await db
        .rowsOf('invoices')
        .filter((row) => row.answerState === 'queued')
        .count(),
    ).toBe(1200);
    expect((await db.rowsOf('invoices').get('i7'))?.externalNumber).toBe('ERP-i7');
  });

  it("groups answers by their documents' chunks, so that recording a batch reads few others", async () => {
    // 1,000 invoices staged as two pages: chunks 1-10 hold i0-i499, chunks 11-20 hold i500-i999.
    const docs = Array.from({ length: 1000 }, (_, index) => invoice(`i${index}`, index + 1));
    await stageFeedPage(
      { kind: 'invoices', data: docs.slice(0, 500), meta: meta(500, true) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    await stageFeedPage(
      { kind: 'invoices', data: docs.slice(500), meta: meta(1000) },
      toVersionCursor(500),
      '2025-03-04T08:00:00.000Z',
    );
    // The clerk's selection takes every 50th invoice in turn (as a sort by amount or date might), so
    // any 500 of it in that order span every chunk.
    const scattered = [...docs].sort(
      (a, b) => (docs.indexOf(a) % 50) - (docs.indexOf(b) % 50) || docs.indexOf(a) - docs.indexOf(b),
    );
    let n = 0;
    const outcome = await queueAcks({
      connectionId: 'conn-1',
      kind: 'invoices',
      drafts: scattered.map((doc) => ({
        id: doc.id,
        outcome: 'ACCEPTED',
        externalNumber: `ERP-${doc.id}`,
      })),
      newId: () => `batch-key-${++n}`,
    });
    if (!outcome.ok) throw new Error('not queued');
    const chunkOf = new Map((await db.rowsOf('invoices').toArray()).map((row) => [row.id, row.chunk]));
    const chunksOfBatch = outcome.batches.map(
      (batch) => new Set(batch.items.map((item) => chunkOf.get(item.id))),
    );
    expect(chunksOfBatch.map((chunks) => chunks.size)).toEqual([10, 10]);
    expect(outcome.batches.flatMap((batch) => batch.items.map((item) => item.id)).sort()).toEqual(
      docs.map((doc) => doc.id).sort(),
    );
  });

  it('stores nothing while any answer needs fixing', async () => {
    const outcome = await queueAcks({
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
        { id: 'b', problem: { code: 'invoice-number-missing' } },
        { id: 'c', problem: { code: 'reason-missing' } },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps why the service refused an ack as facts on its row and in its history, never words', async () => {
    const [batch] = await stagedAndAccepted(['a', 'b', 'c', 'd'].map((id, index) => invoice(id, index + 1)));
    const refusal = {
      status: 409,
      code: 'ALREADY_ACKNOWLEDGED',
      message: 'Version 1 was acked.',
      details: [{ field: 'items[0]', code: 'acked' }],
      retryable: false,
    };
    // The service answers for a and b only: a refused, b failed with no error; c and d get no result.
    await recordBatchResponse(
      { ...batch!, items: batch!.items.slice(0, 3) },
      {
        batchId: batch!.id,
        isReplay: false,
        requestId: 'req-1',
        response: {
          data: [{ result: 'failed', error: refusal }, { result: 'failed' }],
          meta: { applied: 0, unchanged: 0, failed: 2 },
        },
      },
      '2025-03-04T09:00:00.000Z',
    );
    const refused = {
      kind: 'refused',
      code: 'ALREADY_ACKNOWLEDGED',
      message: 'Version 1 was acked.',
      details: [{ field: 'items[0]', code: 'acked' }],
    };
    expect(
      (await db.rowsOf('invoices').bulkGet(['a', 'b', 'c'])).map((row) => [
        row?.answerState,
        row?.answerError,
        row?.ackProblem,
      ]),
    ).toEqual([
      ['failed', '', refused],
      ['failed', '', { kind: 'no-result' }],
      ['failed', '', { kind: 'no-result' }],
    ]);
    expect((await ackHistory('a'))[0]?.items[0]).toMatchObject({ error: null, problem: refused });

    // The call refused as a whole: the batch fails for good, its rows keep the refusal as facts.
    await recordAttemptFailed(
      { ...batch!, id: 'batch-x', items: batch!.items.slice(3) },
      { code: 'INVALID_REQUEST', message: 'items: too many', retryable: false, requestId: 'req-2' },
      'Refused, in the words of the moment.',
      '2025-03-04T09:01:00.000Z',
      true,
    );
    const whole = { kind: 'batch', code: 'INVALID_REQUEST', message: 'items: too many', requestId: 'req-2' };
    expect(await db.rowsOf('invoices').get('d')).toMatchObject({
      answerState: 'failed',
      answerError: '',
      ackProblem: whole,
    });
    expect((await ackHistory('d'))[0]).toMatchObject({
      outcome: 'refused',
      error: 'Refused, in the words of the moment.',
      items: [{ id: 'd', error: null, problem: whole }],
    });
  });

  it('writes responses a slice at a time; one stopped between slices is written whole by the next pass, once', async () => {
    const batches = await stagedAndAccepted(
      Array.from({ length: 600 }, (_, index) => invoice(`i${index}`, index + 1)),
    );
    const kept = [];
    for (const batch of batches) kept.push(await keptAcceptedAt1000(batch));
    expect(600).toBeGreaterThan(2 * applySliceSize);

    // The disk fills during the second slice: the first slice's documents are written, the batches stay
    // responded (nothing says they were written), and the pass stops with the refusal.
    const freeDisk = fillDiskAfter(applySliceSize + 10, (store) => store === 'invoiceRows');
    await expect(applyBatchResponses(kept)).rejects.toThrow();
    freeDisk();
    const rows = () => db.rowsOf('invoices').toArray();
    const accepted = (await rows()).filter((row) => row.version === 1000).length;
    expect(accepted).toBe(applySliceSize);
    expect((await listBatches('conn-1', 'responded')).map((batch) => batch.id)).toEqual([
      'batch-1',
      'batch-2',
    ]);

    // The next pass writes the kept responses again: every document once, in one chunk, with its ack.
    await applyBatchResponses(await listBatches('conn-1', 'responded'));
    const written = await rows();
    expect(written.filter((row) => row.version === 1000)).toHaveLength(600);
    const stored = await readStoredDocuments('invoices', written);
    expect(stored.every((doc) => doc?.version === 1000 && doc.doc.ack?.outcome === 'ACCEPTED')).toBe(true);
    // Each chunk is counted live for the rows that name it, and no chunk is left that none names.
    const named = new Map<string, number>();
    for (const row of written) named.set(row.chunk, (named.get(row.chunk) ?? 0) + 1);
    const lives = await db.chunkLive.toArray();
    expect(new Map(lives.map((live) => [live.key, live.live]))).toEqual(named);
    expect(await db.documentChunks.count()).toBe(named.size);
    expect((await listBatches('conn-1', 'sent')).map((batch) => batch.id)).toEqual(['batch-1', 'batch-2']);
    expect(await listBatches('conn-1', 'responded')).toEqual([]);
  });

  it("reads a batch's rows as one range of the batch, and by id only those no longer queued in it", async () => {
    const [batch] = await stagedAndAccepted(
      ['a', 'b', 'c', 'd', 'e'].map((id, index) => invoice(id, index + 1)),
    );
    const rows = db.rowsOf('invoices');
    expect((await rows.get('c'))?.kHeld).toBe(queuedAckKey('batch-1', 'c'));
    // "b" was queued by a build before rows named their batch; "d" is queued again in another batch.
    const [b, d] = await rows.bulkGet(['b', 'd']);
    const { ackBatch: _none, ...unnamed } = b!;
    await putRows('invoices', [unnamed, { ...d!, ackBatch: 'batch-9' }]);
    // "e" moves meanwhile (a sync stages its next version): its answer stays queued in the batch.
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('e', 6)], meta: meta(1) },
      toVersionCursor(5),
      '2025-03-04T08:30:00.000Z',
    );
    expect(await rows.get('e')).toMatchObject({ version: 6, kHeld: queuedAckKey('batch-1', 'e') });
    const kept = await keptAcceptedAt1000(batch!);
    const byId = vi.spyOn(rows, 'bulkGet');
    await applyBatchResponses([kept]);
    expect(byId.mock.calls).toEqual([[['b', 'd']]]);
    byId.mockRestore();
    const written = await rows.toArray();
    expect(written.map((row) => [row.id, row.version, row.answerState, row.ackBatch, row.kHeld])).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((id) => [id, 1000, '', undefined, undefined]),
    );
  });

  it('marks a document answered here once its ack is applied, and keeps it so through later syncs of it', async () => {
    const [batch] = await stagedAndAccepted([invoice('mine', 3), invoice('theirs', 5)]);
    const ackOf = (id: string, version: number) => ({
      acked_at: '2025-03-04T09:00:00.000Z',
      acked_version: version,
      outcome: 'ACCEPTED' as const,
      external_number: `ERP-${id}`,
    });
    const kept = await keepBatchResponse(
      batch!,
      {
        batchId: batch!.id,
        isReplay: false,
        requestId: 'req-1',
        response: {
          data: [
            { result: 'applied', id: 'mine', status: 'ISSUED', version: 3, ack: ackOf('mine', 3) },
            { result: 'failed', id: 'theirs', error: null },
          ],
          meta: { applied: 1, unchanged: 0, failed: 1 },
        },
      },
      '2025-03-04T09:00:00.000Z',
    );
    await applyBatchResponses([kept]);
    const ackedBy = async () =>
      Object.fromEntries((await db.rowsOf('invoices').toArray()).map((row) => [row.id, row.ackedBy]));
    expect(await ackedBy()).toEqual({ mine: 'here', theirs: '' });
    // The next sync brings both with the service's acks: "theirs" was answered by another desk.
    await stageFeedPage(
      {
        kind: 'invoices',
        data: [
          invoice('mine', 3, { ack: ackOf('mine', 3) }),
          invoice('theirs', 6, { ack: ackOf('theirs', 6) }),
        ],
        meta: meta(10),
      },
      toVersionCursor(5),
      '2025-03-04T10:00:00.000Z',
    );
    expect(await ackedBy()).toEqual({ mine: 'here', theirs: 'elsewhere' });
  });
});
