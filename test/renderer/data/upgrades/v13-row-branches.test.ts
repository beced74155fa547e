import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../../src-shared/domain/feeds';
import { db } from '../../../../src-renderer/data/db';
import { readReviewPage } from '../../../../src-renderer/data/review-rows/pages';
import { reviewRowTableNames } from '../../../../src-renderer/data/review-rows/layout';
import { stageFeedPage } from '../../../../src-renderer/data/staging';
import type { Ack } from '../../../../src-shared/wire';
import { invoice, meta } from '../../../support/wire-documents';

// Rows written before version 13 keep no branch and no word of who answered them: version 13's opening
// reads each one's document for its branch and ack, and this desk's ack log for whether the ack is this
// desk's (upgrades/v13-row-branches.ts, decision 113).

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const ack = (version: number, outcome: Ack['outcome'] = 'ACCEPTED'): Ack => ({
  acked_at: '2025-03-04T09:00:00.000Z',
  acked_version: version,
  outcome,
  external_number: outcome === 'ACCEPTED' ? `ERP-${version}` : null,
});

/** Stages documents, then takes from their rows what an earlier build did not keep, as that build left them. */
async function storedByAnEarlierBuild(): Promise<void> {
  await stageFeedPage(
    {
      kind: 'invoices',
      data: [
        invoice('mine', 3, { ack: ack(3) }),
        invoice('theirs', 5, { ack: ack(5) }),
        invoice('refused-here', 6, { ack: ack(6) }),
        invoice('open', 4),
      ],
      meta: meta(6),
    },
    toVersionCursor(0),
    '2025-03-04T10:00:00.000Z',
  );
  const item = (id: string, result: string) => ({
    id,
    outcome: 'ACCEPTED' as const,
    externalNumber: null,
    reasonCode: null,
    result,
    error: null,
  });
  // This desk's log: its ack of "mine" applied; its ack of "refused-here" failed (another desk's stood).
  await db.audit.add({
    at: '2025-03-04T09:00:00.000Z',
    connectionId: 'conn-1',
    call: 'POST /acks',
    kind: 'invoices',
    batchId: 'batch-1',
    docIds: ['mine', 'refused-here'],
    outcome: 'answered',
    applied: 1,
    unchanged: 0,
    failed: 1,
    requestId: 'req-1',
    error: null,
    items: [item('mine', 'applied'), item('refused-here', 'failed')],
  });
  db.close();
  const raw = new Dexie(db.name);
  await raw.open();
  const table = raw.table(reviewRowTableNames.invoices);
  const rows = (await table.toArray()) as Array<Record<string, unknown>>;
  await table.bulkPut(
    rows.map(({ branch: _branch, ackedBy: _by, ackedHereVersion: _version, ...rest }) => rest),
  );
  // What version 13's upgrade marks.
  await raw.table('meta').put({ key: 'rowBranches:invoices', value: '' });
  raw.close();
}

describe("version 13's opening", () => {
  it('gives rows of an earlier build their branch and who answered them, and the filters find them', async () => {
    await storedByAnEarlierBuild();
    await db.open();
    const rows = await db.rowsOf('invoices').toArray();
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.branch, row.ackedBy]]))).toEqual({
      mine: ['C-1-1', 'here'],
      theirs: ['C-1-1', 'elsewhere'],
      'refused-here': ['C-1-1', 'elsewhere'],
      open: ['C-1-1', ''],
    });
    expect(await db.meta.get('rowBranches:invoices')).toBeUndefined();
    const found = async (filters: Parameters<typeof readReviewPage>[0]['filters']) =>
      (
        await readReviewPage(
          {
            kind: 'invoices',
            view: 'all',
            sort: { column: 'number', direction: 'asc' },
            quickFilter: '',
            filters,
          },
          0,
          10,
        )
      ).map((row) => row.id);
    expect(await found([{ column: 'ackedBy', by: 'here' }])).toEqual(['mine']);
    expect(await found([{ column: 'ackedBy', by: 'elsewhere' }])).toEqual(['refused-here', 'theirs']);
    expect(await found([{ column: 'branch', type: 'equals', text: 'c-1-1' }])).toHaveLength(4);
    // A later version of "mine" that no ack answers yet: nobody has answered it.
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('mine', 7, { ack: ack(3) })], meta: meta(7) },
      toVersionCursor(6),
      '2025-03-05T10:00:00.000Z',
    );
    expect((await db.rowsOf('invoices').get('mine'))?.ackedBy).toBe('');
  });
});
