import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { queueAckPage } from '../../../src-renderer/data/ack-outbox';
import { db } from '../../../src-renderer/data/db';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

// A page of a whole view's acceptance (500 at most) reads its rows once: to leave out those already
// queued and to store the rest as a batch. "Accept" over 10,000 documents read every row twice, 20,000
// reads on the thread the clerk's screen runs on (a trace of 2026-11-29).
describe('queuing a page of answers', () => {
  it('reads its rows once, leaves out the one already queued and queues the others', async () => {
    await putRows('payments', [row('p-1'), row('p-2'), row('p-3', { answerState: 'queued' })]);
    const reads = vi.spyOn(db.rowsOf('payments'), 'bulkGet');
    const { batches, alreadyQueued } = await queueAckPage({
      connectionId: 'conn-1',
      kind: 'payments',
      items: ['p-1', 'p-2', 'p-3'].map((id) => ({ id, outcome: 'ACCEPTED' as const })),
      nowIso: '2026-11-29T10:00:00.000Z',
      newId: () => 'batch-1',
    });
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    expect(alreadyQueued).toEqual(['p-3']);
    expect(batches.map((batch) => batch.items.map((item) => item.id))).toEqual([['p-1', 'p-2']]);
    expect(batches[0]!.versions).toEqual([1, 1]);
    const stored = await db.rowsOf('payments').bulkGet(['p-1', 'p-2', 'p-3']);
    expect(stored.map((each) => each?.answerState)).toEqual(['queued', 'queued', 'queued']);
    expect(stored.map((each) => each?.answerOutcome)).toEqual(['ACCEPTED', 'ACCEPTED', '']);
    expect(await db.outbox.get('batch-1')).toMatchObject({ state: 'queued', kind: 'payments' });
  });
});
