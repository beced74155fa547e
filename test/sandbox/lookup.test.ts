import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceResponseSchema, type Scope } from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, errorOf, insertServiceRecord, key, lookup, okBody, pushed, type Api } from './push-helpers';

describe('GET /lookup', () => {
  let sandbox: RunningSandbox;
  let api: Api;
  let customerRef: string;
  let customerId: string;
  let unitRef: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
    api = apiOf(sandbox);
    customerRef = key('C');
    customerId = pushed(
      await api.put(`/customers/${customerRef}`, { name: { en: 'Delta Foods' }, blocked: false }),
    ).id;
    pushed(await api.put(`/customers/${customerRef}/branches/HQ`, { name: { en: 'HQ' }, blocked: false }));
    unitRef = key('U');
    pushed(await api.put(`/units/${unitRef}`, { name: { en: 'Dozen' } }));
  });
  afterAll(() => sandbox?.dispose());

  async function clientWith(...granted: Scope[]): Promise<Api> {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Scoped',
      system: 'OTHER',
      scopes: granted,
    });
    return apiOf(sandbox, token);
  }

  it('finds the same record by ERP key, service id and code', async () => {
    const byRef = await lookup(api, { entity: 'customer', ref: customerRef });
    expect(byRef).toMatchObject({
      entity: 'customer',
      id: customerId,
      external_ref: customerRef,
      code: customerRef,
      deleted: false,
      name: { en: 'Delta Foods' },
      balance: { erp_balance: null, as_of: null, current_balance: 0, credit_limit: null },
    });
    expect(await lookup(api, { entity: 'customer', id: customerId })).toEqual(byRef);
    expect(await lookup(api, { entity: 'customer', code: customerRef })).toEqual(byRef);

    const branch = await lookup(api, { entity: 'branch', ref: 'HQ', customer_ref: customerRef });
    expect(branch).toMatchObject({ entity: 'branch', external_ref: 'HQ', effective: { blocked: false } });
    expect(await lookup(api, { entity: 'branch', id: branch?.id ?? '' })).toEqual(branch);
    expect(await lookup(api, { entity: 'unit', ref: unitRef })).toMatchObject({
      name: { en: 'Dozen' },
      external_ref: unitRef,
    });
    expect(await lookup(api, { entity: 'customer', ref: key('C') })).toBeNull();
  });

  it('answers a warehouse the service keeps, as the reference list shows it', async () => {
    const listed = okBody(ReferenceResponseSchema, await api.get('/reference/warehouses')).data[0];
    const id =
      listed?.id ??
      insertServiceRecord(sandbox, 'warehouse', key('WH'), { name: { en: 'Main store' }, active: true });
    const warehouse = await lookup(api, { entity: 'warehouse', id });
    expect(warehouse).toMatchObject({ entity: 'warehouse', id, active: true, deleted: false });
    expect(await lookup(api, { entity: 'warehouse', code: warehouse?.code ?? '' })).toEqual(warehouse);
  });

  it('answers bad parameters with 400 INVALID_REQUEST and unknown records with 404', async () => {
    const cases: Array<[string, string]> = [
      ['entity=customer', 'query'],
      [`entity=customer&ref=${customerRef}&id=${customerId}`, 'query'],
      [`entity=supplier&ref=${customerRef}`, 'query.entity'],
      [`entity=customer&ref=${customerRef}&colour=red`, 'query.colour'],
      ['entity=branch&ref=HQ', 'query.customer_ref'],
      [`entity=unit&ref=${unitRef}&customer_ref=${customerRef}`, 'query.customer_ref'],
    ];
    for (const [query, field] of cases) {
      const error = errorOf(await api.get(`/lookup?${query}`), 400);
      expect(error.code, query).toBe('INVALID_REQUEST');
      expect(
        error.details.map((d) => d.field),
        query,
      ).toContain(field);
    }
    const missing = errorOf(await api.get(`/lookup?entity=product&id=prd_nothing`), 404);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'id', value: 'prd_nothing' }] });
  });

  it('accepts any scope of the record family and refuses the others with 403 SCOPE_MISSING', async () => {
    const reader = await clientWith('customers:read');
    expect((await lookup(reader, { entity: 'customer', ref: customerRef }))?.id).toBe(customerId);
    expect(
      (await lookup(reader, { entity: 'branch', ref: 'HQ', customer_ref: customerRef }))?.external_ref,
    ).toBe('HQ');
    const denied = errorOf(await reader.get(`/lookup?entity=unit&ref=${unitRef}`), 403);
    expect(denied.code).toBe('SCOPE_MISSING');
    expect(denied.message).toContain('catalog:write');

    const writer = await clientWith('customers:write');
    expect((await lookup(writer, { entity: 'customer', id: customerId }))?.id).toBe(customerId);

    const catalog = await clientWith('catalog:write');
    expect((await lookup(catalog, { entity: 'unit', ref: unitRef }))?.external_ref).toBe(unitRef);
    expect(errorOf(await catalog.get(`/lookup?entity=customer&ref=${customerRef}`), 403).message).toContain(
      'customers:read',
    );
    expect(errorOf(await catalog.get('/lookup?entity=price_list&code=X'), 403).message).toContain(
      'prices:write',
    );

    const stock = await clientWith('stock:read');
    expect(errorOf(await stock.get('/lookup?entity=warehouse&code=nothing'), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await stock.get(`/lookup?entity=product&ref=${unitRef}`), 403).code).toBe('SCOPE_MISSING');
  });
});
