import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { readReviewPage } from '../../../src-renderer/data/review-rows/pages';
import { defaultReviewSort, type ReviewQuery } from '../../../src-renderer/data/review-rows/query';
import { ackRefusalWords } from '../../../src-renderer/features/review/ack-check-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';
import { invoice, meta } from '../../support/wire-documents';
import { connectedSandbox } from '../support/connected-desk';
import { fillDiskAfter } from '../support/full-disk';

// A full disk while a clerk queues answers (issue 28, item 1): the action stops, nothing is half
// queued, and the clerk reads why and what to do; pages queued before the disk filled stay queued,
// whole, and are sent.

const total = 1_234;
const ids = Array.from({ length: total }, (_, index) => `inv_${String(index).padStart(5, '0')}`);
const pendingView: ReviewQuery = {
  kind: 'invoices',
  view: 'pending',
  sort: defaultReviewSort,
  quickFilter: '',
  filters: [],
};
const acceptWithNumber = (row: { id: string }) => ({
  id: row.id,
  outcome: 'ACCEPTED' as const,
  externalNumber: `ERP-${row.id}`,
});

let sent = 0;
beforeEach(async () => {
  await db.open();
  await stageFeedPage(
    { kind: 'invoices', data: ids.map((id, index) => invoice(id, index + 1)), meta: meta(total) },
    toVersionCursor(0),
    '2025-03-04T08:00:00.000Z',
  );
  sent = 0;
  useDeskStore.setState({
    connection: connectedSandbox,
    sendAcks: async () => ((sent += 1), null),
    refreshSyncFacts: async () => undefined,
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  resetDeskStore();
  db.close();
  await db.delete();
});

describe('a full disk while answers are queued', () => {
  it('stops answering ticked rows, queues none of them, and says why and what to do', async () => {
    const rows = await readReviewPage(pendingView, 0, 5);
    const undo = fillDiskAfter(0, (store) => store === 'outbox');
    const outcome = await useDeskStore.getState().ack('invoices', rows.map(acceptWithNumber));
    undo();
    expect(outcome).toMatchObject({
      ok: false,
      refusal: { code: 'storage', problem: { isFull: true }, queued: 0 },
    });
    expect(await db.outbox.count()).toBe(0);
    expect(
      (await db.rowsOf('invoices').bulkGet(rows.map((row) => row.id))).map((row) => row?.answerState),
    ).toEqual(rows.map(() => ''));
    if (outcome.ok) return;
    expect(ackRefusalWords(outcome.refusal)).toBe(
      'This computer’s disk is full: free some space, then press Accept or Reject again. Nothing was queued.',
    );
    // Room again: the same answers are queued, once.
    expect(await useDeskStore.getState().ack('invoices', rows.map(acceptWithNumber))).toEqual({
      ok: true,
      queued: 5,
    });
  });

  it('stops a whole view at the page the disk refused; the pages before stay queued and are sent', async () => {
    const undo = fillDiskAfter(2, (store) => store === 'outbox');
    const outcome = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except: new Set(),
      draftOf: acceptWithNumber,
    });
    undo();
    expect(outcome).toMatchObject({ ok: false, refusal: { code: 'storage', queued: 1_000 } });
    const batches = await db.outbox.toArray();
    expect(batches.map((batch) => batch.items.length)).toEqual([500, 500]);
    expect(sent).toBe(1);
    if (outcome.ok) return;
    useLanguageStore.getState().change({ language: 'ar' });
    expect(ackRefusalWords(outcome.refusal)).toBe(
      'قرص هذا الحاسوب ممتلئ: أفرغ بعض المساحة، ثم اضغط قبول أو رفض مرة أخرى. وُضع 1,000 رد في الانتظار قبل التوقف وسيُرسل؛ ولم يُوضع الباقي.',
    );
    // Room again: the rest is queued, nothing twice.
    const rest = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except: new Set(),
      draftOf: acceptWithNumber,
    });
    expect(rest).toMatchObject({ ok: true, queued: total - 1_000, alreadyQueued: 1_000 });
    const queued = (await db.outbox.toArray()).flatMap((batch) => batch.items.map((item) => item.id));
    expect(new Set(queued).size).toBe(total);
    expect(queued).toHaveLength(total);
  });

  it('throws on what is no storage problem: a bug is not called a full disk', async () => {
    const store = globalThis.IDBObjectStore.prototype;
    const put = store.put;
    store.put = function () {
      throw new TypeError('a bug');
    };
    try {
      await expect(
        useDeskStore.getState().ack('invoices', [acceptWithNumber({ id: ids[0]! })]),
      ).rejects.toThrow();
    } finally {
      store.put = put;
    }
  });
});
