/**
 * Runs push plans: one run at a time, call by call in the plan's order (the spec's dependency
 * order), each call with the `Idempotency-Key` stored for it when the run was created, with
 * progress, pause and resume, and resume after a restart with the same keys.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push semantics (dependency order; a push keyed
 * by the ERP's key "cannot create a duplicate"), Push master data, Errors (what is worth a retry)
 * and Limits (`Idempotency-Key` kept 7 days; 429 "the record is not failed, the same call with the
 * same `Idempotency-Key` may be resent"). Retries and pacing are the API client's (../api/retry.ts,
 * ../api/pacing.ts); this runner decides only what a call's final failure means for the run.
 */
import { randomUUID } from 'node:crypto';
import {
  countOutcomes,
  kindOfCallName,
  maxResultsPage,
  PushPlanSchema,
  planRecordCount,
  recordCount,
  recordsOfCall,
  settleRecords,
  type CallOutcome,
  type PushOutcome,
  type PushPlan,
  type PushRecordError,
  type PushRecordResult,
  type PushResultsPage,
  type PushRunSummary,
  type PushStopReason,
} from '../../../src-shared/domain/master-data';
import { checkWire } from '../api/client';
import { CancelledError, NetworkError, ServiceError, WireError } from '../api/errors';
import {
  isKeyPastRetention,
  newIdempotencyKey,
  toIdempotencyKey,
} from '../../../src-shared/domain/idempotency-key';
import { decideRetry, defaultRetryPolicy } from '../api/retry';
import { LocalError } from '../local-error';
import { isKeptQueued } from '../../../src-shared/domain/write-errors';
import type { Clock, Store } from '../ports';
import { logRedacted } from '../redact';
import { partSize, PushJournal, type JournalCall, type RunHeader } from './journal';
import { sendPushCall, type PushClient } from './send-call';

/** What a runner needs from its host. */
export interface PushRunnerOptions {
  store: Store;
  clock: Clock;
  /** The active connection's id and API client; throws LocalError (NOT_CONFIGURED, TOKEN_MISSING) when there is none. */
  activeClient: () => Promise<{ connectionId: string; client: PushClient }>;
  /** Told whenever a run's progress or state changes. */
  onProgress?: (summary: PushRunSummary) => void;
  /** At most one progress event per this many milliseconds while a run sends (state changes always go out). */
  progressIntervalMs?: number;
}

/** A run in memory: its header and calls. */
interface LoadedRun {
  header: RunHeader;
  parts: JournalCall[][];
  /** Run position of each call's first record. */
  firstSeq: number[];
}

/** Service codes after which no call of the run can succeed until a person acts (spec, Errors: 401, 403 IP). */
function unknownRun(): LocalError {
  return new LocalError('INVALID_ARGUMENT', 'No push run has that id on this computer.', false, [
    { field: 'runId', code: 'unknown' },
  ]);
}

/**
 * The push runner of the core. One per core; runs are kept in the Store (./journal.ts) and sent
 * one at a time, oldest queued first.
 */
export class PushRunner {
  readonly #journal: PushJournal;
  readonly #clock: Clock;
  readonly #activeClient: PushRunnerOptions['activeClient'];
  readonly #onProgress: (summary: PushRunSummary) => void;
  readonly #progressIntervalMs: number;
  readonly #runs = new Map<string, LoadedRun>();
  #loaded: Promise<void> | null = null;
  #draining: Promise<void> | null = null;
  #current: { runId: string; controller: AbortController } | null = null;
  #isClosed = false;
  #lastProgressMs = 0;

  constructor(options: PushRunnerOptions) {
    this.#journal = new PushJournal(options.store);
    this.#clock = options.clock;
    this.#activeClient = options.activeClient;
    this.#onProgress = options.onProgress ?? (() => undefined);
    this.#progressIntervalMs = options.progressIntervalMs ?? 250;
  }

  /**
   * Creates a run of a plan on the active connection: every call gets its key, and the run is
   * stored whole before the first call is sent; then it is queued. Answers the run as created.
   */
  async start(plan: PushPlan): Promise<PushRunSummary> {
    checkWire(PushPlanSchema, plan, 'push plan');
    await this.#load();
    const { connectionId } = await this.#activeClient();
    const now = this.#nowIso();
    const runId = randomUUID();
    const calls: JournalCall[] = plan.calls.map((call, index) => ({
      index,
      call,
      key: newIdempotencyKey(),
      keyCreatedAt: now,
      state: 'pending',
      attempts: 0,
      outcome: null,
      requestId: null,
      answeredAt: null,
    }));
    const parts: JournalCall[][] = [];
    for (let i = 0; i < calls.length; i += partSize) parts.push(calls.slice(i, i + partSize));
    const recordsTotal = planRecordCount(plan);
    const header: RunHeader = {
      version: 1,
      runId,
      label: plan.label,
      connectionId,
      createdAt: now,
      updatedAt: now,
      state: 'queued',
      reason: null,
      callsTotal: calls.length,
      callsDone: 0,
      recordsTotal,
      counts: { ...countOutcomes([]), pending: recordsTotal },
      parts: parts.length,
    };
    await this.#journal.create(header, parts);
    const run = { header, parts, firstSeq: firstSeqs(parts) };
    this.#runs.set(runId, run);
    const created = summaryOf(run);
    this.#kick();
    return created;
  }

  /** Pauses a queued or running run; a call in flight is cancelled and resent on resume with its key. */
  async pause(runId: string): Promise<PushRunSummary> {
    const run = await this.#run(runId);
    if (run.header.state === 'queued' || run.header.state === 'running') {
      await this.#setState(run, 'paused', {
        code: 'PAUSED',
        kind: 'paused',
        message: 'Paused. Resume to send the rest; calls already sent are not sent twice.',
      });
      if (this.#current?.runId === runId) this.#current.controller.abort();
    }
    return summaryOf(run);
  }

  /** Queues a paused or stopped run again; it goes on from its first unanswered call with the same keys. */
  async resume(runId: string): Promise<PushRunSummary> {
    const run = await this.#run(runId);
    if (run.header.state === 'paused' || run.header.state === 'stopped') {
      await this.#setState(run, 'queued', null);
      this.#kick();
    }
    return summaryOf(run);
  }

  /** A run's progress and counts. */
  async status(runId: string): Promise<PushRunSummary> {
    return summaryOf(await this.#run(runId));
  }

  /** Every run on this computer, newest first. */
  async list(): Promise<PushRunSummary[]> {
    await this.#load();
    const summaries: PushRunSummary[] = [];
    for (const runId of await this.#journal.runIds()) {
      const loaded = this.#runs.get(runId);
      const header = loaded?.header ?? (await this.#journal.header(runId));
      if (header) summaries.push(summaryOfHeader(header, loaded ? nextKind(loaded) : null));
    }
    return summaries.reverse();
  }

  /** One page of a run's records (at most 500), in run order. */
  async results(runId: string, offset: number, limit: number): Promise<PushResultsPage> {
    const run = await this.#run(runId);
    const records: PushRecordResult[] = [];
    const end = Math.min(offset + Math.min(limit, maxResultsPage), run.header.recordsTotal);
    for (const part of run.parts) {
      for (const entry of part) {
        const first = run.firstSeq[entry.index] ?? 0;
        const count = recordCount(entry.call);
        if (first + count <= offset) continue;
        if (first >= end) break;
        const settled = recordsOf(entry, first);
        records.push(...settled.filter((record) => record.seq >= offset && record.seq < end));
      }
    }
    return { runId, total: run.header.recordsTotal, offset, records };
  }

  /**
   * Stops sending (the app closes): a running run is paused, its call in flight cancelled; it
   * resumes with the same keys when the app starts again.
   */
  async close(): Promise<void> {
    this.#isClosed = true;
    const current = this.#current;
    if (current) {
      const run = this.#runs.get(current.runId);
      // A run that stopped on its own (its last call's failure being written) keeps why it stopped.
      if (run?.header.state === 'running')
        await this.#setState(run, 'paused', {
          code: 'APP_CLOSED',
          kind: 'app-closed',
          message: 'The app was closed during this push. Resume to send the rest.',
        });
      current.controller.abort();
    }
    await this.#draining;
  }

  // Loading ------------------------------------------------------------------------------------

  /** Reads the runs left unfinished: one left `running` (the app stopped mid-run) is paused; queued ones wait for a resume too. */
  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      for (const runId of await this.#journal.runIds()) {
        const header = await this.#journal.header(runId);
        if (!header || header.state === 'done') continue;
        if (header.state === 'running' || header.state === 'queued') {
          header.state = 'paused';
          header.reason = {
            code: 'INTERRUPTED',
            kind: 'interrupted',
            message:
              'The app stopped during this push. Resume to send the rest; calls already sent are not sent twice.',
          };
          await this.#journal.saveHeader(header);
        }
      }
    })();
    return this.#loaded;
  }

  async #run(runId: string): Promise<LoadedRun> {
    await this.#load();
    const loaded = this.#runs.get(runId);
    if (loaded) return loaded;
    const header = await this.#journal.header(runId);
    if (!header) throw unknownRun();
    const parts = await this.#journal.calls(header);
    if (parts === null) {
      // A part missing or damaged (kept aside; the clerk is told): the run cannot be shown or resumed.
      await this.#journal.forget(runId);
      throw unknownRun();
    }
    const run = { header, parts, firstSeq: firstSeqs(parts) };
    this.#runs.set(runId, run);
    return run;
  }

  // Sending ------------------------------------------------------------------------------------

  #kick(): void {
    if (this.#draining || this.#isClosed) return;
    this.#draining = this.#drain().finally(() => {
      this.#draining = null;
      // A run queued while the last one finished.
      if ([...this.#runs.values()].some((run) => run.header.state === 'queued')) this.#kick();
    });
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#isClosed) return;
      const next = [...this.#runs.values()]
        .filter((run) => run.header.state === 'queued')
        .sort((a, b) => a.header.createdAt.localeCompare(b.header.createdAt))[0];
      if (!next) return;
      try {
        await this.#send(next);
      } catch (error) {
        logRedacted('error', `desk: push run ${next.header.runId} failed`, error);
        await this.#setState(next, 'stopped', {
          code: 'INTERNAL',
          kind: 'app-fault',
          message: 'Something went wrong inside the app during this push. Resume to try again.',
        });
      }
    }
  }

  async #send(run: LoadedRun): Promise<void> {
    await this.#setState(run, 'running', null);
    for (const [partIndex, part] of run.parts.entries()) {
      for (const entry of part) {
        if (entry.state !== 'pending') continue;
        if (run.header.state !== 'running' || this.#isClosed) return;
        let client: PushClient;
        try {
          const active = await this.#activeClient();
          if (active.connectionId !== run.header.connectionId) {
            await this.#setState(run, 'stopped', {
              code: 'OTHER_CONNECTION',
              kind: 'other-connection',
              message:
                'This push was started on another connection. Make that connection active, then resume.',
            });
            return;
          }
          client = active.client;
        } catch (error) {
          if (!(error instanceof LocalError)) throw error;
          await this.#setState(run, 'stopped', {
            code: error.code,
            kind: 'connection',
            message: error.message,
          });
          return;
        }
        await this.#renewKeyIfOld(run, partIndex, entry);
        const controller = new AbortController();
        this.#current = { runId: run.header.runId, controller };
        let outcome: CallOutcome;
        let attempts = 0;
        let requestId: string | null = null;
        try {
          outcome = await sendPushCall(client, entry.call, toIdempotencyKey(entry.key), {
            signal: controller.signal,
            onAttempt: (event) => {
              attempts += 1;
              requestId = event.requestId;
            },
          });
        } catch (error) {
          entry.attempts += attempts;
          const stop = this.#stopReason(error);
          if (stop) {
            await this.#journal.savePart(run.header.runId, partIndex, part);
            if (run.header.state === 'running') await this.#setState(run, 'stopped', stop);
            return;
          }
          outcome = { type: 'error', error: errorOf(error) };
        } finally {
          this.#current = null;
        }
        await this.#settle(run, partIndex, entry, outcome, attempts, requestId);
      }
    }
    await this.#setState(run, 'done', null);
  }

  /**
   * A pending call whose key is older than the service keeps keys (spec, Limits: 7 days) gets a new
   * one, stored before it is sent: the service no longer knows the old key, and a push keyed by the
   * ERP's key cannot create a duplicate (spec, Push semantics), so resending is safe.
   */
  async #renewKeyIfOld(run: LoadedRun, partIndex: number, entry: JournalCall): Promise<void> {
    if (!isKeyPastRetention(entry.keyCreatedAt, this.#clock.now())) return;
    entry.key = newIdempotencyKey();
    entry.keyCreatedAt = this.#nowIso();
    await this.#journal.savePart(run.header.runId, partIndex, run.parts[partIndex] ?? []);
  }

  /**
   * Whether a final failure stops the run (the call stays pending and is resent with its key on
   * resume), or is this call's answer. Stops: cancelled (paused), no answer, a refusal the spec says
   * may succeed later (429, 500, 503, `REQUEST_IN_PROGRESS`) after the client's retries ran out, and
   * a refused token or address, which no other call can get past either.
   */
  #stopReason(error: unknown): PushStopReason | null {
    if (error instanceof CancelledError)
      return {
        code: 'PAUSED',
        kind: 'paused',
        message: 'Paused. Resume to send the rest; calls already sent are not sent twice.',
      };
    if (error instanceof NetworkError) {
      return {
        code: 'NETWORK_UNREACHABLE',
        kind: 'no-answer',
        message: `The service did not answer (${error.message}). Resume when the network is back; the last call is resent with its key.`,
      };
    }
    if (error instanceof ServiceError) {
      if (decideRetry(error, 1, defaultRetryPolicy).retry) {
        return {
          code: error.code,
          kind: 'busy',
          message: `The service is busy or unavailable (${error.code}). Resume later; the last call is resent with its key.`,
        };
      }
      if (isKeptQueued(error))
        return {
          code: error.code,
          kind: 'connection',
          message: `${error.message} Fix the connection in Connections, then resume.`,
        };
      return null;
    }
    if (error instanceof WireError) return null;
    throw error;
  }

  async #settle(
    run: LoadedRun,
    partIndex: number,
    entry: JournalCall,
    outcome: CallOutcome,
    attempts: number,
    requestId: string | null,
  ): Promise<void> {
    const before = recordsOf(entry, run.firstSeq[entry.index] ?? 0);
    entry.attempts += attempts;
    entry.outcome = outcome;
    entry.state = outcome.type === 'error' ? 'failed' : 'done';
    entry.requestId = requestId;
    entry.answeredAt = this.#nowIso();
    const after = recordsOf(entry, run.firstSeq[entry.index] ?? 0);
    const counts = run.header.counts;
    for (const record of before) counts[record.outcome] -= 1;
    for (const record of after) counts[record.outcome] += 1;
    run.header.callsDone += 1;
    run.header.updatedAt = entry.answeredAt;
    await this.#journal.savePart(run.header.runId, partIndex, run.parts[partIndex] ?? []);
    await this.#journal.saveHeader(run.header);
    const nowMs = this.#clock.now();
    if (nowMs - this.#lastProgressMs >= this.#progressIntervalMs) {
      this.#lastProgressMs = nowMs;
      this.#onProgress(summaryOf(run));
    }
  }

  async #setState(run: LoadedRun, state: RunHeader['state'], reason: RunHeader['reason']): Promise<void> {
    run.header.state = state;
    run.header.reason = reason;
    run.header.updatedAt = this.#nowIso();
    await this.#journal.saveHeader(run.header);
    this.#onProgress(summaryOf(run));
  }

  #nowIso(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

function firstSeqs(parts: readonly JournalCall[][]): number[] {
  const firsts: number[] = [];
  let seq = 0;
  for (const part of parts) {
    for (const entry of part) {
      firsts[entry.index] = seq;
      seq += recordCount(entry.call);
    }
  }
  return firsts;
}

/** A call's records as its stored answer settles them. */
function recordsOf(entry: JournalCall, firstSeq: number): PushRecordResult[] {
  const pending = recordsOfCall(entry.call, entry.index, firstSeq);
  return entry.outcome === null ? pending : settleRecords(entry.call, pending, entry.outcome);
}

function nextKind(run: LoadedRun): PushRunSummary['currentKind'] {
  if (run.header.state === 'done') return null;
  for (const part of run.parts)
    for (const entry of part) if (entry.state === 'pending') return kindOfCallName(entry.call.call);
  return null;
}

function summaryOfHeader(header: RunHeader, currentKind: PushRunSummary['currentKind']): PushRunSummary {
  const counts: Record<PushOutcome, number> = { ...header.counts };
  return {
    runId: header.runId,
    label: header.label,
    connectionId: header.connectionId,
    createdAt: header.createdAt,
    updatedAt: header.updatedAt,
    state: header.state,
    reason: header.reason ? { ...header.reason } : null,
    callsTotal: header.callsTotal,
    callsDone: header.callsDone,
    recordsTotal: header.recordsTotal,
    counts,
    currentKind,
  };
}

function summaryOf(run: LoadedRun): PushRunSummary {
  return summaryOfHeader(run.header, nextKind(run));
}

/** A refusal or an unreadable answer as a call's error (spec, Errors: code, message, details). */
function errorOf(error: unknown): PushRecordError {
  if (error instanceof ServiceError) {
    return {
      code: error.code,
      message: error.message,
      details: error.details.map((detail) =>
        Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, String(v)])),
      ),
      status: error.status,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'WIRE_MISMATCH', message, details: [], status: null };
}
