import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  InvoiceResponseSchema,
  OrderResponseSchema,
  PaymentResponseSchema,
  ReturnResponseSchema,
} from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { client, type Doc, type Page } from './doc-client';

// Single documents (spec, Pull documents): every kind by id, schema-valid and the same as in its
// feed; unknown ids and other companies' ids are 404 (tenancy); ERP keys pushed later reach the
// references of documents already made (docs/decisions/025).

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

const kinds = [
  { feed: 'orders', schema: Compile(OrderResponseSchema) },
  { feed: 'invoices', schema: Compile(InvoiceResponseSchema) },
  { feed: 'payments', schema: Compile(PaymentResponseSchema) },
  { feed: 'returns', schema: Compile(ReturnResponseSchema) },
] as const;

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 20, rateLimit: 100_000 });
  api = client(sandbox);
  // Some documents carry acks, so the served form with `ack` is covered too.
  const payments = await api.all('payments');
  await api.post('/acks', {
    entity: 'payment',
    items: payments.slice(0, 3).map((d) => ({ id: d.id, outcome: 'ACCEPTED', external_ref: `GL-${d.id}` })),
  });
});
afterAll(async () => {
  await sandbox?.dispose();
});

describe('single documents', () => {
  it('answer every document of every kind as its feed does, valid against the wire schema', async () => {
    for (const { feed, schema } of kinds) {
      const all = await api.all(feed);
      expect(all.length).toBeGreaterThanOrEqual(20);
      for (const doc of all) {
        const one = await api.get<{ data: Doc }>(`/${feed}/${doc.id}`);
        expect(one.status).toBe(200);
        expect(one.body.data).toEqual(doc);
        if (!schema.Check(one.body))
          throw new Error(
            `${feed}/${doc.id} fails its schema: ${JSON.stringify([...schema.Errors(one.body)].slice(0, 3))}`,
          );
      }
    }
  });

  it('answer 404 NOT_FOUND for an unknown id and for an id of another kind', async () => {
    const invoice = (await api.get<Page>('/invoices?per_page=1')).body.data[0]!;
    for (const path of [
      '/orders/ord_unknown',
      '/payments/pay_unknown',
      `/orders/${invoice.id}`,
      `/returns/${invoice.id}`,
    ]) {
      const answer = await api.get<{ error: { code: string; request_id: string; retryable: boolean } }>(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({
        code: 'NOT_FOUND',
        retryable: false,
        request_id: answer.headers.get('x-request-id'),
      });
    }
  });

  it('need the feed read scope', async () => {
    const order = (await api.get<Page>('/orders?per_page=1')).body.data[0]!;
    const other = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Payments only',
      system: 'OTHER',
      scopes: ['payments:read'],
    });
    const limited = client(sandbox, other.token);
    for (const path of [`/orders/${order.id}`, '/orders', '/orders/cursor']) {
      const answer = await limited.get<{ error: { code: string; message: string } }>(path);
      expect([answer.status, answer.body.error.code]).toEqual([403, 'SCOPE_MISSING']);
      expect(answer.body.error.message).toContain('orders:read');
    }
    expect((await limited.get('/payments?per_page=1')).status).toBe(200);
  });
});

describe('tenancy', () => {
  it("never shows another company's documents", async () => {
    await sandbox.admin('POST', '/companies', { code: 'OTHER', name: 'Other Trading' });
    const other = await sandbox.admin<{ token: string }>('POST', '/clients', {
      company: 'OTHER',
      name: 'Other ERP',
      system: 'OTHER',
      scopes: [
        'orders:read',
        'invoices:read',
        'payments:read',
        'returns:read',
        'invoices:write',
        'payments:write',
      ],
    });
    const stranger = client(sandbox, other.token);
    for (const { feed } of kinds) {
      const mine = (await api.get<Page>(`/${feed}?per_page=1`)).body.data[0]!;
      expect((await stranger.get(`/${feed}/${mine.id}`)).status).toBe(404);
      const page = await stranger.get<Page>(`/${feed}`);
      expect(page.body).toEqual({
        data: [],
        meta: { has_more: false, high_water: 0, next_version_after: 0, per_page: 100 },
      });
      expect((await stranger.get(`/${feed}/cursor`)).body).toEqual({ data: { high_water: 0, last_seq: 0 } });
    }
    const payment = (await api.get<Page>('/payments?filter[ack]=pending&per_page=1')).body.data[0]!;
    const ack = await stranger.post<{ error: { code: string } }>(`/payments/${payment.id}/ack`, {
      outcome: 'ACCEPTED',
    });
    expect([ack.status, ack.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const batch = await stranger.post<{ data: Array<{ error: { code: string } }> }>('/acks', {
      entity: 'payment',
      items: [{ id: payment.id, outcome: 'ACCEPTED' }],
    });
    expect(batch.body.data[0]?.error.code).toBe('NOT_FOUND');
    expect((await api.get<{ data: Doc }>(`/payments/${payment.id}`)).body.data.ack ?? null).toBeNull();
  });
});

describe('ERP keys in references', () => {
  it('show a key the ERP pushed after the document was made, without moving its version', async () => {
    const before = await api.all('invoices');
    const carton = before
      .flatMap((d) => (d.lines as Array<{ unit: { id: string; code?: string } }>).map((l) => l.unit))
      .find((u) => u.code === 'CTN');
    expect(carton).toBeDefined();
    const push = await api.call<{ data: { id: string; result: string } }>('PUT', '/units/CTN', {
      name: { en: 'Carton', ar: 'كرتونة' },
    });
    expect(push.body.data).toMatchObject({ id: carton!.id, result: 'updated' });
    const after = await api.all('invoices');
    expect(after.map((d) => d.version)).toEqual(before.map((d) => d.version));
    const units = after.flatMap((d) =>
      (d.lines as Array<{ unit: { id: string; external_ref?: string } }>).map((l) => l.unit),
    );
    for (const unit of units) expect(unit.external_ref ?? null).toBe(unit.id === carton!.id ? 'CTN' : null);
    const summaryUnits = after.flatMap((d) =>
      (d.order as { lines: Array<{ unit: { id: string; external_ref?: string } }> }).lines.map((l) => l.unit),
    );
    expect(summaryUnits.filter((u) => u.id === carton!.id).every((u) => u.external_ref === 'CTN')).toBe(true);
    const one = await api.get<{ data: Doc }>(`/invoices/${after[0]!.id}`);
    expect(one.body.data).toEqual(after[0]);
  });
});
