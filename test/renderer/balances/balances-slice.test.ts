import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerBalance, CustomerByRef, DeskEvents } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';
import type { PushPlan, PushResultsPage, PushRunSummary } from '../../../src-shared/domain/master-data';
import type { LookupRecord } from '../../../src-shared/wire';

// The renderer sees the core only through `window.desk`: a small in-memory bridge answers the lookups
// and the push here. The real core and sandbox are exercised by test/e2e/balances.e2e.ts.
const bridge = vi.hoisted(() => {
  const record = (id: string, ref: string | null, erp: number | null): LookupRecord => ({
    entity: 'customer',
    id,
    external_ref: ref,
    code: ref ?? id,
    version: 1,
    deleted: false,
    name: { en: `Shop ${id}` },
    balance: {
      erp_balance: erp,
      as_of: erp === null ? null : '2025-05-01T10:00:00.000Z',
      current_balance: erp ?? 0,
      credit_limit: 5000,
    },
  });
  const state = {
    balanceCalls: [] as string[][],
    erp: new Map<string, number>(),
    listeners: [] as Array<(summary: PushRunSummary) => void>,
    plans: [] as PushPlan[],
    isSettled: false,
  };
  const summary = (runState: PushRunSummary['state']): PushRunSummary => ({
    runId: 'run-1',
    label: 'fresh',
    connectionId: 'conn-1',
    createdAt: '2025-05-03T10:00:00.000Z',
    updatedAt: '2025-05-03T10:00:00.000Z',
    state: runState,
    reason: null,
    callsTotal: 1,
    callsDone: runState === 'done' ? 1 : 0,
    recordsTotal: 2,
    counts: { pending: 0, created: 0, updated: 1, unchanged: 0, stale: 1, deleted: 0, failed: 0 },
    currentKind: null,
  });
  const desk = {
    lookup: {
      customerBalances: vi.fn(async (ids: string[]): Promise<Result<CustomerBalance[]>> => {
        state.balanceCalls.push(ids);
        return {
          ok: true,
          value: ids.map((id) => ({
            id,
            record: record(id, `ERP-${id}`, state.erp.get(id) ?? 100),
            readAt: '2025-05-03T10:00:00.000Z',
          })),
        };
      }),
      // What the core asks `GET /lookup` for each key of `lookup.customers` (one bridge call for them all).
      customer: vi.fn((ref: string): Result<LookupRecord> => {
        if (ref === 'GONE')
          return { ok: false, error: { code: 'NOT_FOUND', message: 'no such customer', retryable: false } };
        return { ok: true, value: record(`id-${ref}`, ref, null) };
      }),
      customers: vi.fn(async (refs: string[]): Promise<Result<CustomerByRef[]>> => ({
        ok: true,
        value: refs.map((ref) => ({ ref, result: desk.lookup.customer(ref) })),
      })),
    },
    push: {
      start: vi.fn(async (plan: PushPlan): Promise<Result<PushRunSummary>> => {
        state.plans.push(plan);
        // The run settles a moment later; the slice may start waiting for it before or after (its status
        // then says so, as the core's does).
        setTimeout(() => {
          state.isSettled = true;
          state.listeners.forEach((listener) => listener(summary('done')));
        }, 5);
        return { ok: true, value: summary('running') };
      }),
      status: vi.fn(async (): Promise<Result<PushRunSummary>> => ({
        ok: true,
        value: summary(state.isSettled ? 'done' : 'running'),
      })),
      results: vi.fn(async (): Promise<Result<PushResultsPage>> => ({
        ok: true,
        value: {
          runId: 'run-1',
          total: 2,
          offset: 0,
          records: (['updated', 'stale'] as const).map((outcome, seq) => ({
            seq,
            call: 0,
            kind: 'balances',
            key: `ERP-c00${seq}`,
            label: 'balance',
            file: 'Balance worksheet',
            line: 0,
            outcome,
            serviceId: `c00${seq}`,
            note: null,
            error: null,
            explanation: null,
            adoptServiceId: null,
            erpBalance: null,
          })),
        },
      })),
    },
    on: vi.fn(<E extends keyof DeskEvents>(_event: E, listener: (payload: DeskEvents[E]) => void) => {
      const push = listener as unknown as (summary: PushRunSummary) => void;
      state.listeners.push(push);
      return () => {
        state.listeners = state.listeners.filter((other) => other !== push);
      };
    }),
  };
  Object.assign(globalThis, { desk });
  return { state, desk };
});

import { db } from '../../../src-renderer/data/db';
import { useDeskStore } from '../../../src-renderer/state/store';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();
afterEach(() => {
  bridge.state.balanceCalls = [];
  bridge.state.plans = [];
  bridge.state.isSettled = false;
  bridge.state.erp.clear();
  vi.clearAllMocks();
});

const customerId = (n: number) => `c${String(n).padStart(3, '0')}`;

describe('the balance worksheet’s session state', () => {
  it('reads every customer the desk knows, 100 at a time, and each pushed key not already read once', async () => {
    // 230 customers across the feeds (some named by two feeds), and three keys pushed from this desk:
    // one the staged documents already name, one new, one the service no longer knows. Balances pushed
    // too: of the new one (read once) and of one this desk deleted (still left out).
    await putRows(
      'invoices',
      Array.from({ length: 200 }, (_, n) => row(`i${n}`, { customerId: customerId(n) })),
    );
    await putRows(
      'payments',
      Array.from({ length: 60 }, (_, n) => row(`p${n}`, { customerId: customerId(170 + n) })),
    );
    await db.pushedKeys.bulkPut([
      { connectionId: 'conn-1', kind: 'customers', key: 'ERP-c005', isLive: 1, at: '' },
      { connectionId: 'conn-1', kind: 'customers', key: 'NEW-1', isLive: 1, at: '' },
      { connectionId: 'conn-1', kind: 'customers', key: 'GONE', isLive: 1, at: '' },
      { connectionId: 'conn-1', kind: 'customers', key: 'DELETED', isLive: 0, at: '' },
      { connectionId: 'conn-1', kind: 'balances', key: 'NEW-1', isLive: 1, at: '' },
      { connectionId: 'conn-1', kind: 'balances', key: 'DELETED', isLive: 1, at: '' },
      { connectionId: 'other', kind: 'customers', key: 'ELSEWHERE', isLive: 1, at: '' },
    ]);

    await useDeskStore.getState().readAllBalances();

    const state = useDeskStore.getState();
    expect(bridge.state.balanceCalls.map((ids) => ids.length)).toEqual([100, 100, 30]);
    expect(new Set(bridge.state.balanceCalls.flat()).size).toBe(230);
    expect(bridge.desk.lookup.customer.mock.calls.map(([ref]) => ref)).toEqual(['GONE', 'NEW-1']);
    expect(bridge.desk.lookup.customers).toHaveBeenCalledTimes(1);
    expect(Object.keys(state.balanceEntries)).toHaveLength(231);
    expect(state.balanceEntries['id-NEW-1']?.record?.external_ref).toBe('NEW-1');
    expect(state.balanceProgress).toEqual({ done: 232, total: 232 });
    expect(state.isReadingBalances).toBe(false);
    expect(state.balanceError).toBeNull();
  });

  it('pushes fresh balances as one run taken now, waits for it, tells each answer and reads those customers again', async () => {
    const outcome = await useDeskStore.getState().pushFreshBalances([
      { id: 'c000', ref: 'ERP-c000', balanceCents: 124950, creditLimit: 5000 },
      { id: 'c001', ref: 'ERP-c001', balanceCents: -5, creditLimit: null },
    ]);

    const plan = bridge.state.plans[0];
    const asOf = outcome?.asOf ?? '';
    expect(plan?.calls).toEqual([
      {
        call: 'balances-batch',
        file: 'Balance worksheet',
        items: [
          { ref: 'ERP-c000', body: { balance: 1249.5, credit_limit: 5000, as_of: asOf }, line: 0 },
          { ref: 'ERP-c001', body: { balance: -0.05, as_of: asOf }, line: 0 },
        ],
      },
    ]);
    expect(outcome?.results.map((result) => [result.id, result.outcome])).toEqual([
      ['c000', 'updated'],
      ['c001', 'stale'],
    ]);
    expect(bridge.state.balanceCalls).toEqual([['c000', 'c001']]);
    expect(useDeskStore.getState().freshPush).toEqual(outcome);
    expect(useDeskStore.getState().isPushingBalances).toBe(false);
  });
});
