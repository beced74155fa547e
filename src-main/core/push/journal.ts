/**
 * The push journal: every run's calls, each with its `Idempotency-Key`, stored before the run's
 * first call is sent, and each answer stored as it arrives, so that a run resumes after a pause, a
 * lost network or a restart with the same keys.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Limits: "`Idempotency-Key` required on every
 * write; kept 7 days; same key and body replays the first answer with header
 * `Idempotent-Replayed: true`". Kept through the Store port in small documents: one header per run
 * (state, counts) and the calls in parts of `partSize`, so recording an answer rewrites one part,
 * never the whole run (a run may carry thousands of single PUTs).
 */
import { Type, type Static } from 'typebox';
import { PushCallSchema, pushStopKinds, type PushStopKind } from '../../../src-shared/domain/master-data';
import {
  BatchPushItemResultSchema,
  PricePushResponseDataSchema,
  PushResponseDataSchema,
} from '../../../src-shared/wire';
import { checkWire } from '../api/client';
import type { Store } from '../ports';

/** Calls per stored part. */
export const partSize = 25;

const PushRecordErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Array(Type.Record(Type.String(), Type.String())),
  status: Type.Union([Type.Integer(), Type.Null()]),
});

/** A call's answer as stored (the domain's CallOutcome). */
export const CallOutcomeSchema = Type.Union([
  Type.Object({ type: Type.Literal('push'), data: PushResponseDataSchema, isReplay: Type.Boolean() }),
  Type.Object({ type: Type.Literal('prices'), data: PricePushResponseDataSchema, isReplay: Type.Boolean() }),
  Type.Object({
    type: Type.Literal('batch'),
    data: Type.Array(BatchPushItemResultSchema),
    isReplay: Type.Boolean(),
  }),
  Type.Object({ type: Type.Literal('error'), error: PushRecordErrorSchema }),
]);

const JournalCallSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  call: PushCallSchema,
  key: Type.String({ minLength: 1, maxLength: 100 }),
  keyCreatedAt: Type.String(),
  /** `pending` until answered; `done` when the service answered (a refusal of the data included); `failed` is kept for a refused call. */
  state: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  outcome: Type.Union([CallOutcomeSchema, Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
/** One call of a run, with its key and answer. */
export type JournalCall = Static<typeof JournalCallSchema>;

const PartSchema = Type.Object({ version: Type.Literal(1), calls: Type.Array(JournalCallSchema) });

const CountsSchema = Type.Object({
  pending: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  stale: Type.Integer(),
  deleted: Type.Integer(),
  failed: Type.Integer(),
});

const RunHeaderSchema = Type.Object({
  version: Type.Literal(1),
  runId: Type.String(),
  label: Type.String(),
  connectionId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('paused'),
    Type.Literal('stopped'),
    Type.Literal('done'),
  ]),
  // `kind` (runs.ts PushStopKind): absent from headers an earlier build wrote.
  reason: Type.Union([
    Type.Object({
      code: Type.String(),
      kind: Type.Optional(
        Type.Unsafe<PushStopKind>(Type.Union(pushStopKinds.map((kind) => Type.Literal(kind)))),
      ),
      message: Type.String(),
    }),
    Type.Null(),
  ]),
  callsTotal: Type.Integer({ minimum: 0 }),
  callsDone: Type.Integer({ minimum: 0 }),
  recordsTotal: Type.Integer({ minimum: 0 }),
  counts: CountsSchema,
  parts: Type.Integer({ minimum: 0 }),
});
/** A run's header: what the runs list shows without reading the calls. */
export type RunHeader = Static<typeof RunHeaderSchema>;

const IndexSchema = Type.Object({ version: Type.Literal(1), runIds: Type.Array(Type.String()) });

const indexName = 'push-runs';

/** Store names are kebab-case: run ids are UUIDs (lower-case hex and dashes). */
function headerName(runId: string): string {
  return `push-run-${runId}`;
}
function partName(runId: string, part: number): string {
  return `push-run-${runId}-part-${part}`;
}

/**
 * The journal on a Store. Writes go one at a time (a document is replaced atomically by the
 * Store, and two writes of one document must not overlap).
 */
export class PushJournal {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: Store) {}

  /** Every run id, oldest first. */
  async runIds(): Promise<string[]> {
    const stored = await this.store.read<unknown>(indexName);
    return stored === null ? [] : checkWire(IndexSchema, stored, `store:${indexName}`).runIds;
  }

  /** A run's header, or null when no run has that id. */
  async header(runId: string): Promise<RunHeader | null> {
    if (!/^[a-z0-9-]{1,64}$/.test(runId)) return null;
    const stored = await this.store.read<unknown>(headerName(runId));
    return stored === null ? null : checkWire(RunHeaderSchema, stored, `store:${headerName(runId)}`);
  }

  /**
   * A run's calls, in order; null when a part is missing or was damaged (the store kept it aside): the
   * run cannot be read whole, and `forget` takes it off the index.
   */
  async calls(header: RunHeader): Promise<JournalCall[][] | null> {
    const parts: JournalCall[][] = [];
    for (let part = 0; part < header.parts; part += 1) {
      const stored = await this.store.read<unknown>(partName(header.runId, part));
      if (stored === null) return null;
      parts.push(checkWire(PartSchema, stored, `store:${partName(header.runId, part)}`).calls);
    }
    return parts;
  }

  /** Stores a new run whole (calls with their keys first, then the header, then the index), before anything is sent. */
  create(header: RunHeader, parts: readonly JournalCall[][]): Promise<void> {
    return this.#write(async () => {
      for (const [index, calls] of parts.entries())
        await this.store.write(partName(header.runId, index), { version: 1, calls });
      await this.store.write(headerName(header.runId), header);
      const ids = await this.runIds();
      await this.store.write(indexName, { version: 1, runIds: [...ids, header.runId] });
    });
  }

  /** Stores one part of a run again (after an answer, or a new key). */
  savePart(runId: string, part: number, calls: readonly JournalCall[]): Promise<void> {
    return this.#write(() => this.store.write(partName(runId, part), { version: 1, calls }));
  }

  /** Stores a run's header again. */
  saveHeader(header: RunHeader): Promise<void> {
    return this.#write(() => this.store.write(headerName(header.runId), header));
  }

  /** Takes a run off the index (its files stay where they are). */
  forget(runId: string): Promise<void> {
    return this.#write(async () => {
      const ids = await this.runIds();
      await this.store.write(indexName, { version: 1, runIds: ids.filter((id) => id !== runId) });
    });
  }

  #write(run: () => Promise<void>): Promise<void> {
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
