/**
 * Master data pushed by the ERP (push bodies and answers), identity (`/me`), scopes, code lists
 * (`/reference/{kind}`) and record lookup (`/lookup`).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, sections Push bodies, Push answer, Push
 * master data, Identity and lookup, Authentication. Request bodies leave `additionalProperties`
 * open: the spec does not say an unknown member is refused.
 */
import { Type, type Static, type TArray, type TObject, type TSchema, type TString } from 'typebox';
import {
  DateSchema,
  ErrorDetailSchema,
  Int32Schema,
  Int64Schema,
  NameMapSchema,
  RecordKeySchema,
  TimestampSchema,
  responseOf,
  nullable,
  optionalField,
} from './common';

// ---------------------------------------------------------------------------------------------
// Scopes and identity
// ---------------------------------------------------------------------------------------------

/**
 * A scope a client may hold.
 *
 * Spec, Authentication (Scopes table). `visits:read` and `webhooks:manage` allow nothing in v1;
 * `stock:*` only looks up warehouses.
 */
export const ScopeSchema = Type.Union([
  Type.Literal('orders:read'),
  Type.Literal('orders:write'),
  Type.Literal('invoices:read'),
  Type.Literal('invoices:write'),
  Type.Literal('payments:read'),
  Type.Literal('payments:write'),
  Type.Literal('returns:read'),
  Type.Literal('returns:write'),
  Type.Literal('customers:read'),
  Type.Literal('customers:write'),
  Type.Literal('catalog:write'),
  Type.Literal('prices:write'),
  Type.Literal('balances:write'),
  Type.Literal('stock:read'),
  Type.Literal('stock:write'),
  Type.Literal('visits:read'),
  Type.Literal('webhooks:manage'),
]);
/** A scope. Spec, Authentication. */
export type Scope = Static<typeof ScopeSchema>;

/**
 * Every scope of the spec, in the order of its table.
 *
 * Spec, Authentication (Scopes table).
 */
export const scopes: readonly Scope[] = ScopeSchema.anyOf.map((literal) => literal.const);

/**
 * The `data` of `GET /me`: the calling `client`, its `company` and its `scopes`.
 *
 * Spec, Identity and lookup (`GET /me`): every `client` member required; `token_prefix` is the
 * live prefix plus 8 characters; `rate_limit_per_minute` is int32. `scopes` is an array of
 * strings, so a reader keeps a scope it does not know; compare against `scopes`.
 */
export const MeSchema = Type.Object({
  client: Type.Object({
    id: Type.String(),
    name: Type.String(),
    rate_limit_per_minute: Int32Schema,
    system: Type.String(),
    token_expires_at: TimestampSchema,
    token_prefix: Type.String(),
  }),
  company: Type.Object({
    code: Type.String(),
    id: Type.String(),
    name: Type.String(),
  }),
  scopes: Type.Array(Type.String()),
});
/** The data of `GET /me`. Spec, Identity and lookup. */
export type Me = Static<typeof MeSchema>;

/** The answer of `GET /me`: `{ data: Me }`. Spec, Identity and lookup. */
export const MeResponseSchema = responseOf(MeSchema);
/** The answer of `GET /me`. Spec, Identity and lookup. */
export type MeResponse = Static<typeof MeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------

/**
 * The kind of a code list read with `GET /reference/{kind}`.
 *
 * Spec, Identity and lookup: the ten kinds. An unknown kind answers 404 `NOT_FOUND`, so the
 * route's path parameter is a plain string checked against `referenceKinds`.
 */
export const ReferenceKindSchema = Type.Union([
  Type.Literal('payment-methods'),
  Type.Literal('return-reasons'),
  Type.Literal('order-statuses'),
  Type.Literal('return-statuses'),
  Type.Literal('cheque-statuses'),
  Type.Literal('tax-codes'),
  Type.Literal('currencies'),
  Type.Literal('units'),
  Type.Literal('warehouses'),
  Type.Literal('price-lists'),
]);
/** A reference-list kind. Spec, Identity and lookup. */
export type ReferenceKind = Static<typeof ReferenceKindSchema>;

/**
 * Every reference-list kind, in the spec's order.
 *
 * Spec, Identity and lookup.
 */
export const referenceKinds: readonly ReferenceKind[] = ReferenceKindSchema.anyOf.map(
  (literal) => literal.const,
);

/**
 * One entry of a code list: `code`, `name` (map), `attributes` (map of strings) required.
 *
 * Spec, Reference list entry. A payment method's `attributes.needs_reference` is the string
 * `true` or `false` (Payment).
 */
export const ReferenceEntrySchema = Type.Object({
  code: Type.String(),
  name: NameMapSchema,
  attributes: Type.Record(Type.String(), Type.String()),
  external_ref: optionalField(Type.String()),
  id: optionalField(Type.String()),
});
/** One reference-list entry. Spec, Reference list entry. */
export type ReferenceEntry = Static<typeof ReferenceEntrySchema>;

/**
 * The answer of `GET /reference/{kind}`: `data` (entries) and `meta` {`count` int32, `kind`}.
 *
 * Spec, Identity and lookup.
 */
export const ReferenceResponseSchema = Type.Object({
  data: Type.Array(ReferenceEntrySchema),
  meta: Type.Object({
    count: Int32Schema,
    kind: ReferenceKindSchema,
  }),
});
/** A reference-list answer. Spec, Identity and lookup. */
export type ReferenceResponse = Static<typeof ReferenceResponseSchema>;

/**
 * A warehouse record: `id`, `code`, `name` (map), `external_ref`, `active`.
 *
 * Spec, Reference list entry: "Fields of the warehouse lookup record: not shown"; decided in
 * docs/decisions/003-warehouse-lookup-record.md. Warehouses are not pushed, so `external_ref` is
 * usually null.
 */
export const WarehouseSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: NameMapSchema,
  external_ref: nullable(Type.String()),
  active: Type.Boolean(),
});
/** A warehouse record. docs/decisions/003-warehouse-lookup-record.md. */
export type Warehouse = Static<typeof WarehouseSchema>;

// ---------------------------------------------------------------------------------------------
// Lookup
// ---------------------------------------------------------------------------------------------

/**
 * The kind of record `GET /lookup` finds.
 *
 * Spec, Identity and lookup ("not shown"); docs/decisions/004-lookup-parameters-and-answer.md.
 */
export const LookupEntitySchema = Type.Union([
  Type.Literal('customer'),
  Type.Literal('branch'),
  Type.Literal('unit'),
  Type.Literal('product'),
  Type.Literal('price_list'),
  Type.Literal('warehouse'),
]);
/** A lookup entity. docs/decisions/004-lookup-parameters-and-answer.md. */
export type LookupEntity = Static<typeof LookupEntitySchema>;

/**
 * The query of `GET /lookup`: `entity` plus exactly one of `ref`, `id`, `code`.
 *
 * Spec, Identity and lookup ("Parameters and response: not shown"); decided in
 * docs/decisions/004-lookup-parameters-and-answer.md. A branch is addressed by `ref` only
 * together with `customer_ref` (branch keys are unique per customer). The route checks "exactly
 * one of" (400 `INVALID_REQUEST`); no record answers 404 `NOT_FOUND`.
 */
export const LookupQuerySchema = Type.Object(
  {
    entity: LookupEntitySchema,
    ref: Type.Optional(RecordKeySchema),
    id: Type.Optional(Type.String({ minLength: 1 })),
    code: Type.Optional(Type.String({ minLength: 1 })),
    customer_ref: Type.Optional(RecordKeySchema),
  },
  { additionalProperties: false },
);
/** A lookup query. docs/decisions/004-lookup-parameters-and-answer.md. */
export type LookupQuery = Static<typeof LookupQuerySchema>;

/**
 * A customer's balance as the service sees it now, in a lookup answer.
 *
 * docs/decisions/004-lookup-parameters-and-answer.md: `current_balance` = `erp_balance` at
 * `as_of` + invoices issued after `as_of` - payments collected after it, counting only those not
 * yet acked as accepted; returns are not counted (spec, Push master data: Balances).
 * `erp_balance` and `as_of` are null until a balance was pushed.
 */
export const LookupBalanceSchema = Type.Object({
  erp_balance: nullable(Type.Number()),
  as_of: nullable(TimestampSchema),
  current_balance: Type.Number(),
  credit_limit: nullable(Type.Number()),
});
/** A lookup balance block. docs/decisions/004-lookup-parameters-and-answer.md. */
export type LookupBalance = Static<typeof LookupBalanceSchema>;

/**
 * A branch's effective values in a lookup answer: what the branch pushed, with each null
 * override read from its customer account.
 *
 * Spec, Push bodies (Branch): "a null override reads the customer account's value"; decided in
 * docs/decisions/034-branch-effective-values.md. `blocked` is true when the branch or its
 * customer is blocked. `contact_name`, `phone` and `payment_terms_days` exist on branches only
 * and are shown as pushed.
 */
export const BranchEffectiveSchema = Type.Object({
  blocked: Type.Boolean(),
  address: nullable(Type.String()),
  contact_name: nullable(Type.String()),
  phone: nullable(Type.String()),
  credit_limit: nullable(Type.Number()),
  latitude: nullable(Type.Number()),
  longitude: nullable(Type.Number()),
  payment_terms_days: nullable(Int32Schema),
  price_list_ref: nullable(Type.String()),
  radius_metres: nullable(Int32Schema),
});
/** A branch's effective values. docs/decisions/034-branch-effective-values.md. */
export type BranchEffective = Static<typeof BranchEffectiveSchema>;

/**
 * The record `GET /lookup` found.
 *
 * docs/decisions/004-lookup-parameters-and-answer.md: `version` is the one phones would
 * download; `deleted` is true for a tombstone; `balance` is present for customers only; `active`
 * is present for products and warehouses (docs/decisions/003-warehouse-lookup-record.md);
 * `effective` is present for branches only (docs/decisions/034-branch-effective-values.md).
 */
export const LookupRecordSchema = Type.Object({
  entity: LookupEntitySchema,
  id: Type.String(),
  external_ref: nullable(Type.String()),
  code: nullable(Type.String()),
  version: Int64Schema,
  deleted: Type.Boolean(),
  name: NameMapSchema,
  active: Type.Optional(Type.Boolean()),
  balance: Type.Optional(LookupBalanceSchema),
  effective: Type.Optional(BranchEffectiveSchema),
});
/** A looked-up record. docs/decisions/004-lookup-parameters-and-answer.md. */
export type LookupRecord = Static<typeof LookupRecordSchema>;

/** The answer of `GET /lookup`: `{ data: LookupRecord }`. docs/decisions/004-lookup-parameters-and-answer.md. */
export const LookupResponseSchema = responseOf(LookupRecordSchema);
/** A lookup answer. docs/decisions/004-lookup-parameters-and-answer.md. */
export type LookupResponse = Static<typeof LookupResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Push bodies
// ---------------------------------------------------------------------------------------------

/**
 * The body of `PUT /units/{ref}`: `name` (map) required, `source_version` optional.
 *
 * Spec, Push bodies (Unit). A unit with the code of an existing one is adopted by code.
 */
export const UnitBodySchema = Type.Object({
  name: NameMapSchema,
  source_version: optionalField(Type.String()),
});
/** A unit push body. Spec, Push bodies. */
export type UnitBody = Static<typeof UnitBodySchema>;

/**
 * The body of `PUT /products/{ref}`: `name` and `base_unit_ref` required, the rest optional.
 *
 * Spec, Push bodies (Product): which fields are required is not shown; decided in
 * docs/decisions/001-product-required-fields.md. A push is the whole record, on create and on
 * update alike, so the body itself requires `name` and `base_unit_ref`; an absent `active` means
 * true (`default: true`, which ajv fills in).
 */
export const ProductBodySchema = Type.Object({
  name: NameMapSchema,
  base_unit_ref: RecordKeySchema,
  active: Type.Optional(Type.Boolean({ default: true })),
  category_code: optionalField(Type.String()),
  service_id: optionalField(Type.String()),
  source_version: optionalField(Type.String()),
});
/** A product push body. Spec, Push bodies; docs/decisions/001-product-required-fields.md. */
export type ProductBody = Static<typeof ProductBodySchema>;

/**
 * One sellable unit of a product: `unit_ref`, `factor_to_base`, `order_default`, all required.
 *
 * Spec, Push bodies (Product units). A factor is the number of base units in one of this unit,
 * so it must be above 0.
 */
export const ProductUnitSchema = Type.Object({
  unit_ref: RecordKeySchema,
  factor_to_base: Type.Number({ exclusiveMinimum: 0 }),
  order_default: Type.Boolean(),
});
/** One sellable unit of a product. Spec, Push bodies. */
export type ProductUnit = Static<typeof ProductUnitSchema>;

/**
 * The body of `PUT /products/{ref}/units`: `units`, the whole list, which replaces the stored one.
 *
 * Spec, Push bodies (Product units).
 */
export const ProductUnitsBodySchema = Type.Object({
  units: Type.Array(ProductUnitSchema),
});
/** A product-units push body. Spec, Push bodies. */
export type ProductUnitsBody = Static<typeof ProductUnitsBodySchema>;

/**
 * The body of `PUT /price-lists/{ref}`: `currency` and `name` (map) required.
 *
 * Spec, Push bodies (Price list).
 */
export const PriceListBodySchema = Type.Object({
  currency: Type.String({ minLength: 1 }),
  name: NameMapSchema,
  source_version: optionalField(Type.String()),
});
/** A price-list push body. Spec, Push bodies. */
export type PriceListBody = Static<typeof PriceListBodySchema>;

/**
 * One price row: `product_ref`, `unit_ref`, `price`, `valid_from` required; `valid_to`,
 * `min_price` optional.
 *
 * Spec, Push bodies (Prices): a row is keyed by product, unit and `valid_from`; which fields are
 * required is not shown, decided in docs/decisions/002-price-row-required-fields.md. A negative
 * `price` or `min_price` is 422 `INVALID_REQUEST` (spec, Errors).
 */
export const PriceRowSchema = Type.Object({
  product_ref: RecordKeySchema,
  unit_ref: RecordKeySchema,
  price: Type.Number({ minimum: 0 }),
  valid_from: DateSchema,
  valid_to: optionalField(DateSchema),
  min_price: optionalField(Type.Number({ minimum: 0 })),
});
/** One price row. Spec, Push bodies; docs/decisions/002-price-row-required-fields.md. */
export type PriceRow = Static<typeof PriceRowSchema>;

/**
 * The body of `PUT /price-lists/{ref}/prices`: `prices`, at most 500 rows.
 *
 * Spec, Push bodies (Prices) and Limits (price push: at most 500 rows; over that is 422).
 */
export const PricesBodySchema = Type.Object({
  prices: Type.Array(PriceRowSchema, { maxItems: 500 }),
});
/** A prices push body. Spec, Push bodies. */
export type PricesBody = Static<typeof PricesBodySchema>;

/**
 * How a price push treats the list's other prices: `merge` (default) or `replace`.
 *
 * Spec, Push master data (Prices): `replace` also removes previously pushed prices not in the call.
 */
export const PriceModeSchema = Type.Union([Type.Literal('merge'), Type.Literal('replace')]);
/** A price push mode. Spec, Push master data. */
export type PriceMode = Static<typeof PriceModeSchema>;

/**
 * The query of `PUT /price-lists/{ref}/prices`: `mode`, default `merge`.
 *
 * Spec, Push master data (Prices).
 */
export const PricesQuerySchema = Type.Object(
  {
    mode: Type.Optional(Type.Union(PriceModeSchema.anyOf, { default: 'merge' })),
  },
  { additionalProperties: false },
);
/** A prices push query. Spec, Push master data. */
export type PricesQuery = Static<typeof PricesQuerySchema>;

/**
 * The body of `PUT /customers/{ref}`: `name` (map) and `blocked` required.
 *
 * Spec, Push bodies (Customer). `service_id` adopts a customer that started in the service
 * (Push semantics). Latitude and longitude are checked against their earthly ranges.
 */
export const CustomerBodySchema = Type.Object({
  name: NameMapSchema,
  blocked: Type.Boolean(),
  address: optionalField(Type.String()),
  credit_limit: optionalField(Type.Number()),
  latitude: optionalField(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: optionalField(Type.Number({ minimum: -180, maximum: 180 })),
  price_list_ref: optionalField(RecordKeySchema),
  radius_metres: optionalField(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  service_id: optionalField(Type.String()),
  source_version: optionalField(Type.String()),
});
/** A customer push body. Spec, Push bodies. */
export type CustomerBody = Static<typeof CustomerBodySchema>;

/**
 * The body of `PUT /customers/{ref}/branches/{branch_ref}`: `name` (map) and `blocked` required.
 *
 * Spec, Push bodies (Branch): a null override reads the customer account's value.
 */
export const BranchBodySchema = Type.Object({
  name: NameMapSchema,
  blocked: Type.Boolean(),
  address: optionalField(Type.String()),
  contact_name: optionalField(Type.String()),
  phone: optionalField(Type.String()),
  credit_limit: optionalField(Type.Number()),
  latitude: optionalField(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: optionalField(Type.Number({ minimum: -180, maximum: 180 })),
  payment_terms_days: optionalField(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  price_list_ref: optionalField(RecordKeySchema),
  radius_metres: optionalField(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  source_version: optionalField(Type.String()),
});
/** A branch push body. Spec, Push bodies. */
export type BranchBody = Static<typeof BranchBodySchema>;

/**
 * The body of `PUT /customers/{ref}/balance`: `balance` and `as_of` required, `credit_limit` optional.
 *
 * Spec, Push bodies (Balance): the table marks no member required; a balance without an amount
 * or a time cannot be taken at its `as_of`, so both are required
 * (docs/decisions/009-balance-push-required-fields.md).
 */
export const BalanceBodySchema = Type.Object({
  balance: Type.Number(),
  credit_limit: optionalField(Type.Number()),
  as_of: TimestampSchema,
});
/** A balance push body. Spec, Push bodies; docs/decisions/009-balance-push-required-fields.md. */
export type BalanceBody = Static<typeof BalanceBodySchema>;

// ---------------------------------------------------------------------------------------------
// Push answers
// ---------------------------------------------------------------------------------------------

/**
 * The result of a push: `created`, `updated`, `unchanged`, `stale` or `deleted`.
 *
 * Spec, Push answer: phones download the record again on `created`, `updated`, `deleted`.
 */
export const PushResultSchema = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('unchanged'),
  Type.Literal('stale'),
  Type.Literal('deleted'),
]);
/** A push result. Spec, Push answer. */
export type PushResult = Static<typeof PushResultSchema>;

/**
 * The `entity` of a push answer: `product`, `unit`, `price_list`, `balance`, `customer`, `branch`.
 *
 * Spec, Push answer.
 */
export const PushEntitySchema = Type.Union([
  Type.Literal('product'),
  Type.Literal('unit'),
  Type.Literal('price_list'),
  Type.Literal('balance'),
  Type.Literal('customer'),
  Type.Literal('branch'),
]);
/** A push answer's entity. Spec, Push answer. */
export type PushEntity = Static<typeof PushEntitySchema>;

/**
 * The `data` of a push answer: `entity`, `external_ref`, `id`, `result`, all required.
 *
 * Spec, Push answer.
 */
export const PushResponseDataSchema = Type.Object({
  entity: PushEntitySchema,
  external_ref: Type.String(),
  id: Type.String(),
  result: PushResultSchema,
});
/** The data of a push answer. Spec, Push answer. */
export type PushResponseData = Static<typeof PushResponseDataSchema>;

/** A push answer: `{ data: PushResponseData }`. Spec, Push answer. */
export const PushResponseSchema = responseOf(PushResponseDataSchema);
/** A push answer. Spec, Push answer. */
export type PushResponse = Static<typeof PushResponseSchema>;

/**
 * The `data` of a price push answer: `list_id`, `external_ref`, and counts `written`,
 * `unchanged`, `removed`.
 *
 * Spec, Push answer (price push answer `data`).
 */
export const PricePushResponseDataSchema = Type.Object({
  list_id: Type.String(),
  external_ref: Type.String(),
  written: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
});
/** The data of a price push answer. Spec, Push answer. */
export type PricePushResponseData = Static<typeof PricePushResponseDataSchema>;

/** A price push answer: `{ data: PricePushResponseData }`. Spec, Push answer. */
export const PricePushResponseSchema = responseOf(PricePushResponseDataSchema);
/** A price push answer. Spec, Push answer. */
export type PricePushResponse = Static<typeof PricePushResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Batch push
// ---------------------------------------------------------------------------------------------

/**
 * The `{entity}` of `POST /batch/{entity}`: `products`, `units` or `balances`.
 *
 * Spec, Push master data (Batch).
 */
export const BatchEntitySchema = Type.Union([
  Type.Literal('products'),
  Type.Literal('units'),
  Type.Literal('balances'),
]);
/** A batch entity. Spec, Push master data. */
export type BatchEntity = Static<typeof BatchEntitySchema>;

/**
 * One item of a batch push: `ref` and `body` (the single PUT's body), both required.
 *
 * Spec, Push master data (Batch). Each item is applied on its own and a bad item is a per-item
 * error in a 200 answer, so this schema checks only the shape; the route checks `ref` against
 * `RecordKeySchema` and `body` against the single PUT's schema (`itemBody` in ./endpoints.ts).
 */
export const BatchPushItemSchema = Type.Object({
  ref: Type.String(),
  body: Type.Unknown(),
});
/** One batch push item. Spec, Push master data. */
export type BatchPushItem = Static<typeof BatchPushItemSchema>;

/**
 * The body of `POST /batch/{entity}`: `items`, at most 500.
 *
 * Spec, Push master data (Batch) and Limits. Typed item bodies for a sender:
 * `ProductBatchBodySchema`, `UnitBatchBodySchema`, `BalanceBatchBodySchema`.
 */
export const BatchPushBodySchema = Type.Object({
  items: Type.Array(BatchPushItemSchema, { maxItems: 500 }),
});
/** A batch push body. Spec, Push master data. */
export type BatchPushBody = Static<typeof BatchPushBodySchema>;

/**
 * A batch push body whose item bodies are typed and checked as `body`: what a sender builds.
 *
 * Spec, Push master data (Batch): `body` is the single PUT's body. The route itself takes
 * `BatchPushBodySchema` and checks each item on its own.
 */
export function batchPushBodyOf<T extends TSchema>(
  body: T,
): TObject<{ items: TArray<TObject<{ ref: TString; body: T }>> }> {
  return Type.Object({
    items: Type.Array(Type.Object({ ref: RecordKeySchema, body }), { maxItems: 500 }),
  });
}

/** `POST /batch/products` body with typed items. Spec, Push master data (Batch). */
export const ProductBatchBodySchema = batchPushBodyOf(ProductBodySchema);
/** `POST /batch/products` body with typed items. Spec, Push master data (Batch). */
export type ProductBatchBody = Static<typeof ProductBatchBodySchema>;

/** `POST /batch/units` body with typed items. Spec, Push master data (Batch). */
export const UnitBatchBodySchema = batchPushBodyOf(UnitBodySchema);
/** `POST /batch/units` body with typed items. Spec, Push master data (Batch). */
export type UnitBatchBody = Static<typeof UnitBatchBodySchema>;

/** `POST /batch/balances` body with typed items (`ref` is the customer's key). Spec, Push master data (Batch). */
export const BalanceBatchBodySchema = batchPushBodyOf(BalanceBodySchema);
/** `POST /batch/balances` body with typed items. Spec, Push master data (Batch). */
export type BalanceBatchBody = Static<typeof BalanceBatchBodySchema>;

/**
 * The error of one failed batch push item: `code`, `message`, `details`.
 *
 * Spec, Push master data (Batch).
 */
export const BatchPushErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Array(ErrorDetailSchema),
});
/** A batch push item's error. Spec, Push master data. */
export type BatchPushError = Static<typeof BatchPushErrorSchema>;

/**
 * The result of one batch push item: `ref`, `ok`, `result` (push answer data or null), `error`
 * (or null).
 *
 * Spec, Push master data (Batch).
 */
export const BatchPushItemResultSchema = Type.Object({
  ref: Type.String(),
  ok: Type.Boolean(),
  result: nullable(PushResponseDataSchema),
  error: nullable(BatchPushErrorSchema),
});
/** One batch push item's result. Spec, Push master data. */
export type BatchPushItemResult = Static<typeof BatchPushItemResultSchema>;

/**
 * The answer of `POST /batch/{entity}`: `data` (one result per item) and `meta` counts.
 *
 * Spec, Push master data (Batch): HTTP 200 even if items failed; `meta` is a map of integer
 * counts, `applied` and `failed` seen (an `unchanged` item counts as applied).
 */
export const BatchPushResponseSchema = Type.Object({
  data: Type.Array(BatchPushItemResultSchema),
  meta: Type.Object({
    applied: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  }),
});
/** A batch push answer. Spec, Push master data. */
export type BatchPushResponse = Static<typeof BatchPushResponseSchema>;
