// `lookup.customers`: up to 100 ERP keys in one bridge call, each answered with its customer or its own
// failure, against the real sandbox; the core asks `GET /lookup` once per key through its client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDesk } from '../../src-main/core/dispatch';
import type { CustomerByRef } from '../../src-shared/bridge/contract';
import type { Result } from '../../src-shared/bridge/result';
import { startTestCore, type TestCore } from '../support/core';
import { pushCustomerAsErp, startSandbox, type RunningSandbox } from '../support/sandbox';

describe('lookup.customers against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  const refs = Array.from({ length: 100 }, (_, n) => `KEY-${String(n).padStart(3, '0')}`);
  /** The service's id of each key pushed. */
  const ids = new Map<string, string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 6000 });
    for (const ref of refs) {
      const pushed = await pushCustomerAsErp(sandbox, ref);
      expect(pushed.status).toBe(200);
      ids.set(ref, pushed.id!);
    }
    testCore = await startTestCore({ sandbox });
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });

  function lookUp(keys: unknown): Promise<Result<unknown>> {
    return dispatchDesk(testCore.core.api, 'lookup.customers', [keys]);
  }

  /** Each entry as key, whether found, the record's id and ERP key, or the failure's code. */
  function summary(result: Result<unknown>) {
    if (!result.ok) return result.error.code;
    return (result.value as CustomerByRef[]).map(({ ref, result: found }) =>
      found.ok ? [ref, found.value.id, found.value.external_ref] : [ref, found.error.code],
    );
  }

  it('answers 100 keys in one call, in order, each with its customer', async () => {
    expect(summary(await lookUp(refs))).toEqual(refs.map((ref) => [ref, ids.get(ref), ref]));
  });

  it('refuses 101 keys, and none, before asking the service', async () => {
    for (const keys of [[...refs, 'KEY-100'], []]) {
      expect(await lookUp(keys)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT', retryable: false },
      });
    }
  });

  it('answers a key the service does not know with its own NOT_FOUND, and the others with their customers', async () => {
    const result = await lookUp(['KEY-001', 'NOBODY', 'KEY-002']);
    expect(summary(result)).toEqual([
      ['KEY-001', ids.get('KEY-001'), 'KEY-001'],
      ['NOBODY', 'NOT_FOUND'],
      ['KEY-002', ids.get('KEY-002'), 'KEY-002'],
    ]);
    const missing = (result.ok ? (result.value as CustomerByRef[]) : [])[1]?.result;
    expect(missing).toMatchObject({ ok: false, error: { retryable: false, requestId: expect.any(String) } });
  });

  it('answers a key that cannot be a record key with its own INVALID_ARGUMENT, as lookup.customer refuses it', async () => {
    expect(summary(await lookUp(['KEY-003', 'A/B', 'KEY-004']))).toEqual([
      ['KEY-003', ids.get('KEY-003'), 'KEY-003'],
      ['A/B', 'INVALID_ARGUMENT'],
      ['KEY-004', ids.get('KEY-004'), 'KEY-004'],
    ]);
    expect(await dispatchDesk(testCore.core.api, 'lookup.customer', ['A/B'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });

  it('ends the list at a failure every later key would meet too (a missing scope), not asking the rest', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'No customers scope',
      system: 'OTHER',
      scopes: ['invoices:read'],
      rate_limit_per_minute: 6000,
    });
    const other = await startTestCore();
    try {
      const added = await other.core.api.connections.add({
        label: 'Narrow',
        baseUrl: sandbox.baseUrl,
        token,
      });
      expect(added.ok).toBe(true);
      const result = await dispatchDesk(other.core.api, 'lookup.customers', [['KEY-005', 'KEY-006']]);
      expect(summary(result)).toEqual([['KEY-005', 'SCOPE_MISSING']]);
    } finally {
      await other.dispose();
    }
  });
});
