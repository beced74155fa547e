import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { DeskDb } from '../../../src-renderer/data/db';

const name = 'desk-migration-v2';

afterEach(async () => {
  await Dexie.delete(name);
});

describe('DeskDb version 2 (master data)', () => {
  it('adds the push tables and keeps what version 1 stored', async () => {
    // A database as version 1 left it.
    const old = new Dexie(name);
    old
      .version(1)
      .stores({ meta: 'key', cursors: 'kind', outbox: 'id, state, createdAt, [connectionId+state]' });
    await old.open();
    await old.table('meta').put({ key: 'connectionId', value: 'conn-1' });
    old.close();

    const db = new DeskDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await db.meta.get('connectionId')).toEqual({ key: 'connectionId', value: 'conn-1' });
    await db.pushedKeys.bulkPut([
      { connectionId: 'conn-1', kind: 'customers', key: 'C1', isLive: 1, at: '2025-01-01T00:00:00Z' },
      { connectionId: 'conn-2', kind: 'customers', key: 'C2', isLive: 1, at: '2025-01-01T00:00:00Z' },
    ]);
    expect(
      await db.pushedKeys.where('[connectionId+kind]').equals(['conn-1', 'customers']).primaryKeys(),
    ).toEqual([['conn-1', 'customers', 'C1']]);
    await db.importLayouts.put({
      signature: 'units:code|name',
      kind: 'units',
      headers: ['code', 'name'],
      mapping: { kind: 'units', fields: { ref: 0 }, names: { en: 1 } },
      savedAt: 'now',
    });
    expect((await db.importLayouts.get('units:code|name'))?.mapping.names).toEqual({ en: 1 });
    db.close();
  });
});
