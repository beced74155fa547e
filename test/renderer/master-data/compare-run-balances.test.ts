// A push run's balances compared with the service's: a customer the service no longer knows by its key
// (NOT_FOUND) is marked as such, and the customers after it are compared all the same; a failure of
// another kind stops the comparison, keeping what was compared.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerByRef } from '../../../src-shared/bridge/contract';
import { fail, ok, type DeskError } from '../../../src-shared/bridge/result';
import type { PushRecordResult } from '../../../src-shared/domain/master-data';
import { db } from '../../../src-renderer/data/db';
import { loadRecords, storeResults } from '../../../src-renderer/data/push-history';
import { compareRunBalances } from '../../../src-renderer/sync/push-runs';

const runId = 'run-1';

function balanceRecord(seq: number, key: string): PushRecordResult {
  return {
    seq,
    call: 0,
    kind: 'balances',
    key,
    label: 'balance',
    file: 'balances.csv',
    line: seq + 2,
    outcome: 'updated',
    serviceId: `cus_${key}`,
    note: null,
    error: null,
    explanation: null,
    adoptServiceId: null,
    erpBalance: 1_000,
  };
}

function found(ref: string, current: number): CustomerByRef {
  return {
    ref,
    result: ok({
      entity: 'customer',
      id: `cus_${ref}`,
      external_ref: ref,
      code: ref,
      version: 1,
      deleted: false,
      name: { ar: `عميل ${ref}` },
      balance: {
        erp_balance: 1_000,
        as_of: '2026-11-26T10:00:00Z',
        current_balance: current,
        credit_limit: null,
      },
    }),
  };
}

function refused(ref: string, code: string): CustomerByRef {
  const error: DeskError = { code, message: `${code} for ${ref}`, retryable: false };
  return { ref, result: fail(error) };
}

/** A core whose `lookup.customers` answers each key with `answers`' entry for it. */
function lookupOf(answers: Record<string, (ref: string) => CustomerByRef>) {
  return {
    lookup: {
      customers: async (refs: string[]) => ok(refs.map((ref) => answers[ref]!(ref))),
    },
  };
}

async function balancesShown(): Promise<{ key: string; balance: number | null; missing: boolean }[]> {
  return (await loadRecords(runId)).map((record) => ({
    key: record.key,
    balance: record.serviceBalance,
    missing: record.serviceMissing === true,
  }));
}

describe("a push run's balances compared with the service's", () => {
  beforeEach(async () => {
    await db.open();
    await storeResults(
      runId,
      'conn-1',
      [balanceRecord(0, 'C-1'), balanceRecord(1, 'C-2'), balanceRecord(2, 'C-3')],
      '2026-11-26T10:00:00.000Z',
    );
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('marks a customer the service does not know and compares the customers after it', async () => {
    const desk = lookupOf({
      'C-1': (ref) => found(ref, 1_200),
      'C-2': (ref) => refused(ref, 'NOT_FOUND'),
      'C-3': (ref) => found(ref, 950),
    });
    expect(await compareRunBalances(desk, runId)).toBeNull();
    expect(await balancesShown()).toEqual([
      { key: 'C-1', balance: 1_200, missing: false },
      { key: 'C-2', balance: null, missing: true },
      { key: 'C-3', balance: 950, missing: false },
    ]);
  });

  it('keeps the mark when the run results are stored again, and drops it once the customer is found', async () => {
    const desk = lookupOf({
      'C-1': (ref) => found(ref, 1_200),
      'C-2': (ref) => refused(ref, 'NOT_FOUND'),
      'C-3': (ref) => found(ref, 950),
    });
    await compareRunBalances(desk, runId);
    // The run's results copied from the core again (a page followed later): the comparison stays.
    await storeResults(runId, 'conn-1', [balanceRecord(1, 'C-2')], '2026-11-26T11:00:00.000Z');
    expect((await balancesShown())[1]).toEqual({ key: 'C-2', balance: null, missing: true });

    // The customer pushed again: the next comparison finds it.
    await compareRunBalances(
      lookupOf({
        'C-1': (ref) => found(ref, 1_200),
        'C-2': (ref) => found(ref, 400),
        'C-3': (ref) => found(ref, 950),
      }),
      runId,
    );
    expect((await balancesShown())[1]).toEqual({ key: 'C-2', balance: 400, missing: false });
  });

  it('stops at a failure of another kind, keeping the balances compared before it', async () => {
    const desk = lookupOf({
      'C-1': (ref) => found(ref, 1_200),
      'C-2': (ref) => refused(ref, 'SCOPE_MISSING'),
      'C-3': (ref) => found(ref, 950),
    });
    const error = await compareRunBalances(desk, runId);
    expect(error?.code).toBe('SCOPE_MISSING');
    expect(await balancesShown()).toEqual([
      { key: 'C-1', balance: 1_200, missing: false },
      { key: 'C-2', balance: null, missing: false },
      { key: 'C-3', balance: null, missing: false },
    ]);
  });
});
