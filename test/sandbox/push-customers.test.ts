import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, errorOf, insertServiceRecord, key, lookup, pushed, type Api } from './push-helpers';

describe('pushes of customers and branches, tombstones and routes', () => {
  let sandbox: RunningSandbox;
  let api: Api;
  let priceList: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
    api = apiOf(sandbox);
    priceList = key('PL');
    pushed(await api.put(`/price-lists/${priceList}`, { currency: 'EGP', name: { en: 'Retail' } }));
  });
  afterAll(() => sandbox?.dispose());

  const customer = (extra: Record<string, unknown> = {}) => ({
    name: { en: 'Nile Market' },
    blocked: false,
    ...extra,
  });
  const branch = (extra: Record<string, unknown> = {}) => ({
    name: { en: 'Main street' },
    blocked: false,
    ...extra,
  });

  async function serviceCustomer(code: string): Promise<string> {
    const { service_id: serviceId } = await sandbox.admin<{ service_id: string }>('POST', '/customers', {
      code,
      name: 'Walk-in shop',
    });
    return serviceId;
  }

  it('creates, keeps and updates a customer; an unknown price list refuses the push and writes nothing', async () => {
    const ref = key('C');
    const created = pushed(
      await api.put(`/customers/${ref}`, customer({ credit_limit: 1000, price_list_ref: priceList })),
    );
    expect(created).toMatchObject({ entity: 'customer', external_ref: ref, result: 'created' });
    const v1 = (await lookup(api, { entity: 'customer', ref }))?.version;
    // Absent and null are the same data.
    expect(
      pushed(
        await api.put(
          `/customers/${ref}`,
          customer({ credit_limit: 1000, price_list_ref: priceList, address: null }),
        ),
      ).result,
    ).toBe('unchanged');
    expect((await lookup(api, { entity: 'customer', ref }))?.version).toBe(v1);

    const missing = key('PL');
    const error = errorOf(await api.put(`/customers/${ref}`, customer({ price_list_ref: missing })), 422);
    expect(error).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      details: [{ field: 'body.price_list_ref', value: missing }],
    });
    expect(error.message).toContain('PUT /price-lists/{ref}');
    expect((await lookup(api, { entity: 'customer', ref }))?.version).toBe(v1);

    const bad = errorOf(
      await api.put(`/customers/${ref}`, { name: { en: 'x' }, blocked: 'no', radius_metres: 1.5 }),
      422,
    );
    expect(bad.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['body.blocked', 'body.radius_metres']),
    );
    expect(await lookup(api, { entity: 'customer', ref })).toMatchObject({
      version: v1,
      name: { en: 'Nile Market' },
    });
  });

  it('adopts a customer that started in the service by service_id; both conflict cases are 409', async () => {
    const code = key('WALKIN');
    const serviceId = await serviceCustomer(code);
    const erpKey = key('C');

    // The ERP key equals the customer's code, without service_id: 409 naming the service_id to send.
    const sameCode = errorOf(await api.put(`/customers/${code}`, customer()), 409);
    expect(sameCode.code).toBe('EXTERNAL_REF_CONFLICT');
    expect(sameCode.message).toContain(serviceId);
    expect(sameCode.details).toEqual([
      { field: 'body.service_id', code: 'required_to_adopt', value: serviceId },
    ]);
    expect(await lookup(api, { entity: 'customer', ref: code })).toBeNull();
    expect(await lookup(api, { entity: 'customer', id: serviceId })).toMatchObject({
      external_ref: null,
      code,
    });

    // Adoption: updated, with the service's id; from then on the customer answers to the key.
    const adopted = pushed(await api.put(`/customers/${erpKey}`, customer({ service_id: serviceId })));
    expect(adopted).toEqual({ entity: 'customer', external_ref: erpKey, id: serviceId, result: 'updated' });
    expect(pushed(await api.put(`/customers/${erpKey}`, customer())).result).toBe('unchanged');
    expect(await lookup(api, { entity: 'customer', ref: erpKey })).toMatchObject({
      id: serviceId,
      code,
      name: { en: 'Nile Market' },
    });

    // Already linked to another ERP account: 409, nothing written.
    const otherKey = key('C');
    const linked = errorOf(await api.put(`/customers/${otherKey}`, customer({ service_id: serviceId })), 409);
    expect(linked.code).toBe('EXTERNAL_REF_CONFLICT');
    expect(linked.message).toContain(erpKey);
    expect(await lookup(api, { entity: 'customer', ref: otherKey })).toBeNull();
    expect(await lookup(api, { entity: 'customer', id: serviceId })).toMatchObject({ external_ref: erpKey });

    // An unknown service_id names the field.
    const unknown = errorOf(
      await api.put(`/customers/${key('C')}`, customer({ service_id: 'cus_nothing' })),
      422,
    );
    expect(unknown).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      details: [{ field: 'body.service_id', value: 'cus_nothing' }],
    });
  });

  it('a branch reads its customer for each null override, and its own value otherwise', async () => {
    const ref = key('C');
    pushed(
      await api.put(
        `/customers/${ref}`,
        customer({ credit_limit: 5000, address: '1 Nile St', price_list_ref: priceList }),
      ),
    );
    const missingCustomer = key('C');
    const orphan = errorOf(await api.put(`/customers/${missingCustomer}/branches/B1`, branch()), 422);
    expect(orphan).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      details: [{ field: 'ref', value: missingCustomer }],
    });
    expect(orphan.message).toContain('PUT /customers/{ref}');

    pushed(
      await api.put(
        `/customers/${ref}/branches/B1`,
        branch({ credit_limit: null, phone: '+20 100', payment_terms_days: 30 }),
      ),
    );
    pushed(
      await api.put(
        `/customers/${ref}/branches/B2`,
        branch({ credit_limit: 800, address: 'Dock 4', blocked: true }),
      ),
    );
    expect((await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref }))?.effective).toEqual({
      blocked: false,
      address: '1 Nile St',
      contact_name: null,
      phone: '+20 100',
      credit_limit: 5000,
      latitude: null,
      longitude: null,
      payment_terms_days: 30,
      price_list_ref: priceList,
      radius_metres: null,
    });
    expect((await lookup(api, { entity: 'branch', ref: 'B2', customer_ref: ref }))?.effective).toMatchObject({
      blocked: true,
      address: 'Dock 4',
      credit_limit: 800,
    });

    // The account changes: the null override follows, the branch's own value stays; a blocked
    // account blocks every branch.
    pushed(
      await api.put(
        `/customers/${ref}`,
        customer({ credit_limit: 7000, blocked: true, price_list_ref: priceList }),
      ),
    );
    expect((await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref }))?.effective).toMatchObject({
      credit_limit: 7000,
      blocked: true,
      address: null,
    });
    expect(
      (await lookup(api, { entity: 'branch', ref: 'B2', customer_ref: ref }))?.effective?.credit_limit,
    ).toBe(800);
  });

  it('tombstones branches and customers, refused with 409 BRANCH_ON_ROUTE while a route visits a branch', async () => {
    const ref = key('C');
    pushed(await api.put(`/customers/${ref}`, customer()));
    const b1 = pushed(await api.put(`/customers/${ref}/branches/B1`, branch()));
    const b2 = pushed(await api.put(`/customers/${ref}/branches/B2`, branch()));
    await sandbox.admin('POST', '/routes', { customer_ref: ref, branch_ref: 'B1' });
    const before = await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref });

    const onRoute = errorOf(await api.del(`/customers/${ref}/branches/B1`), 409);
    expect(onRoute).toMatchObject({
      code: 'BRANCH_ON_ROUTE',
      retryable: false,
      details: [{ field: 'branch_ref', value: 'B1' }],
    });
    expect(errorOf(await api.del(`/customers/${ref}`), 409).code).toBe('BRANCH_ON_ROUTE');
    expect(await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref })).toEqual(before);
    expect((await lookup(api, { entity: 'customer', ref }))?.deleted).toBe(false);
    expect((await lookup(api, { entity: 'branch', ref: 'B2', customer_ref: ref }))?.deleted).toBe(false);

    await sandbox.admin('DELETE', '/routes', { customer_ref: ref, branch_ref: 'B1' });
    expect(pushed(await api.del(`/customers/${ref}/branches/B1`))).toEqual({ ...b1, result: 'deleted' });
    const tombstone = await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref });
    expect(tombstone).toMatchObject({ id: b1.id, deleted: true });
    expect(tombstone?.version).toBeGreaterThan(before?.version ?? Infinity);
    expect(pushed(await api.del(`/customers/${ref}/branches/B1`)).result).toBe('unchanged');
    expect((await lookup(api, { entity: 'branch', ref: 'B1', customer_ref: ref }))?.version).toBe(
      tombstone?.version,
    );

    // Deleting the customer tombstones its live branches with it.
    expect(pushed(await api.del(`/customers/${ref}`)).result).toBe('deleted');
    expect(await lookup(api, { entity: 'customer', ref })).toMatchObject({ deleted: true });
    expect(await lookup(api, { entity: 'branch', id: b2.id })).toMatchObject({ deleted: true });
    expect(pushed(await api.del(`/customers/${ref}`)).result).toBe('unchanged');
    const underTombstone = errorOf(await api.put(`/customers/${ref}/branches/B3`, branch()), 422);
    expect(underTombstone.code).toBe('UNKNOWN_REFERENCE');

    // Pushing the customer again revives it; its branches stay tombstoned until pushed.
    expect(pushed(await api.put(`/customers/${ref}`, customer())).result).toBe('updated');
    expect((await lookup(api, { entity: 'customer', ref }))?.deleted).toBe(false);
    expect((await lookup(api, { entity: 'branch', id: b2.id }))?.deleted).toBe(true);
    expect(pushed(await api.put(`/customers/${ref}/branches/B2`, branch())).result).toBe('updated');

    expect(errorOf(await api.del(`/customers/${key('C')}`), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await api.del(`/customers/${ref}/branches/${key('B')}`), 404).code).toBe('NOT_FOUND');
  });

  it('puts a branch that started in the service on a route by its code, and adopts it by code', async () => {
    // A seeded demo customer and its first branch (codes C-1001, C-1001-1), or ones written as the seed would.
    const seeded = await lookup(api, { entity: 'customer', code: 'C-1001' });
    const code = seeded?.code ?? key('SHOP');
    const serviceId = seeded?.id ?? (await serviceCustomer(code));
    const branchCode = `${code}-1`;
    const seededBranch = await lookup(api, { entity: 'branch', code: branchCode });
    const branchId =
      seededBranch?.id ??
      insertServiceRecord(
        sandbox,
        'branch',
        branchCode,
        { name: { en: 'Back door' }, blocked: false },
        serviceId,
      );
    await sandbox.admin('POST', '/routes', { customer_ref: code, branch_ref: branchCode });

    const erpKey = key('C');
    pushed(await api.put(`/customers/${erpKey}`, customer({ service_id: serviceId })));
    const adopted = pushed(await api.put(`/customers/${erpKey}/branches/${branchCode}`, branch()));
    expect(adopted).toEqual({ entity: 'branch', external_ref: branchCode, id: branchId, result: 'updated' });
    expect(errorOf(await api.del(`/customers/${erpKey}/branches/${branchCode}`), 409).code).toBe(
      'BRANCH_ON_ROUTE',
    );
  });
});
