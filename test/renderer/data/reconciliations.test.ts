import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { serviceDocuments } from '../../../src-renderer/data/reconciliations';
import { row } from '../review/fixtures';
import { putRows } from '../support/stored-rows';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the documents a reconciliation reads', () => {
  it('are every staged document of the feed once, read a page at a time', async () => {
    // Two whole pages of 5,000 and one more row.
    const rows = Array.from({ length: 10_001 }, (_, index) =>
      row(`i${String(index).padStart(5, '0')}`, {
        amountCents: index,
        review: index % 3 ? 'pending' : 'accepted',
      }),
    );
    await putRows('invoices', rows);
    const documents = await serviceDocuments('invoices');
    expect(documents.map((document) => [document.id, document.amountCents, document.isPending])).toEqual(
      rows.map((stored) => [stored.id, stored.amountCents, stored.review === 'pending']),
    );
  });
});
