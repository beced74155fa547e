/**
 * Master-data push runs as the renderer follows them: the core runs them and keeps their journal
 * (src-main/core/push/), and this copies what it tells into the history in IndexedDB
 * (data/push-history.ts): runs started, their summaries, their per-record results, and the service's
 * current balance of a run's balance records. Master data and the balance worksheet both start and
 * follow their runs here.
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import { fail, type DeskError, type Result } from '../../src-shared/bridge/result';
import { maxResultsPage, type PushPlan, type PushRunSummary } from '../../src-shared/domain/master-data';
import {
  dropReservation,
  loadRecords,
  markServiceMissing,
  recordRun,
  reserveRun,
  setServiceBalance,
  storeResults,
  updateRunSummary,
} from '../data/push-history';
import { storageProblemOf } from '../data/storage-problem';
import { say } from '../messages/intl';
import { storageProblemWords } from '../words/storage-words';
import { lookUpCustomerKeys } from './customer-keys';

/** What following push runs needs of the bridge: its push operations and their progress events. */
export type PushRunDesk = { push: DeskApi['push'] } & {
  on(event: 'push.progress', listener: (summary: PushRunSummary) => void): () => void;
};

/**
 * Balance records a run's quick comparison reads (one `GET /lookup` each). The Balances section reads
 * every customer and explains each difference (docs/decisions/094-balance-worksheet.md).
 */
export const maxComparedBalances = 100;

/** Whether a run sends nothing more until the clerk acts (done, paused, stopped). */
export function isSettled(summary: PushRunSummary): boolean {
  return summary.state === 'done' || summary.state === 'paused' || summary.state === 'stopped';
}

/**
 * Starts a push run in the core and keeps it in the history at once, with the results it holds so far
 * (`syncResults`): how Master data and the balance worksheet both start theirs, so a run either screen
 * starts is listed under Master data's runs. Its plan is kept first (`reserveRun`), so a store that
 * refuses (a full disk) refuses before anything is sent; one that refuses the run's own row after it
 * started leaves the run going, listed later from that plan (`updateRunSummary`). Either refusal is
 * answered in the clerk's words (`refusedStart`); neither starts a run twice.
 */
export async function startKeptRun(
  desk: PushRunDesk,
  plan: PushPlan,
  files: string[],
  from: PushScreen = 'masterData',
): Promise<Result<PushRunSummary>> {
  try {
    await reserveRun(plan, files);
  } catch (refused) {
    return fail(await refusedStart(refused, false, from));
  }
  const started = await desk.push.start(plan);
  if (!started.ok) {
    await dropReservation().catch(() => undefined);
    return started;
  }
  try {
    await recordRun(started.value, plan, files);
  } catch (refused) {
    return fail(await refusedStart(refused, true, from));
  }
  await syncResults(desk, started.value);
  return started;
}

/**
 * The screen a run was started from, whose words a refusal says: Master data pushes files; the balance
 * worksheet pushes the fresh balances its dialog took (not files, with a button of its own words).
 */
export type PushScreen = 'masterData' | 'balances';

/** What to do after each refusal, in the words of the screen that started the run. */
const refusalNext = {
  masterData: { notStarted: 'masterData.push.notStarted', notListed: 'masterData.push.notListed' },
  balances: { notStarted: 'balances.push.notStarted', notListed: 'balances.push.notListed' },
} as const;

/**
 * The store's refusal while a run was followed (its summary, its results, or the listing of a run whose
 * row was refused at its start), said with what to do: the run goes on in the core and is shown once
 * the desk can save; it is not to be pushed again. An error that is no storage refusal is thrown on.
 */
export function refusedFollow(thrown: unknown): Promise<DeskError> {
  return refusedStart(thrown, true, 'masterData');
}

/**
 * The store's refusal while a run was started, said with what to do in the words of the screen that
 * started it: nothing was sent (push again), or the run started and is listed once the desk can save
 * (do not push it again). An error that is no storage refusal is a bug and is thrown on.
 */
async function refusedStart(thrown: unknown, isStarted: boolean, from: PushScreen): Promise<DeskError> {
  const problem = await storageProblemOf(thrown);
  if (problem === null) throw thrown;
  const next = refusalNext[from];
  return {
    code: isStarted ? 'PUSH_NOT_LISTED' : 'PUSH_NOT_STARTED',
    message: storageProblemWords(problem, say(isStarted ? next.notListed : next.notStarted)),
    retryable: !isStarted,
  };
}

/**
 * Copies every page of a run's results from the core into IndexedDB (`storeResults`), for Master data's
 * runs and the balance worksheet's fresh-balance pushes alike; answers the error of a page that failed.
 */
export async function syncResults(desk: PushRunDesk, summary: PushRunSummary): Promise<DeskError | null> {
  for (let offset = 0; offset < summary.recordsTotal; offset += maxResultsPage) {
    const page = await desk.push.results(summary.runId, { offset, limit: maxResultsPage });
    if (!page.ok) return page.error;
    await storeResults(summary.runId, summary.connectionId, page.value.records, new Date().toISOString());
  }
  return null;
}

/** Keeps the core's summary of every run this computer keeps (one paused by a restart, one finished meanwhile). */
export async function refreshRunSummaries(desk: PushRunDesk): Promise<void> {
  const listed = await desk.push.list();
  if (listed.ok) for (const summary of listed.value) await updateRunSummary(summary);
}

/** Tells `listener` each run's progress as the core pushes it; the answer stops telling. */
export function followPushProgress(
  desk: PushRunDesk,
  listener: (summary: PushRunSummary) => void,
): () => void {
  return desk.on('push.progress', listener);
}

/** A run's summary as the core holds it now; null when it could not be read. */
export async function readRunStatus(desk: PushRunDesk, runId: string): Promise<PushRunSummary | null> {
  const status = await desk.push.status(runId);
  return status.ok ? status.value : null;
}

/** Waits for a run to settle: its progress events, and its status in case it settled before we listened. */
export function settledRun(desk: PushRunDesk, started: PushRunSummary): Promise<PushRunSummary> {
  if (isSettled(started)) return Promise.resolve(started);
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (summary: PushRunSummary): void => {
      if (isDone || summary.runId !== started.runId || !isSettled(summary)) return;
      isDone = true;
      stop();
      resolve(summary);
    };
    const stop = followPushProgress(desk, finish);
    void readRunStatus(desk, started.runId).then((summary) => {
      if (summary) finish(summary);
    });
  });
}

/** Pauses or resumes a run and keeps its new summary; the refusal, if it was refused. */
export async function controlRun(
  desk: PushRunDesk,
  runId: string,
  action: 'pause' | 'resume',
): Promise<DeskError | null> {
  const result = action === 'pause' ? await desk.push.pause(runId) : await desk.push.resume(runId);
  if (!result.ok) return result.error;
  await updateRunSummary(result.value);
  return null;
}

/**
 * Looks up the service's current balance of a run's balance records (at most `maxComparedBalances`, in
 * one bridge call) and keeps each beside its record. A customer the service does not know (NOT_FOUND: no
 * customer answers to its key now) is marked so, and the others are compared all the same;
 * the first other failure (no answer, a missing scope) stops the comparison, keeping those before it:
 * that failure is the answer.
 */
export async function compareRunBalances(
  desk: { lookup: Pick<DeskApi['lookup'], 'customers'> },
  runId: string,
): Promise<DeskError | null> {
  const balances = (await loadRecords(runId))
    .filter((record) => record.kind === 'balances' && record.outcome !== 'failed')
    .slice(0, maxComparedBalances);
  const { lookups, error } = await lookUpCustomerKeys(
    desk,
    balances.map((record) => record.key),
  );
  for (const [index, { result }] of lookups.entries()) {
    const record = balances[index];
    if (!record) continue;
    if (!result.ok) {
      // `lookUpCustomerKeys` hands on no failure but NOT_FOUND; any other ends it as `error`.
      await markServiceMissing(runId, record.seq);
      continue;
    }
    const current = result.value.balance?.current_balance;
    if (current !== undefined) await setServiceBalance(runId, record.seq, current);
  }
  return error;
}
