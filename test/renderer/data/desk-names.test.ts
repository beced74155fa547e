// The names the desk shows for codes, read once from the store into a map a kind.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { loadDeskNames, nameOfCode, nameOfRef } from '../../../src-renderer/data/desk-names';
import { storeRecordNames } from '../../../src-renderer/data/record-names';
import { storeReferenceList } from '../../../src-renderer/data/references';
import { importRepNames, nameRep } from '../../../src-renderer/data/rep-names';
import { storeCustomerNames } from '../../../src-renderer/data/names';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the names the desk shows', () => {
  it('names a payment method by its code, with whether it needs a reference', async () => {
    await storeReferenceList(
      'payment-methods',
      [
        { code: 'CASH', name: { en: 'Cash', ar: 'نقدي' }, attributes: { needs_reference: 'false' } },
        { code: 'CHEQUE', name: { en: 'Cheque', ar: 'شيك' }, attributes: { needs_reference: 'true' } },
        { code: 'CARD', name: { en: 'Card' }, attributes: {} },
      ],
      '2025-03-06T08:00:00.000Z',
    );
    const methods = (await loadDeskNames('conn-1')).of('payment-methods');
    expect([...methods.byCode.values()]).toEqual([
      { code: 'CASH', name: { en: 'Cash', ar: 'نقدي' }, needsReference: false },
      { code: 'CHEQUE', name: { en: 'Cheque', ar: 'شيك' }, needsReference: true },
      { code: 'CARD', name: { en: 'Card' }, needsReference: null },
    ]);
    expect(nameOfCode(methods, 'CHEQUE')?.needsReference).toBe(true);
    expect(nameOfCode(methods, 'BANK_TRANSFER')).toBeNull();
  });

  it('names units from their list and from lookups, the later read winning, and products and branches of this connection only', async () => {
    await storeReferenceList(
      'units',
      [
        { code: 'PC', name: { en: 'Piece', ar: 'قطعة' }, attributes: {}, id: 'unit-pc' },
        { code: 'CTN', name: { en: 'Carton', ar: 'كرتونة' }, attributes: {}, id: 'unit-ctn' },
      ],
      '2025-03-06T08:00:00.000Z',
    );
    const row = { connectionId: 'conn-1', deleted: false, fetchedAt: '2025-03-07T08:00:00.000Z' };
    await storeRecordNames([
      // Read after the list: wins.
      { ...row, entity: 'unit', id: 'unit-ctn', code: 'CTN', name: { en: 'Carton (12)', ar: 'كرتونة ١٢' } },
      // Read before the list: the list's name stays.
      {
        ...row,
        entity: 'unit',
        id: 'unit-pc',
        code: 'PC',
        name: { en: 'Pc' },
        fetchedAt: '2025-03-01T00:00:00.000Z',
      },
      // Not in the list (deleted since): named by its lookup.
      { ...row, entity: 'unit', id: 'unit-dz', code: 'DZ', name: { en: 'Dozen' }, deleted: true },
      {
        ...row,
        entity: 'product',
        id: 'prd-1',
        code: 'PRD-1',
        name: { en: 'Juhayna Milk 1L', ar: 'لبن جهينة' },
      },
      { ...row, entity: 'product', id: 'prd-2', code: null, name: null },
      { ...row, connectionId: 'conn-2', entity: 'branch', id: 'br-9', code: 'B9', name: { en: 'Elsewhere' } },
    ]);
    const names = await loadDeskNames('conn-1');
    const units = names.of('unit');
    expect(['unit-pc', 'unit-ctn', 'unit-dz'].map((id) => nameOfRef(units, { id })?.name)).toEqual([
      { en: 'Piece', ar: 'قطعة' },
      { en: 'Carton (12)', ar: 'كرتونة ١٢' },
      { en: 'Dozen' },
    ]);
    expect(nameOfCode(units, 'CTN')?.name).toEqual({ en: 'Carton (12)', ar: 'كرتونة ١٢' });
    // The list itself, by code, as it came.
    expect(nameOfCode(names.of('units'), 'CTN')?.name).toEqual({ en: 'Carton', ar: 'كرتونة' });
    expect(nameOfRef(names.of('product'), { id: 'prd-1' })).toEqual({
      code: 'PRD-1',
      name: { en: 'Juhayna Milk 1L', ar: 'لبن جهينة' },
    });
    expect(nameOfRef(names.of('product'), { id: 'prd-2' })).toEqual({ code: '', name: null });
    expect(names.of('branch').byId.size).toBe(0);
    expect(names.connectionId).toBe('conn-1');
  });

  it('names customers as looked up, and reps as the clerk named them, by id, code or ERP key, the newest word first', async () => {
    await storeCustomerNames(
      [{ id: 'cu-1', code: 'C-1001', name: { en: 'Nile Foods', ar: 'أغذية النيل' } }],
      'now',
    );
    await db.recordRefs.bulkPut([
      { entity: 'sales_rep', id: 'rep-1', code: 'R01', externalRef: null },
      { entity: 'sales_rep', id: 'rep-2', code: null, externalRef: 'EMP-7' },
      { entity: 'sales_rep', id: 'rep-3', code: 'R03', externalRef: null },
    ]);
    await importRepNames(
      'conn-1',
      'reps.xlsx',
      [
        { code: 'R01', name: { ar: 'أحمد حسن' } },
        { code: 'EMP-7', name: { en: 'Karim Fathy' } },
        { code: 'R09', name: { en: 'Not seen yet' } },
      ],
      '2025-03-06T08:00:00.000Z',
    );
    await nameRep('conn-1', { repId: 'rep-3', code: 'R03' }, { ar: 'مصطفى' }, '2025-03-06T09:00:00.000Z');
    await nameRep(
      'conn-2',
      { repId: 'rep-1', code: 'R01' },
      { en: 'Another company' },
      '2025-03-07T09:00:00.000Z',
    );
    const names = await loadDeskNames('conn-1');
    expect(nameOfRef(names.of('customer'), { id: 'cu-1' })?.name).toEqual({
      en: 'Nile Foods',
      ar: 'أغذية النيل',
    });
    const reps = names.of('sales_rep');
    expect(
      [
        { id: 'rep-1' },
        { id: 'rep-2' },
        { id: 'rep-3' },
        { id: 'rep-9', code: 'R09' },
        { id: 'rep-4', code: 'R04' },
      ].map((ref) => nameOfRef(reps, ref)),
    ).toEqual([
      { code: 'R01', name: { ar: 'أحمد حسن' } },
      { code: 'EMP-7', name: { en: 'Karim Fathy' } },
      { code: 'R03', name: { ar: 'مصطفى' } },
      { code: 'R09', name: { en: 'Not seen yet' } },
      null,
    ]);
    // A row's rep label (code, else ERP key, else id) finds the rep too.
    expect(['R01', 'EMP-7', 'rep-2'].map((label) => nameOfCode(reps, label)?.name)).toEqual([
      { ar: 'أحمد حسن' },
      { en: 'Karim Fathy' },
      { en: 'Karim Fathy' },
    ]);
    expect((await loadDeskNames(null)).of('sales_rep').byCode.size).toBe(0);
  });
});
