import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../../src-renderer/data/db';
import type { ReviewRow } from '../../../../src-renderer/data/rows';
import { readReviewPage } from '../../../../src-renderer/data/review-rows/pages';
import { keySeparator as S } from '../../../../src-renderer/data/review-rows/keys';
import { reviewRowTableNames } from '../../../../src-renderer/data/review-rows/layout';
import { row } from '../../review/fixtures';
import { putRows } from '../../support/stored-rows';

// Rows written before version 14 keep their customer key without their date (`<customerId>␁<review>␁<id>`):
// version 14's opening writes each one's key anew (upgrades/v14-customer-dates.ts), so a filter of
// customers in date order reads their rows in date order (review-rows/README.md).

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Rows of two customers, their ids in the other order than their dates. */
function rowsOfTwoCustomers(): ReviewRow[] {
  return Array.from({ length: 40 }, (_, index) =>
    row(`inv-${String(index).padStart(2, '0')}`, {
      customer: index % 2 === 0 ? 'C-1' : 'C-2',
      customerId: index % 2 === 0 ? 'cu-1' : 'cu-2',
      customerName: index % 2 === 0 ? 'Al Noor Trading' : 'Delta Foods',
      date: `2026-02-${String(28 - (index % 28)).padStart(2, '0')}`,
    }),
  );
}

/** Stores rows, then gives them the customer key an earlier build wrote, as that build left them. */
async function storedByAnEarlierBuild(rows: readonly ReviewRow[]): Promise<void> {
  await putRows('invoices', rows);
  db.close();
  const raw = new Dexie(db.name);
  await raw.open();
  const table = raw.table(reviewRowTableNames.invoices);
  const stored = (await table.toArray()) as ReviewRow[];
  await table.bulkPut(
    stored.map((found) => ({ ...found, kCust: `${found.customerId}${S}${found.review}${S}${found.id}` })),
  );
  // What version 14's upgrade marks.
  await raw.table('meta').put({ key: 'rowCustomerDates:invoices', value: '' });
  raw.close();
}

describe("version 14's opening", () => {
  it("gives rows of an earlier build their customer key with their date, and a customer's rows come in date order", async () => {
    const rows = rowsOfTwoCustomers();
    await storedByAnEarlierBuild(rows);
    await db.open();
    const stored = await db.rowsOf('invoices').toArray();
    expect(stored.map((found) => found.kCust)).toEqual(
      stored.map((found) => `${found.customerId}${S}${found.review}${S}${found.date}${S}${found.id}`),
    );
    expect(await db.meta.get('rowCustomerDates:invoices')).toBeUndefined();
    const wanted = rows
      .filter((found) => found.customerId === 'cu-1')
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1))
      .map((found) => found.id);
    const page = await readReviewPage(
      {
        kind: 'invoices',
        view: 'pending',
        sort: { column: 'date', direction: 'desc' },
        quickFilter: 'trading',
        filters: [],
      },
      0,
      50,
    );
    expect(page.map((found) => found.id)).toEqual(wanted);
  });
});
