/**
 * The outbox: every write (an ack, a batch of acks, a push) is stored with its `Idempotency-Key`
 * before it is first sent, and sent again with the same key until an answer is recorded, also
 * after the app restarts.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Limits: "`Idempotency-Key` required on every
 * write; kept 7 days; same key and body replays the first answer with header
 * `Idempotent-Replayed: true`"; Errors: 429 "the record is not failed, the same call with the same
 * `Idempotency-Key` may be resent". So a write whose answer was lost (a dropped connection, a
 * crash) is resent as the same call and the service applies it once.
 *
 * An entry is `pending` until an answer is recorded: `done` (a success, a replay included) or
 * `failed` (a refusal no retry can change, per ./../api/retry.ts). A pending entry older than the
 * key's 7 days is `expired`: the service no longer knows the key, so resending could apply the
 * write a second time; it waits for a person instead. The document is written through the Store
 * port, whose file adapter replaces it atomically (temporary file, then rename).
 */
import { Type, type Static } from 'typebox';
import { endpoints } from '../../../src-shared/wire';
import type {
  ApiClient,
  ResponseOf,
  AttemptEvent,
  CallOptions,
  PreparedWrite,
  WriteEndpointName,
} from '../api/client';
import { checkWire } from '../api/client';
import { CancelledError, ServiceError, WireError } from '../api/errors';
import { newIdempotencyKey, toIdempotencyKey, type IdempotencyKey } from '../api/idempotency-key';
import { decideRetry, defaultRetryPolicy } from '../api/retry';
import type { Clock, Store } from '../ports';

/** spec, Limits: an `Idempotency-Key` is kept 7 days. */
export const keyRetentionMs = 7 * 24 * 3600 * 1000;

const writeEndpointNames = Object.entries(endpoints)
  .filter(([, row]) => row.method !== 'GET')
  .map(([name]) => name);

function isWriteEndpoint(name: string): name is WriteEndpointName {
  return writeEndpointNames.includes(name);
}

/** Where an entry stands. */
export type OutboxState = 'pending' | 'done' | 'failed' | 'expired';

const OutboxErrorSchema = Type.Object({
  /** The interface's code, or the name of a local failure (`NetworkError`, `TimeoutError`, …). */
  code: Type.String(),
  message: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
/** The last failure of an entry. */
export type OutboxError = Static<typeof OutboxErrorSchema>;

const OutboxResultSchema = Type.Object({
  status: Type.Integer(),
  replayed: Type.Boolean(),
  requestId: Type.Union([Type.String(), Type.Null()]),
  /** The answer's `data` and `meta`, as checked by the client. */
  data: Type.Unknown(),
  meta: Type.Unknown(),
  at: Type.String(),
});
/** The recorded success of an entry. */
export type OutboxResult = Static<typeof OutboxResultSchema>;

const OutboxEntrySchema = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  endpoint: Type.String(),
  method: Type.String(),
  path: Type.String(),
  body: Type.Unknown(),
  createdAt: Type.String(),
  attempts: Type.Integer({ minimum: 0 }),
  state: Type.Union([
    Type.Literal('pending'),
    Type.Literal('done'),
    Type.Literal('failed'),
    Type.Literal('expired'),
  ]),
  lastError: Type.Union([OutboxErrorSchema, Type.Null()]),
  result: Type.Union([OutboxResultSchema, Type.Null()]),
});
/** One write with its key, as stored. */
export type OutboxEntry = Static<typeof OutboxEntrySchema>;

const OutboxDocumentSchema = Type.Object({
  version: Type.Literal(1),
  entries: Type.Array(OutboxEntrySchema),
});
type OutboxDocument = Static<typeof OutboxDocumentSchema>;

/** What an Outbox needs. */
export interface OutboxOptions {
  store: Store;
  clock: Clock;
  /** The store document's name (kebab-case): one outbox per connection, e.g. `outbox-<id>`. */
  name?: string;
}

/**
 * Writes with their keys, kept in one Store document. One Outbox per document and process: it
 * keeps the document in memory and writes it through on every change, one change at a time.
 */
export class Outbox {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #name: string;
  #document: OutboxDocument | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: OutboxOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#name = options.name ?? 'outbox';
  }

  /**
   * Records a write with a new key. When this resolves the write and its key are durable; only
   * then may it be sent.
   */
  add(write: PreparedWrite): Promise<OutboxEntry> {
    return this.#change((document) => {
      const entry: OutboxEntry = {
        key: newIdempotencyKey(),
        endpoint: write.endpoint,
        method: write.method,
        path: write.path,
        // Stored as it will be sent: JSON keeps member order, so the resent body is byte-equal
        // and the service replays instead of answering 422 IDEMPOTENCY_KEY_REUSED (spec, Limits).
        body: write.body === undefined ? null : write.body,
        createdAt: new Date(this.#clock.now()).toISOString(),
        attempts: 0,
        state: 'pending',
        lastError: null,
        result: null,
      };
      document.entries.push(entry);
      return { ...entry };
    });
  }

  /**
   * Records a write, then sends it; resolves with the answer (a replay included) or throws the
   * client's typed error after recording it.
   */
  async submit<E extends WriteEndpointName>(
    client: ApiClient,
    write: PreparedWrite<E>,
    options?: CallOptions,
  ): Promise<ResponseOf<E>> {
    const entry = await this.add(write);
    const key = toIdempotencyKey(entry.key);
    return this.#deliver(client, write, key, options);
  }

  /**
   * Sends a recorded pending write (again) with its own key and records the outcome; answers the
   * entry as it then stands. An entry that is not pending is answered as it is, unsent.
   */
  async send(client: ApiClient, key: string, options?: CallOptions): Promise<OutboxEntry> {
    const entry = (await this.#read()).entries.find((e) => e.key === key);
    if (!entry) throw new RangeError(`No outbox entry has the key ${key}.`);
    if (entry.state === 'pending' && this.#isPastRetention(entry)) await this.#expire(entry.key);
    const current = await this.#find(key);
    if (current.state !== 'pending') return current;
    const write = toPreparedWrite(current);
    try {
      await this.#deliver(client, write, toIdempotencyKey(current.key), options);
    } catch (error) {
      if (error instanceof CancelledError) throw error;
      // Recorded in #deliver; the entry tells the outcome.
    }
    return this.#find(key);
  }

  /**
   * Sends every pending write again, oldest first, each with its own key; stops (rethrowing) when
   * `options.signal` cancels. Answers the entries it touched, as they then stand.
   */
  async resendPending(client: ApiClient, options?: CallOptions): Promise<OutboxEntry[]> {
    const keys = (await this.pending()).map((entry) => entry.key);
    const touched: OutboxEntry[] = [];
    for (const key of keys) touched.push(await this.send(client, key, options));
    return touched;
  }

  /** Every entry, oldest first (copies). */
  async entries(): Promise<OutboxEntry[]> {
    return (await this.#read()).entries.map((entry) => ({ ...entry }));
  }

  /** The entries still waiting for an answer, oldest first. */
  async pending(): Promise<OutboxEntry[]> {
    return (await this.entries()).filter((entry) => entry.state === 'pending');
  }

  /**
   * Forgets answered entries (`done`, `failed`) older than the key's retention, measured from
   * their answer. Pending and expired entries stay until a person acts on them.
   */
  prune(olderThanMs: number = keyRetentionMs): Promise<number> {
    return this.#change((document) => {
      const cutoffMs = this.#clock.now() - olderThanMs;
      const before = document.entries.length;
      document.entries = document.entries.filter((entry) => {
        if (entry.state === 'pending' || entry.state === 'expired') return true;
        const answeredMs = Date.parse(entry.result?.at ?? entry.lastError?.at ?? entry.createdAt);
        return answeredMs >= cutoffMs;
      });
      return before - document.entries.length;
    });
  }

  /** Sends with the key and records the outcome; rethrows failures after recording them. */
  async #deliver<E extends WriteEndpointName>(
    client: ApiClient,
    write: PreparedWrite<E>,
    key: IdempotencyKey,
    options: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    let attempts = 0;
    const onAttempt = (event: AttemptEvent): void => {
      attempts += 1;
      options.onAttempt?.(event);
    };
    try {
      const answer = await client.send(write, key, { ...options, onAttempt });
      await this.#record(key, attempts, {
        state: 'done',
        result: {
          status: answer.status,
          replayed: answer.replayed,
          requestId: answer.requestId,
          data: answer.data,
          meta: answer.meta ?? null,
          at: this.#nowIso(),
        },
      });
      return answer;
    } catch (error) {
      await this.#record(key, attempts, {
        state: stateAfter(error),
        lastError: describe(error, this.#nowIso()),
      });
      throw error;
    }
  }

  #record(
    key: string,
    attempts: number,
    change: Partial<Pick<OutboxEntry, 'state' | 'result' | 'lastError'>>,
  ): Promise<void> {
    return this.#change((document) => {
      const entry = document.entries.find((e) => e.key === key);
      if (!entry) return;
      entry.attempts += attempts;
      Object.assign(entry, change);
    });
  }

  #expire(key: string): Promise<void> {
    return this.#change((document) => {
      const entry = document.entries.find((e) => e.key === key);
      if (entry?.state === 'pending') entry.state = 'expired';
    });
  }

  #isPastRetention(entry: OutboxEntry): boolean {
    return this.#clock.now() - Date.parse(entry.createdAt) >= keyRetentionMs;
  }

  async #find(key: string): Promise<OutboxEntry> {
    const entry = (await this.#read()).entries.find((e) => e.key === key);
    if (!entry) throw new RangeError(`No outbox entry has the key ${key}.`);
    return { ...entry };
  }

  #nowIso(): string {
    return new Date(this.#clock.now()).toISOString();
  }

  async #read(): Promise<OutboxDocument> {
    if (!this.#document) {
      const stored = await this.#store.read<unknown>(this.#name);
      this.#document =
        stored === null
          ? { version: 1, entries: [] }
          : checkWire(OutboxDocumentSchema, stored, `store:${this.#name}`);
    }
    return this.#document;
  }

  /** Runs one change on the document and writes it, one change at a time. */
  #change<T>(mutate: (document: OutboxDocument) => T): Promise<T> {
    const run = async (): Promise<T> => {
      const document = await this.#read();
      const value = mutate(document);
      await this.#store.write(this.#name, document);
      return value;
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}

/** The state an entry takes after a failed send. */
function stateAfter(error: unknown): OutboxState {
  if (error instanceof ServiceError) {
    // A refusal retry.ts would retry (429, 500, 503, 409 REQUEST_IN_PROGRESS) only ran out of
    // attempts this time: the same call may succeed later. Any other refusal is the answer.
    return decideRetry(error, 1, defaultRetryPolicy).retry ? 'pending' : 'failed';
  }
  // The answer arrived and does not match the interface: resending would replay the same answer.
  if (error instanceof WireError) return 'failed';
  // No answer (network, timeout) or cancelled: the write may or may not be applied; resend it.
  return 'pending';
}

function describe(error: unknown, at: string): OutboxError {
  if (error instanceof ServiceError) {
    return {
      code: error.code,
      message: error.message,
      status: error.status,
      requestId: error.requestId || null,
      at,
    };
  }
  if (error instanceof Error)
    return { code: error.name, message: error.message, status: null, requestId: null, at };
  return { code: 'Error', message: String(error), status: null, requestId: null, at };
}

/** A stored entry as a write the client can send; the method comes from the endpoint row. */
function toPreparedWrite(entry: OutboxEntry): PreparedWrite {
  if (!isWriteEndpoint(entry.endpoint))
    throw new RangeError(`The outbox entry ${entry.key} names no write endpoint (${entry.endpoint}).`);
  return {
    endpoint: entry.endpoint,
    method: endpoints[entry.endpoint].method,
    path: entry.path,
    body: entry.body,
  };
}
