import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { type AuditEntry, type OutboxBatch } from '../../../src-renderer/data/rows';
import { readDayEndReport, readDayEndSource } from '../../../src-renderer/data/day-end';
import type { FeedKind } from '../../../src-shared/wire';
import { row } from '../review/fixtures';
import { putRows } from '../support/stored-rows';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An outbox batch of `ids` answered with `outcome` at `versions`, sent `attempts` times. */
function batch(
  id: string,
  kind: FeedKind,
  ids: string[],
  outcome: 'ACCEPTED' | 'REJECTED',
  versions: number[] | undefined,
  attempts = 1,
): OutboxBatch {
  return {
    id,
    connectionId: 'conn-1',
    kind,
    items: ids.map((doc) => ({ id: doc, outcome })),
    versions,
    createdAt: '2026-03-05T10:00:00.000Z',
    state: 'sent',
    attempts,
    lastAttemptAt: '2026-03-05T10:00:01.000Z',
    lastError: null,
    results: null,
  };
}

/** The audit entry of a batch: its outcome and each item's result. */
function entry(of: OutboxBatch, outcome: AuditEntry['outcome'], results: string[]): AuditEntry {
  return {
    at: '2026-03-05T10:00:01.000Z',
    connectionId: of.connectionId,
    call: 'POST /acks',
    kind: of.kind,
    batchId: of.id,
    docIds: of.items.map((item) => item.id),
    outcome,
    applied: results.filter((result) => result === 'applied').length,
    unchanged: 0,
    failed: 0,
    requestId: null,
    error: null,
    items: of.items.map((item, index) => ({
      id: item.id,
      outcome: item.outcome,
      externalNumber: null,
      reasonCode: null,
      result: results[index] ?? 'refused',
      error: null,
    })),
  };
}

/**
 * A week's invoices and payments staged (and a day either side that the report must leave out), with
 * the answers this desk sent: applied, replayed, refused, settled as already applied after a send, and
 * settled without ever being sent.
 */
async function stage(): Promise<void> {
  await putRows('invoices', [
    row('i-before', { date: '2026-03-01', review: 'accepted', seq: 1 }),
    row('i1', { date: '2026-03-02', review: 'accepted', amountCents: 10_000, seq: 2 }),
    row('i2', { date: '2026-03-02', review: 'accepted', amountCents: 20_000, seq: 3 }),
    row('i3', { date: '2026-03-02', review: 'rejected', amountCents: 30_000, seq: 4 }),
    row('i4', { date: '2026-03-03', review: 'accepted', amountCents: 40_000, seq: 6 }),
    row('i5', { date: '2026-03-03', review: 'rejected', amountCents: 50_000, seq: 7 }),
    row('i6', { date: '2026-03-08', review: 'pending', amountCents: 60_000, currency: 'USD', seq: 8 }),
    row('i-after', { date: '2026-03-09', review: 'accepted', seq: 9 }),
  ]);
  await putRows('payments', [
    row('p1', { date: '2026-03-04', review: 'pending', pendingAgain: 1, status: 'REVERSED', seq: 20 }),
    row('p2', { date: '2026-03-04', review: 'accepted', version: 2, status: 'RECORDED', seq: 21 }),
  ]);
  const sent = batch('b-sent', 'invoices', ['i1', 'i3'], 'ACCEPTED', [1, 1]);
  // i3 was accepted from here but stands rejected (answered otherwise elsewhere): not from here.
  const replayed = batch('b-replayed', 'invoices', ['i2'], 'ACCEPTED', [1]);
  const refused = batch('b-refused', 'invoices', ['i4'], 'ACCEPTED', [1]);
  const settledAfterSend = batch('b-settled-sent', 'invoices', ['i5'], 'REJECTED', [1], 2);
  const settledNeverSent = batch('b-settled-unsent', 'invoices', ['i4'], 'ACCEPTED', [1], 0);
  // p2 answered at version 1, stands accepted at version 2: not this desk's answer.
  const payment = batch('b-payment', 'payments', ['p2', 'p1'], 'ACCEPTED', [1, 1]);
  await db.outbox.bulkPut([sent, replayed, refused, settledAfterSend, settledNeverSent, payment]);
  await db.audit.bulkAdd([
    entry(sent, 'answered', ['applied', 'applied']),
    entry(replayed, 'replayed', ['applied']),
    entry(refused, 'refused', ['refused']),
    entry(settledAfterSend, 'settled', ['applied']),
    entry(settledNeverSent, 'settled', ['applied']),
    entry(payment, 'answered', ['applied', 'applied']),
  ]);
  await db.cursors.bulkPut([
    {
      kind: 'invoices',
      versionAfter: 10,
      highWater: 10,
      caughtUpAt: null,
      staged: 8,
      seq: { from: 0, highest: 9, missing: [[5, 5]], filled: [], checkedAt: null, serviceLastSeq: null },
    },
  ]);
}

describe('the day-end report from the local store', () => {
  it('reads only the rows of the range, and this desk answers that stand', async () => {
    await stage();
    const report = await readDayEndReport('2026-03-02', '2026-03-08', ['invoices', 'payments']);
    expect(
      report.summary.map((each) => ({
        kind: each.kind,
        issued: each.issued,
        totals: each.issuedTotals,
        accepted: each.accepted,
        rejected: each.rejected,
        pending: each.pending,
        reversed: each.pendingAgain.reversed,
        here: each.ackedHere,
        elsewhere: each.ackedElsewhere,
        seq: each.seq,
        gaps: each.gaps,
      })),
    ).toEqual([
      {
        kind: 'invoices',
        issued: 6,
        totals: [
          { currency: 'EGP', cents: 150_000 },
          { currency: 'USD', cents: 60_000 },
        ],
        accepted: 3,
        rejected: 2,
        pending: 1,
        reversed: 0,
        // i1 (answered), i2 (replayed), i5 (settled as applied after a send); not i3 (other outcome),
        // i4 (refused, and settled without a send).
        here: 3,
        elsewhere: 2,
        seq: { first: 2, last: 8 },
        gaps: [{ first: 5, last: 5, state: 'missing' }],
      },
      {
        kind: 'payments',
        issued: 2,
        totals: [{ currency: 'EGP', cents: 246_900 }],
        accepted: 1,
        rejected: 0,
        pending: 1,
        reversed: 1,
        here: 0,
        elsewhere: 1,
        seq: { first: 20, last: 21 },
        gaps: [],
      },
    ]);
    expect(report.series.map((point) => [point.date, point.issued, point.answered])).toEqual([
      ['2026-03-02', 3, 3],
      ['2026-03-03', 2, 2],
      ['2026-03-04', 2, 1],
      ['2026-03-05', 0, 0],
      ['2026-03-06', 0, 0],
      ['2026-03-07', 0, 0],
      ['2026-03-08', 1, 0],
    ]);
  });

  it('reads the whole audit log instead of the index when many documents are answered, to the same answers', async () => {
    const ids = Array.from({ length: 2_100 }, (_, index) => `x${String(index).padStart(4, '0')}`);
    await putRows(
      'invoices',
      ids.map((id) => row(id, { date: '2026-03-02', review: 'accepted' })),
    );
    const halves = [ids.slice(0, 500), ids.slice(500, 1000)];
    const batches = halves.map((half, index) =>
      batch(
        `b${index}`,
        'invoices',
        half,
        'ACCEPTED',
        half.map(() => 1),
      ),
    );
    await db.outbox.bulkPut(batches);
    await db.audit.bulkAdd(
      batches.map((each) =>
        entry(
          each,
          'answered',
          each.items.map(() => 'applied'),
        ),
      ),
    );
    const source = await readDayEndSource('2026-03-02', '2026-03-02', ['invoices']);
    expect(source.acks.get('invoices')?.size).toBe(1_000);
    const report = await readDayEndReport('2026-03-02', '2026-03-02', ['invoices']);
    expect([report.summary[0]?.ackedHere, report.summary[0]?.ackedElsewhere]).toEqual([1_000, 1_100]);
  });

  it("takes an order's version after this desk's answer from the batch's results", async () => {
    await putRows('orders', [
      // Confirmed here at version 10 (the service answered at 20), delivered since: still this desk's.
      row('o1', { date: '2026-03-02', review: 'accepted', version: 40, status: 'DELIVERED' }),
      // Rejected here (answered at 21), sent again by the office and rejected elsewhere: not this desk's.
      row('o2', { date: '2026-03-02', review: 'rejected', version: 50, status: 'ERP_FAILED' }),
      // Rejected here (answered at 22) and standing there.
      row('o3', { date: '2026-03-02', review: 'rejected', version: 22, status: 'ERP_FAILED' }),
    ]);
    const accepts = batch('b-o-accept', 'orders', ['o1'], 'ACCEPTED', [10]);
    const rejects = batch('b-o-reject', 'orders', ['o2', 'o3'], 'REJECTED', [11, 12]);
    accepts.results = [{ id: 'o1', result: 'applied', version: 20 }];
    rejects.results = [
      { id: 'o2', result: 'applied', version: 21 },
      { id: 'o3', result: 'applied', version: 22 },
    ];
    await db.outbox.bulkPut([accepts, rejects]);
    await db.audit.bulkAdd([
      entry(accepts, 'answered', ['applied']),
      entry(rejects, 'answered', ['applied', 'applied']),
    ]);
    const report = await readDayEndReport('2026-03-02', '2026-03-02', ['orders']);
    expect([report.summary[0]?.ackedHere, report.summary[0]?.ackedElsewhere]).toEqual([2, 1]);
  });
});
