import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeskError } from '../../../src-shared/bridge/result';
import type { PushCall, PushPlan, PushRunSummary } from '../../../src-shared/domain/master-data';
import type { PushRecordRow, PushRunRow } from '../../data/rows';
import { findRun, listRuns, loadRecords, updateRunSummary } from '../../data/push-history';
import { pushRunJobs } from '../../state/desk-jobs';
import { isSettled } from '../../sync/push-runs';
import { say } from '../../messages/intl';

/**
 * The runs of the active connection: starting one, following its progress, pausing and resuming it,
 * its per-record results (kept in IndexedDB), adoption of conflicting customers and the balance
 * comparison.
 */
export function usePushRuns(connectionId: string | null, onSettled: () => void) {
  const [runs, setRuns] = useState<PushRunRow[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [records, setRecords] = useState<PushRecordRow[]>([]);
  const [error, setError] = useState<DeskError | null>(null);
  const [runsVersion, setRunsVersion] = useState(0);
  const [recordsVersion, setRecordsVersion] = useState(0);
  const selectedRef = useRef<string | null>(null);
  const lastSyncMs = useRef(0);
  const reloadRuns = useCallback(() => setRunsVersion((version) => version + 1), []);
  const reloadRecords = useCallback(() => setRecordsVersion((version) => version + 1), []);

  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);

  useEffect(() => {
    let isCurrent = true;
    void (connectionId === null ? Promise.resolve([]) : listRuns(connectionId)).then((loaded) => {
      if (isCurrent) setRuns(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [connectionId, runsVersion]);

  useEffect(() => {
    let isCurrent = true;
    void (selectedId === null ? Promise.resolve([]) : loadRecords(selectedId)).then((loaded) => {
      if (isCurrent) setRecords(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [selectedId, recordsVersion]);

  // The core's word on every run this computer keeps (a run paused by a restart, one finished while
  // the screen was closed).
  useEffect(() => {
    void (async () => {
      try {
        await pushRunJobs.refreshSummaries();
      } catch (thrown) {
        setError(await pushRunJobs.refusedFollow(thrown));
      }
      reloadRuns();
    })();
  }, [connectionId, reloadRuns]);

  // What a run's progress changes here, whether an event told it or a status read did.
  const followRun = useCallback(
    async (summary: PushRunSummary) => {
      await updateRunSummary(summary);
      const nowMs = Date.now();
      // Results follow a running push every couple of seconds, and every settled one at once.
      if (isSettled(summary) || nowMs - lastSyncMs.current > 2000) {
        lastSyncMs.current = nowMs;
        const failed = await pushRunJobs.syncResults(summary);
        if (failed) setError(failed);
        if (selectedRef.current === summary.runId) reloadRecords();
        if (isSettled(summary)) onSettled();
      }
      reloadRuns();
    },
    [reloadRuns, reloadRecords, onSettled],
  );

  // A full disk stops the keeping, not the run: it is said here, with what to do (not to push again).
  const follow = useCallback(
    async (summary: PushRunSummary) => {
      try {
        await followRun(summary);
      } catch (thrown) {
        setError(await pushRunJobs.refusedFollow(thrown));
      }
    },
    [followRun],
  );

  useEffect(() => pushRunJobs.followProgress((summary) => void follow(summary)), [follow]);

  // Events are not enough on their own: in browser mode they come over a stream that may connect
  // after a short run has already finished, so a run still sending here is also read every 2 s.
  const unsettled = runs.filter((run) => !isSettled(run.summary)).map((run) => run.runId);
  const unsettledKey = unsettled.join(',');
  useEffect(() => {
    if (unsettledKey === '') return;
    const timer = setInterval(() => {
      for (const runId of unsettledKey.split(',')) {
        void pushRunJobs.readStatus(runId).then((summary) => {
          if (summary) void follow(summary);
        });
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [unsettledKey, follow]);

  const start = useCallback(
    async (plan: PushPlan, files: string[]): Promise<boolean> => {
      setError(null);
      const result = await pushRunJobs.start(plan, files);
      if (!result.ok) {
        setError(result.error);
        return false;
      }
      setSelectedId(result.value.runId);
      reloadRuns();
      return true;
    },
    [reloadRuns],
  );

  const control = useCallback(
    async (runId: string, action: 'pause' | 'resume') => {
      setError(null);
      const refusal = await pushRunJobs.control(runId, action);
      if (refusal) setError(refusal);
      reloadRuns();
    },
    [reloadRuns],
  );

  /**
   * Pushes the chosen customers again with the `service_id` the service offered (spec, Push
   * semantics: adoption), as a new run; the clerk confirmed it first.
   */
  const adopt = useCallback(
    async (runId: string, chosen: readonly PushRecordRow[]): Promise<boolean> => {
      const run = await findRun(runId);
      if (!run) return false;
      const calls: PushCall[] = [];
      for (const record of chosen) {
        const call = run.plan.calls[record.call];
        if (call?.call !== 'customer' || !record.adoptServiceId) continue;
        calls.push({ ...call, body: { ...call.body, service_id: record.adoptServiceId } });
      }
      if (calls.length === 0) return false;
      return start(
        {
          // The run's name, kept with it: said in the clerk's language of the moment it starts.
          label: say('masterData.adopt.runLabel', { count: calls.length }),
          calls,
        },
        [...new Set(calls.map((c) => c.file))],
      );
    },
    [start],
  );

  /** Looks up the service's current balance of a run's balance records (at most 100, in one bridge call). */
  const compareBalances = useCallback(
    async (runId: string) => {
      setError(null);
      const failed = await pushRunJobs.compareBalances(runId);
      if (failed) setError(failed);
      if (selectedRef.current === runId) reloadRecords();
    },
    [reloadRecords],
  );

  const selected = runs.find((run) => run.runId === selectedId) ?? null;
  return {
    runs,
    selected,
    selectedId,
    select: setSelectedId,
    records,
    error,
    start,
    control,
    adopt,
    compareBalances,
  };
}
