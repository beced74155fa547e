import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FeedCursorResponseSchema,
  FeedQuerySchema,
  IdParamsSchema,
  InvoiceResponseSchema,
  InvoiceFeedPageSchema,
  OrderResponseSchema,
  OrderFeedPageSchema,
  OrderIdParamsSchema,
  PaymentResponseSchema,
  PaymentFeedPageSchema,
  ReturnResponseSchema,
  ReturnFeedPageSchema,
  ackEntityFor,
  defaultPerPage,
  feedScope,
  type FeedKind,
  type FeedQuery,
} from '../../src-shared/wire';
import type { TSchema } from 'typebox';
import { requireScope } from '../auth';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import {
  responseJson,
  createDocumentStore,
  type AckFilter,
  type DocumentKind,
  type DocumentStore,
  type FeedRequest,
} from '../store/documents';

/** The query names a feed knows (spec, Pull documents), in the order the error message lists them. */
const knownFeedParameters: readonly string[] = Object.keys(FeedQuerySchema.properties);

/** At most this many ids in `filter[id]` (spec, Limits). */
const maxFilterIds = 100;

const feeds: ReadonlyArray<{ feed: FeedKind; page: TSchema; single: TSchema }> = [
  { feed: 'orders', page: OrderFeedPageSchema, single: OrderResponseSchema },
  { feed: 'invoices', page: InvoiceFeedPageSchema, single: InvoiceResponseSchema },
  { feed: 'payments', page: PaymentFeedPageSchema, single: PaymentResponseSchema },
  { feed: 'returns', page: ReturnFeedPageSchema, single: ReturnResponseSchema },
];

/** A hook that refuses the call before anything else is checked unless the client holds `scope`. */
function scopeHook(scope: string) {
  return async function checkScope(request: FastifyRequest): Promise<void> {
    requireScope(request, scope);
  };
}

/** 400 `INVALID_REQUEST` for a bad feed query (spec, Errors: "bad query or path, e.g. unknown filter"). */
function badQuery(message: string, field: string, code: string): ApiError {
  return new ApiError('INVALID_REQUEST', message, {
    status: 400,
    details: [{ field: `query.${field}`, code }],
  });
}

/**
 * Unknown query names answer 400 naming the known filters (spec, Pull documents). Checked before the
 * schema so the message can list them.
 */
async function prepareFeedQuery(request: FastifyRequest): Promise<void> {
  const query: unknown = request.query;
  if (query === null || typeof query !== 'object') return;
  const unknown = Object.keys(query).filter((name) => !knownFeedParameters.includes(name));
  if (unknown.length === 0) return;
  throw new ApiError(
    'INVALID_REQUEST',
    `Unknown feed parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. The known ones are ${knownFeedParameters.join(', ')}.`,
    {
      status: 400,
      details: unknown.map((name) => ({
        field: `query.${name}`,
        code: 'unknown_filter',
        value: `known: ${knownFeedParameters.join(', ')}`,
      })),
    },
  );
}

/**
 * Turns a validated feed query into a feed request, refusing combinations the schema cannot say
 * (spec, Pull documents; docs/decisions/021-feed-filters.md):
 * `filter[updated_after]` not with a cursor; `filter[seq_after]` on its own (with `per_page`) and not
 * on orders, which carry no `seq` (docs/decisions/005-order-and-return-feeds-and-cursors.md);
 * `filter[id]` at most 100 ids; both spellings of the version cursor must agree.
 */
export function feedRequestOf(companyId: string, kind: DocumentKind, query: FeedQuery): FeedRequest {
  const perPage = query.per_page ?? defaultPerPage;
  const present = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  const seqAfter = query['filter[seq_after]'];
  if (seqAfter !== undefined) {
    if (kind === 'order') {
      throw badQuery(
        'Orders are not issued documents and carry no seq: follow the order feed by version (filter[version_after]).',
        'filter[seq_after]',
        'not_supported',
      );
    }
    const others = present.filter((name) => name !== 'filter[seq_after]' && name !== 'per_page');
    if (others.length > 0) {
      throw badQuery(
        `filter[seq_after] is used on its own (with per_page only); drop ${others.join(', ')}.`,
        others[0] ?? 'filter[seq_after]',
        'not_combinable',
      );
    }
    return { mode: 'seq', companyId, kind, perPage, seqAfter };
  }
  const cursor = query['filter[version_after]'];
  const alias = query.version_after;
  if (cursor !== undefined && alias !== undefined && cursor !== alias) {
    throw badQuery(
      'filter[version_after] and version_after name the same cursor; send one of them.',
      'version_after',
      'conflicting_cursor',
    );
  }
  const versionAfter = cursor ?? alias;
  const updatedAfter = query['filter[updated_after]'];
  if (updatedAfter !== undefined && versionAfter !== undefined) {
    throw badQuery(
      'filter[updated_after] starts a first load and is not allowed together with a cursor; continue with filter[version_after] = meta.next_version_after alone.',
      'filter[updated_after]',
      'not_combinable',
    );
  }
  let ids: string[] | undefined;
  const idList = query['filter[id]'];
  if (idList !== undefined) {
    ids = [
      ...new Set(
        idList
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (ids.length === 0)
      throw badQuery('filter[id] is a comma list of service ids; it is empty.', 'filter[id]', 'empty');
    if (ids.length > maxFilterIds) {
      throw badQuery(
        `filter[id] names ${ids.length} ids; at most ${maxFilterIds} are allowed per call.`,
        'filter[id]',
        'too_many',
      );
    }
  }
  const ack: AckFilter = query['filter[ack]'] ?? 'any';
  return {
    mode: 'version',
    companyId,
    kind,
    perPage,
    versionAfter: versionAfter ?? 0,
    ack,
    ...(updatedAfter !== undefined ? { updatedAfter: new Date(updatedAfter).toISOString() } : {}),
    ...(ids ? { ids } : {}),
    ...(query['filter[external_ref]'] !== undefined ? { externalRef: query['filter[external_ref]'] } : {}),
  };
}

/** Sends JSON the store spliced from stored documents (see store/documents.ts). */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

function companyOf(request: FastifyRequest): string {
  const principal = request.principal;
  if (!principal)
    throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
  return principal.companyId;
}

/**
 * The pull side of documents (spec, Pull documents): for each of orders, invoices, payments and
 * returns, the feed `GET /{feed}`, its cursor `GET /{feed}/cursor`
 * (docs/decisions/005-order-and-return-feeds-and-cursors.md) and the single `GET /{feed}/{id}`.
 * Every query is filtered by the caller's company: another company's id is 404 (spec, Authentication 1).
 */
export async function documentRoutes(app: SandboxApp): Promise<void> {
  const store: DocumentStore = createDocumentStore(app.sandbox.db);

  for (const { feed, page, single } of feeds) {
    const kind = ackEntityFor(feed);
    const scope = feedScope(feed).read;

    app.get(
      `/${feed}`,
      {
        schema: { querystring: FeedQuerySchema, response: { 200: page } },
        preValidation: [scopeHook(scope), prepareFeedQuery],
      },
      async (request, reply) =>
        sendJson(reply, store.feedPage(feedRequestOf(companyOf(request), kind, request.query))),
    );

    app.get(
      `/${feed}/cursor`,
      { schema: { response: { 200: FeedCursorResponseSchema } }, preValidation: scopeHook(scope) },
      async (request) => ({
        data: store.cursor(companyOf(request), kind),
      }),
    );

    if (feed === 'orders') {
      app.get(
        '/orders/:orderId',
        {
          schema: { params: OrderIdParamsSchema, response: { 200: single } },
          preValidation: scopeHook(scope),
        },
        async (request, reply) =>
          sendJson(reply, responseJson(store.serveOne(companyOf(request), kind, request.params.orderId))),
      );
    } else {
      app.get(
        `/${feed}/:id`,
        { schema: { params: IdParamsSchema, response: { 200: single } }, preValidation: scopeHook(scope) },
        async (request, reply) =>
          sendJson(reply, responseJson(store.serveOne(companyOf(request), kind, request.params.id))),
      );
    }
  }
}
