// The "applied once" check (test/support/ledger.ts, `appliedOnce`) must be able to fail: a client
// that resends a batch whose answer it lost under a NEW Idempotency-Key gets `unchanged` from the
// sandbox and no second ack row is stored, so only the keys tell. Here a hand-made client does exactly
// that through the fault proxy and the check must name both keys; the app's own path (the renderer's
// outbox over a real core) meeting the same lost answers must pass it.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore } from '../../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../../src-main/core/adapters/memory-keychain';
import { applyStartupConnection } from '../../../src-main/core/bootstrap';
import { DeskCore } from '../../../src-main/core/desk-service';
import { toDeskError } from '../../../src-main/core/dispatch';
import type { DeskApi } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';
import { db } from '../../../src-renderer/data/db';
import { queueAcks, sendQueuedAcks } from '../../../src-renderer/sync/send-acks';
import { SyncEngine } from '../../../src-renderer/sync/feed-sync';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { ackAnomalies, answeredOnce, appliedOnce, servedDocuments } from '../../support/ledger';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

async function overBridge<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: toDeskError(error) };
  }
}

describe('the applied-once check', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let dataDir: string;
  let core: DeskCore;
  let connectionId: string;
  let pending: { payments: string[]; returns: string[]; invoices: string[] };

  beforeAll(async () => {
    // --docs 40: 40 invoices, payments and returns, none answered yet.
    sandbox = await startSandbox({ docs: 40, seed: 5 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    const unanswered = async (kind: 'payments' | 'returns' | 'invoices') =>
      [...(await servedDocuments(sandbox, kind))].filter(([, doc]) => doc.outcome === null).map(([id]) => id);
    pending = {
      payments: await unanswered('payments'),
      returns: await unanswered('returns'),
      invoices: await unanswered('invoices'),
    };
    dataDir = mkdtempSync(join(tmpdir(), 'desk-proof-'));
    core = new DeskCore({
      runtime: 'browser',
      version: '0.0.0-test',
      keychain: createMemoryKeychain(),
      store: createFileStore(dataDir),
      clock: { now: () => Date.now() },
    });
    await applyStartupConnection(core, { serviceUrl: proxy.baseUrl, sandboxDataDir: sandbox.dataDir });
    connectionId = (await core.connections.list())[0]!.id;
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await sandbox?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => proxy.reset());

  /** One write through the proxy, as a hand-made client sends it: its status, or null when no answer came. */
  async function post(path: string, key: string, body: unknown): Promise<number | null> {
    try {
      const response = await fetch(`${proxy.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null; // the proxy closed the socket: the answer was lost
    }
  }

  function postAcks(key: string, ids: readonly string[]): Promise<number | null> {
    return post('/acks', key, { entity: 'payment', items: ids.map((id) => ({ id, outcome: 'ACCEPTED' })) });
  }

  it('fails when a batch whose answer was lost is sent again under a new key, naming both keys', async () => {
    const ids = pending.payments.slice(0, 20).sort();
    const [first, second] = [`proof-${randomUUID()}`, `proof-${randomUUID()}`];
    proxy.add({ method: 'POST', path: '/acks', times: 1, action: { kind: 'drop-answer' } });

    expect(await postAcks(first, ids)).toBeNull();
    // The wrong retry: the same items, a new key. The sandbox answers 200, every item `unchanged`.
    expect(await postAcks(second, ids)).toBe(200);

    const keys = [first, second].sort();
    expect(appliedOnce(sandbox, proxy.writes, ids)).toEqual({
      ...answeredOnce,
      sentUnderSeveralKeys: [{ keys, ids }],
      storedUnderSeveralKeys: [{ keys, ids }],
    });
    // What the check had before could not see it: one ack row per payment.
    expect(ackAnomalies(sandbox, ids)).toEqual({ twice: [], never: [] });
    // The proxy's log says which body went under which key: the same body, twice.
    const sends = proxy.writes.filter((write) => keys.includes(write.idempotencyKey ?? ''));
    expect(new Set(sends.map((write) => write.write?.bodyDigest)).size).toBe(1);
    expect(sends.map((write) => [write.idempotencyKey, write.upstreamStatus, write.status])).toEqual([
      [first, 200, null],
      [second, 200, 200],
    ]);
  });

  it('passes when the lost answer is asked for again with the same key (replayed)', async () => {
    const ids = pending.payments.slice(20, 40);
    const key = `proof-${randomUUID()}`;
    proxy.add({ method: 'POST', path: '/acks', times: 2, action: { kind: 'drop-answer' } });

    expect(await postAcks(key, ids)).toBeNull();
    expect(await postAcks(key, ids)).toBeNull();
    expect(await postAcks(key, ids)).toBe(200);

    expect(appliedOnce(sandbox, proxy.writes, ids)).toEqual(answeredOnce);
  });

  it('does not count a call the sandbox refused whole, or an item it refused, against a key sent after it', async () => {
    const [answeredFirst, ...rest] = pending.returns.slice(0, 5);
    // A call refused whole (an entity the interface does not have) applies and stores nothing; the
    // answers are then sent right under a new key: a new write, not a second one.
    const refused = await post(`/acks`, `proof-${randomUUID()}`, {
      entity: 'receipt',
      items: rest.map((id) => ({ id, outcome: 'ACCEPTED' })),
    });
    expect(refused).toBeGreaterThanOrEqual(400);
    expect(
      await post('/acks', `proof-${randomUUID()}`, {
        entity: 'return',
        items: rest.map((id) => ({ id, outcome: 'ACCEPTED' })),
      }),
    ).toBe(200);
    // A return accepted on its own, then answered differently in a batch under another key: the
    // sandbox refuses that item (409 ALREADY_ACKNOWLEDGED inside a 200), so it was applied once.
    expect(
      await post(`/returns/${answeredFirst}/ack`, `proof-${randomUUID()}`, { outcome: 'ACCEPTED' }),
    ).toBe(200);
    expect(
      await post('/acks', `proof-${randomUUID()}`, {
        entity: 'return',
        items: [{ id: answeredFirst, outcome: 'REJECTED', reason_code: 'DAMAGED' }],
      }),
    ).toBe(200);
    expect(proxy.writes.at(-1)?.write?.refusedIds).toEqual([answeredFirst]);

    expect(appliedOnce(sandbox, proxy.writes, [answeredFirst!, ...rest])).toEqual(answeredOnce);
  });

  it("passes for the app's own path: the renderer's outbox over a real core, through lost answers", async () => {
    const desk: Pick<DeskApi, 'feeds' | 'acks'> = {
      feeds: {
        pull: (kind, request) => overBridge(() => core.api.feeds.pull(kind, request)),
        documents: (kind, ids) => overBridge(() => core.api.feeds.documents(kind, ids)),
      } as DeskApi['feeds'],
      acks: { send: (batch) => overBridge(() => core.api.acks.send(batch)) } as DeskApi['acks'],
    };
    db.close();
    await db.delete();
    await db.open();
    await new SyncEngine({ desk, yieldToUi: () => Promise.resolve() }).syncAll();
    const ids = pending.invoices;
    const queued = await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: ids.map((id, index) => ({ id, outcome: 'ACCEPTED', externalNumber: `ERP-P-${index}` })),
    });
    expect(queued.ok).toBe(true);
    // The batch's answer lost twice after the sandbox applied it, then its request lost.
    proxy.add({ method: 'POST', path: '/acks', times: 2, action: { kind: 'drop-answer' } });
    proxy.add({ method: 'POST', path: '/acks', times: 1, action: { kind: 'drop-request' } });

    const sent = await sendQueuedAcks({ desk, connectionId });

    expect(appliedOnce(sandbox, proxy.writes, ids)).toEqual(answeredOnce);
    expect(proxy.requests.filter((r) => r.method === 'POST').map((r) => r.fault)).toEqual([
      'drop-answer',
      'drop-answer',
      'drop-request',
      null,
    ]);
    expect(sent).toMatchObject({ applied: ids.length, failed: 0, stoppedBy: null });
  }, 60_000);
});
