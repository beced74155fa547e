// The master-data history of this computer in IndexedDB: runs and their per-record results, the
// column mappings remembered per file layout, and the keys each connection's service has answered
// for (what "already pushed" means in the preview, the candidates for removal, and the customers the
// balance worksheet lists). Master data and the balance worksheet both keep their runs here; what the
// core tells of them is copied in by src-renderer/sync/push-runs.ts.
import type {
  ColumnMapping,
  KnownKeys,
  PushPlan,
  PushRecordResult,
  PushRunSummary,
  RecordKind,
} from '../../src-shared/domain/master-data';
import { planRecordCount } from '../../src-shared/domain/master-data';
import { db } from './db';
import { type ImportLayoutRow, type PushRecordRow, type PushRunRow, type PushedKeyRow } from './rows';

/** The mapping remembered for a layout, if any. */
export async function findLayout(signature: string): Promise<ImportLayoutRow | undefined> {
  return db.importLayouts.get(signature);
}

/** Remembers a mapping for its layout. */
export async function saveLayout(
  signature: string,
  kind: RecordKind,
  headers: string[],
  mapping: ColumnMapping,
  nowIso: string,
): Promise<void> {
  await db.importLayouts.put({ signature, kind, headers, mapping, savedAt: nowIso });
}

/**
 * The meta row holding the plan of the run being started, written before the core is asked to start
 * it (`reserveRun`): a store that refuses this row refuses before anything is sent, and a run whose
 * history row was refused after it started is still listed later with its plan (`updateRunSummary`).
 */
const startingRunKey = 'pushRunStarting';

/** The plan of the run being started, as `reserveRun` keeps it. */
interface StartingRun {
  plan: PushPlan;
  files: string[];
}

/**
 * Keeps a plan before its run is started: the store's refusal (a full disk) is thrown here, before the
 * core sends anything. The row is dropped when the run is kept (`recordRun`) or could not start.
 */
export async function reserveRun(plan: PushPlan, files: string[]): Promise<void> {
  const starting: StartingRun = { plan, files };
  await db.meta.put({ key: startingRunKey, value: JSON.stringify(starting) });
}

/** Drops the plan kept for a run the core did not start. */
export async function dropReservation(): Promise<void> {
  await db.meta.delete(startingRunKey);
}

/** Keeps a new run with the plan it sends, and drops the plan kept for it before it started. */
export async function recordRun(summary: PushRunSummary, plan: PushPlan, files: string[]): Promise<void> {
  await db.transaction('rw', [db.pushRuns, db.meta], async () => {
    await db.pushRuns.put({
      runId: summary.runId,
      connectionId: summary.connectionId,
      label: summary.label,
      createdAt: summary.createdAt,
      files,
      plan,
      summary,
    });
    await db.meta.delete(startingRunKey);
  });
}

/**
 * Keeps a run's latest summary. A run this computer does not list yet is kept with the plan reserved
 * before it started, when its name and record count are that plan's: the run whose history row a full
 * disk refused right after the core started it. Any other run unknown here is ignored.
 */
export async function updateRunSummary(summary: PushRunSummary): Promise<void> {
  if ((await db.pushRuns.update(summary.runId, { summary })) > 0) return;
  const reserved = await db.meta.get(startingRunKey);
  if (!reserved) return;
  const starting = JSON.parse(reserved.value) as StartingRun;
  if (starting.plan.label !== summary.label || planRecordCount(starting.plan) !== summary.recordsTotal)
    return;
  await recordRun(summary, starting.plan, starting.files);
}

/** Runs of a connection, newest first. */
export async function listRuns(connectionId: string): Promise<PushRunRow[]> {
  const runs = await db.pushRuns.where('connectionId').equals(connectionId).toArray();
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One run, if kept. */
export async function findRun(runId: string): Promise<PushRunRow | undefined> {
  return db.pushRuns.get(runId);
}

/** A run's records in run order. */
export async function loadRecords(runId: string): Promise<PushRecordRow[]> {
  return db.pushRecords.where('runId').equals(runId).sortBy('seq');
}

/**
 * Kinds whose records other files name by key (./kinds.ts `references`) or that a full export removes,
 * and balances: a balance the service took names a customer key it knows, which the balance worksheet
 * lists (docs/decisions/094-balance-worksheet.md). No field references a balance and no export removes
 * one, so the preview's checks and removals read the same keys as before.
 */
const keyedKinds: ReadonlySet<RecordKind> = new Set<RecordKind>([
  'units',
  'price-lists',
  'products',
  'customers',
  'branches',
  'balances',
]);

/** Whether a record's answer says its key is on the service (not refused, not sent yet). */
function isTaken(record: Pick<PushRecordResult, 'outcome'>): boolean {
  return record.outcome !== 'pending' && record.outcome !== 'failed';
}

/**
 * Stores results as they come from the core, and what they say about keys: a created, updated,
 * unchanged or stale record is on the service; a deleted one is a tombstone. One transaction.
 */
export async function storeResults(
  runId: string,
  connectionId: string,
  records: readonly PushRecordResult[],
  nowIso: string,
): Promise<void> {
  await db.transaction('rw', [db.pushRecords, db.pushedKeys], async () => {
    const existing = await db.pushRecords.bulkGet(
      records.map((record): [string, number] => [runId, record.seq]),
    );
    const rows: PushRecordRow[] = records.map((record, index) => ({
      ...record,
      runId,
      connectionId,
      serviceBalance: existing[index]?.serviceBalance ?? null,
      serviceMissing: existing[index]?.serviceMissing ?? false,
    }));
    await db.pushRecords.bulkPut(rows);
    const keys: PushedKeyRow[] = records
      .filter((record) => keyedKinds.has(record.kind) && isTaken(record))
      .map((record) => ({
        connectionId,
        kind: record.kind,
        key: record.key,
        isLive: record.outcome === 'deleted' ? 0 : 1,
        at: nowIso,
      }));
    await db.pushedKeys.bulkPut(keys);
  });
}

/** The meta row saying the balance keys of runs stored before `storeResults` kept them were copied. */
const earlierBalanceKeysKey = 'earlierBalanceKeysCopied';

/**
 * Keeps the keys of balance records the service took in runs stored before balance keys were kept,
 * once per desk: their results are read a run at a time and the keys missing from `pushedKeys` added.
 * Later runs keep theirs through `storeResults`; a key is never taken back, so copying again is harmless.
 */
export async function keepEarlierBalanceKeys(nowIso: string): Promise<void> {
  if (await db.meta.get(earlierBalanceKeysKey)) return;
  for (const runId of await db.pushRecords.orderBy('runId').uniqueKeys()) {
    const taken = await db.pushRecords
      .where('runId')
      .equals(runId)
      .filter((record) => record.kind === 'balances' && isTaken(record))
      .toArray();
    if (taken.length === 0) continue;
    await db.transaction('rw', db.pushedKeys, async () => {
      const ids = taken.map((record): [string, RecordKind, string] => [
        record.connectionId,
        'balances',
        record.key,
      ]);
      const stored = await db.pushedKeys.bulkGet(ids);
      const missing = taken.filter((_, index) => stored[index] === undefined);
      await db.pushedKeys.bulkPut(
        missing.map((record) => ({
          connectionId: record.connectionId,
          kind: 'balances',
          key: record.key,
          isLive: 1,
          at: nowIso,
        })),
      );
    });
  }
  await db.meta.put({ key: earlierBalanceKeysKey, value: nowIso });
}

/** Keys live on a connection's service as far as this computer knows, per kind. */
export async function knownKeys(connectionId: string): Promise<KnownKeys> {
  const known: Partial<Record<RecordKind, string[]>> = {};
  const rows = await db.pushedKeys
    .where('[connectionId+kind]')
    .between([connectionId, ''], [connectionId, '\uffff'])
    .toArray();
  for (const row of rows) {
    if (row.isLive !== 1) continue;
    (known[row.kind] ??= []).push(row.key);
  }
  return known;
}

/** Records the service's current balance next to a balance record (its customer known again, if it was not). */
export async function setServiceBalance(runId: string, seq: number, serviceBalance: number): Promise<void> {
  await db.pushRecords.update([runId, seq], { serviceBalance, serviceMissing: false });
}

/** Marks a balance record whose customer the service did not know when looked up (`serviceMissing`). */
export async function markServiceMissing(runId: string, seq: number): Promise<void> {
  await db.pushRecords.update([runId, seq], { serviceBalance: null, serviceMissing: true });
}
