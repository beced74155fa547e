// Sales reps' names the clerk gave (store version 10, repNames): typed or imported, per connection, the
// newest word on a rep its only one.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { forgetRepName, importRepNames, nameRep, readRepNames } from '../../../src-renderer/data/rep-names';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A connection's names as id, code, name, where from. */
async function names(connectionId = 'conn-1'): Promise<Array<[string, string, string, string]>> {
  return (await readRepNames(connectionId)).map((row) => [
    row.repId,
    row.code,
    row.name.ar ?? row.name.en ?? '',
    row.source.kind === 'imported' ? `imported from ${row.source.fileName}` : 'typed',
  ]);
}

describe('reps’ names', () => {
  it('keeps a typed name by the rep’s id and code, and the newest word on a rep replaces every earlier one', async () => {
    await nameRep('conn-1', { repId: 'rep-1', code: 'R01' }, { ar: 'أحمد حسن' }, '2025-03-01T08:00:00.000Z');
    await nameRep('conn-1', { repId: 'rep-2', code: '' }, { en: 'Karim Fathy' }, '2025-03-01T08:00:00.000Z');
    await nameRep(
      'conn-2',
      { repId: 'rep-9', code: 'R01' },
      { en: 'Other company' },
      '2025-03-01T08:00:00.000Z',
    );
    expect(await names()).toEqual([
      ['rep-1', 'R01', 'أحمد حسن', 'typed'],
      ['rep-2', '', 'Karim Fathy', 'typed'],
    ]);
    // An export names R01 and R03 by code: R01's typed name is replaced, rep-2's (no code) stays.
    expect(
      await importRepNames(
        'conn-1',
        'sales-persons.xlsx',
        [
          { code: 'R01', name: { en: 'Ahmed Hassan', ar: 'أحمد حسن علي' } },
          { code: ' R03 ', name: { ar: 'مصطفى السيد' } },
          { code: '', name: { en: 'No code' } },
        ],
        '2025-03-02T08:00:00.000Z',
      ),
    ).toBe(2);
    expect(await names()).toEqual([
      ['', 'R01', 'أحمد حسن علي', 'imported from sales-persons.xlsx'],
      ['', 'R03', 'مصطفى السيد', 'imported from sales-persons.xlsx'],
      ['rep-2', '', 'Karim Fathy', 'typed'],
    ]);
    // Typed again for the rep the documents name as rep-1 / R01: the imported name of R01 goes.
    await nameRep('conn-1', { repId: 'rep-1', code: 'R01' }, { ar: 'أحمد' }, '2025-03-03T08:00:00.000Z');
    expect(await names()).toEqual([
      ['', 'R03', 'مصطفى السيد', 'imported from sales-persons.xlsx'],
      ['rep-1', 'R01', 'أحمد', 'typed'],
      ['rep-2', '', 'Karim Fathy', 'typed'],
    ]);
    expect(await names('conn-2')).toEqual([['rep-9', 'R01', 'Other company', 'typed']]);
  });

  it('forgets a rep’s name by its id or code, and when a blank name is typed', async () => {
    await nameRep('conn-1', { repId: 'rep-1', code: 'R01' }, { en: 'Ahmed' }, '2025-03-01T08:00:00.000Z');
    await importRepNames(
      'conn-1',
      'reps.csv',
      [{ code: 'R02', name: { en: 'Mostafa' } }],
      '2025-03-01T09:00:00.000Z',
    );
    await forgetRepName('conn-1', { repId: '', code: 'R01' });
    await nameRep('conn-1', { repId: 'rep-2', code: 'R02' }, { en: '  ' }, '2025-03-01T10:00:00.000Z');
    expect(await names()).toEqual([]);
  });

  it('writes nothing by halves: an import that fails keeps every earlier name', async () => {
    await nameRep('conn-1', { repId: 'rep-1', code: 'R01' }, { en: 'Ahmed' }, '2025-03-01T08:00:00.000Z');
    // A name IndexedDB cannot store (a function) fails the write after R01's earlier name was deleted.
    const broken = { en: (() => 'x') as unknown as string };
    await expect(
      importRepNames(
        'conn-1',
        'reps.csv',
        [
          { code: 'R01', name: { en: 'Ahmed Hassan' } },
          { code: 'R02', name: broken },
        ],
        '2025-03-02T08:00:00.000Z',
      ),
    ).rejects.toThrow();
    expect(await names()).toEqual([['rep-1', 'R01', 'Ahmed', 'typed']]);
  });
});
