import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { type StoredDocument } from '../../../src-renderer/data/rows';
import { readStoredDocuments } from '../../../src-renderer/data/stored-documents';
import { invoice } from '../../support/wire-documents';
import { row } from '../review/fixtures';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const stored = (id: string, version: number): StoredDocument => ({
  kind: 'invoices',
  id,
  version,
  doc: invoice(id, version),
  answered: null,
});

describe('reading stored documents back', () => {
  it('takes each document from the chunk its row names, even when an older chunk still holds an older version', async () => {
    // Chunk "a" was written first with a and b at version 1; a's version 2 went into chunk "z".
    // Chunk "a" stays (b's row still names it), so it holds a stale copy of a: it must not be read.
    await db.documentChunks.bulkPut([
      { key: 'a', kind: 'invoices', docs: [stored('inv-a', 1), stored('inv-b', 1)] },
      { key: 'z', kind: 'invoices', docs: [stored('inv-a', 2)] },
    ]);
    const rows = [row('inv-b', { version: 1, chunk: 'a' }), row('inv-a', { version: 2, chunk: 'z' })];
    for (const order of [rows, [...rows].reverse()]) {
      const docs = await readStoredDocuments('invoices', order);
      expect(docs.map((doc) => [doc?.id, doc?.version])).toEqual(order.map((r) => [r.id, r.version]));
    }
  });
});
