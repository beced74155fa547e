/**
 * The pulled documents of the v1 interface (orders, invoices, payments, returns), their acks and
 * their feeds.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, sections Resources and their fields, Pull
 * documents and Acknowledge documents. Document schemas leave `additionalProperties` open so a
 * reader keeps working when the service adds a field; the sandbox's response serialisation drops
 * anything not listed.
 */
import { Type, type Static } from 'typebox';
import {
  AmountSchema,
  DateSchema,
  ErrorDetailSchema,
  FeedMetaSchema,
  Int32Schema,
  Int64Schema,
  QuantitySchema,
  RateSchema,
  RefSchema,
  TimestampSchema,
  responseOf,
  optionalField,
} from './common';

// ---------------------------------------------------------------------------------------------
// Kinds
// ---------------------------------------------------------------------------------------------

/**
 * A feed: `orders`, `invoices`, `payments` or `returns` (also the first part of their scopes).
 *
 * Spec, What the service does (1) and Pull documents.
 */
export const FeedKindSchema = Type.Union([
  Type.Literal('orders'),
  Type.Literal('invoices'),
  Type.Literal('payments'),
  Type.Literal('returns'),
]);
/** A feed kind. Spec, Pull documents. */
export type FeedKind = Static<typeof FeedKindSchema>;

/**
 * Every feed kind, in the spec's order.
 *
 * Spec, What the service does (1).
 */
export const feedKinds: readonly FeedKind[] = FeedKindSchema.anyOf.map((literal) => literal.const);

/**
 * The `entity` of a batch ack: `order`, `invoice`, `payment` or `return`.
 *
 * Spec, Acknowledge documents (batch `POST /acks`).
 */
export const AckEntitySchema = Type.Union([
  Type.Literal('order'),
  Type.Literal('invoice'),
  Type.Literal('payment'),
  Type.Literal('return'),
]);
/** A batch-ack entity. Spec, Acknowledge documents. */
export type AckEntity = Static<typeof AckEntitySchema>;

// ---------------------------------------------------------------------------------------------
// Shared parts
// ---------------------------------------------------------------------------------------------

/**
 * One tax of a line: `amount`, `code`, `rate`, all required.
 *
 * Spec, Order line and Invoice line: `tax` is an array of {`amount`, `code`, `rate`}.
 */
export const TaxLineSchema = Type.Object({
  amount: AmountSchema,
  code: Type.String(),
  rate: RateSchema,
});
/** One tax of a line. Spec, Order line. */
export type TaxLine = Static<typeof TaxLineSchema>;

/**
 * The outcome of an ack: `ACCEPTED` or `REJECTED`.
 *
 * Spec, Ack.
 */
export const AckOutcomeSchema = Type.Union([Type.Literal('ACCEPTED'), Type.Literal('REJECTED')]);
/** An ack outcome. Spec, Ack. */
export type AckOutcome = Static<typeof AckOutcomeSchema>;

/**
 * The ack stored on a document once the ERP answered it.
 *
 * Spec, Ack: `acked_at`, `acked_version` (the version answered), `outcome` required;
 * `external_number`, `external_ref`, `message`, `reason_code` optional. An ack of a payment or a
 * return is kept at the version it answered; a later change makes the document pending again.
 */
export const AckSchema = Type.Object({
  acked_at: TimestampSchema,
  acked_version: Int64Schema,
  outcome: AckOutcomeSchema,
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  message: optionalField(Type.String()),
  reason_code: optionalField(Type.String()),
});
/** An ack on a document. Spec, Ack. */
export type Ack = Static<typeof AckSchema>;

// ---------------------------------------------------------------------------------------------
// Order
// ---------------------------------------------------------------------------------------------
/**
 * One line of an order; all required except `promotion_code`.
 *
 * Spec, Order (Order line).
 */
export const OrderLineSchema = Type.Object({
  amount: AmountSchema,
  discount: AmountSchema,
  is_free_goods: Type.Boolean(),
  line_number: Int32Schema,
  line_total: AmountSchema,
  product: RefSchema,
  promotion_code: optionalField(Type.String()),
  quantity: QuantitySchema,
  tax: Type.Array(TaxLineSchema),
  unit: RefSchema,
  unit_price: AmountSchema,
});
/** One order line. Spec, Order. */
export type OrderLine = Static<typeof OrderLineSchema>;

/**
 * The totals of an order: `discount`, `gross`, `net`, `subtotal`, `tax`, all required.
 *
 * Spec, Order (Order `totals`).
 */
export const OrderTotalsSchema = Type.Object({
  discount: AmountSchema,
  gross: AmountSchema,
  net: AmountSchema,
  subtotal: AmountSchema,
  tax: AmountSchema,
});
/** Order totals. Spec, Order. */
export type OrderTotals = Static<typeof OrderTotalsSchema>;

/**
 * An order (`GET /orders/{orderId}`, order feed).
 *
 * Spec, Order. `status` is `ERP_PENDING` while awaiting the ERP's answer; an ack moves it to
 * `ERP_CONFIRMED` or `ERP_FAILED` (States and transitions).
 */
export const OrderSchema = Type.Object({
  branch: RefSchema,
  created_at: TimestampSchema,
  currency: Type.String(),
  customer: RefSchema,
  id: Type.String(),
  idempotency_key: Type.String(),
  lines: Type.Array(OrderLineSchema),
  number: Type.String(),
  order_date: DateSchema,
  prices_include_tax: Type.Boolean(),
  sales_rep: RefSchema,
  status: Type.String(),
  totals: OrderTotalsSchema,
  updated_at: TimestampSchema,
  version: Int64Schema,
  ack: optionalField(AckSchema),
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  visit_id: optionalField(Type.String()),
});
/** An order. Spec, Order. */
export type Order = Static<typeof OrderSchema>;

// ---------------------------------------------------------------------------------------------
// Invoice
// ---------------------------------------------------------------------------------------------

/**
 * One line of an invoice; all required except `promotion_code`.
 *
 * Spec, Invoice (Line).
 */
export const InvoiceLineSchema = Type.Object({
  description: Type.String(),
  discount: AmountSchema,
  is_free_goods: Type.Boolean(),
  line_number: Int32Schema,
  line_total: AmountSchema,
  product: RefSchema,
  promotion_code: optionalField(Type.String()),
  quantity: QuantitySchema,
  tax: Type.Array(TaxLineSchema),
  unit: RefSchema,
  unit_price: AmountSchema,
});
/** One invoice line. Spec, Invoice. */
export type InvoiceLine = Static<typeof InvoiceLineSchema>;

/**
 * One line of the order summary inside an invoice.
 *
 * Spec, Invoice (`order` lines): all required except `promotion_code`.
 */
export const InvoiceOrderLineSchema = Type.Object({
  discount: AmountSchema,
  is_free_goods: Type.Boolean(),
  line_number: Int32Schema,
  product: RefSchema,
  promotion_code: optionalField(Type.String()),
  quantity: QuantitySchema,
  unit: RefSchema,
  unit_price: AmountSchema,
});
/** One line of an invoice's order summary. Spec, Invoice. */
export type InvoiceOrderLine = Static<typeof InvoiceOrderLineSchema>;

/**
 * The summary of the order an invoice was issued from.
 *
 * Spec, Invoice (`order`): `external_number` and `external_ref` optional, the rest required.
 */
export const InvoiceOrderSummarySchema = Type.Object({
  branch: RefSchema,
  customer: RefSchema,
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  id: Type.String(),
  lines: Type.Array(InvoiceOrderLineSchema),
  number: Type.String(),
  sales_rep: RefSchema,
  status: Type.String(),
});
/** An invoice's order summary. Spec, Invoice. */
export type InvoiceOrderSummary = Static<typeof InvoiceOrderSummarySchema>;

/**
 * The tax authority submission of an invoice: `status` required (`VALID` seen).
 *
 * Spec, Invoice (`tax_submission`).
 */
export const TaxSubmissionSchema = Type.Object({
  status: Type.String(),
  eta_uuid: optionalField(Type.String()),
  reason: optionalField(Type.String()),
  submitted_at: optionalField(TimestampSchema),
});
/** An invoice's tax submission. Spec, Invoice. */
export type TaxSubmission = Static<typeof TaxSubmissionSchema>;

/**
 * The totals of an invoice: `discount`, `subtotal`, `tax`, `total`, all required.
 *
 * Spec, Invoice (`totals`).
 */
export const InvoiceTotalsSchema = Type.Object({
  discount: AmountSchema,
  subtotal: AmountSchema,
  tax: AmountSchema,
  total: AmountSchema,
});
/** Invoice totals. Spec, Invoice. */
export type InvoiceTotals = Static<typeof InvoiceTotalsSchema>;

/**
 * An invoice (`GET /invoices/{id}`, invoice feed).
 *
 * Spec, Invoice. `seq` is the gap-free issue sequence (Versioning); `handover_id` is the id of
 * the originating order.
 */
export const InvoiceSchema = Type.Object({
  branch: RefSchema,
  currency: Type.String(),
  customer: RefSchema,
  id: Type.String(),
  issue_date: DateSchema,
  issued_at: TimestampSchema,
  lines: Type.Array(InvoiceLineSchema),
  number: Type.String(),
  order: InvoiceOrderSummarySchema,
  prices_include_tax: Type.Boolean(),
  status: Type.String(),
  totals: InvoiceTotalsSchema,
  updated_at: TimestampSchema,
  version: Int64Schema,
  ack: optionalField(AckSchema),
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  handover_id: optionalField(Type.String()),
  seq: optionalField(Int64Schema),
  tax_submission: optionalField(TaxSubmissionSchema),
});
/** An invoice. Spec, Invoice. */
export type Invoice = Static<typeof InvoiceSchema>;

// ---------------------------------------------------------------------------------------------
// Payment
// ---------------------------------------------------------------------------------------------

/**
 * One allocation of a payment to a receivable.
 *
 * Spec, Payment (allocation): `amount`, `kind`, `receivable_id`, `reference` required;
 * `invoice` (Ref) optional.
 */
export const PaymentAllocationSchema = Type.Object({
  amount: AmountSchema,
  kind: Type.String(),
  receivable_id: Type.String(),
  reference: Type.String(),
  invoice: optionalField(RefSchema),
});
/** One payment allocation. Spec, Payment. */
export type PaymentAllocation = Static<typeof PaymentAllocationSchema>;

/**
 * The cheque of a cheque payment: `number`, `status` (`IN_HAND` seen) required.
 *
 * Spec, Payment (cheque) and States and transitions.
 */
export const ChequeSchema = Type.Object({
  number: Type.String(),
  status: Type.String(),
  bank: optionalField(Type.String()),
  bounce_reason: optionalField(Type.String()),
  due_on: optionalField(DateSchema),
});
/** A payment's cheque. Spec, Payment. */
export type Cheque = Static<typeof ChequeSchema>;

/**
 * Who collected a payment: the sales rep (Ref) and the user name, both optional.
 *
 * Spec, Payment (collected_by).
 */
export const CollectedBySchema = Type.Object({
  sales_rep: optionalField(RefSchema),
  user: optionalField(Type.String()),
});
/** Who collected a payment. Spec, Payment. */
export type CollectedBy = Static<typeof CollectedBySchema>;

/**
 * The receipt issued for a payment: `balance_after`, `id`, `issued_at`, `number` required.
 *
 * Spec, Payment (receipt).
 */
export const ReceiptSchema = Type.Object({
  balance_after: AmountSchema,
  id: Type.String(),
  issued_at: TimestampSchema,
  number: Type.String(),
  seq: optionalField(Int64Schema),
  void_reason: optionalField(Type.String()),
  voided_at: optionalField(TimestampSchema),
});
/** A payment's receipt. Spec, Payment. */
export type Receipt = Static<typeof ReceiptSchema>;

/**
 * The reversal of a payment: `reason`, `reversed_at`, `reversed_by`, all required.
 *
 * Spec, Payment (reversal).
 */
export const ReversalSchema = Type.Object({
  reason: Type.String(),
  reversed_at: TimestampSchema,
  reversed_by: Type.String(),
});
/** A payment's reversal. Spec, Payment. */
export type Reversal = Static<typeof ReversalSchema>;

/**
 * A payment (receipt) (`GET /payments/{id}`, payment feed).
 *
 * Spec, Payment. `method` is a code of `reference/payment-methods` (`CASH`, `CHEQUE` seen);
 * `on_account` is the money not allocated, a decimal string like every amount of a pulled
 * document (spec conventions).
 */
export const PaymentSchema = Type.Object({
  allocations: Type.Array(PaymentAllocationSchema),
  amount: AmountSchema,
  branch: RefSchema,
  collected_at: TimestampSchema,
  collected_by: CollectedBySchema,
  collection_date: DateSchema,
  currency: Type.String(),
  customer: RefSchema,
  id: Type.String(),
  method: Type.String(),
  on_account: AmountSchema,
  status: Type.String(),
  updated_at: TimestampSchema,
  version: Int64Schema,
  ack: optionalField(AckSchema),
  cheque: optionalField(ChequeSchema),
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  number: optionalField(Type.String()),
  receipt: optionalField(ReceiptSchema),
  reference: optionalField(Type.String()),
  reversal: optionalField(ReversalSchema),
  seq: optionalField(Int64Schema),
});
/** A payment. Spec, Payment. */
export type Payment = Static<typeof PaymentSchema>;

// ---------------------------------------------------------------------------------------------
// Return
// ---------------------------------------------------------------------------------------------

/**
 * The invoice a return was made against: `id`, `number` required.
 *
 * Spec, Return (`invoice`).
 */
export const ReturnInvoiceLinkSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  seq: optionalField(Int64Schema),
});
/** A return's invoice link. Spec, Return. */
export type ReturnInvoiceLink = Static<typeof ReturnInvoiceLinkSchema>;

/**
 * One line of a return; all required except `batch_id`.
 *
 * Spec, Return (Line): `invoice_line_number` names the invoice line returned.
 */
export const ReturnLineSchema = Type.Object({
  invoice_line_number: Int32Schema,
  is_expired: Type.Boolean(),
  line_number: Int32Schema,
  line_total: AmountSchema,
  product: RefSchema,
  quantity: QuantitySchema,
  unit: RefSchema,
  unit_price: AmountSchema,
  batch_id: optionalField(Type.String()),
});
/** One return line. Spec, Return. */
export type ReturnLine = Static<typeof ReturnLineSchema>;

/**
 * The office's approval of a return; all members optional strings.
 *
 * Spec, Return (`approval`).
 */
export const ReturnApprovalSchema = Type.Object({
  decided_at: optionalField(TimestampSchema),
  decided_by: optionalField(Type.String()),
  held_reason: optionalField(Type.String()),
  note: optionalField(Type.String()),
});
/** A return's approval. Spec, Return. */
export type ReturnApproval = Static<typeof ReturnApprovalSchema>;

/**
 * A return (credit note) (`GET /returns/{id}`, return feed).
 *
 * Spec, Return. `reason` is a code of `reference/return-reasons`; `location` is a Ref.
 */
export const ReturnSchema = Type.Object({
  branch: RefSchema,
  currency: Type.String(),
  customer: RefSchema,
  id: Type.String(),
  invoice: ReturnInvoiceLinkSchema,
  lines: Type.Array(ReturnLineSchema),
  location: RefSchema,
  number: Type.String(),
  reason: Type.String(),
  return_date: DateSchema,
  returned_at: TimestampSchema,
  sales_rep: RefSchema,
  status: Type.String(),
  total: AmountSchema,
  updated_at: TimestampSchema,
  version: Int64Schema,
  ack: optionalField(AckSchema),
  approval: optionalField(ReturnApprovalSchema),
  credit_note_number: optionalField(Type.String()),
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  seq: optionalField(Int64Schema),
});
/** A return. Spec, Return. */
export type Return = Static<typeof ReturnSchema>;

// ---------------------------------------------------------------------------------------------
// Single-document answers
// ---------------------------------------------------------------------------------------------

/** `GET /orders/{orderId}` answer: `{ data: Order }`. Spec, Pull documents. */
export const OrderResponseSchema = responseOf(OrderSchema);
/** `GET /orders/{orderId}` answer. Spec, Pull documents. */
export type OrderResponse = Static<typeof OrderResponseSchema>;

/** `GET /invoices/{id}` answer: `{ data: Invoice }`. Spec, Pull documents. */
export const InvoiceResponseSchema = responseOf(InvoiceSchema);
/** `GET /invoices/{id}` answer. Spec, Pull documents. */
export type InvoiceResponse = Static<typeof InvoiceResponseSchema>;

/** `GET /payments/{id}` answer: `{ data: Payment }`. Spec, Pull documents. */
export const PaymentResponseSchema = responseOf(PaymentSchema);
/** `GET /payments/{id}` answer. Spec, Pull documents. */
export type PaymentResponse = Static<typeof PaymentResponseSchema>;

/** `GET /returns/{id}` answer: `{ data: Return }`. Spec, Pull documents. */
export const ReturnResponseSchema = responseOf(ReturnSchema);
/** `GET /returns/{id}` answer. Spec, Pull documents. */
export type ReturnResponse = Static<typeof ReturnResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Feeds
// ---------------------------------------------------------------------------------------------

/**
 * The query of a feed (`GET /orders`, `/invoices`, `/payments`, `/returns`); every key optional.
 *
 * Spec, Pull documents (feed query parameters); the order and return feeds take the same ones
 * (docs/decisions/005-order-and-return-feeds-and-cursors.md). Keys are the literal query names
 * (`filter[version_after]`), not nested objects. Int64 parameters are typed `Type.Integer`: the
 * sandbox relies on Fastify's ajv coercion of query strings; a client serialises the numbers.
 * Unknown names fail `additionalProperties: false` and answer 400 `INVALID_REQUEST` naming the
 * known filters (the sandbox must turn ajv's `removeAdditional` off for this). Rules the schema
 * cannot say, checked by the route: `filter[updated_after]` not together with a cursor;
 * `filter[seq_after]` on its own; `filter[id]` is a comma list of at most 100 ids;
 * `version_after` is an alias of `filter[version_after]`.
 */
export const FeedQuerySchema = Type.Object(
  {
    'filter[version_after]': Type.Optional(Type.Integer({ minimum: 0 })),
    version_after: Type.Optional(Type.Integer({ minimum: 0 })),
    'filter[updated_after]': Type.Optional(TimestampSchema),
    'filter[ack]': Type.Optional(
      Type.Union([
        Type.Literal('pending'),
        Type.Literal('accepted'),
        Type.Literal('rejected'),
        Type.Literal('any'),
      ]),
    ),
    'filter[id]': Type.Optional(Type.String({ minLength: 1 })),
    'filter[external_ref]': Type.Optional(Type.String({ minLength: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    'filter[seq_after]': Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
/** A feed query. Spec, Pull documents. */
export type FeedQuery = Static<typeof FeedQuerySchema>;

/**
 * Default of `per_page` when absent.
 *
 * Spec, Pull documents and Limits: 1 to 500, default 100.
 */
export const defaultPerPage = 100;

/** A page of the order feed: `{ data: Order[], meta }`. Spec, Pull documents; docs/decisions/005-order-and-return-feeds-and-cursors.md. */
export const OrderFeedPageSchema = Type.Object({ data: Type.Array(OrderSchema), meta: FeedMetaSchema });
/** A page of the order feed. Spec, Pull documents. */
export type OrderFeedPage = Static<typeof OrderFeedPageSchema>;

/** A page of the invoice feed: `{ data: Invoice[], meta }`. Spec, Pull documents. */
export const InvoiceFeedPageSchema = Type.Object({ data: Type.Array(InvoiceSchema), meta: FeedMetaSchema });
/** A page of the invoice feed. Spec, Pull documents. */
export type InvoiceFeedPage = Static<typeof InvoiceFeedPageSchema>;

/** A page of the payment feed: `{ data: Payment[], meta }`. Spec, Pull documents. */
export const PaymentFeedPageSchema = Type.Object({ data: Type.Array(PaymentSchema), meta: FeedMetaSchema });
/** A page of the payment feed. Spec, Pull documents. */
export type PaymentFeedPage = Static<typeof PaymentFeedPageSchema>;

/** A page of the return feed: `{ data: Return[], meta }`. Spec, Pull documents; docs/decisions/005-order-and-return-feeds-and-cursors.md. */
export const ReturnFeedPageSchema = Type.Object({ data: Type.Array(ReturnSchema), meta: FeedMetaSchema });
/** A page of the return feed. Spec, Pull documents. */
export type ReturnFeedPage = Static<typeof ReturnFeedPageSchema>;

/**
 * Where a feed's stream stands: `high_water` (version) and `last_seq`, both int64.
 *
 * Spec, Pull documents (`GET /payments/cursor`); every feed has one
 * (docs/decisions/005-order-and-return-feeds-and-cursors.md; orders carry no `seq`, so their
 * `last_seq` is 0). To start from now use `filter[seq_after]=last_seq` or
 * `filter[version_after]=high_water`.
 */
export const FeedCursorSchema = Type.Object({
  high_water: Int64Schema,
  last_seq: Int64Schema,
});
/** A feed cursor. Spec, Pull documents. */
export type FeedCursor = Static<typeof FeedCursorSchema>;

/** `GET /{feed}/cursor` answer: `{ data: FeedCursor }`. Spec, Pull documents. */
export const FeedCursorResponseSchema = responseOf(FeedCursorSchema);
/** A cursor answer. Spec, Pull documents. */
export type FeedCursorResponse = Static<typeof FeedCursorResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Acks
// ---------------------------------------------------------------------------------------------

/**
 * The body of a single ack (`POST /orders/{orderId}/ack`, `/invoices/{id}/ack`,
 * `/payments/{id}/ack`, `/returns/{id}/ack`).
 *
 * Spec, Acknowledge documents. `outcome` is required here although the spec's schema marks
 * every member optional (docs/decisions/007-ack-bodies.md); the rest may be absent or null. An
 * order ACCEPTED carries the ERP's number in `external_number`; a REJECTED one a reason.
 */
export const AckBodySchema = Type.Object({
  outcome: AckOutcomeSchema,
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  message: optionalField(Type.String()),
  reason_code: optionalField(Type.String()),
});
/** A single ack body. Spec, Acknowledge documents. */
export type AckBody = Static<typeof AckBodySchema>;

/**
 * The `data` of a single ack's answer: `ack`, `id`, `result`, `status`, `version`; `number` optional.
 *
 * Spec, Acknowledge documents. `result` is a string (`applied`, `unchanged` seen); `status` is
 * the document's status after the ack.
 */
export const AckResponseDataSchema = Type.Object({
  ack: AckSchema,
  id: Type.String(),
  number: optionalField(Type.String()),
  result: Type.String(),
  status: Type.String(),
  version: Int64Schema,
});
/** The data of a single ack's answer. Spec, Acknowledge documents. */
export type AckResponseData = Static<typeof AckResponseDataSchema>;

/** A single ack's answer: `{ data: AckResponseData }`. Spec, Acknowledge documents. */
export const AckResponseSchema = responseOf(AckResponseDataSchema);
/** A single ack's answer. Spec, Acknowledge documents. */
export type AckResponse = Static<typeof AckResponseSchema>;

/**
 * One item of a batch ack: the service's `id`, `outcome` and the single ack's optional members.
 *
 * Spec, Acknowledge documents (batch `POST /acks`); `outcome` required as in a single ack
 * (docs/decisions/007-ack-bodies.md).
 */
export const BatchAckItemSchema = Type.Object({
  id: Type.String(),
  outcome: AckOutcomeSchema,
  external_number: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
  message: optionalField(Type.String()),
  reason_code: optionalField(Type.String()),
});
/** One batch-ack item. Spec, Acknowledge documents. */
export type BatchAckItem = Static<typeof BatchAckItemSchema>;

/**
 * The body of `POST /acks`: `entity` and at most 500 `items`.
 *
 * Spec, Acknowledge documents and Limits (batch at most 500 items; counts as one request).
 */
export const BatchAckBodySchema = Type.Object({
  entity: AckEntitySchema,
  items: Type.Array(BatchAckItemSchema, { maxItems: 500 }),
});
/** A batch-ack body. Spec, Acknowledge documents. */
export type BatchAckBody = Static<typeof BatchAckBodySchema>;

/**
 * The error of one failed item of a batch: `code`, `details`, `message`, `retryable`, `status`.
 *
 * Spec, Acknowledge documents: all five required; `status` is an int32 HTTP status.
 */
export const ItemErrorSchema = Type.Object({
  code: Type.String(),
  details: Type.Array(ErrorDetailSchema),
  message: Type.String(),
  retryable: Type.Boolean(),
  status: Int32Schema,
});
/** A batch item's error. Spec, Acknowledge documents. */
export type ItemError = Static<typeof ItemErrorSchema>;

/**
 * The result of one batch-ack item; only `result` is required.
 *
 * Spec, Acknowledge documents: `result` (`applied` or `unchanged` seen), `id`, `status`,
 * `version`, `ack`, `error`. A failed item carries `error` and, in this project, `result:
 * "failed"` (docs/decisions/007-ack-bodies.md).
 */
export const BatchAckItemResultSchema = Type.Object({
  result: Type.String(),
  id: optionalField(Type.String()),
  status: optionalField(Type.String()),
  version: optionalField(Int64Schema),
  ack: optionalField(AckSchema),
  error: optionalField(ItemErrorSchema),
});
/** One batch-ack item's result. Spec, Acknowledge documents. */
export type BatchAckItemResult = Static<typeof BatchAckItemResultSchema>;

/**
 * The answer of `POST /acks`: `data` (one result per item, in order) and `meta` counts.
 *
 * Spec, Acknowledge documents: `meta` {`applied`, `failed`, `unchanged`}, int32, required.
 * Answered with HTTP 200 even when items failed (Errors, Rules).
 */
export const BatchAckResponseSchema = Type.Object({
  data: Type.Array(BatchAckItemResultSchema),
  meta: Type.Object({
    applied: Int32Schema,
    failed: Int32Schema,
    unchanged: Int32Schema,
  }),
});
/** A batch-ack answer. Spec, Acknowledge documents. */
export type BatchAckResponse = Static<typeof BatchAckResponseSchema>;
