/**
 * The balance worksheet's calls (docs/decisions/094-balance-worksheet.md): which customers it lists,
 * their lookup records with the balance block, read 100 a bridge call, and a fresh-balance push kept in
 * the Master data history. The worksheet's session state (state/slices/balances-slice.ts) is told what
 * each call read; documents stay in IndexedDB.
 */
import type { CustomerBalance, DeskApi } from '../../src-shared/bridge/contract';
import { fail, ok, type DeskError, type Result } from '../../src-shared/bridge/result';
import { splitIntoBatches } from '../../src-shared/domain/acks';
import {
  maxItemsPerCall,
  type PushCall,
  type PushPlan,
  resultProblemOf,
  type PushRecordResult,
  type PushRunSummary,
  type PushStopReason,
  type ResultProblem,
} from '../../src-shared/domain/master-data';
import { pushedCustomerKeys, stagedCustomerIds } from '../data/balance-documents';
import { keepEarlierBalanceKeys, loadRecords, updateRunSummary } from '../data/push-history';
import { lookUpCustomerKeys } from './customer-keys';
import { settledRun, startKeptRun, syncResults, type PushRunDesk } from './push-runs';
import { say } from '../messages/intl';

/** `lookup.customerBalances` takes at most 100 ids a call (one `GET /lookup` each on the service). */
const balanceReadChunk = 100;

/** How a fresh-balance push names its source in the Master data history (its calls' and run's file). */
const worksheetFile = 'Balance worksheet';

/** A fresh balance the clerk confirmed for one customer. */
export interface FreshBalance {
  /** The service's id of the customer (the worksheet re-reads it after the push). */
  id: string;
  /** The customer's ERP key: the push goes to `PUT /customers/{ref}/balance`. */
  ref: string;
  balanceCents: number;
  /** The credit limit pushed with the last balance, kept as it was. */
  creditLimit: number | null;
}

/** What one fresh-balance push did, per customer, in the service's words (`updated` or `stale`). */
export interface FreshPushOutcome {
  runId: string;
  asOf: string;
  state: PushRunSummary['state'];
  /** The run's reason when it did not finish (paused, stopped). */
  reason: PushStopReason | null;
  results: Array<{
    id: string;
    ref: string;
    outcome: PushRecordResult['outcome'];
    /** A refusal as facts, worded where shown; null for an answer or a refusal the desk has no facts of. */
    problem: ResultProblem | null;
    /** A refusal's English words, shown when it has no `problem`. */
    explanation: string | null;
  }>;
}

/** Told after each bridge call: the records it read, and how many customers it settled (read or not known). */
type OnBalancesRead = (entries: CustomerBalance[], settled: number) => void;

/**
 * The customers the worksheet lists: the service's ids the staged documents name, and the ERP keys of
 * customers and balances pushed from this desk on the connection (none without one).
 */
export async function listWorksheetCustomers(
  connectionId: string | null,
): Promise<{ staged: string[]; pushed: string[] }> {
  const staged = await stagedCustomerIds();
  await keepEarlierBalanceKeys(new Date().toISOString());
  const pushed = connectionId === null ? [] : await pushedCustomerKeys(connectionId);
  return { staged, pushed };
}

/** Reads customers by the service's ids, 100 a call; the failure that stopped the reading, if one did. */
export async function readBalancesByIds(
  desk: { lookup: Pick<DeskApi['lookup'], 'customerBalances'> },
  ids: readonly string[],
  onRead: OnBalancesRead,
): Promise<DeskError | null> {
  for (const part of splitIntoBatches(ids, balanceReadChunk)) {
    const result = await desk.lookup.customerBalances(part);
    if (!result.ok) return result.error;
    onRead(result.value, part.length);
  }
  return null;
}

/**
 * Reads customers by their ERP keys (lookUpCustomerKeys); a key the service no longer knows is left out
 * (nothing to compare) but counted as settled. The failure that stopped the reading, if one did.
 */
export async function readBalancesByKeys(
  desk: { lookup: Pick<DeskApi['lookup'], 'customers'> },
  refs: readonly string[],
  onRead: OnBalancesRead,
): Promise<DeskError | null> {
  const { error } = await lookUpCustomerKeys(desk, refs, (lookups) => {
    const readAt = new Date().toISOString();
    const entries = lookups.flatMap(({ result }) =>
      result.ok ? [{ id: result.value.id, record: result.value, readAt }] : [],
    );
    onRead(entries, lookups.length);
  });
  return error;
}

/**
 * Pushes the confirmed balances taken now as one run, kept in the Master data history with its results,
 * and waits for it to settle: what it did per customer, or the failure that stopped it.
 */
export async function pushFreshBalanceRun(
  desk: PushRunDesk,
  balances: readonly FreshBalance[],
): Promise<Result<FreshPushOutcome>> {
  // Taken now (spec, Push bodies: Balance `as_of`, "the time at which the balance was taken").
  const asOf = new Date().toISOString();
  const calls: PushCall[] = splitIntoBatches(balances, maxItemsPerCall).map((part) => ({
    call: 'balances-batch',
    file: worksheetFile,
    items: part.map((fresh) => ({
      ref: fresh.ref,
      body:
        fresh.creditLimit === null
          ? { balance: fresh.balanceCents / 100, as_of: asOf }
          : { balance: fresh.balanceCents / 100, credit_limit: fresh.creditLimit, as_of: asOf },
      line: 0,
    })),
  }));
  const plan: PushPlan = {
    // The run's name, kept with it: said in the clerk's language of the moment it starts.
    label: say('balances.outcome.runLabel', { count: balances.length }),
    calls,
  };
  // Kept as Master data keeps its runs: listed under its runs, the results per record, the customer
  // keys the service took.
  const started = await startKeptRun(desk, plan, [worksheetFile], 'balances');
  if (!started.ok) return started;
  const summary = await settledRun(desk, started.value);
  await updateRunSummary(summary);
  const failed = await syncResults(desk, summary);
  if (failed) return fail(failed);
  const records = await loadRecords(summary.runId);
  const byRef = new Map(balances.map((fresh) => [fresh.ref, fresh.id]));
  return ok({
    runId: summary.runId,
    asOf,
    state: summary.state,
    reason: summary.reason,
    results: records.map((record) => ({
      id: byRef.get(record.key) ?? record.serviceId ?? '',
      ref: record.key,
      outcome: record.outcome,
      problem: resultProblemOf(record),
      explanation: record.explanation,
    })),
  });
}
