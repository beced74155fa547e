// Faults between the app and the service, at the app's level: the renderer's sync engine and answer
// outbox (fake-indexeddb) over a real core, through a loopback fault proxy in front of the real
// sandbox. Every run must end with every document staged once and every answer applied once, as the
// sandbox itself tells (its feeds, and its ack history: test/support/ledger.ts).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { createFileStore } from '../../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../../src-main/core/adapters/memory-keychain';
import { applyStartupConnection } from '../../../src-main/core/bootstrap';
import { DeskCore } from '../../../src-main/core/desk-service';
import { toDeskError } from '../../../src-main/core/dispatch';
import type { DeskApi } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';
import { db } from '../../../src-renderer/data/db';
import { listBatches } from '../../../src-renderer/data/ack-outbox';
import { queueAcks, sendQueuedAcks } from '../../../src-renderer/sync/send-acks';
import { SyncEngine, type FeedSyncProgress } from '../../../src-renderer/sync/feed-sync';
import {
  gateway503,
  rateLimited429,
  startFaultProxy,
  type Fault,
  type FaultProxy,
} from '../../support/fault-proxy';
import { ackAnomalies, servedDocuments } from '../../support/ledger';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { rowsInView } from '../../../src-renderer/data/review-rows/reads';

/** A 500 `INTERNAL` with the interface's envelope, answered by the proxy. */
function internal500(times: number, match: Pick<Fault, 'method' | 'path' | 'key'>): Fault {
  return {
    ...match,
    times,
    action: {
      kind: 'respond',
      status: 500,
      body: {
        error: {
          code: 'INTERNAL',
          message: 'Boom (fault proxy).',
          details: [],
          request_id: 'proxy-500',
          retryable: true,
        },
      },
    },
  };
}

/** A call as the renderer gets it over the bridge: a throw in the core arrives as a failed Result (dispatch.ts). */
async function overBridge<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: toDeskError(error) };
  }
}

// Each case waits out real Retry-After seconds and back-off: 60 s each, for a loaded machine.
describe('the app through lost answers, 429 storms and 503s', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let dataDir: string;
  let core: DeskCore;
  let connectionId: string;
  let desk: { feeds: Pick<DeskApi['feeds'], 'pull' | 'documents'>; acks: Pick<DeskApi['acks'], 'send'> };

  beforeAll(async () => {
    // --docs 600: 1,200 orders, 600 invoices, 600 payments, 600 returns; the default limit of 120 a minute.
    sandbox = await startSandbox({ docs: 600, seed: 8 });
    proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    dataDir = mkdtempSync(join(tmpdir(), 'desk-faults-'));
    core = new DeskCore({
      runtime: 'browser',
      version: '0.0.0-test',
      keychain: createMemoryKeychain(),
      store: createFileStore(dataDir),
      clock: { now: () => Date.now() },
    });
    // The app's connection points at the proxy: every call it makes can be faulted.
    await applyStartupConnection(core, { serviceUrl: proxy.baseUrl, sandboxDataDir: sandbox.dataDir });
    connectionId = (await core.connections.list())[0]!.id;
    desk = {
      feeds: {
        pull: (kind, request) => overBridge(() => core.api.feeds.pull(kind, request)),
        documents: (kind, ids) => overBridge(() => core.api.feeds.documents(kind, ids)),
      },
      acks: { send: (batch) => overBridge(() => core.api.acks.send(batch)) },
    };
    db.close();
    await db.delete();
    await db.open();
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await sandbox?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => proxy.reset());

  /** Every staged row of a feed, id to version. */
  async function staged(kind: FeedKind): Promise<Map<string, number>> {
    return new Map((await db.rowsOf(kind).toArray()).map((row) => [row.id, row.version]));
  }

  /** What the proxy did to the calls of one method and path, in order. */
  function seen(method: string, path: string | RegExp) {
    return proxy.requests
      .filter(
        (r) =>
          r.method === method &&
          (typeof path === 'string' ? r.url.split('?')[0]!.endsWith(path) : path.test(r.url)),
      )
      .map((r) => ({ fault: r.fault, upstream: r.upstreamStatus, client: r.status, key: r.idempotencyKey }));
  }

  it('syncs every feed through 429 storms, 503s, a 500 and lost answers, staging every document once', async () => {
    // The second page of orders meets a storm of three 429s; the first of invoices three 503s (one with
    // Retry-After); payments lose two answers after the sandbox sent them; returns lose a request and get a 500.
    proxy.add(rateLimited429(3, 1, { method: 'GET', path: /\/orders\?filter%5Bversion_after%5D=[1-9]/ }));
    proxy.add(gateway503(2, undefined, { method: 'GET', path: '/invoices' }));
    proxy.add(gateway503(1, 1, { method: 'GET', path: '/invoices' }));
    proxy.add({ method: 'GET', path: '/payments', times: 2, action: { kind: 'drop-answer' } });
    proxy.add({ method: 'GET', path: '/returns', times: 1, action: { kind: 'drop-request' } });
    proxy.add(internal500(1, { method: 'GET', path: '/returns' }));

    const progress: FeedSyncProgress[] = [];
    const outcome = await new SyncEngine({
      desk,
      perPage: 100,
      yieldToUi: () => Promise.resolve(),
      onProgress: (p) => progress.push(p),
    }).syncAll();

    expect(outcome.error).toBeNull();
    expect(outcome.feeds.map((feed) => [feed.kind, feed.state])).toEqual(
      feedKinds.map((kind) => [kind, 'done']),
    );
    let total = 0;
    for (const kind of feedKinds) {
      const served = await servedDocuments(sandbox, kind);
      const expected = new Map([...served].map(([id, doc]) => [id, doc.version]));
      // No gap and nothing extra: the same ids at the same versions as the service holds.
      expect(await staged(kind), kind).toEqual(expected);
      total += served.size;
    }
    // Nothing staged twice: each run wrote each document once.
    const fetched = outcome.feeds.reduce((sum, feed) => sum + feed.fetched, 0);
    expect(fetched).toBe(total);
    // Every programmed fault was met (and nothing else was faulted).
    const faults = proxy.requests
      .filter((r) => r.fault !== null)
      .map((r) => `${r.url.split('?')[0]!.split('/').at(-1)} ${r.fault} ${r.status ?? 'closed'}`);
    expect(faults).toEqual([
      'orders respond 429',
      'orders respond 429',
      'orders respond 429',
      'invoices respond 503',
      'invoices respond 503',
      'invoices respond 503',
      'payments drop-answer closed',
      'payments drop-answer closed',
      'returns drop-request closed',
      'returns respond 500',
    ]);
  }, 60_000);

  it('resends a batch whose answer was lost with the same key: the sandbox replays it and applied each ack once', async () => {
    const pending = await rowsInView('payments', 'pending').toArray();
    expect(pending.length).toBe(600);
    const queued = await queueAcks({
      connectionId,
      kind: 'payments',
      drafts: pending.map((row) => ({ id: row.id, outcome: 'ACCEPTED' })),
    });
    expect(queued.ok && queued.batches.map((batch) => batch.items.length)).toEqual([500, 100]);
    if (!queued.ok) throw new Error('not queued');
    const [first, second] = queued.batches.map((batch) => batch.id);
    // The first batch (sent beside the second): applied by the sandbox but its answer dropped, twice;
    // then its request lost.
    proxy.add({ method: 'POST', path: '/acks', key: first, times: 2, action: { kind: 'drop-answer' } });
    proxy.add({ method: 'POST', path: '/acks', key: first, times: 1, action: { kind: 'drop-request' } });

    const sent = await sendQueuedAcks({ desk, connectionId });

    expect(sent).toEqual({
      batchesSent: 2,
      applied: 600,
      unchanged: 0,
      failed: 0,
      batchesFailed: 0,
      held: 0,
      elsewhere: 0,
      stoppedBy: null,
    });
    // Each batch under its own key, every time: the first through its faults, the second at once.
    const calls = seen('POST', '/acks');
    expect(calls.filter((call) => call.key === first).map(({ key: _, ...call }) => call)).toEqual([
      { fault: 'drop-answer', upstream: 200, client: null },
      { fault: 'drop-answer', upstream: 200, client: null },
      { fault: 'drop-request', upstream: null, client: null },
      { fault: null, upstream: 200, client: 200 },
    ]);
    expect(calls.filter((call) => call.key !== first)).toEqual([
      { fault: null, upstream: 200, client: 200, key: second },
    ]);
    // The second did not wait for the first's faults: it was answered while the first was retried.
    expect(calls.findIndex((call) => call.key === second)).toBeLessThan(
      calls.findLastIndex((call) => call.key === first),
    );
    // The app saw the first batch's answer as the sandbox's replay of its first application.
    const audit = await db.audit.where('batchId').anyOf([first!, second!]).toArray();
    expect(
      audit
        .map((entry) => [entry.batchId, entry.outcome, entry.applied])
        .sort((a, b) => (a[0] === first ? -1 : b[0] === first ? 1 : 0)),
    ).toEqual([
      [first, 'replayed', 500],
      [second, 'answered', 100],
    ]);
    expect(await rowsInView('payments', 'accepted').count()).toBe(600);
    const ids = pending.map((row) => row.id);
    expect(ackAnomalies(sandbox, ids)).toEqual({ twice: [], never: [] });
    const served = await servedDocuments(sandbox, 'payments');
    expect(ids.filter((id) => served.get(id)?.outcome !== 'ACCEPTED')).toEqual([]);
  }, 60_000);

  it('keeps answers queued through a 429 storm longer than a call is retried, and applies them once on the next pass', async () => {
    const pending = await rowsInView('invoices', 'pending').toArray();
    expect(pending.length).toBe(600);
    const queued = await queueAcks({
      connectionId,
      kind: 'invoices',
      drafts: pending.map((row, index) => ({
        id: row.id,
        outcome: 'ACCEPTED',
        externalNumber: `ERP-F-${index}`,
      })),
    });
    if (!queued.ok) throw new Error('not queued');

    const [first, second] = queued.batches.map((batch) => batch.id);
    // Six 429s for each batch (the two are sent at once): every attempt the retry policy allows a call
    // is refused. Nothing reaches the sandbox.
    proxy.add(rateLimited429(6, 1, { method: 'POST', path: '/acks', key: first }));
    proxy.add(rateLimited429(6, 1, { method: 'POST', path: '/acks', key: second }));
    const stormed = await sendQueuedAcks({ desk, connectionId });
    expect(stormed).toMatchObject({ batchesSent: 0, applied: 0, stoppedBy: { code: 'RATE_LIMITED' } });
    expect((await listBatches(connectionId, 'queued')).map((batch) => batch.id).sort()).toEqual(
      queued.batches.map((b) => b.id).sort(),
    );
    expect(
      await db
        .rowsOf('invoices')
        .filter((row) => row.answerState === 'queued')
        .count(),
    ).toBe(600);

    // The next pass (the app's own timer sends it) meets 503s, with and without Retry-After, and a 500.
    proxy.add(gateway503(1, 1, { method: 'POST', path: '/acks', key: first }));
    proxy.add(internal500(1, { method: 'POST', path: '/acks', key: first }));
    proxy.add(gateway503(1, undefined, { method: 'POST', path: '/acks', key: first }));
    const sent = await sendQueuedAcks({ desk, connectionId });

    expect(sent).toEqual({
      batchesSent: 2,
      applied: 600,
      unchanged: 0,
      failed: 0,
      batchesFailed: 0,
      held: 0,
      elsewhere: 0,
      stoppedBy: null,
    });
    const statuses = (key: string | undefined) =>
      seen('POST', '/acks')
        .filter((call) => call.key === key)
        .map((call) => call.client);
    expect(statuses(first)).toEqual([...Array.from({ length: 6 }, () => 429), 503, 500, 503, 200]);
    expect(statuses(second)).toEqual([...Array.from({ length: 6 }, () => 429), 200]);
    expect(seen('POST', '/acks').every((call) => call.key === first || call.key === second)).toBe(true);
    expect(await listBatches(connectionId, 'queued')).toEqual([]);
    const ids = pending.map((row) => row.id);
    expect(ackAnomalies(sandbox, ids)).toEqual({ twice: [], never: [] });
    const served = await servedDocuments(sandbox, 'invoices');
    expect(ids.filter((id) => served.get(id)?.outcome !== 'ACCEPTED')).toEqual([]);
  }, 60_000);
});
