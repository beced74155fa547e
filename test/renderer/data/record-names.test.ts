// Records' names as GET /lookup answered them (store version 10, recordNames), per connection, and which
// of the records staged documents name are to be looked up next.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { readRecordNames, recordsToName, storeRecordNames } from '../../../src-renderer/data/record-names';
import type { RecordNameRow } from '../../../src-renderer/data/rows';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A product's name read from a connection at a time. */
function named(id: string, fetchedAt: string, connectionId = 'conn-1'): RecordNameRow {
  return {
    connectionId,
    entity: 'product',
    id,
    code: id.toUpperCase(),
    name: { en: `Product ${id}`, ar: `منتج ${id}` },
    deleted: false,
    fetchedAt,
  };
}

describe('records’ names', () => {
  it('are kept per connection and entity, a name read again replacing the one before', async () => {
    await storeRecordNames([
      named('p1', '2025-03-01T00:00:00.000Z'),
      named('p2', '2025-03-01T00:00:00.000Z'),
      named('p1', '2025-03-01T00:00:00.000Z', 'conn-2'),
      { ...named('u1', '2025-03-01T00:00:00.000Z'), entity: 'unit' },
    ]);
    await storeRecordNames([{ ...named('p2', '2025-03-05T00:00:00.000Z'), name: null }]);
    expect(
      (await readRecordNames('conn-1', 'product')).map((row) => [row.id, row.fetchedAt, row.name]),
    ).toEqual([
      ['p1', '2025-03-01T00:00:00.000Z', { en: 'Product p1', ar: 'منتج p1' }],
      ['p2', '2025-03-05T00:00:00.000Z', null],
    ]);
    expect((await readRecordNames('conn-1')).map((row) => `${row.entity}:${row.id}`)).toEqual([
      'product:p1',
      'product:p2',
      'unit:u1',
    ]);
    expect((await readRecordNames('conn-2')).map((row) => row.id)).toEqual(['p1']);
  });

  it('are asked for the records the documents name: never named first, then the stalest, at most the limit', async () => {
    await db.recordRefs.bulkPut(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => ({
        entity: 'product' as const,
        id,
        code: null,
        externalRef: null,
      })),
    );
    await storeRecordNames([
      named('p1', '2025-03-10T00:00:00.000Z'),
      named('p2', '2025-02-01T00:00:00.000Z'),
      named('p3', '2025-01-01T00:00:00.000Z'),
      { ...named('p4', '2025-03-10T00:00:00.000Z'), name: null },
      // Read from another connection: not a name of this one's record.
      named('p5', '2025-03-10T00:00:00.000Z', 'conn-2'),
    ]);
    const staleBefore = '2025-03-01T00:00:00.000Z';
    expect(await recordsToName('conn-1', 'product', { limit: 10, staleBefore })).toEqual([
      'p5',
      'p6',
      'p3',
      'p2',
    ]);
    expect(await recordsToName('conn-1', 'product', { limit: 3, staleBefore })).toEqual(['p5', 'p6', 'p3']);
    expect(
      await recordsToName('conn-1', 'product', {
        limit: 10,
        staleBefore,
        isNamedElsewhere: (id) => id === 'p6',
      }),
    ).toEqual(['p5', 'p3', 'p2']);
    expect(await recordsToName('conn-1', 'branch', { limit: 10, staleBefore })).toEqual([]);
    expect(await recordsToName('conn-1', 'product', { limit: 0, staleBefore })).toEqual([]);
  });
});
