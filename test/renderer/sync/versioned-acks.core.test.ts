// An ack is never sent to a version the clerk did not see: each queued ack carries the version answered,
// and before a batch leaves, its feed is synced and every item judged against the service's document.
// Against the real sandbox: its admin API reverses, bounces, voids, resends and moves the clock.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedKind } from '../../../src-shared/wire';
import type { DeskCore } from '../../../src-main/core/desk-service';
import { db } from '../../../src-renderer/data/db';
import { type ReviewRow } from '../../../src-renderer/data/rows';
import { ackHistory, listBatches } from '../../../src-renderer/data/ack-outbox';
import { SyncEngine } from '../../../src-renderer/sync/feed-sync';
import { queueAcks, sendQueuedAcks, type AckDesk } from '../../../src-renderer/sync/send-acks';
import { refreshAckedElsewhere } from '../../../src-renderer/sync/acked-elsewhere';
import { startTestCore, type TestCore } from '../../support/core';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { expectChunksConsistent } from '../../support/store-invariants';
import { rowsInView } from '../../../src-renderer/data/review-rows/reads';

const dayMs = 24 * 3600 * 1000;

describe('acks carry the version the clerk answered', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  let core: DeskCore;
  let connectionId: string;
  let engine: SyncEngine;
  /** Every batch the desk handed to the bridge, by id (the Idempotency-Key) with its document ids. */
  let sent: Array<{ id: string; ids: string[] }>;
  /** The bridge as the renderer sees it, recording what is sent. */
  let desk: AckDesk;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 40, seed: 23 });
    testCore = await startTestCore({ sandbox });
    core = testCore.core;
    connectionId = (await core.connections.list())[0]!.id;
    db.close();
    await db.delete();
    await db.open();
    engine = new SyncEngine({ desk: core.api, yieldToUi: () => Promise.resolve() });
    await engine.syncAll();
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });
  beforeEach(() => {
    sent = [];
    desk = {
      acks: {
        send: (batch) => {
          sent.push({ id: batch.id, ids: batch.items.map((item) => item.id) });
          return core.api.acks.send(batch);
        },
      },
      feeds: core.api.feeds,
    };
  });

  /** A bridge that cannot reach the app's host: nothing is sent. */
  const unreachable = async () =>
    ({ ok: false, error: { code: 'NETWORK_UNREACHABLE', message: 'offline', retryable: true } }) as const;
  const offline: AckDesk = {
    acks: { send: unreachable },
    feeds: { documents: unreachable, pull: unreachable },
  };

  async function pendingRows(kind: FeedKind): Promise<ReviewRow[]> {
    return rowsInView(kind, 'pending')
      .filter((row) => row.answerState === '')
      .toArray();
  }

  async function onService(kind: FeedKind, id: string) {
    const { client } = await core.activeClient();
    return (await client.document(kind, id)).data;
  }

  it('holds the acks of payments reversed, bounced or voided while offline, and sends the others', async () => {
    const rows = await pendingRows('payments');
    expect(rows.length).toBeGreaterThan(10);
    await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `RV-${row.number}` })),
    });
    expect(await sendQueuedAcks({ desk: offline, connectionId })).toMatchObject({
      batchesSent: 0,
      stoppedBy: { code: 'NETWORK_UNREACHABLE' },
    });

    // While the desk is offline, the office reverses one payment, a cheque bounces, a receipt is voided.
    const { created } = await sandbox.admin<{ created: Record<string, string[]> }>('POST', '/simulate', {
      reversals: 1,
      cheque_bounces: 1,
      receipt_voids: 1,
    });
    const changed = new Map([
      ...(created.reversals ?? []).map((id) => [id, 'reversed'] as const),
      ...(created.cheque_bounces ?? []).map((id) => [id, 'cheque-bounced'] as const),
      ...(created.receipt_voids ?? []).map((id) => [id, 'receipt-voided'] as const),
    ]);
    const queued = new Set(rows.map((row) => row.id));
    expect([...changed.keys()].filter((id) => queued.has(id))).toHaveLength(3);

    const back = await sendQueuedAcks({ desk, connectionId });
    expect(back).toMatchObject({ held: 3, elsewhere: 0, applied: rows.length - 3, stoppedBy: null });
    // None of the moved payments was sent, in any batch; every other one was, once.
    const sentIds = sent.flatMap((batch) => batch.ids);
    expect(sentIds.filter((id) => changed.has(id))).toEqual([]);
    expect(new Set(sentIds)).toEqual(new Set(rows.map((row) => row.id).filter((id) => !changed.has(id))));
    for (const [id, evidence] of changed) {
      expect((await onService('payments', id)).ack ?? null).toBeNull();
      const row = await db.rowsOf('payments').get(id);
      expect(row).toMatchObject({ review: 'pending', answerState: 'changed', answerError: '' });
      expect(row!.ackProblem).toEqual({
        kind: 'moved',
        ackedVersion: rows.find((queuedRow) => queuedRow.id === id)!.version,
        changes: expect.arrayContaining([expect.objectContaining({ kind: evidence })]) as unknown,
      });
    }
    const kept = rows.find((row) => !changed.has(row.id))!;
    expect((await onService('payments', kept.id)).ack).toMatchObject({
      outcome: 'ACCEPTED',
      external_number: `RV-${kept.number}`,
    });
    expect(await listBatches(connectionId, 'queued')).toEqual([]);
    // The clerk answers a held one again: it goes out at its new version.
    const [heldId] = [...changed.keys()];
    await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: [{ id: heldId!, outcome: 'REJECTED', reasonCode: 'OTHER', message: 'Reversed in the field.' }],
    });
    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ applied: 1, held: 0 });
    expect((await onService('payments', heldId!)).ack).toMatchObject({ outcome: 'REJECTED' });
    await expectChunksConsistent();
  });

  it('holds the ack of a return the office changed while it waited, and sends the others', async () => {
    const rows = (await pendingRows('returns')).slice(0, 3);
    await queueAcks({
      connectionId,
      kind: 'returns',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `CN-${row.number}` })),
    });
    await sendQueuedAcks({ desk: offline, connectionId });
    const changed = rows[1]!;
    await sandbox.admin('POST', `/returns/${changed.id}/decide`, {
      approved: false,
      note: 'Two cartons short.',
    });

    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ held: 1, applied: 2 });
    expect(sent.flatMap((batch) => batch.ids)).not.toContain(changed.id);
    expect((await onService('returns', changed.id)).ack ?? null).toBeNull();
    const held = await db.rowsOf('returns').get(changed.id);
    expect(held).toMatchObject({ answerState: 'changed', answerOutcome: 'ACCEPTED' });
    expect(held!.ackProblem).toMatchObject({
      kind: 'moved',
      ackedVersion: changed.version,
      changes: expect.arrayContaining([{ kind: 'held', reason: 'Refused by the office' }]) as unknown,
    });
    for (const row of [rows[0]!, rows[2]!])
      expect((await onService('returns', row.id)).ack).toMatchObject({ external_number: `CN-${row.number}` });
  });

  it('answers an order the office sent again after ERP_FAILED: pending again, and answerable', async () => {
    const [order] = await pendingRows('orders');
    await queueAcks({
      connectionId,
      kind: 'orders',
      drafts: [{ id: order!.id, outcome: 'REJECTED', reasonCode: 'CREDIT_LIMIT' }],
    });
    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ applied: 1 });
    expect(await onService('orders', order!.id)).toMatchObject({ status: 'ERP_FAILED' });

    await sandbox.admin('POST', `/orders/${order!.id}/resend`);
    await engine.syncAll(['orders']);
    expect(await db.rowsOf('orders').get(order!.id)).toMatchObject({
      review: 'pending',
      pendingAgain: 1,
      answerState: '',
    });

    await queueAcks({
      connectionId,
      kind: 'orders',
      drafts: [{ id: order!.id, outcome: 'ACCEPTED', externalNumber: 'SO-RESENT-1' }],
    });
    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ applied: 1, held: 0 });
    expect(await onService('orders', order!.id)).toMatchObject({
      status: 'ERP_CONFIRMED',
      ack: { outcome: 'ACCEPTED', external_number: 'SO-RESENT-1' },
    });
  });

  it('settles a tried batch past the key retention from what the service holds, sending nothing', async () => {
    const rows = (await pendingRows('invoices')).slice(0, 3);
    await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `KEY-${row.number}` })),
    });
    const [batch] = await listBatches(connectionId, 'queued');
    // The batch reaches the service, but its response is lost: it stays queued, applied there.
    const lost: AckDesk = {
      acks: {
        send: async (sending) => {
          await core.api.acks.send(sending);
          return { ok: false, error: { code: 'NETWORK_UNREACHABLE', message: 'lost', retryable: true } };
        },
      },
      feeds: core.api.feeds,
    };
    await sendQueuedAcks({ desk: lost, connectionId });
    expect(await listBatches(connectionId, 'queued')).toMatchObject([{ id: batch!.id, attempts: 1 }]);

    // Eight days later the service no longer knows the key (spec, Limits: kept 7 days).
    await sandbox.admin('POST', '/clock', { advance_seconds: 8 * 24 * 3600 });
    const later = () => new Date(Date.now() + 8 * dayMs);
    const pass = await sendQueuedAcks({ desk, connectionId, now: later });
    expect(sent).toEqual([]);
    expect(pass).toMatchObject({ applied: 3, batchesSent: 0, held: 0, elsewhere: 0 });
    expect(await db.outbox.get(batch!.id)).toMatchObject({ state: 'settled' });
    for (const row of rows)
      expect(await db.rowsOf('invoices').get(row.id)).toMatchObject({ review: 'accepted', answerState: '' });
    expect((await ackHistory(rows[0]!.id)).map((entry) => entry.outcome)).toEqual(['settled']);
  });

  it('gives a tried batch past the key retention a new key when the service shows it never applied it', async () => {
    const rows = (await pendingRows('invoices')).slice(0, 2);
    await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `NEW-${row.number}` })),
    });
    const [batch] = await listBatches(connectionId, 'queued');
    await sendQueuedAcks({ desk: offline, connectionId });
    await sandbox.admin('POST', '/clock', { advance_seconds: 8 * 24 * 3600 });
    const later = () => new Date(Date.now() + 16 * dayMs);
    const pass = await sendQueuedAcks({ desk, connectionId, now: later });
    expect(pass).toMatchObject({ applied: 2, batchesSent: 1 });
    // Sent once, under a new key stored before the send; never under the old one.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.id).not.toBe(batch!.id);
    expect(await db.outbox.get(sent[0]!.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await db.outbox.get(batch!.id)).toMatchObject({ state: 'settled' });
    for (const row of rows)
      expect((await onService('invoices', row.id)).ack).toMatchObject({
        external_number: `NEW-${row.number}`,
      });
  });

  it('shows an answer made on another desk, and never sends a queued answer that conflicts with it', async () => {
    const [shown, conflicting] = (await pendingRows('invoices')).slice(0, 2);
    // This desk queues an answer to the second invoice while offline.
    await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: [{ id: conflicting!.id, outcome: 'REJECTED', reasonCode: 'DUPLICATE' }],
    });
    await sendQueuedAcks({ desk: offline, connectionId });
    // Another desk of the same company answers both (the service is the shared state).
    const other = await core.api.acks.send({
      id: 'other-desk-batch-0001',
      kind: 'invoices',
      items: [
        { id: shown!.id, outcome: 'ACCEPTED', external_number: 'ERP-123' },
        { id: conflicting!.id, outcome: 'ACCEPTED', external_number: 'ERP-124' },
      ],
    });
    expect(other.ok && other.value.response.meta.applied).toBe(2);

    // The version feed brings nothing (an ack does not move a version); the pending check does.
    await engine.syncAll(['invoices']);
    expect(await db.rowsOf('invoices').get(shown!.id)).toMatchObject({ review: 'pending' });
    expect(await refreshAckedElsewhere(core.api, 'invoices')).toMatchObject({
      checked: true,
      error: null,
    });
    expect(await db.rowsOf('invoices').get(shown!.id)).toMatchObject({
      review: 'accepted',
      externalNumber: 'ERP-123',
      answerState: '',
    });

    // Back online, the queued rejection is not sent, says why in plain words, and is not retried.
    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ elsewhere: 1, batchesSent: 0 });
    expect(sent).toEqual([]);
    expect(await db.rowsOf('invoices').get(conflicting!.id)).toMatchObject({
      review: 'accepted',
      externalNumber: 'ERP-124',
      answerState: 'elsewhere',
      answerError: '',
      ackProblem: { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: 'ERP-124', reasonCode: null },
    });
    expect(await sendQueuedAcks({ desk, connectionId })).toMatchObject({ batchesSent: 0, elsewhere: 0 });
    expect(sent).toEqual([]);
    expect((await onService('invoices', conflicting!.id)).ack).toMatchObject({ external_number: 'ERP-124' });
  });
});

describe('a pass with many queued acks reads the feed pending list instead of every id', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  let core: DeskCore;
  let connectionId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 300, seed: 29, rateLimit: 100_000 });
    testCore = await startTestCore({ sandbox });
    core = testCore.core;
    connectionId = (await core.connections.list())[0]!.id;
    db.close();
    await db.delete();
    await db.open();
    await new SyncEngine({ desk: core.api, yieldToUi: () => Promise.resolve() }).syncAll(['payments']);
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });

  it('still holds every moved payment and sends the others, in fewer calls', async () => {
    const rows = await rowsInView('payments', 'pending')
      .filter((row) => row.answerState === '')
      .toArray();
    expect(rows.length).toBeGreaterThan(200);
    await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: rows.map((row) => ({ id: row.id, outcome: 'ACCEPTED', externalNumber: `L-${row.number}` })),
    });
    const { created } = await sandbox.admin<{ created: Record<string, string[]> }>('POST', '/simulate', {
      reversals: 2,
      cheque_bounces: 1,
      receipt_voids: 1,
    });
    const moved = new Set([
      ...(created.reversals ?? []),
      ...(created.cheque_bounces ?? []),
      ...(created.receipt_voids ?? []),
    ]);
    const queued = new Set(rows.map((row) => row.id));
    const heldExpected = [...moved].filter((id) => queued.has(id));
    expect(heldExpected.length).toBeGreaterThan(0);
    const calls = { documents: 0, pendingPages: 0 };
    const desk: AckDesk = {
      acks: core.api.acks,
      feeds: {
        documents: (kind, ids) => {
          calls.documents += 1;
          return core.api.feeds.documents(kind, ids);
        },
        pull: (kind, request) => {
          if (request.ack === 'pending') calls.pendingPages += 1;
          return core.api.feeds.pull(kind, request);
        },
      },
    };
    const pass = await sendQueuedAcks({ desk, connectionId });
    expect(pass).toMatchObject({ held: heldExpected.length, applied: rows.length - heldExpected.length });
    // The pending list once (a page or two), no read by id: every queued payment is still pending.
    expect(calls).toEqual({ documents: 0, pendingPages: Math.ceil((rows.length + 1) / 500) });
    for (const id of heldExpected) {
      expect(await db.rowsOf('payments').get(id)).toMatchObject({ answerState: 'changed' });
      const { client } = await core.activeClient();
      expect((await client.document('payments', id)).data.ack ?? null).toBeNull();
    }
    await expectChunksConsistent();
  });
});
