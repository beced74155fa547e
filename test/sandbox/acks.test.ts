import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { AckResponseSchema, BatchAckResponseSchema, OrderResponseSchema } from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { client, type Doc, type Page } from './doc-client';

// Acks (spec, Acknowledge documents; docs/decisions/020, 022, 023): single and batch, the order's
// transitions, "kept at the version it answered", the three conflict codes, over loopback.

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

interface AckData {
  ack: { acked_version: number; outcome: string; external_number?: string; reason_code?: string };
  id: string;
  result: string;
  status: string;
  version: number;
}
interface ErrorResponse {
  error: { code: string; message: string; details: Array<{ field: string }>; retryable: boolean };
}

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 20, rateLimit: 100_000 });
  api = client(sandbox);
});
afterAll(async () => {
  await sandbox?.dispose();
});

async function pendingOrders(): Promise<Doc[]> {
  return (await api.get<Page>('/orders?filter[ack]=pending&per_page=500')).body.data;
}

describe('orders', () => {
  it('ACCEPTED with the ERP number confirms the order at a new version; the identical ack repeats as unchanged', async () => {
    const order = (await pendingOrders())[0]!;
    expect(order.status).toBe('ERP_PENDING');
    const noNumber = await api.post<ErrorResponse>(`/orders/${order.id}/ack`, { outcome: 'ACCEPTED' });
    expect([noNumber.status, noNumber.body.error.code, noNumber.body.error.details[0]?.field]).toEqual([
      422,
      'INVALID_REQUEST',
      'body.external_number',
    ]);

    const answer = { outcome: 'ACCEPTED', external_number: 'ERP-SO-1001', message: 'booked' };
    const first = await api.post<{ data: AckData }>(`/orders/${order.id}/ack`, answer);
    expect(first.status).toBe(200);
    expect(Compile(AckResponseSchema).Check(first.body)).toBe(true);
    expect(first.body.data).toMatchObject({
      id: order.id,
      result: 'applied',
      status: 'ERP_CONFIRMED',
      ack: { acked_version: order.version, outcome: 'ACCEPTED', external_number: 'ERP-SO-1001' },
    });
    expect(first.body.data.version).toBeGreaterThan(order.version);

    const shown = await api.get<{ data: Doc }>(`/orders/${order.id}`);
    expect(Compile(OrderResponseSchema).Check(shown.body)).toBe(true);
    expect(shown.body.data).toMatchObject({
      status: 'ERP_CONFIRMED',
      version: first.body.data.version,
      external_number: 'ERP-SO-1001',
      ack: { acked_version: order.version },
    });
    expect((await pendingOrders()).map((d) => d.id)).not.toContain(order.id);

    const again = await api.post<{ data: AckData }>(`/orders/${order.id}/ack`, answer);
    expect(again.body.data).toEqual({ ...first.body.data, result: 'unchanged' });

    const different = await api.post<ErrorResponse>(`/orders/${order.id}/ack`, {
      outcome: 'REJECTED',
      reason_code: 'CREDIT_HOLD',
    });
    expect([different.status, different.body.error.code, different.body.error.retryable]).toEqual([
      409,
      'ORDER_NOT_AWAITING_ACK',
      false,
    ]);
  });

  it('REJECTED with a reason fails the order; the office resends it; it awaits a new answer', async () => {
    const order = (await pendingOrders())[0]!;
    const noReason = await api.post<ErrorResponse>(`/orders/${order.id}/ack`, { outcome: 'REJECTED' });
    expect([noReason.status, noReason.body.error.code]).toEqual([422, 'INVALID_REQUEST']);
    const rejected = await api.post<{ data: AckData }>(`/orders/${order.id}/ack`, {
      outcome: 'REJECTED',
      reason_code: 'CREDIT_HOLD',
      message: 'over credit limit',
    });
    expect(rejected.body.data).toMatchObject({ result: 'applied', status: 'ERP_FAILED' });
    expect((await api.get<Page>('/orders?filter[ack]=rejected')).body.data.map((d) => d.id)).toContain(
      order.id,
    );

    const resent = await sandbox.admin<Doc>('POST', `/orders/${order.id}/resend`);
    expect(resent).toMatchObject({
      id: order.id,
      status: 'ERP_PENDING',
      ack: { outcome: 'REJECTED', acked_version: order.version },
    });
    expect(resent.version).toBeGreaterThan(rejected.body.data.version);
    expect((await pendingOrders()).map((d) => d.id)).toContain(order.id);
    await expect(sandbox.admin('POST', `/orders/${order.id}/resend`)).rejects.toThrow(/409/);

    const accepted = await api.post<{ data: AckData }>(`/orders/${order.id}/ack`, {
      outcome: 'ACCEPTED',
      external_number: 'ERP-SO-1002',
    });
    expect(accepted.body.data).toMatchObject({
      result: 'applied',
      status: 'ERP_CONFIRMED',
      ack: { acked_version: resent.version },
    });
  });

  it('refuses an order that never awaited the ERP (a van sale, delivered)', async () => {
    const delivered = (await api.all('orders')).find((d) => d.status === 'DELIVERED')!;
    const answer = await api.post<ErrorResponse>(`/orders/${delivered.id}/ack`, {
      outcome: 'ACCEPTED',
      external_number: 'X',
    });
    expect([answer.status, answer.body.error.code]).toEqual([409, 'ORDER_NOT_AWAITING_ACK']);
  });
});

describe('invoices, payments and returns', () => {
  it('keep their status and version; a different answer to the same version is ALREADY_ACKNOWLEDGED', async () => {
    for (const feed of ['invoices', 'returns', 'payments']) {
      const doc = (await api.get<Page>(`/${feed}?filter[ack]=pending&per_page=1`)).body.data[0]!;
      const ack = await api.post<{ data: AckData }>(`/${feed}/${doc.id}/ack`, {
        outcome: 'ACCEPTED',
        external_number: `ERP-${feed}-1`,
      });
      expect(ack.status).toBe(200);
      expect(ack.body.data).toMatchObject({
        result: 'applied',
        status: doc.status,
        version: doc.version,
        ack: { acked_version: doc.version },
      });
      const conflict = await api.post<ErrorResponse>(`/${feed}/${doc.id}/ack`, {
        outcome: 'REJECTED',
        reason_code: 'DUPLICATE',
      });
      expect([conflict.status, conflict.body.error.code]).toEqual([409, 'ALREADY_ACKNOWLEDGED']);
      const repeat = await api.post<{ data: AckData }>(`/${feed}/${doc.id}/ack`, {
        outcome: 'ACCEPTED',
        external_number: `ERP-${feed}-1`,
      });
      expect(repeat.body.data.result).toBe('unchanged');
    }
  });

  it('a payment changed after its ack is pending again and takes an ack at its new version', async () => {
    // Answer every recorded payment, so whichever the office reverses was acked.
    const recorded = (await api.all('payments')).filter((d) => d.status === 'RECORDED' && !d.ack);
    const batch = await api.post<{ meta: { applied: number } }>('/acks', {
      entity: 'payment',
      items: recorded.map((d) => ({ id: d.id, outcome: 'ACCEPTED' })),
    });
    expect(batch.body.meta.applied).toBe(recorded.length);
    const reversed = (
      await sandbox.admin<{ created: { reversals: string[] } }>('POST', '/simulate', { reversals: 1 })
    ).created.reversals[0]!;
    const doc = (await api.get<{ data: Doc }>(`/payments/${reversed}`)).body.data;
    expect(doc.status).toBe('REVERSED');
    expect(doc.ack?.outcome).toBe('ACCEPTED');
    expect(doc.ack!.acked_version).toBeLessThan(doc.version);
    expect(
      (await api.get<Page>(`/payments?filter[ack]=pending&filter[id]=${reversed}`)).body.data,
    ).toHaveLength(1);
    const again = await api.post<{ data: AckData }>(`/payments/${reversed}/ack`, {
      outcome: 'ACCEPTED',
      message: 'reversal booked',
    });
    expect(again.body.data).toMatchObject({
      result: 'applied',
      version: doc.version,
      ack: { acked_version: doc.version },
    });
  });
});

describe('batch acks', () => {
  it('applies each item on its own and reports failures per item', async () => {
    const [a, b] = (await api.get<Page>('/returns?filter[ack]=pending&per_page=2')).body.data;
    const items = [
      { id: a!.id, outcome: 'ACCEPTED', external_ref: 'CN-1' },
      { id: a!.id, outcome: 'ACCEPTED', external_ref: 'CN-1' },
      { id: a!.id, outcome: 'REJECTED', reason_code: 'DUPLICATE' },
      { id: 'ret_unknown', outcome: 'ACCEPTED' },
      { id: b!.id, outcome: 'REJECTED', reason_code: 'WRONG_PRICE' },
    ];
    const answer = await api.post<{
      data: Array<{
        result: string;
        id?: string;
        error?: { code: string; status: number; retryable: boolean; details: unknown[] };
      }>;
      meta: unknown;
    }>('/acks', {
      entity: 'return',
      items,
    });
    expect(answer.status).toBe(200);
    expect(Compile(BatchAckResponseSchema).Check(answer.body)).toBe(true);
    expect(answer.body.meta).toEqual({ applied: 2, failed: 2, unchanged: 1 });
    expect(answer.body.data.map((r) => [r.result, r.error?.code ?? null, r.error?.status ?? null])).toEqual([
      ['applied', null, null],
      ['unchanged', null, null],
      ['failed', 'ALREADY_ACKNOWLEDGED', 409],
      ['failed', 'NOT_FOUND', 404],
      ['applied', null, null],
    ]);
    expect(answer.body.data[2]?.error?.details).toEqual([
      { field: 'body.items.2.outcome', code: 'already_acknowledged', value: 'ACCEPTED' },
    ]);
    expect((await api.get<{ data: Doc }>(`/returns/${b!.id}`)).body.data.ack?.outcome).toBe('REJECTED');
  });

  it('refuses more than 500 items, an unknown entity and a missing write scope', async () => {
    const tooMany = await api.post<ErrorResponse>('/acks', {
      entity: 'invoice',
      items: Array.from({ length: 501 }, (_, i) => ({ id: `inv_${i}`, outcome: 'ACCEPTED' })),
    });
    expect([tooMany.status, tooMany.body.error.code]).toEqual([422, 'INVALID_REQUEST']);
    const entity = await api.post<ErrorResponse>('/acks', { entity: 'visit', items: [] });
    expect([entity.status, entity.body.error.code]).toEqual([422, 'INVALID_REQUEST']);
    const reader = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Reader',
      system: 'OTHER',
      scopes: ['invoices:read', 'orders:write'],
    });
    const limited = client(sandbox, reader.token);
    const batch = await limited.post<ErrorResponse>('/acks', { entity: 'invoice', items: [] });
    expect([batch.status, batch.body.error.code]).toEqual([403, 'SCOPE_MISSING']);
    const single = await limited.post<ErrorResponse>('/payments/pay_x/ack', { outcome: 'ACCEPTED' });
    expect([single.status, single.body.error.code]).toEqual([403, 'SCOPE_MISSING']);
  });

  it('is idempotent by key and needs one', async () => {
    const doc = (await api.get<Page>('/invoices?filter[ack]=pending&per_page=1')).body.data[0]!;
    const body = {
      entity: 'invoice',
      items: [{ id: doc.id, outcome: 'ACCEPTED', external_number: 'INV-ERP-9' }],
    };
    const first = await api.post<unknown>('/acks', body, 'batch-key-1');
    const replay = await api.post<unknown>('/acks', body, 'batch-key-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const noKey = await api.post<ErrorResponse>('/acks', body, null);
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });
});

describe('ERP mode', () => {
  it('refuses every ack while the company is not in api mode', async () => {
    const doc = (await api.get<Page>('/invoices?filter[ack]=pending&per_page=1')).body.data[0]!;
    await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'manual' });
    try {
      const single = await api.post<ErrorResponse>(`/invoices/${doc.id}/ack`, { outcome: 'ACCEPTED' });
      expect([single.status, single.body.error.code]).toEqual([409, 'ERP_MODE_NOT_API']);
      const batch = await api.post<ErrorResponse>('/acks', {
        entity: 'invoice',
        items: [{ id: doc.id, outcome: 'ACCEPTED' }],
      });
      expect([batch.status, batch.body.error.code]).toEqual([409, 'ERP_MODE_NOT_API']);
      expect((await api.get<{ data: Doc }>(`/invoices/${doc.id}`)).body.data.ack ?? null).toBeNull();
    } finally {
      await sandbox.admin('PATCH', '/companies/DEMO', { erp_mode: 'api' });
    }
    expect((await api.post(`/invoices/${doc.id}/ack`, { outcome: 'ACCEPTED' })).status).toBe(200);
  });
});

describe('the console decides a return', () => {
  it('changes the return at a new version: its earlier answer stays at the version it answered, pending again', async () => {
    const ret = (await api.get<Page>('/returns?filter[ack]=pending&per_page=1')).body.data[0]!;
    const acked = await api.post<{ data: AckData }>(`/returns/${ret.id}/ack`, {
      outcome: 'ACCEPTED',
      external_number: 'CN-9001',
    });
    expect(acked.body.data).toMatchObject({ result: 'applied', version: ret.version });

    const decided = await sandbox.admin<Doc>('POST', `/returns/${ret.id}/decide`, { approved: false });
    expect(decided).toMatchObject({
      id: ret.id,
      approval: { decided_by: 'office@demo', held_reason: 'Refused by the office' },
      ack: { outcome: 'ACCEPTED', acked_version: ret.version },
    });
    expect(decided.version).toBeGreaterThan(ret.version);
    expect(
      (await api.get<Page>('/returns?filter[ack]=pending&per_page=500')).body.data.map((d) => d.id),
    ).toContain(ret.id);
    await expect(sandbox.admin('POST', '/returns/no-such-return/decide', { approved: true })).rejects.toThrow(
      /404/,
    );
  });
});
