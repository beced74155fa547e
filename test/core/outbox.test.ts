import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { ApiClient, writes, type ApiClientOptions } from '../../src-main/core/api/client';
import { CancelledError, NetworkError } from '../../src-main/core/api/errors';
import { newIdempotencyKey } from '../../src-main/core/api/idempotency-key';
import { defaultRetryPolicy, sleepReal } from '../../src-main/core/api/retry';
import { keyRetentionMs, Outbox } from '../../src-main/core/outbox/outbox';
import type { Clock } from '../../src-main/core/ports';
import { gateway503, startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('the outbox against the sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let direct: ApiClient;
  let dir: string;
  const clock: Clock = { now: () => Date.now() };

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0 });
    proxy = await startFaultProxy(sandbox.origin);
    direct = new ApiClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    await direct.putCustomer(
      'C-OUT',
      { name: { en: 'Outbox Customer' }, blocked: false },
      newIdempotencyKey(),
    );
  });
  afterAll(async () => {
    await direct?.close();
    await proxy?.close();
    await sandbox?.dispose();
  });
  beforeEach(() => {
    proxy.reset();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'desk-outbox-'));
  });

  function viaProxy(options: Partial<ApiClientOptions> = {}): ApiClient {
    return new ApiClient({ baseUrl: proxy.baseUrl, token: sandbox.token, sleep: async () => {}, ...options });
  }

  async function customerVersion(): Promise<number> {
    return (await direct.lookup({ entity: 'customer', ref: 'C-OUT' })).data.version;
  }

  /**
   * Takes a balance directly so the customer's version is the company's latest: one more
   * application of a balance then moves it by exactly one (the shared counter, docs/decisions/031).
   */
  async function anchorVersion(): Promise<number> {
    await direct.putBalance('C-OUT', { balance: 1, as_of: '2025-01-01T00:00:00Z' }, newIdempotencyKey());
    return customerVersion();
  }

  it('stores the write with its key before the first byte is sent', async () => {
    proxy.add({ method: 'PUT', path: '/units/U-OUT', times: 1, action: { kind: 'delay', ms: 300 } });
    const outbox = new Outbox({ store: createFileStore(dir), clock });
    const client = viaProxy();
    const sending = outbox.submit(client, writes.putUnit('U-OUT', { name: { en: 'Outbox unit' } }));
    while (proxy.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // What a process started now would find on disk while the request is on the wire.
    const onDisk = await new Outbox({ store: createFileStore(dir), clock }).entries();
    const answer = await sending;
    await client.close();
    expect(onDisk).toMatchObject([
      {
        key: proxy.requests[0]?.idempotencyKey,
        state: 'pending',
        method: 'PUT',
        path: '/units/U-OUT',
        body: { name: { en: 'Outbox unit' } },
      },
    ]);
    expect(answer.data.result).toBe('created');
    expect(await outbox.entries()).toMatchObject([
      { state: 'done', attempts: 1, result: { status: 200, replayed: false, data: { result: 'created' } } },
    ]);
  });

  it('after a restart resends a write whose answer was lost with the same key; replayed, applied once', async () => {
    const versionBefore = await anchorVersion();
    proxy.add({ method: 'PUT', path: '/customers/C-OUT/balance', times: 1, action: { kind: 'drop-answer' } });
    // The run is aborted when the answer is lost: the process "dies" before any answer is recorded.
    const controller = new AbortController();
    const doomed = viaProxy({ sleep: sleepReal });
    const first = new Outbox({ store: createFileStore(dir), clock });
    const run = first.submit(
      doomed,
      writes.putBalance('C-OUT', { balance: 777, as_of: '2025-04-01T00:00:00Z' }),
      {
        signal: controller.signal,
        onRetry: () => controller.abort(),
      },
    );
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await doomed.close();

    // A new process: a new Outbox over the same files, a new client.
    const restarted = new Outbox({ store: createFileStore(dir), clock });
    const [pending] = await restarted.pending();
    const client = viaProxy();
    const resent = await restarted.resendPending(client);
    await client.close();

    expect(
      proxy.requests.map((r) => ({ key: r.idempotencyKey, upstream: r.upstreamStatus, client: r.status })),
    ).toEqual([
      { key: pending?.key, upstream: 200, client: null },
      { key: pending?.key, upstream: 200, client: 200 },
    ]);
    expect(resent).toMatchObject([
      {
        key: pending?.key,
        state: 'done',
        attempts: 2,
        result: { replayed: true, data: { result: 'updated' } },
      },
    ]);
    // The customer's version moved once: the balance was taken once (docs/decisions/031, 035).
    expect((await customerVersion()) - versionBefore).toBe(1);
    expect(await restarted.pending()).toEqual([]);
  });

  it('keeps a write pending when the service stayed unavailable, and delivers it later', async () => {
    proxy.add(gateway503(2, undefined, { path: '/units/U-LATER' }));
    const outbox = new Outbox({ store: createFileStore(dir), clock });
    const client = viaProxy({ retryPolicy: { ...defaultRetryPolicy, maxAttempts: 2 } });
    await expect(
      outbox.submit(client, writes.putUnit('U-LATER', { name: { en: 'Later' } })),
    ).rejects.toMatchObject({ status: 503 });
    expect(await outbox.pending()).toMatchObject([
      { attempts: 2, lastError: { code: 'SERVICE_UNAVAILABLE', status: 503 } },
    ]);
    const [delivered] = await outbox.resendPending(client);
    await client.close();
    expect(delivered).toMatchObject({
      state: 'done',
      attempts: 3,
      result: { replayed: false, data: { result: 'created' } },
    });
  });

  it('records a refusal as failed and does not resend it', async () => {
    const outbox = new Outbox({ store: createFileStore(dir), clock });
    const client = viaProxy();
    const refused = outbox.submit(
      client,
      writes.putProduct('P-NOUNIT', { name: { en: 'No unit' }, base_unit_ref: 'NEVER-PUSHED' }),
    );
    await expect(refused).rejects.toMatchObject({ code: 'UNKNOWN_REFERENCE' });
    expect(await outbox.resendPending(client)).toEqual([]);
    await client.close();
    expect(await outbox.entries()).toMatchObject([
      { state: 'failed', attempts: 1, lastError: { code: 'UNKNOWN_REFERENCE', status: 422 } },
    ]);
    expect(proxy.requests).toHaveLength(1);
  });

  it('does not resend a write older than the 7 days its key is kept, and prunes old answers', async () => {
    let offsetMs = 0;
    const movable: Clock = { now: () => Date.now() + offsetMs };
    const outbox = new Outbox({ store: createFileStore(dir), clock: movable });
    const client = viaProxy({ retryPolicy: { ...defaultRetryPolicy, maxAttempts: 1 } });
    proxy.add({ path: '/units/U-OLD', times: 1, action: { kind: 'drop-request' } });
    await expect(
      outbox.submit(client, writes.putUnit('U-OLD', { name: { en: 'Old' } })),
    ).rejects.toBeInstanceOf(NetworkError);
    await outbox.submit(client, writes.putUnit('U-NEW', { name: { en: 'New' } }));
    offsetMs = keyRetentionMs + 60_000;
    const touched = await outbox.resendPending(client);
    await client.close();
    expect(touched).toMatchObject([{ path: '/units/U-OLD', state: 'expired' }]);
    expect(proxy.requests).toHaveLength(2);
    expect(await outbox.prune()).toBe(1);
    expect((await outbox.entries()).map((entry) => entry.state)).toEqual(['expired']);
  });
});
