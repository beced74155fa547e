// A push run started while the disk is full (issue 28, item 1): a refusal before the start sends
// nothing, and a refusal of the run's history row right after the core started it leaves the run going
// and lists it once the disk has room, so the clerk is never led to push the same files (or, from the
// balance worksheet, the same balances) twice.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPlan, PushRunSummary } from '../../../src-shared/domain/master-data';
import { ok } from '../../../src-shared/bridge/result';
import { db } from '../../../src-renderer/data/db';
import { listRuns } from '../../../src-renderer/data/push-history';
import { pushFreshBalanceRun } from '../../../src-renderer/sync/balances';
import { refreshRunSummaries, startKeptRun, type PushRunDesk } from '../../../src-renderer/sync/push-runs';
import { fillDiskAfter } from '../support/full-disk';

const plan: PushPlan = {
  label: 'March customers',
  calls: [
    {
      call: 'customer',
      file: 'customers.csv',
      line: 2,
      ref: 'C-1',
      body: { name: { ar: 'شركة النيل' }, blocked: false },
    },
    {
      call: 'customer',
      file: 'customers.csv',
      line: 3,
      ref: 'C-2',
      body: { name: { en: 'Delta Trading' }, blocked: false },
    },
  ],
};

function summaryOf(started: PushPlan): PushRunSummary {
  return {
    runId: 'run-1',
    label: started.label,
    connectionId: 'conn-1',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    state: 'running',
    reason: null,
    callsTotal: started.calls.length,
    callsDone: 0,
    recordsTotal: started.calls.length,
    counts: { pending: 2, created: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, failed: 0 },
    currentKind: 'customers',
  };
}

/** A core that starts every plan it is given and lists the runs it started. */
function fakeCore() {
  const runs: PushRunSummary[] = [];
  const start = vi.fn(async (started: PushPlan) => {
    runs.push(summaryOf(started));
    return ok(summaryOf(started));
  });
  const desk = {
    push: {
      start,
      list: async () => ok([...runs]),
      results: async () => ok({ runId: 'run-1', total: 0, offset: 0, records: [] }),
    },
    on: () => () => undefined,
  } as unknown as PushRunDesk;
  return { desk, start };
}

describe('a push run started on a full disk', () => {
  let freeDisk = (): void => undefined;
  beforeEach(async () => {
    await db.open();
  });
  afterEach(async () => {
    freeDisk();
    db.close();
    await db.delete();
  });

  it('sends nothing when the disk refuses before the start, and says to press Push again', async () => {
    const core = fakeCore();
    freeDisk = fillDiskAfter(0);
    const started = await startKeptRun(core.desk, plan, ['customers.csv']);
    freeDisk();
    expect(core.start).not.toHaveBeenCalled();
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.code).toBe('PUSH_NOT_STARTED');
    expect(started.error.message).toMatch(/disk is full.*press Push again\. Nothing was sent/);
    expect(await listRuns('conn-1')).toEqual([]);
  });

  it('lists the run the core started once the disk has room, with its plan, and says not to push again', async () => {
    const core = fakeCore();
    // The plan kept before the start is accepted; the run's own history row is refused.
    freeDisk = fillDiskAfter(1);
    const started = await startKeptRun(core.desk, plan, ['customers.csv']);
    freeDisk();
    expect(core.start).toHaveBeenCalledTimes(1);
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.code).toBe('PUSH_NOT_LISTED');
    expect(started.error.message).toMatch(/disk is full.*The push goes on.*Do not push the same files again/);
    expect(await listRuns('conn-1')).toEqual([]);

    // Master data opened again (or the run's next progress): the core's summary lists it.
    await refreshRunSummaries(core.desk);
    const [listed, ...others] = await listRuns('conn-1');
    expect(others).toEqual([]);
    expect(listed?.runId).toBe('run-1');
    expect(listed?.plan).toEqual(plan);
    expect(listed?.files).toEqual(['customers.csv']);
    expect(core.start).toHaveBeenCalledTimes(1);
  });

  it("says the balance worksheet's refusals in its own words: balances pushed, not files", async () => {
    const core = fakeCore();
    const fresh = [{ id: 'cus_1', ref: 'C-1', balanceCents: 125_000, creditLimit: null }];
    freeDisk = fillDiskAfter(0);
    const refusedFirst = await pushFreshBalanceRun(core.desk, fresh);
    freeDisk();
    expect(core.start).not.toHaveBeenCalled();
    expect(refusedFirst.ok).toBe(false);
    if (refusedFirst.ok) return;
    expect(refusedFirst.error.code).toBe('PUSH_NOT_STARTED');
    expect(refusedFirst.error.message).toMatch(
      /disk is full.*push the fresh balances again\. Nothing was sent/,
    );

    freeDisk = fillDiskAfter(1);
    const refusedListing = await pushFreshBalanceRun(core.desk, fresh);
    freeDisk();
    expect(core.start).toHaveBeenCalledTimes(1);
    expect(refusedListing.ok).toBe(false);
    if (refusedListing.ok) return;
    expect(refusedListing.error.code).toBe('PUSH_NOT_LISTED');
    expect(refusedListing.error.message).toMatch(/disk is full.*Do not push these balances again/);
    expect(refusedListing.error.message).not.toMatch(/files/);
  });

  it('does not take an unknown run of another plan for the one being started', async () => {
    const core = fakeCore();
    freeDisk = fillDiskAfter(1);
    await startKeptRun(core.desk, plan, ['customers.csv']);
    freeDisk();
    // A run of the same name with another record count is not the one the kept plan started.
    const other = { ...summaryOf(plan), runId: 'run-2', recordsTotal: 5 };
    await refreshRunSummaries({ ...core.desk, push: { ...core.desk.push, list: async () => ok([other]) } });
    expect(await listRuns('conn-1')).toEqual([]);
  });

  it('keeps no plan aside once the run is listed', async () => {
    const core = fakeCore();
    const started = await startKeptRun(core.desk, plan, ['customers.csv']);
    expect(started.ok).toBe(true);
    expect(await db.meta.get('pushRunStarting')).toBeUndefined();
    expect((await listRuns('conn-1')).map((run) => run.runId)).toEqual(['run-1']);
  });
});
