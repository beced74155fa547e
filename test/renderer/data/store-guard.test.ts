import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { DeskDb } from '../../../src-renderer/data/db';
import { newerStore } from '../../../src-renderer/data/store-guard';
import { version10Tables } from './upgrades/old-schemas';

// The downgrade guard (issue 28, item 3): a store a newer desk wrote is refused before it is opened,
// said with the version that wrote it, and left exactly as it was.

const name = 'desk-downgrade';

afterEach(async () => {
  await Dexie.delete(name);
});

/**
 * The store as a later desk (store version 15) leaves it: a table and an index this desk does not know,
 * and the outbox without two indexes this desk has.
 */
async function storeOfNewerDesk(): Promise<void> {
  const newer = new Dexie(name);
  newer.version(15).stores({
    ...version10Tables,
    outbox: 'id, state, holdUntil',
    auditTrail: '++seq, at',
  });
  await newer.open();
  await newer.table('meta').bulkPut([
    { key: 'writtenBy', value: '0.3.0' },
    { key: 'connectionId', value: 'conn-1' },
  ]);
  await newer.table('outbox').put({ id: 'b1', state: 'queued', createdAt: 'now', holdUntil: 'later' });
  newer.close();
}

/** What IndexedDB holds, read as it is: the version, the outbox's indexes and rows, `meta`. */
async function asItIs(): Promise<unknown> {
  const found = new Dexie(name);
  await found.open();
  const outbox = found.table('outbox');
  const seen = {
    version: found.verno,
    tables: found.tables.map((table) => table.name).sort(),
    outboxIndexes: outbox.schema.indexes.map((index) => index.name).sort(),
    outbox: await outbox.toArray(),
    meta: await found.table('meta').toArray(),
  };
  found.close();
  return seen;
}

describe('a store a newer desk wrote', () => {
  it('is refused with the version that wrote it, and left as it was', async () => {
    await storeOfNewerDesk();
    const before = await asItIs();
    const known = new DeskDb(name).verno;
    expect(known).toBeLessThan(15);
    expect(await newerStore(name, known)).toEqual({ storeVersion: 15, writtenBy: '0.3.0' });
    expect(await asItIs()).toEqual(before);
  });

  it('is what DeskDb would change if it opened it (the refusal is what keeps it)', async () => {
    await storeOfNewerDesk();
    const db = new DeskDb(name);
    await db.open();
    db.close();
    const after = (await asItIs()) as { version: number };
    // Dexie opens it anyway and bumps its version to add what this desk's schema has.
    expect(after.version).toBeGreaterThan(15);
  });

  it('lets this desk’s own store, an older one and none at all through, creating nothing', async () => {
    expect(await newerStore(name, 12)).toBeNull();
    expect(await Dexie.getDatabaseNames()).not.toContain(name);
    const db = new DeskDb(name);
    await db.open();
    db.close();
    expect(await newerStore(name, db.verno)).toBeNull();
    expect(await newerStore(name, db.verno + 1)).toBeNull();
  });
});
