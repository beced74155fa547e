import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { numbersInUse } from '../../../src-renderer/features/review/erp-numbers-in-use';
import { row } from './fixtures';
import { putRows } from '../support/stored-rows';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('ERP numbers in use on the connection', () => {
  it('refuses a number another document of the feed was accepted or queued with, or that the list gives twice', async () => {
    await putRows('invoices', [
      row('done', { review: 'accepted', externalNumber: 'SI-1044' }),
      row('queued', { answerState: 'queued', answerOutcome: 'ACCEPTED', externalNumber: 'si-01045' }),
      row('again', { review: 'pending', externalNumber: 'SI-1046' }),
      row('other-serial', { review: 'accepted', externalNumber: 'SO-1043' }),
    ]);
    await putRows('orders', [row('order', { review: 'accepted', externalNumber: 'SI-1047' })]);

    const used = await numbersInUse('invoices', [
      { id: 'a', externalNumber: 'SI-1043' },
      { id: 'b', externalNumber: ' si-1044' },
      { id: 'c', externalNumber: 'SI-01045' },
      // The document's own earlier number (a payment answered again keeps it): not refused.
      { id: 'again', externalNumber: 'SI-1046' },
      // Another feed's numbers are its own series.
      { id: 'd', externalNumber: 'SI-1047' },
      { id: 'e', externalNumber: 'SI-2000' },
      { id: 'f', externalNumber: 'SI-2000' },
      { id: 'g', externalNumber: '' },
    ]);
    expect(Object.fromEntries(used)).toEqual({
      b: { kind: 'document', number: 'si-1044', document: 'INV-done' },
      c: { kind: 'document', number: 'SI-01045', document: 'INV-queued' },
      e: { kind: 'twice', number: 'SI-2000' },
      f: { kind: 'twice', number: 'SI-2000' },
    });
  });
});
