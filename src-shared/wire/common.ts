/**
 * Building blocks of the v1 interface shared by every resource: references, names, decimal
 * strings, dates, keys, the error envelope and feed meta.
 *
 * Spec: ../shared/spec/integration-interface-v1.md. Every schema here is plain JSON Schema so that
 * Fastify (ajv + fast-json-stringify) and `typebox/compile` read it the same way.
 */
import {
  Type,
  type Static,
  type TNull,
  type TObject,
  type TOptional,
  type TSchema,
  type TUnion,
} from 'typebox';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/**
 * `schema` or `null`.
 *
 * Spec, Resources and their fields (conventions): fields named optional may be null or absent.
 */
export function nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A field the spec names optional: it may be absent or null.
 *
 * Spec, Resources and their fields (conventions): "Fields named optional may be null or absent."
 */
export function optionalField<T extends TSchema>(schema: T): TOptional<TUnion<[T, TNull]>> {
  return Type.Optional(nullable(schema));
}

/**
 * The `{ data: X }` wrapper of a single answer.
 *
 * Spec, Endpoints: every success answer carries its payload in `data`.
 */
export function responseOf<T extends TSchema>(schema: T): TObject<{ data: T }> {
  return Type.Object({ data: schema });
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/**
 * An int64 (`version`, `seq`, cursors), carried as a JSON integer.
 *
 * Spec, Resources and their fields (conventions): `version` and `seq` are int64. Values stay far
 * below 2^53, so a JavaScript number holds them exactly.
 */
export const Int64Schema = Type.Integer();
/** An int64 as a number. Spec, conventions. */
export type Int64 = Static<typeof Int64Schema>;

/**
 * An int32 (`line_number`, counts, `per_page`, `status` of an item error).
 *
 * Spec, Resources and their fields (conventions): `line_number` is int32.
 */
export const Int32Schema = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
/** An int32 as a number. Spec, conventions. */
export type Int32 = Static<typeof Int32Schema>;

// ---------------------------------------------------------------------------------------------
// Decimal strings, dates, times
// ---------------------------------------------------------------------------------------------

/**
 * Money in a pulled document: a decimal string with exactly 2 decimals, e.g. `"1250.00"`, `"-3.50"`.
 *
 * Spec, Resources and their fields (conventions): money is a decimal string with 2 decimals.
 */
export const AmountSchema = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
/** Money as a decimal string. Spec, conventions. */
export type Amount = Static<typeof AmountSchema>;

/**
 * A quantity in a pulled document: a decimal string with exactly 3 decimals, e.g. `"12.000"`.
 *
 * Spec, Resources and their fields (conventions): quantities have 3 decimals.
 */
export const QuantitySchema = Type.String({ pattern: '^-?\\d+\\.\\d{3}$' });
/** A quantity as a decimal string. Spec, conventions. */
export type Quantity = Static<typeof QuantitySchema>;

/**
 * A tax rate in percent: a non-negative decimal string, e.g. `"14.00"`.
 *
 * Spec, Resources and their fields (conventions): tax rates are decimal strings. The spec fixes
 * the scale only for amounts and quantities, so any scale is accepted here; the sandbox writes 2
 * decimals.
 */
export const RateSchema = Type.String({ pattern: '^\\d+(?:\\.\\d+)?$' });
/** A tax rate as a decimal string. Spec, conventions. */
export type Rate = Static<typeof RateSchema>;

/**
 * A calendar date `YYYY-MM-DD`.
 *
 * Spec, Resources and their fields (conventions): dates are `YYYY-MM-DD`.
 */
export const DateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** A date string `YYYY-MM-DD`. Spec, conventions. */
export type DateString = Static<typeof DateSchema>;

/**
 * An ISO 8601 timestamp, e.g. `"2025-03-01T09:30:00Z"`.
 *
 * Spec, Resources and their fields (conventions): timestamps are ISO 8601 strings (UTC). The
 * sandbox writes `Z`; a numeric offset is accepted so a reader never rejects `+00:00`.
 */
export const TimestampSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})$',
});
/** An ISO 8601 timestamp string. Spec, conventions. */
export type Timestamp = Static<typeof TimestampSchema>;

// ---------------------------------------------------------------------------------------------
// Keys, references, names
// ---------------------------------------------------------------------------------------------

/**
 * The ERP's key of a pushed record (`{ref}`, `{branch_ref}`, batch `ref`, `*_ref` fields).
 *
 * Spec, Push semantics and Limits: 1 to 64 characters, no `/`; a malformed key is
 * `422 INVALID_REQUEST`.
 */
export const RecordKeySchema = Type.String({ minLength: 1, maxLength: 64, pattern: '^[^/]+$' });
/** An ERP record key. Spec, Push semantics. */
export type RecordKey = Static<typeof RecordKeySchema>;

/**
 * Reference object (`Ref`): a link to a branch, customer, product, unit, sales rep, location,
 * invoice or order.
 *
 * Spec, Resources and their fields, Reference object: `id` (the service's id) required, `code`
 * and `external_ref` (the ERP's key) optional.
 */
export const RefSchema = Type.Object({
  id: Type.String(),
  code: optionalField(Type.String()),
  external_ref: optionalField(Type.String()),
});
/** A reference object. Spec, Reference object (`Ref`). */
export type Ref = Static<typeof RefSchema>;

/**
 * A name as a map from language key to text, e.g. `{ "en": "Water 1.5 L", "ar": "..." }`.
 *
 * Spec, Push bodies: names are maps from language key to string. At least one key is required.
 */
export const NameMapSchema = Type.Record(Type.String(), Type.String(), { minProperties: 1 });
/** A name map. Spec, Push bodies. */
export type NameMap = Static<typeof NameMapSchema>;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * One field-level problem in `error.details`: `field`, plus `code` or `value`; all values strings.
 *
 * Spec, Errors: details is an array of objects with string values, each `{field, plus code or
 * value}`. Other string members are allowed (e.g. `UNKNOWN_REFERENCE` naming a missing key).
 */
export const ErrorDetailSchema = Type.Object(
  {
    field: Type.String(),
    code: Type.Optional(Type.String()),
    value: Type.Optional(Type.String()),
  },
  { additionalProperties: Type.String() },
);
/** One error detail. Spec, Errors. */
export type ErrorDetail = Static<typeof ErrorDetailSchema>;

/**
 * The body of an error: stable `code`, `message`, `details`, `request_id`, `retryable`.
 *
 * Spec, Errors: all five are required; `details` may be empty; `request_id` is also sent in the
 * `X-Request-Id` header. `code` is a plain string so a reader keeps codes it does not know; see
 * `errorCodes` in ./error-codes.ts for the known ones.
 */
export const ErrorBodySchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Array(ErrorDetailSchema),
  request_id: Type.String(),
  retryable: Type.Boolean(),
});
/** The body of an error. Spec, Errors. */
export type ErrorBody = Static<typeof ErrorBodySchema>;

/**
 * The envelope of every error answer: `{ error: ErrorBody }`.
 *
 * Spec, Errors: "Envelope of every error response (the `default` response)".
 */
export const ErrorEnvelopeSchema = Type.Object({ error: ErrorBodySchema });
/** The error envelope. Spec, Errors. */
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Feeds
// ---------------------------------------------------------------------------------------------

/**
 * Feed `meta`: `has_more`, `high_water`, `next_version_after`, `per_page`, and `last_seq` in seq mode.
 *
 * Spec, Pull documents (Feed `meta`): the first four are required; seq-mode feeds
 * (`filter[seq_after]`) also carry `last_seq`.
 */
export const FeedMetaSchema = Type.Object({
  has_more: Type.Boolean(),
  high_water: Int64Schema,
  next_version_after: Int64Schema,
  per_page: Int32Schema,
  last_seq: Type.Optional(Int64Schema),
});
/** Feed meta. Spec, Pull documents. */
export type FeedMeta = Static<typeof FeedMetaSchema>;
