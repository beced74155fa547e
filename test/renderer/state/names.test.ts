// The names the screens will show, from the store's names slice, without a hook: a map lookup a row.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { storeReferenceList } from '../../../src-renderer/data/references';
import { readRepNames } from '../../../src-renderer/data/rep-names';
import { db } from '../../../src-renderer/data/db';
import { labelOfCode, labelOfRef, namesOf, selectNamesOf } from '../../../src-renderer/state/names';
import { useDeskStore } from '../../../src-renderer/state/store';
import { useConnectedDesk } from '../support/connected-desk';

describe('names in the store', () => {
  useConnectedDesk();

  it('are read once into memory, labelled in the clerk’s language, and read again when replaced', async () => {
    await storeReferenceList(
      'payment-methods',
      [{ code: 'CHEQUE', name: { en: 'Cheque', ar: 'شيك' }, attributes: { needs_reference: 'true' } }],
      '2025-03-06T08:00:00.000Z',
    );
    // Nothing read yet: codes only.
    expect(labelOfCode('payment-methods', 'CHEQUE', { language: 'ar' })).toBe('CHEQUE');
    await useDeskStore.getState().loadNames();
    const before = selectNamesOf('payment-methods')(useDeskStore.getState());
    expect([
      labelOfCode('payment-methods', 'CHEQUE', { language: 'ar' }),
      labelOfCode('payment-methods', 'CHEQUE', { language: 'en' }),
      labelOfCode('payment-methods', 'CHEQUE', { language: 'ar', isolate: true }),
      labelOfCode('payment-methods', 'CASH', { language: 'en' }),
      namesOf('payment-methods').byCode.get('CHEQUE')?.needsReference,
    ]).toEqual(['CHEQUE · شيك', 'CHEQUE · Cheque', '\u2066CHEQUE\u2069 · \u2068شيك\u2069', 'CASH', true]);
    // The same index until names are read again: a grid selecting it does not re-render for nothing.
    expect(selectNamesOf('payment-methods')(useDeskStore.getState())).toBe(before);
    await useDeskStore.getState().loadNames();
    expect(selectNamesOf('payment-methods')(useDeskStore.getState())).not.toBe(before);
  });

  it('name a rep as the clerk typed it, keyed by its script, and from an export', async () => {
    await db.recordRefs.put({ entity: 'sales_rep', id: 'rep-1', code: 'R01', externalRef: null });
    expect(await useDeskStore.getState().nameRep({ repId: 'rep-1', code: 'R01' }, '  أحمد   حسن ')).toEqual({
      ok: true,
      kept: 1,
    });
    const rep = { id: 'rep-1', code: 'R01' };
    expect([
      labelOfRef('sales_rep', rep, { language: 'en' }),
      labelOfRef('sales_rep', { id: 'rep-2', code: 'R02' }, { language: 'en' }),
    ]).toEqual(['R01 · أحمد حسن', 'R02']);
    expect(
      await useDeskStore
        .getState()
        .importRepNames('sales-persons.csv', [{ code: 'R02', name: { en: 'Mostafa Abdel Aziz' } }]),
    ).toEqual({ ok: true, kept: 1 });
    expect(labelOfRef('sales_rep', { id: 'rep-2', code: 'R02' }, { language: 'ar' })).toBe(
      'R02 · Mostafa Abdel Aziz',
    );
    expect((await readRepNames('conn-1')).map((row) => [row.code, row.source])).toEqual([
      ['R02', { kind: 'imported', fileName: 'sales-persons.csv' }],
      ['R01', { kind: 'typed' }],
    ]);
    // A blank name forgets the rep's.
    expect(await useDeskStore.getState().nameRep({ repId: 'rep-1', code: 'R01' }, ' ')).toEqual({
      ok: true,
      kept: 0,
    });
    expect(labelOfRef('sales_rep', rep, { language: 'en' })).toBe('R01');
  });

  it('say why a rep’s name was not kept, and keep none without a connection', async () => {
    // A name IndexedDB cannot store: the write fails whole.
    const broken = { en: (() => 'x') as unknown as string };
    expect(
      await useDeskStore.getState().importRepNames('reps.csv', [
        { code: 'R01', name: { en: 'Ahmed' } },
        { code: 'R02', name: broken },
      ]),
    ).toMatchObject({ ok: false, reason: 'not-kept', detail: expect.any(String) });
    expect(await db.repNames.count()).toBe(0);
    useDeskStore.setState({ connection: null });
    expect(await useDeskStore.getState().nameRep({ repId: 'rep-1', code: 'R01' }, 'Ahmed')).toEqual({
      ok: false,
      reason: 'no-connection',
    });
    expect(await db.repNames.count()).toBe(0);
  });
});
