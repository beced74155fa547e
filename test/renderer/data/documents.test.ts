import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import {
  countRows,
  CursorMovedError,
  loadRows,
  readCursor,
  stageFeedPage,
} from '../../../src-renderer/data/documents';
import { storeCustomerNames } from '../../../src-renderer/data/names';
import { ackAt, invoice, meta, payment } from './fixtures';

const now = '2025-03-04T08:00:00.000Z';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('staging feed pages', () => {
  it('writes documents, rows and the cursor together, and resumes after the page', async () => {
    const staged = await stageFeedPage(
      {
        kind: 'invoices',
        data: [invoice('a', 3), invoice('b', 5, { ack: ackAt(5) })],
        meta: meta(5, true, 9),
      },
      toVersionCursor(0),
      now,
    );
    expect(staged).toEqual({
      written: 2,
      cursor: { kind: 'invoices', versionAfter: 5, highWater: 9, caughtUpAt: null, staged: 2 },
    });
    expect(await countRows('invoices')).toEqual({ pending: 1, accepted: 1, rejected: 0, all: 2 });
    expect(
      (await loadRows('invoices', 'accepted')).map((row) => [row.id, row.externalNumber, row.amountCents]),
    ).toEqual([['b', 'ERP-1', 10000]]);

    await stageFeedPage(
      { kind: 'invoices', data: [invoice('c', 9)], meta: meta(9) },
      toVersionCursor(5),
      now,
    );
    expect(await readCursor('invoices')).toEqual({
      kind: 'invoices',
      versionAfter: 9,
      highWater: 9,
      caughtUpAt: now,
      staged: 3,
    });
  });

  it('refuses a page pulled after a cursor that has moved, and writes none of it', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 3)], meta: meta(3) },
      toVersionCursor(0),
      now,
    );
    await expect(
      stageFeedPage(
        { kind: 'invoices', data: [invoice('a', 3), invoice('z', 4)], meta: meta(4) },
        toVersionCursor(0),
        now,
      ),
    ).rejects.toBeInstanceOf(CursorMovedError);
    expect(await db.invoices.count()).toBe(1);
    expect((await readCursor('invoices')).versionAfter).toBe(3);
  });

  it('never replaces a document with an older version of itself', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 7, { total: '70.00' })], meta: meta(7) },
      toVersionCursor(0),
      now,
    );
    const again = await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 6, { total: '60.00' })], meta: meta(8) },
      toVersionCursor(7),
      now,
    );
    expect(again.written).toBe(0);
    expect((await db.invoices.get('a'))?.amountCents).toBe(7000);
    expect((await readCursor('invoices')).versionAfter).toBe(8);
  });

  it('shows an answered payment that changed as pending again, with what changed', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 4, { ack: ackAt(4) })], meta: meta(4) },
      toVersionCursor(0),
      now,
    );
    expect((await db.payments.get('p'))?.review).toBe('accepted');
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 10, { ack: ackAt(4), reversed: true })], meta: meta(10) },
      toVersionCursor(4),
      now,
    );
    expect(await db.payments.get('p')).toMatchObject({
      review: 'pending',
      pendingAgain: 1,
      changes: ['Reversed 2025-03-03 by office: Wrong customer.'],
    });
    expect((await db.documents.get(['payments', 'p']))?.answered?.version).toBe(4);
  });

  it('puts looked-up customer names on the rows, and on rows staged later', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1)], meta: meta(1) },
      toVersionCursor(0),
      now,
    );
    await storeCustomerNames(
      [{ id: 'cu-1', code: 'C-1', name: { en: 'Al Noor Trading', ar: 'النور للتجارة' } }],
      now,
    );
    expect((await db.invoices.get('a'))?.customerName).toBe('Al Noor Trading · النور للتجارة');
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('b', 2)], meta: meta(2) },
      toVersionCursor(1),
      now,
    );
    expect((await db.invoices.get('b'))?.customerName).toBe('Al Noor Trading · النور للتجارة');
  });
});
