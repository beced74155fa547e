// `lookup.records`: up to 100 service ids of one entity in one bridge call, each answered with its record
// or its own failure, against the real sandbox over loopback; the core asks `GET /lookup` once per id
// through its paced client. The ids are those the demo company's documents name. Names are background
// work: they spend only the budget the clerk's work leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDesk } from '../../src-main/core/dispatch';
import type { RecordById } from '../../src-shared/bridge/contract';
import type { Result } from '../../src-shared/bridge/result';
import { documentRecordRefs } from '../../src-shared/domain/named-records';
import type { AnyFeedPage } from '../../src-shared/domain/feeds';
import { kindedItems } from '../../src-shared/domain/feeds';
import { scopes, type FeedKind, type ReferenceEntry } from '../../src-shared/wire';
import { startTestCore, type TestCore } from '../support/core';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

describe('lookup.records against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  /** The ids the staged documents name, by entity. */
  const named = new Map<string, Set<string>>();

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 60, rateLimit: 6000 });
    testCore = await startTestCore({ sandbox });
    for (const kind of ['orders', 'invoices', 'returns'] satisfies FeedKind[]) {
      const page = await dispatchDesk(testCore.core.api, 'feeds.pull', [
        kind,
        { versionAfter: 0, perPage: 100 },
      ]);
      if (!page.ok) throw new Error(page.error.message);
      for (const item of kindedItems(page.value as AnyFeedPage))
        for (const { entity, ref } of documentRecordRefs(item)) {
          const ids = named.get(entity) ?? new Set<string>();
          ids.add(ref.id);
          named.set(entity, ids);
        }
    }
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });

  function lookUp(entity: unknown, ids: unknown): Promise<Result<unknown>> {
    return dispatchDesk(testCore.core.api, 'lookup.records', [entity, ids]);
  }

  /** Each entry as id and the record's entity, id, whether it has both names, or the failure's code. */
  function summary(result: Result<unknown>) {
    if (!result.ok) return result.error.code;
    return (result.value as RecordById[]).map(({ id, result: found }) =>
      found.ok
        ? [id, found.value.entity, found.value.id, !!found.value.name.en && !!found.value.name.ar]
        : [id, found.error.code],
    );
  }

  it('names every product, branch, unit and warehouse the documents name, in English and Arabic, in order', async () => {
    for (const entity of ['product', 'branch', 'unit', 'warehouse'] as const) {
      const ids = [...(named.get(entity) ?? [])].slice(0, 100);
      expect(ids.length, entity).toBeGreaterThan(0);
      expect(summary(await lookUp(entity, ids))).toEqual(ids.map((id) => [id, entity, id, true]));
    }
  });

  it('answers a unit and a warehouse with the code and name their reference lists give', async () => {
    for (const [entity, kind] of [
      ['unit', 'units'],
      ['warehouse', 'warehouses'],
    ] as const) {
      const list = await dispatchDesk(testCore.core.api, 'reference.list', [kind]);
      const entries = list.ok ? (list.value as ReferenceEntry[]) : [];
      const ids = entries.map((entry) => entry.id ?? '').filter((id) => id !== '');
      expect(ids.length, kind).toBeGreaterThan(0);
      const result = await lookUp(entity, ids);
      const records = (result.ok ? (result.value as RecordById[]) : []).map(({ result: found }) =>
        found.ok ? { id: found.value.id, code: found.value.code, name: found.value.name } : null,
      );
      expect(records).toEqual(entries.map((entry) => ({ id: entry.id, code: entry.code, name: entry.name })));
    }
  });

  it('refuses 101 ids, none, and an entity the interface does not look up, before asking the service', async () => {
    const ids = Array.from({ length: 101 }, (_, n) => `prd_${n}`);
    for (const [entity, keys] of [
      ['product', ids],
      ['product', []],
      ['sales_rep', ['rep_1']],
    ] as const) {
      expect(await lookUp(entity, keys)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT', retryable: false },
      });
    }
  });

  it('answers an id the service does not know with its own NOT_FOUND, and the others with their records', async () => {
    const [first, second] = [...(named.get('product') ?? [])];
    const result = await lookUp('product', [first, 'prd_nothing', second]);
    expect(summary(result)).toEqual([
      [first, 'product', first, true],
      ['prd_nothing', 'NOT_FOUND'],
      [second, 'product', second, true],
    ]);
    const missing = (result.ok ? (result.value as RecordById[]) : [])[1]?.result;
    expect(missing).toMatchObject({ ok: false, error: { retryable: false, requestId: expect.any(String) } });
  });

  it('ends the list at a missing scope, which every later id would meet too, not asking the rest', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Reads customers, not the catalogue',
      system: 'OTHER',
      scopes: ['invoices:read', 'customers:read'],
      rate_limit_per_minute: 6000,
    });
    const other = await startTestCore();
    try {
      expect(
        (await other.core.api.connections.add({ label: 'Narrow', baseUrl: sandbox.baseUrl, token })).ok,
      ).toBe(true);
      // Names follow a sync pass, whose calls tell the window (an unknown one has no budget to spare).
      expect((await dispatchDesk(other.core.api, 'feeds.cursor', ['invoices'])).ok).toBe(true);
      const [product, next] = [...(named.get('product') ?? [])];
      const [branch] = [...(named.get('branch') ?? [])];
      expect(
        summary(await dispatchDesk(other.core.api, 'lookup.records', ['product', [product, next]])),
      ).toEqual([[product, 'SCOPE_MISSING']]);
      // The same client may look up branches (a customers scope): the refusal was the entity's only.
      expect(summary(await dispatchDesk(other.core.api, 'lookup.records', ['branch', [branch]]))).toEqual([
        [branch, 'branch', branch, true],
      ]);
    } finally {
      await other.dispose();
    }
  });
  it('looks up only while the window has budget to spare, keeping half for the clerk and other programs on the client', async () => {
    const limit = 20;
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Shares its budget with another program',
      system: 'OTHER',
      scopes: [...scopes],
      rate_limit_per_minute: limit,
    });
    /** Another program on the same client: one call, and what the window has left after it. */
    async function otherProgramCall(): Promise<{ status: number; remaining: number; resetSec: number }> {
      const response = await fetch(`${sandbox.baseUrl}/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.text();
      const header = (name: string) => Number(response.headers.get(name));
      return {
        status: response.status,
        remaining: header('x-ratelimit-remaining'),
        resetSec: header('x-ratelimit-reset'),
      };
    }
    // A whole minute ahead (windows are whole minutes of the sandbox clock): none rolls over mid-test.
    const first = await otherProgramCall();
    if (first.resetSec < 20) await sandbox.admin('POST', '/clock', { advance_seconds: first.resetSec });
    const ids = [...(named.get('product') ?? [])].slice(0, 15);
    expect(ids.length).toBe(15);

    const desk = await startTestCore();
    try {
      const added = await desk.core.api.connections.add({ label: 'Shared', baseUrl: sandbox.baseUrl, token });
      expect(added.ok).toBe(true);
      const before = await otherProgramCall();
      // Nothing answered on this connection's client yet: the window is unknown, nothing is sent.
      expect(summary(await dispatchDesk(desk.core.api, 'lookup.records', ['product', ids]))).toEqual([
        [ids[0], 'BUDGET_NOT_SPARE'],
      ]);
      expect((await otherProgramCall()).remaining).toBe(before.remaining - 1);

      // The clerk's sync pass tells the window; the other program spends three calls the desk does not
      // see until the first lookup's answer tells it.
      const pulled = await dispatchDesk(desk.core.api, 'feeds.pull', [
        'invoices',
        { versionAfter: 0, perPage: 1 },
      ]);
      expect(pulled.ok).toBe(true);
      for (let call = 0; call < 3; call += 1) expect((await otherProgramCall()).status).toBe(200);
      const result = await dispatchDesk(desk.core.api, 'lookup.records', ['product', ids]);
      const entries = result.ok ? (result.value as RecordById[]) : [];
      const looked = entries.slice(0, -1);
      // Some ids looked up, in order, then the first not asked says why, and the rest are not asked.
      expect(looked.length).toBeGreaterThan(0);
      expect(looked.length).toBeLessThan(ids.length);
      expect(summary(result)).toEqual([
        ...looked.map(({ id }) => [id, 'product', id, true]),
        [ids[looked.length], 'BUDGET_NOT_SPARE'],
      ]);
      expect(entries.at(-1)?.result).toMatchObject({ ok: false, error: { retryable: true } });
      // Half the window is still there for the clerk's work and the other program (less this call).
      const after = await otherProgramCall();
      expect([after.status, after.remaining >= limit / 2 - 1]).toEqual([200, true]);

      // A list refreshed in the background yields the same way; a screen's list is still answered.
      expect(
        await dispatchDesk(desk.core.api, 'reference.list', ['units', { isBackground: true }]),
      ).toMatchObject({ ok: false, error: { code: 'BUDGET_NOT_SPARE', retryable: true } });
      expect((await dispatchDesk(desk.core.api, 'reference.list', ['units'])).ok).toBe(true);
      expect((await dispatchDesk(desk.core.api, 'feeds.cursor', ['invoices'])).ok).toBe(true);
    } finally {
      await desk.dispose();
    }
  });
});
