import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { readReviewPage } from '../../../src-renderer/data/review-rows/pages';
import { defaultReviewSort, type ReviewQuery } from '../../../src-renderer/data/review-rows/query';
import type { ViewAckProgress } from '../../../src-renderer/state/slices/review-slice';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';
import { invoice, meta } from '../../support/wire-documents';

// Accepting a whole view (a select all) walks it a page at a time: each page is one outbox batch of at
// most 500, stored before anything is sent; a walk stopped half way and run again queues the rest and
// nothing twice (docs/decisions/101-review-exports-and-selection.md).
const connection = {
  connection: {
    id: 'conn-1',
    label: 'Sandbox',
    baseUrl: 'http://127.0.0.1:1/api/integration/v1',
    isActive: true,
    tokenStorage: 'memory' as const,
    start: { mode: 'everything' as const },
    identity: null,
  },
  state: 'connected' as const,
};

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

/** Every item of every outbox batch, by document id. */
async function queuedIds(): Promise<string[]> {
  return (await db.outbox.toArray()).flatMap((batch) => batch.items.map((item) => item.id));
}

beforeEach(async () => {
  await db.open();
  await stageFeedPage(
    { kind: 'invoices', data: ids.map((id, index) => invoice(id, index + 1)), meta: meta(total) },
    toVersionCursor(0),
    '2025-03-04T08:00:00.000Z',
  );
  // Sending is not under test: the answers stay in the outbox where the test reads them.
  useDeskStore.setState({ connection, sendAcks: async () => null, refreshSyncFacts: async () => undefined });
});
afterEach(async () => {
  resetDeskStore();
  db.close();
  await db.delete();
});

describe('accepting a whole view', () => {
  it('queues a batch of at most 500 per page, stopped after two pages and resumed, each document once', async () => {
    // In the view's order: one of its first rows answered on its own before the select all, another
    // unticked after it.
    const first = await readReviewPage(pendingView, 0, 10);
    const [unticked, answered] = [first[3]!.id, first[7]!.id];
    expect(await useDeskStore.getState().ack('invoices', [acceptWithNumber({ id: answered })])).toEqual({
      ok: true,
      queued: 1,
    });
    const except = new Set([unticked]);
    const seen: ViewAckProgress[] = [];
    const stopped = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except,
      draftOf: acceptWithNumber,
      onProgress: (progress) => seen.push(progress),
      shouldStop: () => seen.length >= 2,
    });
    expect(stopped).toEqual({ ok: true, isStopped: true, queued: 998, alreadyQueued: 1, walked: 1_000 });
    const afterStop = await queuedIds();
    expect(afterStop).toHaveLength(999);

    const resumed = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except,
      draftOf: acceptWithNumber,
    });
    // The first 1,000 rows are walked again and left out: their answers are queued already.
    expect(resumed).toEqual({ ok: true, isStopped: false, queued: 234, alreadyQueued: 999, walked: total });

    const batches = await db.outbox.toArray();
    expect(batches.map((batch) => batch.items.length).sort((a, b) => b - a)).toEqual([500, 498, 234, 1]);
    const queued = await queuedIds();
    expect(queued).toHaveLength(total - 1);
    expect(new Set(queued)).toEqual(new Set(ids.filter((id) => id !== unticked)));
    expect(
      batches.every((batch) => batch.items.every((item) => item.external_number === `ERP-${item.id}`)),
    ).toBe(true);
    expect((await db.rowsOf('invoices').get(unticked))?.answerState).toBe('');
    expect((await db.rowsOf('invoices').get(answered))?.answerState).toBe('queued');
  });

  it('queues nothing while one answer needs fixing, and says how many', async () => {
    const outcome = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except: new Set(),
      draftOf: (row) => ({
        ...acceptWithNumber(row),
        externalNumber: row.id < ids[2]! ? '' : `ERP-${row.id}`,
      }),
    });
    expect(outcome).toMatchObject({
      ok: false,
      refusal: { code: 'needs-fixing', count: 2, first: { code: 'invoice-number-missing' } },
    });
    expect(await db.outbox.count()).toBe(0);
  });
});

// A number series over a whole view (docs/decisions/109-erp-number-series.md): the documents to answer
// are listed in the view's order first, numbered, and only those are answered; a view that changed
// since is refused whole.
describe('numbering a whole view', () => {
  it('lists the documents to answer in the view order, less the unticked and the queued ones', async () => {
    const first = await readReviewPage(pendingView, 0, 10);
    const [unticked, answered] = [first[1]!.id, first[2]!.id];
    await useDeskStore.getState().ack('invoices', [acceptWithNumber({ id: answered })]);
    const shownOrder = (await readReviewPage(pendingView, 0, total)).map((row) => row.id);
    const listed = await useDeskStore
      .getState()
      .rowsToAck(pendingView, new Set([unticked]), { shown: 5, max: total });
    expect(listed.isOver).toBe(false);
    expect(listed.ids).toEqual(shownOrder.filter((id) => id !== unticked && id !== answered));
    expect(listed.first.map((row) => row.id)).toEqual(listed.ids.slice(0, 5));
    // More than the most a series numbers (total - 1 are to answer, one being queued): nothing is listed.
    expect(
      await useDeskStore.getState().rowsToAck(pendingView, new Set(), { shown: 5, max: total - 2 }),
    ).toEqual({ ids: [], first: [], isOver: true });
  });

  it('answers the numbered documents with their numbers, and refuses a view changed since', async () => {
    const listed = await useDeskStore.getState().rowsToAck(pendingView, new Set(), { shown: 0, max: total });
    const numberOf = new Map(listed.ids.map((id, index) => [id, `SI-${1_043 + index}`]));
    const draftOf = (row: { id: string }) => ({
      id: row.id,
      outcome: 'ACCEPTED' as const,
      externalNumber: numberOf.get(row.id) ?? '',
    });
    // Two documents answered on their own since the view was numbered, one staged into it.
    await useDeskStore
      .getState()
      .ack('invoices', [acceptWithNumber({ id: ids[0]! }), acceptWithNumber({ id: ids[1]! })]);
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('inv_new', total + 1)], meta: meta(total + 1) },
      toVersionCursor(total),
      '2025-03-04T09:00:00.000Z',
    );
    const refused = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except: new Set(),
      draftOf,
      numbered: new Set(listed.ids),
    });
    expect(refused).toEqual({
      ok: false,
      problems: [],
      refusal: { code: 'view-changed', added: 1, gone: 2 },
    });
    expect(await queuedIds()).toEqual([ids[0], ids[1]]);

    // Unticked now, the new document is left out: the view holds the numbered ones less the two.
    const outcome = await useDeskStore.getState().ackView('invoices', {
      query: pendingView,
      except: new Set(['inv_new']),
      draftOf,
      numbered: new Set(listed.ids.filter((id) => id !== ids[0] && id !== ids[1])),
    });
    expect(outcome).toMatchObject({ ok: true, queued: total - 2 });
    const items = (await db.outbox.toArray()).flatMap((batch) => batch.items);
    const numbered = items.filter((item) => item.id !== ids[0] && item.id !== ids[1]);
    expect(numbered.every((item) => item.external_number === numberOf.get(item.id))).toBe(true);
    expect(new Set(numbered.map((item) => item.id)).size).toBe(total - 2);
  });
});
