/**
 * One row per endpoint of the v1 interface: method, path, scope and the schemas of its params,
 * query, body and success answer.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, section Endpoints, plus the endpoints the
 * spec leaves "not shown" and docs/decisions/ settles (order and return feeds, every feed's
 * cursor, the single invoice ack, `/lookup`). Data and tiny pure functions only.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { RecordKeySchema } from './common';
import {
  AckResponseSchema,
  AckBodySchema,
  BatchAckResponseSchema,
  BatchAckBodySchema,
  FeedCursorResponseSchema,
  FeedQuerySchema,
  InvoiceResponseSchema,
  InvoiceFeedPageSchema,
  OrderResponseSchema,
  OrderFeedPageSchema,
  PaymentResponseSchema,
  PaymentFeedPageSchema,
  ReturnResponseSchema,
  ReturnFeedPageSchema,
  type AckEntity,
  type FeedKind,
} from './documents';
import {
  BalanceBodySchema,
  BatchPushResponseSchema,
  BatchPushBodySchema,
  BranchBodySchema,
  CustomerBodySchema,
  LookupResponseSchema,
  LookupQuerySchema,
  MeResponseSchema,
  PriceListBodySchema,
  PricePushResponseSchema,
  PricesBodySchema,
  PricesQuerySchema,
  ProductBodySchema,
  ProductUnitsBodySchema,
  PushResponseSchema,
  ReferenceResponseSchema,
  UnitBodySchema,
  type LookupEntity,
  type Scope,
} from './master-data';

// ---------------------------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------------------------

/**
 * Path parameters `{id}`: a service id taken from a feed.
 *
 * Spec, Pull documents: "The ids in paths are the service's ids taken from the feeds."
 */
export const IdParamsSchema = Type.Object({ id: Type.String({ minLength: 1 }) });
/** `{id}` path parameters. Spec, Pull documents. */
export type IdParams = Static<typeof IdParamsSchema>;

/**
 * Path parameters `{orderId}` of the order endpoints.
 *
 * Spec, Pull documents and Acknowledge documents (`/orders/{orderId}`).
 */
export const OrderIdParamsSchema = Type.Object({ orderId: Type.String({ minLength: 1 }) });
/** `{orderId}` path parameters. Spec, Pull documents. */
export type OrderIdParams = Static<typeof OrderIdParamsSchema>;

/**
 * Path parameters `{ref}`: the ERP's key of a pushed record.
 *
 * Spec, Push semantics: 1 to 64 characters, no `/`; malformed is 422 `INVALID_REQUEST`.
 */
export const RefParamsSchema = Type.Object({ ref: RecordKeySchema });
/** `{ref}` path parameters. Spec, Push semantics. */
export type RefParams = Static<typeof RefParamsSchema>;

/**
 * Path parameters `{ref}` and `{branch_ref}` of a branch.
 *
 * Spec, Push master data (`/customers/{ref}/branches/{branch_ref}`).
 */
export const BranchParamsSchema = Type.Object({ ref: RecordKeySchema, branch_ref: RecordKeySchema });
/** Branch path parameters. Spec, Push master data. */
export type BranchParams = Static<typeof BranchParamsSchema>;

/**
 * Path parameters `{kind}` of `GET /reference/{kind}`: any string.
 *
 * Spec, Identity and lookup: an unknown kind answers 404 `NOT_FOUND`, not a schema failure, so
 * the route checks the value against `referenceKinds`.
 */
export const ReferenceParamsSchema = Type.Object({ kind: Type.String() });
/** `{kind}` path parameters. Spec, Identity and lookup. */
export type ReferenceParams = Static<typeof ReferenceParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoint rows
// ---------------------------------------------------------------------------------------------

/**
 * One endpoint: method, path, scope and schemas.
 *
 * Spec, Endpoints. `path` is Fastify style (`:id`) and relative to `{base_url}`. `scope` is the
 * scope needed, `null` for none, or `'family'` when it depends on a record family the request
 * names (`/lookup`: any scope of `entity`'s family, see `lookupScopes`; `/acks`: the write scope
 * of `entity`, see `ackEntityScope`). `response` is the 200 answer; every error answer is
 * `ErrorEnvelopeSchema`. `invalidStatus` is the status of `INVALID_REQUEST` when `params` or
 * `body` fail their schema; a failing `query` is always 400
 * (docs/decisions/008-status-of-a-schema-failure.md). `itemBody` is the schema each item's
 * `body` of a batch push is checked against on its own. Every non-GET endpoint needs an
 * `Idempotency-Key` header (spec, Limits).
 */
export interface EndpointDef {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly scope: Scope | null | 'family';
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly itemBody?: TSchema;
  readonly response: TSchema;
  readonly invalidStatus: 400 | 422;
}

/**
 * Every endpoint of the v1 interface, by name.
 *
 * Spec, Endpoints; rows marked with a decision are "not shown" in the spec:
 * docs/decisions/004-lookup-parameters-and-answer.md (`lookup`),
 * docs/decisions/005-order-and-return-feeds-and-cursors.md (`ordersFeed`, `returnsFeed`, the
 * cursors), docs/decisions/006-single-invoice-ack-path.md (`invoiceAck`). A batch push is one
 * row per `{entity}` so each has its scope and item schema; any other entity is an unknown path.
 */
export const endpoints = {
  // Identity and lookup
  me: { method: 'GET', path: '/me', scope: null, response: MeResponseSchema, invalidStatus: 400 },
  reference: {
    method: 'GET',
    path: '/reference/:kind',
    scope: null,
    params: ReferenceParamsSchema,
    response: ReferenceResponseSchema,
    invalidStatus: 400,
  },
  lookup: {
    method: 'GET',
    path: '/lookup',
    scope: 'family',
    query: LookupQuerySchema,
    response: LookupResponseSchema,
    invalidStatus: 400,
  },

  // Pull documents: single
  order: {
    method: 'GET',
    path: '/orders/:orderId',
    scope: 'orders:read',
    params: OrderIdParamsSchema,
    response: OrderResponseSchema,
    invalidStatus: 400,
  },
  invoice: {
    method: 'GET',
    path: '/invoices/:id',
    scope: 'invoices:read',
    params: IdParamsSchema,
    response: InvoiceResponseSchema,
    invalidStatus: 400,
  },
  payment: {
    method: 'GET',
    path: '/payments/:id',
    scope: 'payments:read',
    params: IdParamsSchema,
    response: PaymentResponseSchema,
    invalidStatus: 400,
  },
  return: {
    method: 'GET',
    path: '/returns/:id',
    scope: 'returns:read',
    params: IdParamsSchema,
    response: ReturnResponseSchema,
    invalidStatus: 400,
  },

  // Pull documents: feeds
  ordersFeed: {
    method: 'GET',
    path: '/orders',
    scope: 'orders:read',
    query: FeedQuerySchema,
    response: OrderFeedPageSchema,
    invalidStatus: 400,
  },
  invoicesFeed: {
    method: 'GET',
    path: '/invoices',
    scope: 'invoices:read',
    query: FeedQuerySchema,
    response: InvoiceFeedPageSchema,
    invalidStatus: 400,
  },
  paymentsFeed: {
    method: 'GET',
    path: '/payments',
    scope: 'payments:read',
    query: FeedQuerySchema,
    response: PaymentFeedPageSchema,
    invalidStatus: 400,
  },
  returnsFeed: {
    method: 'GET',
    path: '/returns',
    scope: 'returns:read',
    query: FeedQuerySchema,
    response: ReturnFeedPageSchema,
    invalidStatus: 400,
  },

  // Pull documents: cursors
  ordersCursor: {
    method: 'GET',
    path: '/orders/cursor',
    scope: 'orders:read',
    response: FeedCursorResponseSchema,
    invalidStatus: 400,
  },
  invoicesCursor: {
    method: 'GET',
    path: '/invoices/cursor',
    scope: 'invoices:read',
    response: FeedCursorResponseSchema,
    invalidStatus: 400,
  },
  paymentsCursor: {
    method: 'GET',
    path: '/payments/cursor',
    scope: 'payments:read',
    response: FeedCursorResponseSchema,
    invalidStatus: 400,
  },
  returnsCursor: {
    method: 'GET',
    path: '/returns/cursor',
    scope: 'returns:read',
    response: FeedCursorResponseSchema,
    invalidStatus: 400,
  },

  // Acknowledge documents
  orderAck: {
    method: 'POST',
    path: '/orders/:orderId/ack',
    scope: 'orders:write',
    params: OrderIdParamsSchema,
    body: AckBodySchema,
    response: AckResponseSchema,
    invalidStatus: 422,
  },
  invoiceAck: {
    method: 'POST',
    path: '/invoices/:id/ack',
    scope: 'invoices:write',
    params: IdParamsSchema,
    body: AckBodySchema,
    response: AckResponseSchema,
    invalidStatus: 422,
  },
  paymentAck: {
    method: 'POST',
    path: '/payments/:id/ack',
    scope: 'payments:write',
    params: IdParamsSchema,
    body: AckBodySchema,
    response: AckResponseSchema,
    invalidStatus: 422,
  },
  returnAck: {
    method: 'POST',
    path: '/returns/:id/ack',
    scope: 'returns:write',
    params: IdParamsSchema,
    body: AckBodySchema,
    response: AckResponseSchema,
    invalidStatus: 422,
  },
  acks: {
    method: 'POST',
    path: '/acks',
    scope: 'family',
    body: BatchAckBodySchema,
    response: BatchAckResponseSchema,
    invalidStatus: 422,
  },

  // Push master data
  unitPush: {
    method: 'PUT',
    path: '/units/:ref',
    scope: 'catalog:write',
    params: RefParamsSchema,
    body: UnitBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  productPush: {
    method: 'PUT',
    path: '/products/:ref',
    scope: 'catalog:write',
    params: RefParamsSchema,
    body: ProductBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  productUnitsPush: {
    method: 'PUT',
    path: '/products/:ref/units',
    scope: 'catalog:write',
    params: RefParamsSchema,
    body: ProductUnitsBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  priceListPush: {
    method: 'PUT',
    path: '/price-lists/:ref',
    scope: 'prices:write',
    params: RefParamsSchema,
    body: PriceListBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  pricesPush: {
    method: 'PUT',
    path: '/price-lists/:ref/prices',
    scope: 'prices:write',
    params: RefParamsSchema,
    query: PricesQuerySchema,
    body: PricesBodySchema,
    response: PricePushResponseSchema,
    invalidStatus: 422,
  },
  customerPush: {
    method: 'PUT',
    path: '/customers/:ref',
    scope: 'customers:write',
    params: RefParamsSchema,
    body: CustomerBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  customerDelete: {
    method: 'DELETE',
    path: '/customers/:ref',
    scope: 'customers:write',
    params: RefParamsSchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  branchPush: {
    method: 'PUT',
    path: '/customers/:ref/branches/:branch_ref',
    scope: 'customers:write',
    params: BranchParamsSchema,
    body: BranchBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  branchDelete: {
    method: 'DELETE',
    path: '/customers/:ref/branches/:branch_ref',
    scope: 'customers:write',
    params: BranchParamsSchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  balancePush: {
    method: 'PUT',
    path: '/customers/:ref/balance',
    scope: 'balances:write',
    params: RefParamsSchema,
    body: BalanceBodySchema,
    response: PushResponseSchema,
    invalidStatus: 422,
  },
  batchProducts: {
    method: 'POST',
    path: '/batch/products',
    scope: 'catalog:write',
    body: BatchPushBodySchema,
    itemBody: ProductBodySchema,
    response: BatchPushResponseSchema,
    invalidStatus: 422,
  },
  batchUnits: {
    method: 'POST',
    path: '/batch/units',
    scope: 'catalog:write',
    body: BatchPushBodySchema,
    itemBody: UnitBodySchema,
    response: BatchPushResponseSchema,
    invalidStatus: 422,
  },
  batchBalances: {
    method: 'POST',
    path: '/batch/balances',
    scope: 'balances:write',
    body: BatchPushBodySchema,
    itemBody: BalanceBodySchema,
    response: BatchPushResponseSchema,
    invalidStatus: 422,
  },
} as const satisfies Record<string, EndpointDef>;

/** The name of an endpoint row. Spec, Endpoints. */
export type EndpointName = keyof typeof endpoints;

// ---------------------------------------------------------------------------------------------
// Scope and kind helpers
// ---------------------------------------------------------------------------------------------

const feedScopes = {
  orders: { read: 'orders:read', write: 'orders:write' },
  invoices: { read: 'invoices:read', write: 'invoices:write' },
  payments: { read: 'payments:read', write: 'payments:write' },
  returns: { read: 'returns:read', write: 'returns:write' },
} as const satisfies Record<FeedKind, { read: Scope; write: Scope }>;

/**
 * The scopes that pull (`read`) and ack (`write`) documents of a feed.
 *
 * Spec, Authentication (Scopes table).
 */
export function feedScope(kind: FeedKind): { read: Scope; write: Scope } {
  return feedScopes[kind];
}

const ackEntities = {
  orders: 'order',
  invoices: 'invoice',
  payments: 'payment',
  returns: 'return',
} as const satisfies Record<FeedKind, AckEntity>;

/**
 * The `entity` of a batch ack (`POST /acks`) for documents of a feed.
 *
 * Spec, Acknowledge documents (batch `entity`: `order`, `invoice`, `payment`, `return`).
 */
export function ackEntityFor(kind: FeedKind): AckEntity {
  return ackEntities[kind];
}

const feedKindsByAckEntity = {
  order: 'orders',
  invoice: 'invoices',
  payment: 'payments',
  return: 'returns',
} as const satisfies Record<AckEntity, FeedKind>;

/**
 * The scope `POST /acks` needs for its `entity`: that kind's `:write` scope.
 *
 * Spec, Acknowledge documents ("that kind's `:write` scope").
 */
export function ackEntityScope(entity: AckEntity): Scope {
  return feedScopes[feedKindsByAckEntity[entity]].write;
}

const lookupFamilies = {
  customer: ['customers:read', 'customers:write'],
  branch: ['customers:read', 'customers:write'],
  unit: ['catalog:write'],
  product: ['catalog:write'],
  price_list: ['prices:write'],
  warehouse: ['stock:read', 'stock:write'],
} as const satisfies Record<LookupEntity, readonly Scope[]>;

/**
 * The scopes of which `GET /lookup` accepts any one for `entity`: its record family.
 *
 * Spec, Authentication ("`GET /lookup` accepts any scope of the record's family") and the Scopes
 * table; the families are spelled out in docs/decisions/004-lookup-parameters-and-answer.md.
 */
export function lookupScopes(entity: LookupEntity): readonly Scope[] {
  return lookupFamilies[entity];
}
