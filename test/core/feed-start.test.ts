// The core's feed starts against the real sandbox: a page by seq (`filter[seq_after]` on its own), a
// first page from a date (`filter[updated_after]`, no version cursor), and a connection added "from now"
// pinning each feed's cursor (docs/decisions/090-where-to-start.md, 091-seq-gaps.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSeq, kindedItems, type KindedDocument } from '../../src-shared/domain/feeds';
import { feedKinds, type FeedKind } from '../../src-shared/wire';
import { ApiClient } from '../../src-main/core/api/client';
import { pullFeedPage } from '../../src-main/core/feeds/feed-pages';
import { startTestCore, type TestCore } from '../support/core';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('feed starts in the core, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let proxy: FaultProxy;
  let client: ApiClient;
  let testCore: TestCore;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 30, seed: 11 });
    proxy = await startFaultProxy(sandbox.origin);
    client = new ApiClient({ baseUrl: proxy.baseUrl, token: sandbox.token });
    testCore = await startTestCore();
  });
  afterAll(async () => {
    await client?.close();
    await testCore?.dispose();
    await proxy?.close();
    await sandbox?.dispose();
  });

  /** Every document of a feed by version, straight from the service. */
  async function everyDocument(kind: FeedKind): Promise<KindedDocument[]> {
    const docs: KindedDocument[] = [];
    let after = 0;
    for (;;) {
      const page = await pullFeedPage(client, kind, { versionAfter: after, perPage: 500 });
      docs.push(...kindedItems(page));
      after = page.meta.next_version_after;
      if (!page.meta.has_more) return docs;
    }
  }

  it('asks for issued documents after a seq with `filter[seq_after]` and `per_page` only', async () => {
    proxy.reset();
    const page = await pullFeedPage(client, 'payments', { versionAfter: 99, perPage: 4, seqAfter: 10 });
    expect(proxy.requests.map((request) => request.url)).toEqual([
      '/api/integration/v1/payments?filter%5Bseq_after%5D=10&per_page=4',
    ]);
    expect(kindedItems(page).map(documentSeq)).toEqual([11, 12, 13, 14]);
    expect(page.meta).toMatchObject({ has_more: true, last_seq: 14 });
  });

  it('starts a first load from a date with `filter[updated_after]` and no cursor, then by version', async () => {
    const all = await everyDocument('invoices');
    const times = all.map((item) => item.doc.updated_at).sort();
    const from = times[Math.floor(times.length / 2)]!;
    const day = from.slice(0, 10);
    const since = all.filter((item) => item.doc.updated_at >= `${day}T00:00:00Z`).map((item) => item.doc.id);
    proxy.reset();
    const first = await pullFeedPage(client, 'invoices', {
      versionAfter: 0,
      perPage: 500,
      updatedAfter: `${day}T00:00:00Z`,
    });
    expect(proxy.requests.map((request) => request.url)).toEqual([
      '/api/integration/v1/invoices?filter%5Bupdated_after%5D=2' +
        `${day.slice(1)}T00%3A00%3A00Z&per_page=500`,
    ]);
    expect(first.data.map((doc) => doc.id).sort()).toEqual([...since].sort());
    expect(since.length).toBeGreaterThan(0);
    expect(since.length).toBeLessThan(all.length);
    // With a cursor the time is not sent (spec: not allowed together with a cursor).
    proxy.reset();
    await pullFeedPage(client, 'invoices', { versionAfter: 5, perPage: 2, updatedAfter: from });
    expect(proxy.requests.map((request) => request.url)).toEqual([
      '/api/integration/v1/invoices?filter%5Bversion_after%5D=5&per_page=2',
    ]);
  });

  it('adds a connection from now with every feed cursor pinned, and keeps it when saved again', async () => {
    const core = testCore.core;
    const before = Object.fromEntries(
      await Promise.all(feedKinds.map(async (kind) => [kind, (await client.feedCursor(kind)).data] as const)),
    );
    const added = await core.api.connections.add({
      label: 'From now',
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      start: { mode: 'now' },
    });
    if (!added.ok) throw new Error(added.error.message);
    expect(added.value.start).toEqual({ mode: 'now', at: expect.any(String), cursors: before });
    expect(before.payments?.last_seq).toBe(30);
    // Chosen once: saved again with another choice, the connection keeps its start.
    const again = await core.api.connections.add({
      label: 'From now',
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      start: { mode: 'everything' },
    });
    expect(again.ok && again.value.start).toEqual(added.value.start);
    expect(again.ok && again.value.id).toBe(added.value.id);
    const listed = await core.api.connections.list();
    expect(listed.ok && listed.value.map((view) => view.start)).toEqual([added.value.start]);
  });

  it('pins a date as given, refuses a day not in the calendar, and leaves out a feed it may not read', async () => {
    const core = testCore.core;
    // Another client: the same client on the same address is the same connection, saved again.
    const other = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Dated',
      system: 'OTHER',
      scopes: ['invoices:read', 'payments:read'],
    });
    const dated = await core.api.connections.add({
      label: 'From a date',
      baseUrl: sandbox.baseUrl,
      token: other.token,
      start: { mode: 'date', date: '2026-02-28' },
    });
    expect(dated.ok && dated.value.start).toEqual({ mode: 'date', date: '2026-02-28' });
    const listed = await core.api.connections.list();
    await expect(
      core.api.connections.add({
        label: 'Wrong day',
        baseUrl: sandbox.baseUrl,
        token: other.token,
        start: { mode: 'date', date: '2026-02-30' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    // Nothing saved: the connection keeps its date.
    expect(await core.api.connections.list()).toEqual(listed);
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Invoices only',
      system: 'OTHER',
      scopes: ['invoices:read'],
    });
    const partial = await core.api.connections.add({
      label: 'Invoices only',
      baseUrl: sandbox.baseUrl,
      token,
      start: { mode: 'now' },
    });
    expect(
      partial.ok && partial.value.start.mode === 'now' && Object.keys(partial.value.start.cursors),
    ).toEqual(['invoices']);
  });
});
