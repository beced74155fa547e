import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceResponseSchema, referenceKinds, type ReferenceResponse } from '../../src-shared/wire';
import { buildSandbox } from '../../src-sandbox/app';
import { openClock } from '../../src-sandbox/clock';
import { openStore } from '../../src-sandbox/store/db';
import { createClient, createCompany } from '../../src-sandbox/store/platform';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { call, expectError } from './platform-support';

const checkAnswer = Compile(ReferenceResponseSchema);

let sandbox: RunningSandbox;
let noScopeToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 0 });
  ({ token: noScopeToken } = await sandbox.admin<{ token: string }>('POST', '/clients', {
    name: 'No scopes',
    system: 'OTHER',
    scopes: [],
  }));
});
afterAll(async () => {
  await sandbox.dispose();
});

async function list(kind: string, token = noScopeToken): Promise<ReferenceResponse> {
  const answer = await call(`${sandbox.baseUrl}/reference/${kind}`, 'GET', { token });
  expect(answer.status).toBe(200);
  if (!checkAnswer.Check(answer.json)) throw new Error(`not a reference answer: ${answer.text}`);
  return answer.json;
}

const codes = (answer: ReferenceResponse) => answer.data.map((entry) => entry.code);

describe('GET /reference/{kind} (spec, Identity and lookup)', () => {
  it('answers all ten kinds with {data, meta: {count, kind}}, needing no scope', async () => {
    for (const kind of referenceKinds) {
      const answer = await list(kind);
      expect(answer.meta).toEqual({ count: answer.data.length, kind });
    }
  });

  it('gives the fixed lists their codes, English and Arabic names and string attributes', async () => {
    const methods = await list('payment-methods');
    expect(methods.data.map((m) => [m.code, m.attributes.needs_reference])).toEqual([
      ['CASH', 'false'],
      ['CHEQUE', 'true'],
      ['BANK_TRANSFER', 'true'],
    ]);
    expect(codes(await list('order-statuses'))).toEqual([
      'ERP_PENDING',
      'ERP_CONFIRMED',
      'ERP_FAILED',
      'DELIVERED',
    ]);
    expect(codes(await list('cheque-statuses'))).toEqual(['IN_HAND', 'DEPOSITED', 'CLEARED', 'BOUNCED']);
    expect(codes(await list('return-statuses'))).toContain('RECORDED');
    expect(codes(await list('return-reasons'))).toEqual(
      expect.arrayContaining(['DAMAGED', 'EXPIRED', 'WRONG_ITEM', 'CUSTOMER_REFUSED']),
    );
    expect(codes(await list('currencies'))).toEqual(expect.arrayContaining(['EGP', 'USD', 'SAR']));
    const taxes = await list('tax-codes');
    expect(taxes.data.find((t) => t.code === 'VAT14')?.attributes.rate).toBe('14.00');
    expect(taxes.data.every((t) => /^\d+\.\d{2}$/.test(t.attributes.rate ?? ''))).toBe(true);

    for (const kind of [
      'payment-methods',
      'return-reasons',
      'order-statuses',
      'return-statuses',
      'cheque-statuses',
      'tax-codes',
      'currencies',
    ]) {
      for (const entry of (await list(kind)).data) {
        expect(Object.keys(entry.name).sort()).toEqual(['ar', 'en']);
      }
    }
  });

  it('answers an unknown kind with 404 NOT_FOUND naming the kinds', async () => {
    const missing = expectError(
      await call(`${sandbox.baseUrl}/reference/payment-method`, 'GET', { token: noScopeToken }),
      404,
      'NOT_FOUND',
    );
    expect(missing.error.message).toContain('payment-methods');
  });

  it("lists the caller's company's pushed units and price lists, and no other company's", async () => {
    const put = (path: string, body: unknown, key: string) =>
      call(`${sandbox.baseUrl}${path}`, 'PUT', {
        token: sandbox.token,
        body,
        headers: { 'idempotency-key': key },
      });
    expect((await put('/units/REF-BOX', { name: { en: 'Box', ar: 'علبة' } }, 'ref-unit')).status).toBe(200);
    expect(
      (await put('/price-lists/REF-RETAIL', { currency: 'EGP', name: { en: 'Retail' } }, 'ref-list')).status,
    ).toBe(200);

    // The demo company is seeded with warehouses (sandbox contract: every reference list).
    expect((await list('warehouses', sandbox.token)).data.length).toBeGreaterThan(0);
    const unit = (await list('units', sandbox.token)).data.find((u) => u.external_ref === 'REF-BOX');
    expect(unit).toMatchObject({ name: { en: 'Box', ar: 'علبة' }, attributes: {} });
    expect(unit?.id).toEqual(expect.any(String));
    const priceList = (await list('price-lists', sandbox.token)).data.find(
      (p) => p.external_ref === 'REF-RETAIL',
    );
    expect(priceList).toMatchObject({ name: { en: 'Retail' }, attributes: { currency: 'EGP' } });

    await sandbox.admin('POST', '/companies', { code: 'OTHER', name: 'Other Co' });
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      company: 'OTHER',
      name: 'Other ERP',
      system: 'OTHER',
      scopes: [],
    });
    expect([
      (await list('units', token)).data,
      (await list('price-lists', token)).data,
      (await list('warehouses', token)).data,
    ]).toEqual([[], [], []]);
  });
});

describe('reference lists read from records', () => {
  it('skips deleted records, orders by code and gives warehouses their active attribute', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-ref-'));
    const db = openStore(dir);
    try {
      const clock = openClock(db);
      const company = createCompany(db, clock, 'DEMO', 'Demo');
      const { token } = createClient(db, clock, {
        companyId: company.id,
        name: 'ERP',
        system: 'OTHER',
        scopes: [],
        ipAllow: [],
        rateLimitPerMinute: 100,
      });
      const insert =
        db.prepare(`INSERT INTO records(id, company_id, entity, code, external_ref, version, body, deleted, created_at, updated_at)
                                 VALUES (?, ?, 'warehouse', ?, ?, 1, ?, ?, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`);
      insert.run(
        'wh_2',
        company.id,
        'WH-B',
        null,
        JSON.stringify({ name: { en: 'Branch store', ar: 'مخزن الفرع' }, active: false }),
        0,
      );
      insert.run(
        'wh_1',
        company.id,
        'WH-A',
        'ERP-WH-A',
        JSON.stringify({ name: { en: 'Main store' }, active: true }),
        0,
      );
      insert.run('wh_3', company.id, 'WH-C', null, JSON.stringify({ name: { en: 'Closed' } }), 1);
      insert.run('wh_4', company.id, 'WH-D', null, '{}', 0);
      const app = await buildSandbox(
        db,
        { dataDir: dir, rateLimitPerMinute: 100, writeDelayMs: 0 },
        'secret',
      );
      const answer = await app.inject({
        method: 'GET',
        url: '/api/integration/v1/reference/warehouses',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.json()).toEqual({
        data: [
          {
            code: 'WH-A',
            name: { en: 'Main store' },
            attributes: { active: 'true' },
            external_ref: 'ERP-WH-A',
            id: 'wh_1',
          },
          {
            code: 'WH-B',
            name: { en: 'Branch store', ar: 'مخزن الفرع' },
            attributes: { active: 'false' },
            external_ref: null,
            id: 'wh_2',
          },
          {
            code: 'WH-D',
            name: { en: 'WH-D' },
            attributes: { active: 'true' },
            external_ref: null,
            id: 'wh_4',
          },
        ],
        meta: { count: 3, kind: 'warehouses' },
      });
      await app.close();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
