import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, writes, type AttemptEvent } from '../../src-main/core/api/client';
import { ServiceError, WireError } from '../../src-main/core/api/errors';
import { feedKinds } from '../../src-shared/wire';
import { newIdempotencyKey } from '../../src-shared/domain/idempotency-key';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('the API client against the sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let client: ApiClient;
  const events: AttemptEvent[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 4 });
    proxy = await startFaultProxy(sandbox.origin);
    client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      onAttempt: (event) => events.push(event),
    });
  });
  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    await sandbox?.dispose();
  });
  beforeEach(() => proxy.reset());

  it('reads /me with the headers the answer carried', async () => {
    const answer = await client.me();
    expect(answer).toMatchObject({
      status: 200,
      replayed: false,
      data: { company: { code: 'DEMO' }, client: { name: 'Demo ERP', rate_limit_per_minute: 120 } },
      meta: undefined,
      rateLimit: { limit: 120 },
    });
    expect(answer.requestId).toEqual(expect.any(String));
  });

  it('reads a reference list with its meta', async () => {
    const answer = await client.reference('payment-methods');
    expect(answer.meta).toEqual({ count: answer.data.length, kind: 'payment-methods' });
    expect(answer.data.map((entry) => entry.code)).toEqual(expect.arrayContaining(['CASH', 'CHEQUE']));
  });

  it('pushes every kind of master data in dependency order and looks the records up', async () => {
    const key = newIdempotencyKey;
    const results = {
      unit: (await client.send(writes.putUnit('U-BOX', { name: { en: 'Box' } }), key())).data.result,
      priceList: (
        await client.send(writes.putPriceList('PL-1', { currency: 'EGP', name: { en: 'Retail' } }), key())
      ).data.result,
      product: (
        await client.send(writes.putProduct('P-1', { name: { en: 'Water' }, base_unit_ref: 'U-BOX' }), key())
      ).data.result,
      productUnits: (
        await client.send(
          writes.putProductUnits('P-1', {
            units: [{ unit_ref: 'U-BOX', factor_to_base: 1, order_default: true }],
          }),
          key(),
        )
      ).data.result,
      prices: (
        await client.send(
          writes.putPrices(
            'PL-1',
            { prices: [{ product_ref: 'P-1', unit_ref: 'U-BOX', price: 12.5, valid_from: '2025-01-01' }] },
            'replace',
          ),
          key(),
        )
      ).data.written,
      customer: (
        await client.send(
          writes.putCustomer('C-1', { name: { en: 'Corner shop' }, blocked: false, price_list_ref: 'PL-1' }),
          key(),
        )
      ).data.result,
      branch: (
        await client.send(
          writes.putBranch('C-1', 'B-1', { name: { en: 'Main street' }, blocked: false }),
          key(),
        )
      ).data.result,
      balance: (
        await client.send(writes.putBalance('C-1', { balance: 100, as_of: '2025-02-01T00:00:00Z' }), key())
      ).data.result,
      batch: (
        await client.send(
          writes.batchPush('units', { items: [{ ref: 'U-KG', body: { name: { en: 'Kilogram' } } }] }),
          key(),
        )
      ).meta,
      branchDeleted: (await client.send(writes.deleteBranch('C-1', 'B-1'), key())).data.result,
      customerDeleted: (await client.send(writes.deleteCustomer('C-1'), key())).data.result,
    };
    expect(results).toEqual({
      unit: 'created',
      priceList: 'created',
      product: 'created',
      productUnits: 'updated',
      prices: 1,
      customer: 'created',
      branch: 'created',
      balance: 'updated',
      batch: { applied: 1, failed: 0 },
      branchDeleted: 'deleted',
      customerDeleted: 'deleted',
    });
    const found = await client.lookup({ entity: 'product', ref: 'P-1' });
    expect(found.data).toMatchObject({ entity: 'product', external_ref: 'P-1', deleted: false });
  });

  it('pages each feed, reads cursors and documents, and acks one at a time and in batches', async () => {
    const pages = await Promise.all(
      feedKinds.map(async (kind) => [kind, (await client.feedPage(kind, { perPage: 2 })).meta.per_page]),
    );
    expect(Object.fromEntries(pages)).toEqual({ orders: 2, invoices: 2, payments: 2, returns: 2 });

    const payments = await client.feedPage('payments', { versionAfter: 0, ack: 'pending', perPage: 500 });
    const cursor = await client.feedCursor('payments');
    expect(cursor.data.high_water).toBeGreaterThanOrEqual(payments.meta.high_water);
    const payment = payments.data[0];
    if (!payment) throw new Error('the sandbox seeded no payment');
    const acked = await client.send(
      writes.ack('payments', payment.id, { outcome: 'ACCEPTED', external_number: 'ERP-PAY-1' }),
      newIdempotencyKey(),
    );
    const read = await client.document('payments', payment.id);
    expect({ result: acked.data.result, ack: read.data.ack }).toMatchObject({
      result: 'applied',
      ack: { outcome: 'ACCEPTED', external_number: 'ERP-PAY-1', acked_version: payment.version },
    });

    const invoices = await client.feedPage('invoices', { seqAfter: 0 });
    expect(invoices.meta.last_seq).toEqual(expect.any(Number));
    const items = invoices.data.map((invoice) => ({
      id: invoice.id,
      outcome: 'ACCEPTED' as const,
      external_number: `ERP-${invoice.number}`,
    }));
    const batch = await client.batchAck({ entity: 'invoice', items }, newIdempotencyKey());
    expect(batch.meta).toEqual({ applied: items.length, failed: 0, unchanged: 0 });
    const pending = await client.feedPage('invoices', { ids: items.map((item) => item.id), ack: 'pending' });
    expect(pending.data).toEqual([]);
  });

  it('treats a replay as success, and refuses a reused key with another body', async () => {
    const key = newIdempotencyKey();
    const first = await client.send(writes.putUnit('U-REPLAY', { name: { en: 'Replay' } }), key);
    const again = await client.send(writes.putUnit('U-REPLAY', { name: { en: 'Replay' } }), key);
    const fresh = await client.send(
      writes.putUnit('U-REPLAY', { name: { en: 'Replay' } }),
      newIdempotencyKey(),
    );
    expect([first, again, fresh].map((a) => ({ result: a.data.result, replayed: a.replayed }))).toEqual([
      { result: 'created', replayed: false },
      { result: 'created', replayed: true },
      { result: 'unchanged', replayed: false },
    ]);
    await expect(
      client.send(writes.putUnit('U-REPLAY', { name: { en: 'Other' } }), key),
    ).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('turns the error envelope into a ServiceError with code, message, details, request id and retryable', async () => {
    const error: unknown = await client
      .lookup({ entity: 'customer', ref: 'NOBODY' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    const refusal = error as ServiceError;
    expect({
      status: refusal.status,
      code: refusal.code,
      retryable: refusal.retryable,
      details: Array.isArray(refusal.details),
    }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      retryable: false,
      details: true,
    });
    expect(refusal.message.length).toBeGreaterThan(0);
    expect(refusal.requestId).toBe(events.at(-1)?.requestId);
  });

  it('refuses answers that do not match the interface with a WireError, without retrying', async () => {
    const viaProxy = new ApiClient({ baseUrl: proxy.baseUrl, token: sandbox.token });
    proxy.add({
      path: '/me',
      times: 1,
      action: { kind: 'respond', status: 200, body: { data: { company: 'DEMO' } } },
    });
    await expect(viaProxy.me()).rejects.toBeInstanceOf(WireError);
    proxy.add({
      path: '/me',
      times: 1,
      action: {
        kind: 'respond',
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: '<html>Bad gateway</html>',
      },
    });
    await expect(viaProxy.me()).rejects.toMatchObject({ name: 'WireError', path: '/me' });
    await viaProxy.close();
    expect(proxy.requests.map((r) => r.status)).toEqual([200, 502]);
  });

  it('never puts the token into an error or an attempt event', async () => {
    const wrongToken = `svc_test_${'A'.repeat(43)}`;
    const stranger = new ApiClient({
      baseUrl: sandbox.baseUrl,
      token: wrongToken,
      onAttempt: (event) => events.push(event),
    });
    const refused: unknown = await stranger.me().catch((e: unknown) => e);
    const unreachable = new ApiClient({
      baseUrl: 'http://127.0.0.1:9/api/integration/v1',
      token: wrongToken,
      retryPolicy: { maxAttempts: 1, maxElapsedMs: 0, baseDelayMs: 0, maxDelayMs: 0 },
    });
    const lost: unknown = await unreachable.me().catch((e: unknown) => e);
    await stranger.close();
    await unreachable.close();
    const seen = JSON.stringify([events, String(refused), String(lost), (lost as Error).stack]);
    expect(refused).toMatchObject({ code: 'TOKEN_INVALID' });
    expect(lost).toMatchObject({ name: 'NetworkError' });
    expect(seen).not.toContain(wrongToken);
    expect(seen).not.toContain(sandbox.token);
  });
});
