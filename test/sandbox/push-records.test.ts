import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceResponseSchema } from '../../src-shared/wire';
import { products as catalogProducts } from '../../src-sandbox/simulator/catalog';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, errorOf, insertServiceRecord, key, lookup, okBody, pushed, type Api } from './push-helpers';

describe('pushes of units, products, product units and price lists', () => {
  let sandbox: RunningSandbox;
  let api: Api;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
    api = apiOf(sandbox);
  });
  afterAll(() => sandbox?.dispose());

  /** A unit pushed under a fresh key. */
  async function newUnit(): Promise<string> {
    const ref = key('U');
    expect(pushed(await api.put(`/units/${ref}`, { name: { en: ref } })).result).toBe('created');
    return ref;
  }

  it('finds or creates by the ERP key; identical data is unchanged and the version stays', async () => {
    const ref = key('PCS');
    const created = pushed(await api.put(`/units/${ref}`, { name: { en: 'Piece', ar: 'قطعة' } }));
    expect(created).toEqual({
      entity: 'unit',
      external_ref: ref,
      id: expect.stringMatching(/^unit_/),
      result: 'created',
    });
    const first = await lookup(api, { entity: 'unit', ref });

    // Same data, languages in another order: unchanged, same id, version unmoved.
    const again = pushed(await api.put(`/units/${ref}`, { name: { ar: 'قطعة', en: 'Piece' } }));
    expect(again).toEqual({ ...created, result: 'unchanged' });
    expect((await lookup(api, { entity: 'unit', ref }))?.version).toBe(first?.version);

    const changed = pushed(await api.put(`/units/${ref}`, { name: { en: 'Pieces' } }));
    expect(changed).toEqual({ ...created, result: 'updated' });
    const after = await lookup(api, { entity: 'unit', id: created.id });
    expect(after).toMatchObject({ external_ref: ref, code: ref, name: { en: 'Pieces' }, deleted: false });
    expect(after?.version).toBeGreaterThan(first?.version ?? Infinity);

    // The reference list reflects pushed units, by ERP key and service id.
    const units = okBody(ReferenceResponseSchema, await api.get('/reference/units')).data;
    expect(units).toContainEqual(
      expect.objectContaining({ code: ref, external_ref: ref, id: created.id, name: { en: 'Pieces' } }),
    );
  });

  it('compares source_version as numbers when both are numbers, as text otherwise; stale writes nothing', async () => {
    const ref = key('SV');
    pushed(await api.put(`/units/${ref}`, { name: { en: 'v9' }, source_version: '9' }));
    expect(pushed(await api.put(`/units/${ref}`, { name: { en: 'v10' }, source_version: '10' })).result).toBe(
      'updated',
    );
    const before = await lookup(api, { entity: 'unit', ref });
    // "9" < "10" as numbers (as text it would be newer).
    expect(pushed(await api.put(`/units/${ref}`, { name: { en: 'old' }, source_version: '9' })).result).toBe(
      'stale',
    );
    expect(await lookup(api, { entity: 'unit', ref })).toEqual(before);

    // Identical data with a newer source_version: unchanged, and the newer one is remembered.
    expect(pushed(await api.put(`/units/${ref}`, { name: { en: 'v10' }, source_version: '12' })).result).toBe(
      'unchanged',
    );
    expect(pushed(await api.put(`/units/${ref}`, { name: { en: 'v11' }, source_version: '11' })).result).toBe(
      'stale',
    );
    expect(await lookup(api, { entity: 'unit', ref })).toEqual(before);

    // ISO times compare as text.
    const text = key('SVT');
    pushed(await api.put(`/units/${text}`, { name: { en: 'a' }, source_version: '2025-03-01T10:00:00Z' }));
    const stale = await api.put(`/units/${text}`, {
      name: { en: 'b' },
      source_version: '2025-02-28T23:00:00Z',
    });
    expect(pushed(stale).result).toBe('stale');
    expect((await lookup(api, { entity: 'unit', ref: text }))?.name).toEqual({ en: 'a' });
  });

  it('refuses a product naming a unit never pushed with 422 UNKNOWN_REFERENCE and writes nothing', async () => {
    const ref = key('P');
    const missing = key('KG');
    const error = errorOf(
      await api.put(`/products/${ref}`, { name: { en: 'Rice' }, base_unit_ref: missing }),
      422,
    );
    expect(error).toMatchObject({ code: 'UNKNOWN_REFERENCE', retryable: false });
    expect(error.message).toContain(`PUT /units/{ref} for ${missing}`);
    expect(error.details).toEqual([{ field: 'body.base_unit_ref', code: 'unknown_unit', value: missing }]);
    expect(await lookup(api, { entity: 'product', ref })).toBeNull();

    // Pushed in dependency order it is accepted; an absent `active` reads true.
    pushed(await api.put(`/units/${missing}`, { name: { en: 'Kilogram' } }));
    expect(
      pushed(await api.put(`/products/${ref}`, { name: { en: 'Rice' }, base_unit_ref: missing })).result,
    ).toBe('created');
    expect(await lookup(api, { entity: 'product', ref })).toMatchObject({
      active: true,
      name: { en: 'Rice' },
    });
    expect(
      pushed(
        await api.put(`/products/${ref}`, { name: { en: 'Rice' }, base_unit_ref: missing, active: true }),
      ).result,
    ).toBe('unchanged');
    expect(
      pushed(
        await api.put(`/products/${ref}`, { name: { en: 'Rice' }, base_unit_ref: missing, active: false }),
      ).result,
    ).toBe('updated');
    expect((await lookup(api, { entity: 'product', ref }))?.active).toBe(false);
  });

  it('adopts a unit and a product with an existing code, and links a product by service_id', async () => {
    // A unit the service already has (from the demo seed when it has one, else written as the seed would).
    const seeded = okBody(ReferenceResponseSchema, await api.get('/reference/units')).data.find(
      (u) => !u.external_ref,
    );
    const unitCode = seeded?.code ?? key('BOX');
    const unitId = seeded?.id ?? insertServiceRecord(sandbox, 'unit', unitCode, { name: { en: 'Box' } });
    const adopted = pushed(await api.put(`/units/${unitCode}`, { name: { en: 'Box of 12' } }));
    expect(adopted).toEqual({ entity: 'unit', external_ref: unitCode, id: unitId, result: 'updated' });
    expect(await lookup(api, { entity: 'unit', ref: unitCode })).toMatchObject({
      id: unitId,
      code: unitCode,
      external_ref: unitCode,
    });

    // A product of the demo catalogue (or one written as the seed would).
    const seededProduct = await lookup(api, { entity: 'product', code: catalogProducts[0]?.code ?? '' });
    const productCode = seededProduct?.code ?? key('SKU');
    const productId =
      seededProduct?.id ?? insertServiceRecord(sandbox, 'product', productCode, { name: { en: 'Tea' } });
    expect(seededProduct === null || seededProduct.external_ref === null).toBe(true);
    const byCode = pushed(
      await api.put(`/products/${productCode}`, { name: { en: 'Tea' }, base_unit_ref: unitCode }),
    );
    expect(byCode).toEqual({
      entity: 'product',
      external_ref: productCode,
      id: productId,
      result: 'updated',
    });

    // A product known to the service by another code is linked with service_id; from then on it
    // answers to the key, and its old code can no longer be pushed as a key of its own.
    const seededOther = await lookup(api, { entity: 'product', code: catalogProducts[1]?.code ?? '' });
    const otherCode = seededOther?.code ?? key('SKU');
    const otherId =
      seededOther?.id ?? insertServiceRecord(sandbox, 'product', otherCode, { name: { en: 'Sugar' } });
    const erpKey = key('ERP');
    const linked = pushed(
      await api.put(`/products/${erpKey}`, {
        name: { en: 'Sugar' },
        base_unit_ref: unitCode,
        service_id: otherId,
      }),
    );
    expect(linked).toEqual({ entity: 'product', external_ref: erpKey, id: otherId, result: 'updated' });
    expect(
      pushed(await api.put(`/products/${erpKey}`, { name: { en: 'Sugar' }, base_unit_ref: unitCode })).result,
    ).toBe('unchanged');
    const conflict = errorOf(
      await api.put(`/products/${otherCode}`, { name: { en: 'X' }, base_unit_ref: unitCode }),
      409,
    );
    expect(conflict.code).toBe('EXTERNAL_REF_CONFLICT');
    expect(conflict.message).toContain(erpKey);
    const linkedAgain = errorOf(
      await api.put(`/products/${key('ERP')}`, {
        name: { en: 'Sugar' },
        base_unit_ref: unitCode,
        service_id: otherId,
      }),
      409,
    );
    expect(linkedAgain.code).toBe('EXTERNAL_REF_CONFLICT');
    expect(await lookup(api, { entity: 'product', id: otherId })).toMatchObject({
      external_ref: erpKey,
      code: otherCode,
    });
  });

  it('replaces the whole list of product units; an identical list is unchanged', async () => {
    const base = await newUnit();
    const box = await newUnit();
    const ref = key('P');
    pushed(await api.put(`/products/${ref}`, { name: { en: 'Oil' }, base_unit_ref: base }));
    const v0 = (await lookup(api, { entity: 'product', ref }))?.version;

    const units = [
      { unit_ref: base, factor_to_base: 1, order_default: false },
      { unit_ref: box, factor_to_base: 12, order_default: true },
    ];
    expect(pushed(await api.put(`/products/${ref}/units`, { units })).result).toBe('updated');
    const v1 = (await lookup(api, { entity: 'product', ref }))?.version ?? 0;
    expect(v1).toBeGreaterThan(v0 ?? Infinity);
    expect(pushed(await api.put(`/products/${ref}/units`, { units })).result).toBe('unchanged');
    expect((await lookup(api, { entity: 'product', ref }))?.version).toBe(v1);
    expect(pushed(await api.put(`/products/${ref}/units`, { units: units.slice(0, 1) })).result).toBe(
      'updated',
    );

    // A unit never pushed, a product never pushed, a repeated unit, two defaults: refused, nothing written.
    const missing = key('NOPE');
    const unknown = errorOf(
      await api.put(`/products/${ref}/units`, {
        units: [...units, { unit_ref: missing, factor_to_base: 6, order_default: false }],
      }),
      422,
    );
    expect(unknown).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      details: [{ field: 'body.units.2.unit_ref', value: missing }],
    });
    const noProduct = errorOf(await api.put(`/products/${key('P')}/units`, { units }), 422);
    expect(noProduct.message).toContain('PUT /products/{ref}');
    const repeated = errorOf(
      await api.put(`/products/${ref}/units`, { units: [units[1], { ...units[1], order_default: false }] }),
      422,
    );
    expect(repeated).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'body.units.1.unit_ref', code: 'duplicate' }],
    });
    const defaults = errorOf(
      await api.put(`/products/${ref}/units`, { units: units.map((u) => ({ ...u, order_default: true })) }),
      422,
    );
    expect(defaults.details).toEqual([
      { field: 'body.units', code: 'more_than_one_order_default', value: '2' },
    ]);
    // Still the one-unit list: pushing it again changes nothing.
    expect(pushed(await api.put(`/products/${ref}/units`, { units: units.slice(0, 1) })).result).toBe(
      'unchanged',
    );
  });

  it('pushes price lists, which the reference list shows by key and id', async () => {
    const ref = key('PL');
    const created = pushed(
      await api.put(`/price-lists/${ref}`, { currency: 'EGP', name: { en: 'Wholesale' } }),
    );
    expect(created.result).toBe('created');
    expect(
      pushed(await api.put(`/price-lists/${ref}`, { currency: 'EGP', name: { en: 'Wholesale' } })).result,
    ).toBe('unchanged');
    const lists = okBody(ReferenceResponseSchema, await api.get('/reference/price-lists')).data;
    expect(lists).toContainEqual(expect.objectContaining({ code: ref, external_ref: ref, id: created.id }));
    expect(await lookup(api, { entity: 'price_list', id: created.id })).toMatchObject({
      external_ref: ref,
      name: { en: 'Wholesale' },
    });
  });

  it('answers malformed keys and bodies with 422 and field details, writing nothing', async () => {
    const long = 'K'.repeat(65);
    const tooLong = errorOf(await api.put(`/units/${long}`, { name: { en: 'x' } }), 422);
    expect(tooLong).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [expect.objectContaining({ field: 'params.ref' })],
    });
    expect(await lookup(api, { entity: 'unit', code: long })).toBeNull();

    const slash = errorOf(await api.put('/units/A%2FB', { name: { en: 'x' } }), 422);
    expect(slash.details).toEqual([expect.objectContaining({ field: 'params.ref', code: 'pattern' })]);

    const ref = key('BAD');
    const noName = errorOf(await api.put(`/products/${ref}`, { base_unit_ref: 'X', active: 'yes' }), 422);
    expect(noName.code).toBe('INVALID_REQUEST');
    expect(noName.details.map((d) => d.field)).toEqual(expect.arrayContaining(['body.name', 'body.active']));
    const emptyName = errorOf(await api.put(`/units/${ref}`, { name: {} }), 422);
    expect(emptyName.details).toEqual([expect.objectContaining({ field: 'body.name' })]);
    const array = errorOf(await api.put(`/units/${ref}`, [{ name: { en: 'x' } }]), 422);
    expect(array.details).toEqual([expect.objectContaining({ field: 'body', code: 'type' })]);
    const notJson = await api.call('PUT', `/units/${ref}`);
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(await lookup(api, { entity: 'unit', ref })).toBeNull();
    expect(await lookup(api, { entity: 'product', ref })).toBeNull();
  });

  it('needs catalog:write; a client without it writes nothing', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Reader',
      system: 'OTHER',
      scopes: ['customers:read'],
    });
    const reader = apiOf(sandbox, token);
    const ref = key('U');
    const error = errorOf(await reader.put(`/units/${ref}`, { name: { en: 'x' } }), 403);
    expect(error.code).toBe('SCOPE_MISSING');
    expect(error.message).toContain('catalog:write');
    // Scope comes before the body's schema.
    expect(errorOf(await reader.put(`/units/${ref}`, { nonsense: true }), 403).code).toBe('SCOPE_MISSING');
    expect(await lookup(api, { entity: 'unit', ref })).toBeNull();
  });
});
