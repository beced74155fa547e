/**
 * A push plan: the calls that carry imported master data to the service, in dependency order,
 * already cut to the interface's limits. The renderer builds it (./planning.ts); the core checks it
 * against these schemas (bridge arguments) and sends it call by call with persisted
 * `Idempotency-Key`s.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push master data (the calls; batch only for
 * `products`, `units`, `balances`; at most 500 items or price rows per call; price `mode`), Push
 * semantics (dependency order), Limits. Every object is closed and every array bounded, so a plan
 * can carry nothing the core does not expect.
 */
import { Type, type Static, type TObject, type TProperties } from 'typebox';
import {
  BalanceBodySchema,
  BranchBodySchema,
  CustomerBodySchema,
  PriceListBodySchema,
  PriceModeSchema,
  PriceRowSchema,
  ProductBodySchema,
  ProductUnitSchema,
  RecordKeySchema,
  UnitBodySchema,
} from '../../wire';

/** Spec, Limits: a batch and a price push carry at most 500 items or rows. */
export const maxItemsPerCall = 500;

/** The most calls of one plan: about 8 MB of JSON at most, what the browser-mode host takes in one request. */
export const maxPlanCalls = 20_000;

/** The most file rows of one plan (a batch item, a single push, a price row, a unit line each count). */
export const maxPlanRecords = 40_000;

/** A copy of a body schema that refuses members the spec does not name. */
function closed<P extends TProperties>(schema: TObject<P>): TObject<P> {
  return Type.Object(schema.properties, { additionalProperties: false });
}

/** A file line (1-based), or 0 for a record the app made itself (an adoption). */
const LineSchema = Type.Integer({ minimum: 0, maximum: 10_000_000 });
/** The name of the file a call's records came from. */
const FileNameSchema = Type.String({ maxLength: 255 });

function batchCall<L extends string, B extends TObject>(call: L, body: B) {
  return Type.Object(
    {
      call: Type.Literal(call),
      file: FileNameSchema,
      items: Type.Array(
        Type.Object({ ref: RecordKeySchema, body, line: LineSchema }, { additionalProperties: false }),
        {
          minItems: 1,
          maxItems: maxItemsPerCall,
        },
      ),
    },
    { additionalProperties: false },
  );
}

/** `POST /batch/units` (spec, Push master data: Batch). */
export const UnitsBatchCallSchema = batchCall('units-batch', closed(UnitBodySchema));
/** `POST /batch/products`. */
export const ProductsBatchCallSchema = batchCall('products-batch', closed(ProductBodySchema));
/** `POST /batch/balances`: `ref` is the customer's key. */
export const BalancesBatchCallSchema = batchCall('balances-batch', closed(BalanceBodySchema));

/** `PUT /price-lists/{ref}`. */
export const PriceListCallSchema = Type.Object(
  {
    call: Type.Literal('price-list'),
    file: FileNameSchema,
    line: LineSchema,
    ref: RecordKeySchema,
    body: closed(PriceListBodySchema),
  },
  { additionalProperties: false },
);

/** `PUT /products/{ref}/units`: the product's whole list; `lines` are the file lines of its units, in order. */
export const ProductUnitsCallSchema = Type.Object(
  {
    call: Type.Literal('product-units'),
    file: FileNameSchema,
    lines: Type.Array(LineSchema, { maxItems: maxItemsPerCall }),
    ref: RecordKeySchema,
    body: Type.Object(
      { units: Type.Array(closed(ProductUnitSchema), { maxItems: maxItemsPerCall }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** `PUT /price-lists/{ref}/prices?mode=…`: at most 500 rows; `lines` are the rows' file lines, in order. */
export const PricesCallSchema = Type.Object(
  {
    call: Type.Literal('prices'),
    file: FileNameSchema,
    lines: Type.Array(LineSchema, { maxItems: maxItemsPerCall }),
    ref: RecordKeySchema,
    mode: PriceModeSchema,
    body: Type.Object(
      { prices: Type.Array(closed(PriceRowSchema), { maxItems: maxItemsPerCall }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** `PUT /customers/{ref}`. */
export const CustomerCallSchema = Type.Object(
  {
    call: Type.Literal('customer'),
    file: FileNameSchema,
    line: LineSchema,
    ref: RecordKeySchema,
    body: closed(CustomerBodySchema),
  },
  { additionalProperties: false },
);

/** `PUT /customers/{ref}/branches/{branch_ref}`. */
export const BranchCallSchema = Type.Object(
  {
    call: Type.Literal('branch'),
    file: FileNameSchema,
    line: LineSchema,
    ref: RecordKeySchema,
    branchRef: RecordKeySchema,
    body: closed(BranchBodySchema),
  },
  { additionalProperties: false },
);

/** `DELETE /customers/{ref}`: a tombstone, sent only after the clerk confirmed it. */
export const CustomerDeleteCallSchema = Type.Object(
  { call: Type.Literal('customer-delete'), file: FileNameSchema, ref: RecordKeySchema },
  { additionalProperties: false },
);

/** `DELETE /customers/{ref}/branches/{branch_ref}`: a tombstone, sent only after the clerk confirmed it. */
export const BranchDeleteCallSchema = Type.Object(
  {
    call: Type.Literal('branch-delete'),
    file: FileNameSchema,
    ref: RecordKeySchema,
    branchRef: RecordKeySchema,
  },
  { additionalProperties: false },
);

/** One call of a plan. */
export const PushCallSchema = Type.Union([
  UnitsBatchCallSchema,
  PriceListCallSchema,
  ProductsBatchCallSchema,
  ProductUnitsCallSchema,
  PricesCallSchema,
  CustomerCallSchema,
  BranchCallSchema,
  BranchDeleteCallSchema,
  CustomerDeleteCallSchema,
  BalancesBatchCallSchema,
]);
/** One call of a plan. */
export type PushCall = Static<typeof PushCallSchema>;
/** The name of a call. */
export type PushCallName = PushCall['call'];

/**
 * A push plan: a label the clerk recognises and its calls in the order they are sent.
 *
 * Spec, Push semantics: the calls come in dependency order; the core sends them in the order given.
 */
export const PushPlanSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 200 }),
    calls: Type.Array(PushCallSchema, { minItems: 1, maxItems: maxPlanCalls }),
  },
  { additionalProperties: false },
);
/** A push plan. */
export type PushPlan = Static<typeof PushPlanSchema>;

/** The order calls are sent in (spec, Push semantics), removals last. */
export const callOrder: readonly PushCallName[] = [
  'units-batch',
  'price-list',
  'products-batch',
  'product-units',
  'prices',
  'customer',
  'branch',
  'balances-batch',
  'branch-delete',
  'customer-delete',
];
