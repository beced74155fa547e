/**
 * A push run as the core reports it: where it stands, how far it got, and pages of its per-record
 * results. The core keeps the run (its calls, keys and answers) and the renderer keeps the history.
 */
import type { RecordKind } from './kinds';
import type { PushOutcome, PushRecordResult } from './results';

/**
 * Where a run stands.
 *
 * `queued`: waits for the run before it; `running`: sending; `paused`: stopped by the clerk or by
 * the app closing; `stopped`: stopped by something that needs attention first (no network, the
 * token refused, the service busy for too long), resumable; `done`: every call answered.
 */
export type PushRunState = 'queued' | 'running' | 'paused' | 'stopped' | 'done';

/**
 * Why a run stopped, as the desk words it in the clerk's language (absent from reasons an earlier build
 * kept: their English `message` is shown): paused by the clerk, the app closed or stopped during the
 * run, a fault inside the app, the run's connection not the active one, no answer from the service, the
 * service busy (`code`), a connection problem (`code`, worded as the connection's problems are).
 */
export const pushStopKinds = [
  'paused',
  'app-closed',
  'interrupted',
  'app-fault',
  'other-connection',
  'no-answer',
  'busy',
  'connection',
] as const;

/** One of `pushStopKinds`. */
export type PushStopKind = (typeof pushStopKinds)[number];

/** Why a run is paused or stopped: the code that decided it, its kind, and English words. */
export interface PushStopReason {
  code: string;
  kind?: PushStopKind;
  message: string;
}

/** A run's progress and counts. */
export interface PushRunSummary {
  runId: string;
  label: string;
  /** The saved connection the run sends through; it is resumed through that one only. */
  connectionId: string;
  createdAt: string;
  updatedAt: string;
  state: PushRunState;
  /** Why the run is paused or stopped, in plain words, with the code that decided it. */
  reason: PushStopReason | null;
  callsTotal: number;
  callsDone: number;
  recordsTotal: number;
  counts: Record<PushOutcome, number>;
  /** The kind of the next call to send, while the run is not done. */
  currentKind: RecordKind | null;
}

/** One page of a run's records, in run order. */
export interface PushResultsPage {
  runId: string;
  total: number;
  offset: number;
  records: PushRecordResult[];
}

/** The most records in one results page (STYLE: data crosses the bridge in pages of at most 500). */
export const maxResultsPage = 500;
