import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src-main/core/api/client';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import type { Store } from '../../src-main/core/ports';
import { PushRunner } from '../../src-main/core/push/push-runner';
import type { PushPlan, PushRecordResult, PushRunSummary } from '../../src-shared/domain/master-data';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('pushing master data against the real sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let token: string;
  const dirs: string[] = [];
  const clients: ApiClient[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    ({ token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Push tests',
      system: 'OTHER',
      scopes: ['catalog:write', 'prices:write', 'customers:write', 'customers:read', 'balances:write'],
      rate_limit_per_minute: 6000,
    }));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await proxy?.close();
    await sandbox?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function newStore(): Store {
    const dir = mkdtempSync(join(tmpdir(), 'desk-push-'));
    dirs.push(dir);
    return createFileStore(dir);
  }

  /** A runner as a fresh start of the app would make it, on `store`, talking through the proxy. */
  function newRunner(
    store: Store,
    options: { maxAttempts?: number } = {},
  ): { runner: PushRunner; events: PushRunSummary[] } {
    const client = new ApiClient({
      baseUrl: proxy.baseUrl,
      token,
      timeoutMs: 5_000,
      retryPolicy: {
        maxAttempts: options.maxAttempts ?? 3,
        maxElapsedMs: 10_000,
        baseDelayMs: 50,
        maxDelayMs: 200,
      },
    });
    clients.push(client);
    const events: PushRunSummary[] = [];
    const runner = new PushRunner({
      store,
      clock: { now: () => Date.now() },
      activeClient: async () => ({ connectionId: 'conn-1', client }),
      onProgress: (summary) => events.push(summary),
      progressIntervalMs: 0,
    });
    return { runner, events };
  }

  async function settled(runner: PushRunner, runId: string): Promise<PushRunSummary> {
    await expect
      .poll(async () => (await runner.status(runId)).state, { timeout: 20_000, interval: 50 })
      .not.toMatch(/queued|running/);
    return runner.status(runId);
  }

  async function allResults(runner: PushRunner, runId: string): Promise<PushRecordResult[]> {
    return (await runner.results(runId, 0, 500)).records;
  }

  it('pushes every kind in dependency order, with batches where the spec has them', async () => {
    proxy.reset();
    const { runner } = newRunner(newStore());
    const plan: PushPlan = {
      label: 'Order test',
      calls: [
        {
          call: 'units-batch',
          file: 'units.csv',
          items: [
            { ref: 'OT-PCS', body: { name: { en: 'Piece', ar: 'قطعة' } }, line: 2 },
            { ref: 'OT-BOX', body: { name: { en: 'Box' } }, line: 3 },
          ],
        },
        {
          call: 'price-list',
          file: 'lists.csv',
          line: 2,
          ref: 'OT-RETAIL',
          body: { currency: 'EGP', name: { en: 'Retail' } },
        },
        {
          call: 'products-batch',
          file: 'products.csv',
          items: [
            { ref: 'OT-TEA', body: { name: { en: 'Tea' }, base_unit_ref: 'OT-PCS' }, line: 2 },
            { ref: 'OT-RICE', body: { name: { en: 'Rice' }, base_unit_ref: 'OT-KG' }, line: 3 },
          ],
        },
        {
          call: 'product-units',
          file: 'pu.csv',
          lines: [2, 3],
          ref: 'OT-TEA',
          body: {
            units: [
              { unit_ref: 'OT-PCS', factor_to_base: 1, order_default: true },
              { unit_ref: 'OT-BOX', factor_to_base: 12, order_default: false },
            ],
          },
        },
        {
          call: 'prices',
          file: 'prices.csv',
          lines: [2],
          ref: 'OT-RETAIL',
          mode: 'merge',
          body: {
            prices: [{ product_ref: 'OT-TEA', unit_ref: 'OT-PCS', price: 5.5, valid_from: '2025-01-01' }],
          },
        },
        {
          call: 'customer',
          file: 'customers.csv',
          line: 2,
          ref: 'OT-C1',
          body: { name: { en: 'Nile Market' }, blocked: false, price_list_ref: 'OT-RETAIL' },
        },
        {
          call: 'branch',
          file: 'branches.csv',
          line: 2,
          ref: 'OT-C1',
          branchRef: 'MAIN',
          body: { name: { en: 'Main' }, blocked: false },
        },
        {
          call: 'balances-batch',
          file: 'balances.csv',
          items: [{ ref: 'OT-C1', body: { balance: 1200.5, as_of: '2025-03-31T21:59:59Z' }, line: 2 }],
        },
      ],
    };
    const started = await runner.start(plan);
    expect(started).toMatchObject({
      state: 'queued',
      callsTotal: 8,
      recordsTotal: 10,
      counts: { pending: 10 },
    });
    const done = await settled(runner, started.runId);
    expect(done).toMatchObject({
      state: 'done',
      callsDone: 8,
      counts: { created: 6, updated: 3, failed: 1, pending: 0 },
      currentKind: null,
    });
    expect(proxy.requests.map((r) => `${r.method} ${r.url.replace(/^\/api\/integration\/v1/, '')}`)).toEqual([
      'POST /batch/units',
      'PUT /price-lists/OT-RETAIL',
      'POST /batch/products',
      'PUT /products/OT-TEA/units',
      'PUT /price-lists/OT-RETAIL/prices?mode=merge',
      'PUT /customers/OT-C1',
      'PUT /customers/OT-C1/branches/MAIN',
      'POST /batch/balances',
    ]);
    // Every write went with a key of its own.
    expect(new Set(proxy.requests.map((r) => r.idempotencyKey)).size).toBe(8);
    const results = await allResults(runner, started.runId);
    expect(results.map((r) => [r.kind, r.key, r.outcome])).toEqual([
      ['units', 'OT-PCS', 'created'],
      ['units', 'OT-BOX', 'created'],
      ['price-lists', 'OT-RETAIL', 'created'],
      ['products', 'OT-TEA', 'created'],
      ['products', 'OT-RICE', 'failed'],
      ['product-units', 'OT-TEA', 'updated'],
      ['prices', 'OT-RETAIL', 'updated'],
      ['customers', 'OT-C1', 'created'],
      ['branches', 'OT-C1 / MAIN', 'created'],
      ['balances', 'OT-C1', 'updated'],
    ]);
    const rice = results.find((r) => r.key === 'OT-RICE');
    expect(rice?.explanation).toBe(
      'Not on the service yet: unit OT-KG — push the units file first. Nothing of this call was written.',
    );
    expect(results.find((r) => r.kind === 'prices')?.note).toBe('1 written, 0 unchanged, 0 removed');
  });

  it('resumes after a lost answer and a restart with the same key; the service replays instead of applying twice', async () => {
    proxy.reset();
    const store = newStore();
    // The answer to C05 is lost after the sandbox applied it, and this client does not retry.
    proxy.add({ method: 'PUT', path: '/customers/RS-C05', times: 1, action: { kind: 'drop-answer' } });
    const first = newRunner(store, { maxAttempts: 1 });
    const calls: PushPlan['calls'] = Array.from({ length: 8 }, (_, i) => ({
      call: 'customer' as const,
      file: 'customers.csv',
      line: i + 2,
      ref: `RS-C0${i + 1}`,
      body: { name: { en: `Customer ${i + 1}` }, blocked: false },
    }));
    const started = await first.runner.start({ label: 'Restart test', calls });
    const stopped = await settled(first.runner, started.runId);
    expect(stopped).toMatchObject({
      state: 'stopped',
      callsDone: 4,
      reason: { code: 'NETWORK_UNREACHABLE' },
      counts: { created: 4, pending: 4 },
    });
    await first.runner.close();

    // The app starts again on the same data folder.
    const second = newRunner(store);
    const listed = await second.runner.list();
    expect(listed.map((run) => [run.runId, run.state, run.callsDone])).toEqual([
      [started.runId, 'stopped', 4],
    ]);
    await second.runner.resume(started.runId);
    const done = await settled(second.runner, started.runId);
    expect(done).toMatchObject({ state: 'done', callsDone: 8, counts: { created: 8, pending: 0 } });

    const c05 = proxy.requests.filter((r) => r.url.endsWith('/customers/RS-C05'));
    expect(c05.map((r) => [r.fault, r.upstreamStatus, r.status])).toEqual([
      ['drop-answer', 200, null],
      [null, 200, 200],
    ]);
    expect(c05[1]?.idempotencyKey).toBe(c05[0]?.idempotencyKey);
    const result = (await allResults(second.runner, started.runId)).find((r) => r.key === 'RS-C05');
    expect([result?.outcome, result?.note]).toEqual([
      'created',
      'answer replayed by the service (sent before)',
    ]);
  });

  it('keeps a run stopped when the app closes while its stop is still being written', async () => {
    proxy.reset();
    const store = newStore();
    // The disk is slow to take the run's "stopped": the app is closed meanwhile.
    const slow: Store = {
      ...store,
      read: (name) => store.read(name),
      damaged: () => store.damaged(),
      write: async (name, value) => {
        if ((value as { state?: string } | null)?.state === 'stopped')
          await new Promise((resolve) => setTimeout(resolve, 300));
        await store.write(name, value);
      },
    };
    proxy.add({ method: 'PUT', path: '/customers/SL-C02', times: 1, action: { kind: 'drop-answer' } });
    const first = newRunner(slow, { maxAttempts: 1 });
    const calls: PushPlan['calls'] = ['SL-C01', 'SL-C02', 'SL-C03'].map((ref, i) => ({
      call: 'customer' as const,
      file: 'customers.csv',
      line: i + 2,
      ref,
      body: { name: { en: `Customer ${ref}` }, blocked: false },
    }));
    const started = await first.runner.start({ label: 'Slow stop', calls });
    await expect
      .poll(async () => (await first.runner.status(started.runId)).state, { timeout: 20_000, interval: 5 })
      .toBe('stopped');
    await first.runner.close();
    const listed = await newRunner(store).runner.list();
    expect(listed.map((run) => [run.runId, run.state, run.reason?.code])).toEqual([
      [started.runId, 'stopped', 'NETWORK_UNREACHABLE'],
    ]);
  });

  it('pauses and resumes a run where it stood', async () => {
    proxy.reset();
    proxy.add({ method: 'PUT', path: /PR-C0[2-9]/, times: 20, action: { kind: 'delay', ms: 30 } });
    const { runner } = newRunner(newStore());
    const calls: PushPlan['calls'] = Array.from({ length: 9 }, (_, i) => ({
      call: 'customer' as const,
      file: 'c.csv',
      line: i + 2,
      ref: `PR-C0${i + 1}`,
      body: { name: { en: `Customer ${i + 1}` }, blocked: false },
    }));
    const started = await runner.start({ label: 'Pause test', calls });
    await expect
      .poll(async () => (await runner.status(started.runId)).callsDone, { timeout: 10_000, interval: 5 })
      .toBeGreaterThan(0);
    const paused = await runner.pause(started.runId);
    expect(paused.state).toBe('paused');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const still = await runner.status(started.runId);
    expect(still.callsDone).toBeLessThan(9);
    await runner.resume(started.runId);
    expect(await settled(runner, started.runId)).toMatchObject({
      state: 'done',
      callsDone: 9,
      counts: { created: 9 },
    });
    // Each customer was applied once: no request was answered as a second creation.
    const keysByRef = new Map<string, Set<string | null>>();
    for (const request of proxy.requests)
      keysByRef.set(request.url, (keysByRef.get(request.url) ?? new Set()).add(request.idempotencyKey));
    expect([...keysByRef.values()].every((keys) => keys.size === 1)).toBe(true);
  });

  it('offers adoption of a customer the service already has, and links it when pushed with its service_id', async () => {
    proxy.reset();
    const { service_id: serviceId } = await sandbox.admin<{ service_id: string }>('POST', '/customers', {
      code: 'AD-C1',
      name: 'Made by a rep',
    });
    const { runner } = newRunner(newStore());
    const customer = {
      call: 'customer' as const,
      file: 'customers.csv',
      line: 2,
      ref: 'AD-C1',
      body: { name: { en: 'Adopted' }, blocked: false },
    };
    const first = await runner.start({ label: 'Adoption', calls: [customer] });
    await settled(runner, first.runId);
    const [conflict] = await allResults(runner, first.runId);
    expect([conflict?.outcome, conflict?.error?.code, conflict?.adoptServiceId]).toEqual([
      'failed',
      'EXTERNAL_REF_CONFLICT',
      serviceId,
    ]);

    const second = await runner.start({
      label: 'Adoption: link',
      calls: [{ ...customer, body: { ...customer.body, service_id: serviceId } }],
    });
    await settled(runner, second.runId);
    const [linked] = await allResults(runner, second.runId);
    expect([linked?.outcome, linked?.serviceId]).toEqual(['updated', serviceId]);
  });

  it('answers stale for a balance older than the last pushed, with the ERP balance beside it', async () => {
    proxy.reset();
    const { runner } = newRunner(newStore());
    const balance = (amount: number, asOf: string): PushPlan['calls'][number] => ({
      call: 'balances-batch',
      file: 'balances.csv',
      items: [{ ref: 'ST-C1', body: { balance: amount, as_of: asOf }, line: 2 }],
    });
    const setup = await runner.start({
      label: 'Stale setup',
      calls: [
        {
          call: 'customer',
          file: 'c.csv',
          line: 2,
          ref: 'ST-C1',
          body: { name: { en: 'Stale' }, blocked: false },
        },
        balance(500, '2025-03-31T21:59:59Z'),
      ],
    });
    await settled(runner, setup.runId);
    const older = await runner.start({
      label: 'Older balance',
      calls: [balance(450, '2025-03-30T21:59:59Z')],
    });
    await settled(runner, older.runId);
    const [record] = await allResults(runner, older.runId);
    expect([record?.outcome, record?.erpBalance, record?.label]).toEqual([
      'stale',
      450,
      'balance as of 2025-03-30T21:59:59Z',
    ]);
  });

  it('tombstones confirmed removals and shows a branch a route still visits', async () => {
    proxy.reset();
    const { runner } = newRunner(newStore());
    const setup = await runner.start({
      label: 'Removal setup',
      calls: [
        {
          call: 'customer',
          file: 'c.csv',
          line: 2,
          ref: 'RM-C1',
          body: { name: { en: 'Gone' }, blocked: false },
        },
        {
          call: 'branch',
          file: 'b.csv',
          line: 2,
          ref: 'RM-C1',
          branchRef: 'B1',
          body: { name: { en: 'Visited' }, blocked: false },
        },
        {
          call: 'branch',
          file: 'b.csv',
          line: 3,
          ref: 'RM-C1',
          branchRef: 'B2',
          body: { name: { en: 'Unvisited' }, blocked: false },
        },
      ],
    });
    await settled(runner, setup.runId);
    await sandbox.admin('POST', '/routes', { customer_ref: 'RM-C1', branch_ref: 'B1' });
    const removal = await runner.start({
      label: 'Removals',
      calls: [
        { call: 'branch-delete', file: 'b.csv', ref: 'RM-C1', branchRef: 'B1' },
        { call: 'branch-delete', file: 'b.csv', ref: 'RM-C1', branchRef: 'B2' },
      ],
    });
    await settled(runner, removal.runId);
    const results = await allResults(runner, removal.runId);
    expect(results.map((r) => [r.key, r.outcome, r.error?.code ?? null])).toEqual([
      ['RM-C1 / B1', 'failed', 'BRANCH_ON_ROUTE'],
      ['RM-C1 / B2', 'deleted', null],
    ]);
    expect(results[0]?.explanation).toMatch(/^A sales route still visits this branch/);
  });
});
