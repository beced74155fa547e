/**
 * The typed client of the v1 interface: one undici keep-alive pool and one Pacer per connection,
 * every answer checked against its endpoint's schema, retries by ./retry.ts.
 *
 * Spec: ../shared/spec/integration-interface-v1.md. Endpoint rows (method, path, schemas) come from
 * `src-shared/wire/endpoints.ts`; rows the spec leaves "not shown" follow docs/decisions/ (004
 * lookup, 005 order/return feeds and cursors, 006 the single invoice ack). The token is held in
 * this object only and goes into the Authorization header, never into an error or a log line.
 */
import { Pool, type Dispatcher } from 'undici';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  ErrorEnvelopeSchema,
  endpoints,
  errorCodes,
  type AckBody,
  type BalanceBatchBody,
  type BalanceBody,
  type BatchAckBody,
  type BatchEntity,
  type BranchBody,
  type CustomerBody,
  type EndpointName,
  type ErrorEnvelope,
  type FeedKind,
  type FeedQuery,
  type LookupQuery,
  type PriceListBody,
  type PriceMode,
  type PricesBody,
  type ProductBatchBody,
  type ProductBody,
  type ProductUnitsBody,
  type ReferenceKind,
  type UnitBatchBody,
  type UnitBody,
} from '../../../src-shared/wire';
import type { Clock } from '../ports';
import {
  BudgetNotSpareError,
  CancelledError,
  NetworkError,
  ServiceError,
  TimeoutError,
  WireError,
} from './errors';
import type { IdempotencyKey } from '../../../src-shared/domain/idempotency-key';
import { Pacer, readRateLimit, type RateLimitInfo } from './pacing';
import {
  defaultRetryPolicy,
  sleepReal,
  withRetry,
  type RetryPolicy,
  type RetryReason,
  type Sleep,
} from './retry';

type Validator = ReturnType<typeof Compile>;
const validators = new WeakMap<TSchema, Validator>();

/** Compiles a schema once and checks a value against it; a mismatch is a WireError naming the path. */
export function checkWire<S extends TSchema>(schema: S, value: unknown, path: string): Static<S> {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  if (validator.Check(value)) return value as Static<S>;
  const problems = [...validator.Errors(value)]
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new WireError(path, problems);
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

type Endpoints = typeof endpoints;
type BodyOf<E extends EndpointName> = Static<Endpoints[E]['response']>;
type DataOf<B> = B extends { data: infer D } ? D : never;
type MetaOf<B> = B extends { meta: infer M } ? M : undefined;

/**
 * A success answer: the body's `data` (and `meta` where the endpoint has one), with what the
 * headers told.
 *
 * `replayed` is true when the service replayed a stored answer to a write sent again with the same
 * key (`Idempotent-Replayed: true`, spec Limits): a success like any other.
 */
export interface ApiResponse<D, M = undefined> {
  data: D;
  meta: M;
  status: number;
  replayed: boolean;
  /** `X-Request-Id`, for support. */
  requestId: string | null;
  rateLimit: RateLimitInfo | null;
}

/** The answer of endpoint `E`. */
export type ResponseOf<E extends EndpointName> = ApiResponse<DataOf<BodyOf<E>>, MetaOf<BodyOf<E>>>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The endpoints that write (every one needs an `Idempotency-Key`, spec Limits). */
export type WriteEndpointName = {
  [K in EndpointName]: Endpoints[K]['method'] extends 'GET' ? never : K;
}[EndpointName];

/**
 * One write, ready to send and to store: the endpoint row it answers to, the path with its query,
 * and the body exactly as it will be sent (null for a DELETE).
 *
 * The push journal (../push/journal.ts) keeps it as JSON beside its key; resending the same path and body with the same key
 * is what makes the service replay instead of applying twice (spec, Limits: "same key and body").
 */
export interface PreparedWrite<E extends WriteEndpointName = WriteEndpointName> {
  endpoint: E;
  method: Endpoints[E]['method'];
  /** Relative to `{base_url}`, with the query string if any. */
  path: string;
  body: unknown;
}

/** Which documents of a feed: `filter[ack]` (spec, Pull documents). */
export type AckFilter = NonNullable<FeedQuery['filter[ack]']>;

/**
 * A feed page query in the app's words; sent as the spec's `filter[...]` parameters.
 *
 * Spec, Pull documents: `versionAfter` (`filter[version_after]`), `updatedAfter` (not with a
 * cursor), `seqAfter` (on its own), `ack`, `ids` (at most 100), `externalRef`, `perPage` (1 to 500).
 */
export interface FeedPageQuery {
  versionAfter?: number;
  updatedAfter?: string;
  seqAfter?: number;
  ack?: AckFilter;
  ids?: readonly string[];
  externalRef?: string;
  perPage?: number;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the call, its retries and any wait (CancelledError). */
  signal?: AbortSignal;
  /** Overrides the client's time limit of each attempt. */
  timeoutMs?: number;
  /** Overrides the client's retry policy for this call. */
  retryPolicy?: Readonly<RetryPolicy>;
  /** Told before each retry wait. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: RetryReason; error: unknown }) => void;
  /** Told after every attempt of this call (besides the client's own `onAttempt`). */
  onAttempt?: (event: AttemptEvent) => void;
  /**
   * Background work the clerk does not wait for (names after a sync): each attempt is sent only when
   * the pacer has budget to spare (`Pacer.tryAcquireSpare`), never waiting for it, and a 429 is not
   * waited out; either throws BudgetNotSpareError.
   */
  isBackground?: boolean;
}

/** One attempt as it went, for logs and tests: never the token or a body. */
export interface AttemptEvent {
  method: string;
  path: string;
  attempt: number;
  /** The HTTP status, or null when no answer arrived. */
  status: number | null;
  /** The error code of a refused call, or the name of a local failure (`NetworkError`, …). */
  code: string | null;
  replayed: boolean;
  requestId: string | null;
  idempotencyKey: IdempotencyKey | null;
  /** This computer's clock (ms) when the attempt went out, after any pacing wait. */
  sentAtMs: number;
  /** From sending to the whole answer read (or the failure), in ms. */
  durationMs: number;
  /** The answer's `Date` header as sent (RFC 9110 HTTP date), or null; the check-up's clock difference. */
  serviceDate: string | null;
  /** The answer's `X-RateLimit-*` headers (spec, Limits), or null when it carried none. */
  rateLimit: RateLimitInfo | null;
}

/** Where and as whom a client talks to the service. The token never leaves the core. */
export interface ApiClientOptions {
  /** `{base_url}`, ending in `/api/integration/v1`. */
  baseUrl: string;
  token: string;
  /** Time limit of each attempt, from sending to the last byte of the answer. Default 30 s. */
  timeoutMs?: number;
  clock?: Clock;
  /** How waits (back-off, pacing) pass; tests move a clock instead. */
  sleep?: Sleep;
  /** Jitter source in [0, 1). */
  random?: () => number;
  retryPolicy?: Readonly<RetryPolicy>;
  /** The connection's pacer; a new one by default. Share one per connection. */
  pacer?: Pacer;
  /** Keep-alive sockets of the pool. Default 4. */
  connections?: number;
  /** Told after every attempt. */
  onAttempt?: (event: AttemptEvent) => void;
}

const feedEndpoints = {
  orders: 'ordersFeed',
  invoices: 'invoicesFeed',
  payments: 'paymentsFeed',
  returns: 'returnsFeed',
} as const satisfies Record<FeedKind, EndpointName>;

const cursorEndpoints = {
  orders: 'ordersCursor',
  invoices: 'invoicesCursor',
  payments: 'paymentsCursor',
  returns: 'returnsCursor',
} as const satisfies Record<FeedKind, EndpointName>;

const documentEndpoints = {
  orders: 'order',
  invoices: 'invoice',
  payments: 'payment',
  returns: 'return',
} as const satisfies Record<FeedKind, EndpointName>;

const ackEndpoints = {
  orders: 'orderAck',
  invoices: 'invoiceAck',
  payments: 'paymentAck',
  returns: 'returnAck',
} as const satisfies Record<FeedKind, WriteEndpointName>;

const batchEndpoints = {
  products: 'batchProducts',
  units: 'batchUnits',
  balances: 'batchBalances',
} as const satisfies Record<BatchEntity, WriteEndpointName>;

/** The typed body of `POST /batch/{entity}` per entity. Spec, Push master data (Batch). */
export interface BatchBodies {
  products: ProductBatchBody;
  units: UnitBatchBody;
  balances: BalanceBatchBody;
}

/** A path segment: a service id or an ERP key (spec: keys have no `/`; encoded anyway). */
function segment(value: string): string {
  return encodeURIComponent(value);
}

function prepare<E extends WriteEndpointName>(endpoint: E, path: string, body: unknown): PreparedWrite<E> {
  return { endpoint, method: endpoints[endpoint].method, path, body };
}

/**
 * Builders of every write the app sends, as PreparedWrite: what the push journal stores and the client
 * sends. Spec, Acknowledge documents and Push master data.
 */
export const writes = {
  /** `POST /{kind}/{id}/ack` (invoices: docs/decisions/006-single-invoice-ack-path.md). */
  ack(kind: FeedKind, id: string, body: AckBody): PreparedWrite<(typeof ackEndpoints)[FeedKind]> {
    return prepare(ackEndpoints[kind], `/${kind}/${segment(id)}/ack`, body);
  },
  /** `POST /acks`: at most 500 items of one entity. */
  batchAck(body: BatchAckBody): PreparedWrite<'acks'> {
    return prepare('acks', '/acks', body);
  },
  /** `PUT /units/{ref}`. */
  putUnit(ref: string, body: UnitBody): PreparedWrite<'unitPush'> {
    return prepare('unitPush', `/units/${segment(ref)}`, body);
  },
  /** `PUT /products/{ref}`. */
  putProduct(ref: string, body: ProductBody): PreparedWrite<'productPush'> {
    return prepare('productPush', `/products/${segment(ref)}`, body);
  },
  /** `PUT /products/{ref}/units`: the whole list replaces the stored one. */
  putProductUnits(ref: string, body: ProductUnitsBody): PreparedWrite<'productUnitsPush'> {
    return prepare('productUnitsPush', `/products/${segment(ref)}/units`, body);
  },
  /** `PUT /price-lists/{ref}`. */
  putPriceList(ref: string, body: PriceListBody): PreparedWrite<'priceListPush'> {
    return prepare('priceListPush', `/price-lists/${segment(ref)}`, body);
  },
  /** `PUT /price-lists/{ref}/prices?mode=merge|replace`: at most 500 rows. */
  putPrices(ref: string, body: PricesBody, mode: PriceMode = 'merge'): PreparedWrite<'pricesPush'> {
    return prepare('pricesPush', `/price-lists/${segment(ref)}/prices?mode=${mode}`, body);
  },
  /** `PUT /customers/{ref}`. */
  putCustomer(ref: string, body: CustomerBody): PreparedWrite<'customerPush'> {
    return prepare('customerPush', `/customers/${segment(ref)}`, body);
  },
  /** `DELETE /customers/{ref}`: a tombstone. */
  deleteCustomer(ref: string): PreparedWrite<'customerDelete'> {
    return prepare('customerDelete', `/customers/${segment(ref)}`, null);
  },
  /** `PUT /customers/{ref}/branches/{branch_ref}`. */
  putBranch(ref: string, branchRef: string, body: BranchBody): PreparedWrite<'branchPush'> {
    return prepare('branchPush', `/customers/${segment(ref)}/branches/${segment(branchRef)}`, body);
  },
  /** `DELETE /customers/{ref}/branches/{branch_ref}`: a tombstone. */
  deleteBranch(ref: string, branchRef: string): PreparedWrite<'branchDelete'> {
    return prepare('branchDelete', `/customers/${segment(ref)}/branches/${segment(branchRef)}`, null);
  },
  /** `PUT /customers/{ref}/balance`. */
  putBalance(ref: string, body: BalanceBody): PreparedWrite<'balancePush'> {
    return prepare('balancePush', `/customers/${segment(ref)}/balance`, body);
  },
  /** `POST /batch/{entity}`: at most 500 items; one request for the rate limit. */
  batchPush<K extends BatchEntity>(
    entity: K,
    body: BatchBodies[K],
  ): PreparedWrite<(typeof batchEndpoints)[K]> {
    return prepare(batchEndpoints[entity], `/batch/${entity}`, body);
  },
};

/** The feed query in the spec's parameter names. */
function feedQueryString(query: FeedPageQuery): string {
  const wire: FeedQuery = {
    'filter[version_after]': query.versionAfter,
    'filter[updated_after]': query.updatedAfter,
    'filter[seq_after]': query.seqAfter,
    'filter[ack]': query.ack,
    'filter[id]': query.ids === undefined ? undefined : query.ids.join(','),
    'filter[external_ref]': query.externalRef,
    per_page: query.perPage,
  };
  return queryString(wire);
}

function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `Retry-After` in seconds: a delay in seconds or an HTTP date (RFC 9110); null when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const dateMs = Date.parse(text);
  return Number.isNaN(dateMs) ? null : Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ?? null;
}

/** Statuses whose handling the spec gives by status alone, for a gateway's answer without the envelope. */
const statusOnlyCodes: Partial<Record<number, keyof typeof errorCodes>> = {
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'SERVICE_UNAVAILABLE',
};

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

/**
 * A typed client of the interface on one keep-alive pool. Every answer is checked against its
 * schema; failures are ServiceError, NetworkError (TimeoutError), WireError or CancelledError.
 */
export class ApiClient {
  readonly #pool: Pool;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #token: string;
  readonly #timeoutMs: number;
  readonly #clock: Clock;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #retryPolicy: Readonly<RetryPolicy>;
  readonly #onAttempt: ((event: AttemptEvent) => void) | undefined;
  /** The connection's rate budget, shared by every call of this client. */
  readonly pacer: Pacer;

  constructor(options: ApiClientOptions) {
    const url = new URL(options.baseUrl);
    this.#origin = url.origin;
    this.#pool = new Pool(url.origin, { connections: options.connections ?? 4 });
    this.#basePath = url.pathname.replace(/\/$/, '');
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#clock = options.clock ?? { now: () => Date.now() };
    this.#sleep = options.sleep ?? sleepReal;
    this.#random = options.random ?? Math.random;
    this.#retryPolicy = options.retryPolicy ?? defaultRetryPolicy;
    this.#onAttempt = options.onAttempt;
    this.pacer = options.pacer ?? new Pacer({ clock: this.#clock, sleep: this.#sleep });
  }

  // Identity, reference, lookup ---------------------------------------------------------------

  /** `GET /me`: the client, its company and scopes. */
  me(options?: CallOptions): Promise<ResponseOf<'me'>> {
    return this.#call('me', '/me', null, options);
  }

  /** `GET /reference/{kind}`: a code list. */
  reference(kind: ReferenceKind, options?: CallOptions): Promise<ResponseOf<'reference'>> {
    return this.#call('reference', `/reference/${segment(kind)}`, null, options);
  }

  /** `GET /lookup`: one record by `ref`, `id` or `code` (docs/decisions/004-lookup-parameters-and-answer.md). */
  lookup(query: LookupQuery, options?: CallOptions): Promise<ResponseOf<'lookup'>> {
    return this.#call('lookup', `/lookup${queryString({ ...query })}`, null, options);
  }

  // Documents ---------------------------------------------------------------------------------

  /** One page of a feed (`GET /orders`, `/invoices`, `/payments`, `/returns`). */
  feedPage<K extends FeedKind>(
    kind: K,
    query: FeedPageQuery,
    options?: CallOptions,
  ): Promise<ResponseOf<(typeof feedEndpoints)[K]>> {
    return this.#call(feedEndpoints[kind], `/${kind}${feedQueryString(query)}`, null, options);
  }

  /** `GET /{kind}/cursor`: where the feed's stream stands (docs/decisions/005-order-and-return-feeds-and-cursors.md). */
  feedCursor(kind: FeedKind, options?: CallOptions): Promise<ResponseOf<(typeof cursorEndpoints)[FeedKind]>> {
    return this.#call(cursorEndpoints[kind], `/${kind}/cursor`, null, options);
  }

  /** `GET /{kind}/{id}`: one document by the service's id. */
  document<K extends FeedKind>(
    kind: K,
    id: string,
    options?: CallOptions,
  ): Promise<ResponseOf<(typeof documentEndpoints)[K]>> {
    return this.#call(documentEndpoints[kind], `/${kind}/${segment(id)}`, null, options);
  }

  // Writes ------------------------------------------------------------------------------------

  /**
   * Sends a prepared write with its key, retrying per ./retry.ts with the same key.
   *
   * A replay (`Idempotent-Replayed: true`) resolves like the first answer, with `replayed: true`.
   */
  send<E extends WriteEndpointName>(
    write: PreparedWrite<E>,
    key: IdempotencyKey,
    options?: CallOptions,
  ): Promise<ResponseOf<E>> {
    return this.#call(write.endpoint, write.path, { body: write.body, key }, options);
  }

  /** `POST /acks`: a batch of acks of one entity. */
  batchAck(body: BatchAckBody, key: IdempotencyKey, options?: CallOptions): Promise<ResponseOf<'acks'>> {
    return this.send(writes.batchAck(body), key, options);
  }

  /** Closes the pool; calls in flight finish first. */
  async close(): Promise<void> {
    await this.#pool.close();
  }

  // Transport ---------------------------------------------------------------------------------

  async #call<E extends EndpointName>(
    endpoint: E,
    path: string,
    write: { body: unknown; key: IdempotencyKey } | null,
    options: CallOptions = {},
  ): Promise<ResponseOf<E>> {
    const row: { method: Dispatcher.HttpMethod; response: TSchema } = endpoints[endpoint];
    const body = await withRetry(
      (attempt) => this.#attempt(row.method, path, row.response, write, attempt, options),
      {
        policy: options.retryPolicy ?? this.#retryPolicy,
        clock: this.#clock,
        sleep: this.#sleep,
        random: this.#random,
        signal: options.signal,
        onRetry: options.onRetry,
      },
    );
    return body as ResponseOf<E>; // the body was checked against `endpoints[endpoint].response` in #attempt
  }

  async #attempt(
    method: Dispatcher.HttpMethod,
    path: string,
    schema: TSchema,
    write: { body: unknown; key: IdempotencyKey } | null,
    attempt: number,
    options: CallOptions,
  ): Promise<ApiResponse<unknown, unknown>> {
    const event: AttemptEvent = {
      method,
      path,
      attempt,
      status: null,
      code: null,
      replayed: false,
      requestId: null,
      idempotencyKey: write?.key ?? null,
      sentAtMs: 0,
      durationMs: 0,
      serviceDate: null,
      rateLimit: null,
    };
    const ticket = options.isBackground
      ? this.pacer.tryAcquireSpare()
      : await this.pacer.acquire(options.signal);
    if (ticket === null) throw new BudgetNotSpareError();
    event.sentAtMs = this.#clock.now();
    let rateLimit: RateLimitInfo | null = null;
    let responseInfo: { status: number; retryAfterSec: number | null } | undefined;
    try {
      const response = await this.#exchange(method, path, write, options);
      rateLimit = readRateLimit(response.headers, this.#clock.now());
      const retryAfterSec = parseRetryAfter(response.headers['retry-after'], this.#clock.now());
      responseInfo = { status: response.status, retryAfterSec };
      const requestId = headerText(response.headers['x-request-id']);
      const replayed = headerText(response.headers['idempotent-replayed'])?.toLowerCase() === 'true';
      const serviceDate = headerText(response.headers['date']);
      Object.assign(event, { status: response.status, requestId, replayed, serviceDate, rateLimit });
      if (response.status >= 400) {
        const error = this.#serviceError(response.status, response.text, path, requestId, retryAfterSec);
        event.code = error.code;
        // Someone else spent the window: background work gives way now rather than wait Retry-After.
        if (options.isBackground && response.status === 429) throw new BudgetNotSpareError(error.message);
        throw error;
      }
      const parsed = checkWire(schema, parseJson(response.text, response.status, path), path);
      const { data, meta } = splitBody(parsed);
      return { data, meta, status: response.status, replayed, requestId, rateLimit };
    } catch (error) {
      if (event.code === null) event.code = error instanceof Error ? error.name : 'Error';
      throw error;
    } finally {
      ticket.done(rateLimit, responseInfo);
      event.durationMs = this.#clock.now() - event.sentAtMs;
      this.#onAttempt?.(event);
      options.onAttempt?.(event);
    }
  }

  /** One HTTP exchange within the time limit; the whole answer read. */
  async #exchange(
    method: Dispatcher.HttpMethod,
    path: string,
    write: { body: unknown; key: IdempotencyKey } | null,
    options: CallOptions,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = (): void => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
    };
    const hasBody = write !== null && write.body !== null && write.body !== undefined;
    if (write) headers['idempotency-key'] = write.key;
    if (hasBody) headers['content-type'] = 'application/json';
    try {
      if (options.signal?.aborted) throw new CancelledError();
      const response = await this.#pool.request({
        method,
        path: this.#basePath + path,
        headers,
        body: hasBody ? JSON.stringify(write.body) : undefined,
        signal: controller.signal,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (error instanceof CancelledError) throw error;
      if (options.signal?.aborted) throw new CancelledError();
      if (isTimedOut) {
        throw new TimeoutError(
          `${method} ${path} at ${this.#origin} got no answer within ${timeoutMs} ms.`,
          timeoutMs,
        );
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new NetworkError(`${method} ${path} at ${this.#origin} got no answer (${reason}).`, error);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** The envelope of a refused call; a gateway's bare 429/500/503 gets one made from its status. */
  #serviceError(
    status: number,
    text: string,
    path: string,
    requestId: string | null,
    retryAfterSec: number | null,
  ): ServiceError {
    let envelope: ErrorEnvelope | null = null;
    try {
      envelope = checkWire(ErrorEnvelopeSchema, JSON.parse(text), path);
    } catch {
      envelope = null;
    }
    if (envelope) return new ServiceError(status, envelope.error, retryAfterSec);
    const code = statusOnlyCodes[status];
    if (code === undefined) throw new WireError(path, [`answer ${status} carries no error envelope`]);
    // spec, Errors: 503 comes from the gateway with no code; its handling is given by status.
    return new ServiceError(
      status,
      {
        code,
        message: `The service answered ${status} without details.`,
        details: [],
        request_id: requestId ?? '',
        retryable: errorCodes[code].retryable,
      },
      retryAfterSec,
    );
  }
}

function parseJson(text: string, status: number, path: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    throw new WireError(path, [`answer ${status} is not JSON`]);
  }
}

/** `{ data, meta? }` of a checked body. */
function splitBody(body: unknown): { data: unknown; meta: unknown } {
  if (typeof body !== 'object' || body === null) return { data: undefined, meta: undefined };
  return { data: 'data' in body ? body.data : undefined, meta: 'meta' in body ? body.meta : undefined };
}
