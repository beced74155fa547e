// Batch accept and reject through the renderer's outbox (fake-indexeddb), a real core and the real
// sandbox: answers are stored before they are sent, sent once, and settled per item.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedKind } from '../../../src-shared/wire';
import type { DeskCore } from '../../../src-main/core/desk-service';
import { db } from '../../../src-renderer/data/db';
import { type ReviewRow } from '../../../src-renderer/data/rows';
import { ackHistory, listBatches } from '../../../src-renderer/data/ack-outbox';
import { queueAcks, sendQueuedAcks, type AckDesk } from '../../../src-renderer/sync/send-acks';
import { expectChunksConsistent } from '../../support/store-invariants';
import { SyncEngine } from '../../../src-renderer/sync/feed-sync';
import { readStoredDocuments } from '../../../src-renderer/data/stored-documents';
import { startTestCore, type TestCore } from '../../support/core';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { rowsInView } from '../../../src-renderer/data/review-rows/reads';
import { deskErrorWords } from '../../../src-renderer/words/problem-words';
import { fillDiskAfter } from '../support/full-disk';

describe('answers through the outbox, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  let core: DeskCore;
  let connectionId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 30, seed: 11 });
    testCore = await startTestCore({ sandbox });
    core = testCore.core;
    connectionId = (await core.connections.list())[0]!.id;
    db.close();
    await db.delete();
    await db.open();
    await new SyncEngine({ desk: core.api, yieldToUi: () => Promise.resolve() }).syncAll();
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });

  async function pendingRows(kind: FeedKind, count: number): Promise<ReviewRow[]> {
    const rows = await rowsInView(kind, 'pending')
      .filter((row) => row.answerState === '')
      .limit(count)
      .toArray();
    expect(rows).toHaveLength(count);
    return rows;
  }

  /** The document as the service holds it now. */
  async function onService(kind: FeedKind, id: string) {
    const { client } = await core.activeClient();
    return (await client.document(kind, id)).data;
  }

  it('accepts 10 invoices with ERP numbers, once, and records what came back', async () => {
    const rows = await pendingRows('invoices', 10);
    const queued = await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: rows.map((row, index) => ({
        id: row.id,
        outcome: 'ACCEPTED',
        externalNumber: `ERP-INV-${1000 + index}`,
      })),
    });
    expect(queued.ok).toBe(true);
    // Stored, with its key, before anything was sent.
    const [batch] = await listBatches(connectionId, 'queued');
    expect(batch?.items).toHaveLength(10);
    expect((await db.rowsOf('invoices').get(rows[0]!.id))?.answerState).toBe('queued');

    const sent = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(sent).toEqual({
      batchesSent: 1,
      applied: 10,
      unchanged: 0,
      failed: 0,
      batchesFailed: 0,
      held: 0,
      elsewhere: 0,
      stoppedBy: null,
    });
    for (const [index, row] of rows.entries()) {
      const local = await db.rowsOf('invoices').get(row.id);
      expect(local).toMatchObject({
        review: 'accepted',
        answerState: '',
        externalNumber: `ERP-INV-${1000 + index}`,
      });
      const remote = await onService('invoices', row.id);
      expect(remote.ack).toMatchObject({
        outcome: 'ACCEPTED',
        external_number: `ERP-INV-${1000 + index}`,
        acked_version: remote.version,
      });
    }
    const history = await ackHistory(rows[0]!.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      call: 'POST /acks',
      outcome: 'answered',
      applied: 10,
      batchId: batch!.id,
    });

    // The app stopped before it recorded the answer: the batch goes again with its key and body, and
    // the service replays its first answer instead of applying it twice.
    const ackBefore = (await onService('invoices', rows[0]!.id)).ack;
    await db.outbox.update(batch!.id, { state: 'queued', results: null });
    const again = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(again).toMatchObject({ batchesSent: 1, applied: 10, failed: 0 });
    expect((await ackHistory(rows[0]!.id))[0]).toMatchObject({ outcome: 'replayed', batchId: batch!.id });
    expect((await onService('invoices', rows[0]!.id)).ack).toEqual(ackBefore);
    // Each answered document's new version is stored once, in a chunk its row names.
    await expectChunksConsistent();
  });

  it('keeps answers queued while the disk is full, and sends each once under its first key once freed', async () => {
    const rows = await pendingRows('invoices', 5);
    const queued = await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: rows.map((row, index) => ({
        id: row.id,
        outcome: 'ACCEPTED',
        externalNumber: `ERP-F-${index}`,
      })),
    });
    expect(queued.ok).toBe(true);
    const [batch] = await listBatches(connectionId, 'queued');
    // The disk refuses every write of the pass: the documents its check reads (when they changed) and
    // the response it got. The batch may have reached the service; it is recorded nowhere.
    const free = fillDiskAfter(0);
    let waiting;
    try {
      waiting = await sendQueuedAcks({ desk: core.api, connectionId });
    } finally {
      free();
    }
    expect(waiting).toMatchObject({ stoppedBy: { code: 'STORAGE_FULL', retryable: true } });
    expect(deskErrorWords(waiting.stoppedBy!)).toMatch(
      /^This computer’s disk is full: .* Free some space\. Nothing is lost/,
    );
    expect((await listBatches(connectionId, 'queued')).map((each) => [each.id, each.items.length])).toEqual([
      [batch!.id, 5],
    ]);
    const before = await Promise.all(rows.map(async (row) => (await onService('invoices', row.id)).ack));

    // Room again: the same batch goes under its key, and whatever the service applied it applies once.
    const sent = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(sent).toMatchObject({ batchesSent: 1, failed: 0, stoppedBy: null });
    expect(await listBatches(connectionId, 'queued')).toEqual([]);
    for (const [index, row] of rows.entries()) {
      const ack = (await onService('invoices', row.id)).ack;
      expect(ack).toMatchObject({ outcome: 'ACCEPTED', external_number: `ERP-F-${index}` });
      if (before[index]) expect(ack).toEqual(before[index]);
      const history = await ackHistory(row.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        batchId: batch!.id,
        outcome: before[index] ? 'replayed' : 'answered',
      });
    }
  });

  it('stops sending when a response cannot be recorded, and sends each batch once more under its key', async () => {
    // Responses are recorded behind the sends: a refused record must stop the pass, and a batch the
    // service answered but the desk could not record goes again under its key, never applied twice.
    const rows = await pendingRows('invoices', 6);
    const batches: string[] = [];
    for (const pair of [rows.slice(0, 2), rows.slice(2, 4), rows.slice(4, 6)]) {
      const queued = await queueAcks({
        connectionId,
        kind: 'invoices',
        drafts: pair.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `ERP-R-${row.id}` })),
      });
      if (!queued.ok) throw new Error('not queued');
      batches.push(...queued.batches.map((batch) => batch.id));
    }
    const free = fillDiskAfter(0, (store) => store === 'outbox');
    let waiting;
    try {
      waiting = await sendQueuedAcks({ desk: core.api, connectionId });
    } finally {
      free();
    }
    expect(waiting).toMatchObject({ stoppedBy: { code: 'STORAGE_FULL' } });
    expect((await listBatches(connectionId, 'queued')).map((batch) => batch.id).sort()).toEqual(
      [...batches].sort(),
    );
    const reached = await Promise.all(rows.map(async (row) => (await onService('invoices', row.id)).ack));

    const sent = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(sent).toMatchObject({ batchesSent: 3, failed: 0, stoppedBy: null });
    expect(await listBatches(connectionId, 'queued')).toEqual([]);
    for (const [index, row] of rows.entries()) {
      const ack = (await onService('invoices', row.id)).ack;
      expect(ack).toMatchObject({ outcome: 'ACCEPTED', external_number: `ERP-R-${row.id}` });
      if (reached[index]) expect(ack).toEqual(reached[index]);
      const history = await ackHistory(row.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        batchId: batches[Math.floor(index / 2)],
        outcome: reached[index] ? 'replayed' : 'answered',
      });
    }
    await expectChunksConsistent();
  });

  it('keeps a response before the next send: a batch answered but not yet written is written later, never sent again', async () => {
    const rows = await pendingRows('invoices', 3);
    const queued = await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `ERP-K-${row.id}` })),
    });
    if (!queued.ok) throw new Error('not queued');
    const [batch] = queued.batches;
    // The response is kept (outbox and audit); writing it onto the documents is refused.
    const free = fillDiskAfter(0, (store) => store !== 'outbox' && store !== 'audit');
    let stopped;
    try {
      stopped = await sendQueuedAcks({ desk: core.api, connectionId });
    } finally {
      free();
    }
    expect(stopped).toMatchObject({ batchesSent: 1, stoppedBy: { code: 'STORAGE_FULL' } });
    expect((await db.outbox.get(batch!.id))?.state).toBe('responded');
    expect((await db.rowsOf('invoices').get(rows[0]!.id))?.answerState).toBe('queued');

    // The next pass writes it, and sends nothing.
    const next = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(next).toMatchObject({ batchesSent: 0, stoppedBy: null });
    expect((await db.outbox.get(batch!.id))?.state).toBe('sent');
    for (const row of rows) {
      expect(await db.rowsOf('invoices').get(row.id)).toMatchObject({
        review: 'accepted',
        answerState: '',
        externalNumber: `ERP-K-${row.id}`,
      });
      const history = await ackHistory(row.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ batchId: batch!.id, outcome: 'answered' });
    }
    await expectChunksConsistent();
  });

  it('rejects 2 payments with a reason code and message', async () => {
    const rows = await pendingRows('payments', 2);
    const queued = await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: rows.map((row) => ({
        id: row.id,
        outcome: 'REJECTED',
        reasonCode: 'AMOUNT_MISMATCH',
        message: 'Cheque amount differs from the slip.',
      })),
    });
    expect(queued.ok).toBe(true);
    expect(await sendQueuedAcks({ desk: core.api, connectionId })).toMatchObject({
      applied: 2,
      failed: 0,
    });
    for (const row of rows) {
      expect(await db.rowsOf('payments').get(row.id)).toMatchObject({ review: 'rejected', answerState: '' });
      expect((await onService('payments', row.id)).ack).toMatchObject({
        outcome: 'REJECTED',
        reason_code: 'AMOUNT_MISMATCH',
        message: 'Cheque amount differs from the slip.',
      });
    }
  });

  it('confirms an order with its ERP number and fails another with a reason; an order needs its number', async () => {
    const [confirm, fail] = await pendingRows('orders', 2);
    const missing = await queueAcks({
      connectionId,
      kind: 'orders',
      drafts: [{ id: confirm!.id, outcome: 'ACCEPTED', externalNumber: ' ' }],
    });
    expect(missing).toEqual({
      ok: false,
      problems: [{ id: confirm!.id, problem: { code: 'order-number-missing' } }],
    });
    expect(await listBatches(connectionId, 'queued')).toHaveLength(0);

    await queueAcks({
      connectionId,
      kind: 'orders',
      drafts: [{ id: confirm!.id, outcome: 'ACCEPTED', externalNumber: 'SO-77' }],
    });
    await queueAcks({
      connectionId,
      kind: 'orders',
      drafts: [{ id: fail!.id, outcome: 'REJECTED', reasonCode: 'CREDIT_LIMIT' }],
    });
    expect(await sendQueuedAcks({ desk: core.api, connectionId })).toMatchObject({
      batchesSent: 2,
      applied: 2,
    });
    expect(await db.rowsOf('orders').get(confirm!.id)).toMatchObject({
      review: 'accepted',
      status: 'ERP_CONFIRMED',
      externalNumber: 'SO-77',
    });
    expect(await db.rowsOf('orders').get(fail!.id)).toMatchObject({
      review: 'rejected',
      status: 'ERP_FAILED',
    });
    expect(await onService('orders', confirm!.id)).toMatchObject({
      status: 'ERP_CONFIRMED',
      ack: { outcome: 'ACCEPTED', external_number: 'SO-77' },
    });
    expect(await onService('orders', fail!.id)).toMatchObject({ status: 'ERP_FAILED' });

    // The next sync brings both orders at their new versions and keeps them answered.
    await new SyncEngine({ desk: core.api, yieldToUi: () => Promise.resolve() }).syncAll(['orders']);
    expect(await db.rowsOf('orders').get(confirm!.id)).toMatchObject({
      review: 'accepted',
      status: 'ERP_CONFIRMED',
    });
  });

  it('keeps an item answered differently on the service selectable with the reason in plain words, unsent', async () => {
    // Payments rejected above: a different answer to the same version is never sent; the service's
    // answer is named in plain words and the item is not retried.
    const rejected = await rowsInView('payments', 'rejected').first();
    const [stored] = await readStoredDocuments('payments', [rejected]);
    const pending = (await pendingRows('payments', 1))[0]!;
    await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: [
        { id: rejected!.id, outcome: 'ACCEPTED' },
        { id: pending.id, outcome: 'ACCEPTED' },
      ],
    });
    expect(await sendQueuedAcks({ desk: core.api, connectionId })).toMatchObject({
      applied: 1,
      failed: 0,
      elsewhere: 1,
    });
    expect(await db.rowsOf('payments').get(rejected!.id)).toMatchObject({
      answerState: 'elsewhere',
      answerError: '',
      ackProblem: {
        kind: 'elsewhere',
        outcome: 'REJECTED',
        externalNumber: stored!.doc.ack!.external_number ?? null,
        reasonCode: stored!.doc.ack!.reason_code,
      },
    });
    // The history keeps the same facts, said in the clerk's language when shown.
    const [settled] = await ackHistory(rejected!.id);
    expect(settled).toMatchObject({ outcome: 'settled' });
    expect(settled!.items.find((item) => item.id === rejected!.id)).toMatchObject({
      result: 'elsewhere',
      error: null,
      problem: { kind: 'elsewhere', outcome: 'REJECTED' },
    });
    expect(await db.rowsOf('payments').get(pending.id)).toMatchObject({
      review: 'accepted',
      answerState: '',
    });
  });

  it('queues answers while offline, keeps them when the app closes, and applies them once when back', async () => {
    const rows = await pendingRows('returns', 3);
    // The app's host cannot be reached (the browser is offline): the bridge answers NETWORK_UNREACHABLE.
    const unreachable = async () =>
      ({
        ok: false,
        error: { code: 'NETWORK_UNREACHABLE', message: 'offline', retryable: true },
      }) as const;
    const offline: AckDesk = {
      acks: { send: unreachable },
      feeds: { documents: unreachable, pull: unreachable },
    };
    await queueAcks({
      connectionId,
      kind: 'returns',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `CN-${row.number}` })),
    });
    const tried = await sendQueuedAcks({ desk: offline, connectionId });
    expect(tried).toMatchObject({ batchesSent: 0, stoppedBy: { code: 'NETWORK_UNREACHABLE' } });
    const [waiting] = await listBatches(connectionId, 'queued');
    expect(waiting).toMatchObject({ attempts: 1, lastError: { code: 'NETWORK_UNREACHABLE' } });

    // The app closes and opens again: the outbox is on disk.
    db.close();
    await db.open();
    expect((await db.rowsOf('returns').get(rows[0]!.id))?.answerState).toBe('queued');
    const back = await sendQueuedAcks({ desk: core.api, connectionId });
    expect(back).toMatchObject({ batchesSent: 1, applied: 3, stoppedBy: null });
    expect(await listBatches(connectionId, 'queued')).toHaveLength(0);
    for (const row of rows) {
      expect(await db.rowsOf('returns').get(row.id)).toMatchObject({ review: 'accepted', answerState: '' });
      expect((await onService('returns', row.id)).ack).toMatchObject({
        outcome: 'ACCEPTED',
        external_number: `CN-${row.number}`,
      });
    }
    // One batch, one key, one application.
    const history = await ackHistory(rows[0]!.id);
    expect(history.map((entry) => [entry.outcome, entry.batchId])).toEqual([['answered', waiting!.id]]);
  });
});
