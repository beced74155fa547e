/**
 * The OpenAPI 3.1 document of the v1 interface, generated from the endpoint rows (./endpoints.ts),
 * their TypeBox schemas and the error codes (./error-codes.ts): nothing in it is typed twice.
 *
 * docs/decisions/018-openapi-document.md. The sandbox serves it at `GET {base_url}/openapi.json`
 * without a token; `npm run openapi` writes it to docs/openapi.json. Data and pure functions only.
 * TypeBox schemas are JSON Schema; `jsonSchemaOf` copies them into the document's JSON Schema
 * 2020-12, dropping TypeBox's own markers and refusing what JSON cannot carry.
 */
import type { TSchema } from 'typebox';
import * as wire from './index';
import { DateSchema, Int32Schema, TimestampSchema } from './common';
import { AckEntitySchema } from './documents';
import { ackEntityScope, endpoints, lookupScopes, type EndpointDef, type EndpointName } from './endpoints';
import { errorCodes, type ErrorCode } from './error-codes';
import { LookupEntitySchema, batchPushBodyOf, referenceKinds, type Scope } from './master-data';

// ---------------------------------------------------------------------------------------------
// Document types (only the parts this generator writes)
// ---------------------------------------------------------------------------------------------

/** A JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
/** A JSON Schema 2020-12 schema as the document carries it: an object or a boolean. */
export type JsonSchema = JsonObject | boolean;

/** A Reference Object: `{ $ref: '#/components/...' }`. */
export type OpenApiRef = { $ref: string };

/** A Header Object of a response. */
export interface OpenApiHeader {
  description: string;
  required: boolean;
  schema: JsonSchema;
}

/** A Response Object. `x-error-codes` lists the error codes the operation answers with this status. */
export interface OpenApiResponse {
  description: string;
  headers: Record<string, OpenApiHeader | OpenApiRef>;
  content?: { 'application/json': { schema: JsonSchema } };
  'x-error-codes'?: string[];
}

/** A Parameter Object (path, query or header). */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/**
 * The scopes of an operation whose scope depends on a record family the request names (`/lookup`,
 * `/acks`): for each value of `name` in `in`, the scopes of which the call needs any one.
 */
export interface ScopesByEntity {
  in: 'query' | 'body';
  name: string;
  scopes: Record<string, Scope[]>;
}

/** An Operation Object. `x-scopes`: the scopes of which the call needs any one; empty for none. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  'x-scopes': Scope[];
  'x-scopes-by-entity'?: ScopesByEntity;
  parameters: Array<OpenApiParameter | OpenApiRef>;
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, OpenApiResponse | OpenApiRef>;
}

/** A Path Item Object: the operations of one path template. */
export type OpenApiPathItem = Partial<Record<'get' | 'put' | 'post' | 'delete', OpenApiOperation>>;

/** The OpenAPI 3.1 document of v1. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: Array<{
    url: string;
    description: string;
    variables: { base_url: { default: string; description: string } };
  }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    headers: Record<string, OpenApiHeader>;
    parameters: Record<string, OpenApiParameter>;
    securitySchemes: Record<string, JsonObject>;
  };
}

// ---------------------------------------------------------------------------------------------
// TypeBox schema -> JSON Schema 2020-12
// ---------------------------------------------------------------------------------------------

/**
 * A schema the document cannot carry: a TypeBox type with no JSON form (bigint, function,
 * undefined, a refinement, a `Uint8Array` value), a keyword JSON Schema 2020-12 does not know, or a
 * `$ref` to nothing. `at` is the JSON pointer of the offending part.
 */
export class UnsupportedSchemaError extends Error {
  constructor(
    readonly at: string,
    reason: string,
  ) {
    super(`${at}: ${reason}`);
    this.name = 'UnsupportedSchemaError';
  }
}

const jsonTypes = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Keywords whose value is a map of names to schemas. */
const schemaMapKeywords = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is one schema. */
const schemaKeywords = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value is a list of schemas. */
const schemaListKeywords = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
/** Keywords whose value is plain JSON, copied as is. */
const valueKeywords = new Set([
  'const',
  'enum',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'format',
  'contentEncoding',
  'contentMediaType',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  '$comment',
]);
const componentNamePattern = /^[A-Za-z0-9._-]+$/;
// The wire's int32 bounds and date and time patterns (TypeBox's types do not carry options).
const int32Minimum = Number(Reflect.get(Int32Schema, 'minimum'));
const int32Maximum = Number(Reflect.get(Int32Schema, 'maximum'));
const datePattern: unknown = Reflect.get(DateSchema, 'pattern');
const timestampPattern: unknown = Reflect.get(TimestampSchema, 'pattern');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `value` as JSON, refusing what JSON has no form for (bigint, functions, `Uint8Array`, NaN...). */
function jsonOf(value: unknown, at: string): JsonValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnsupportedSchemaError(at, `${value} has no JSON form`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => jsonOf(item, `${at}/${i}`));
  if (isPlainObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = jsonOf(item, `${at}/${escapePointer(key)}`);
    return out;
  }
  const kind = value instanceof Uint8Array ? 'a Uint8Array' : typeof value;
  throw new UnsupportedSchemaError(at, `${kind} has no JSON form`);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** JSON text of a value with object members sorted: equal schemas give equal text. */
function canonicalText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * Names the wire's exported schemas (`OrderSchema` is the component `Order`) and turns TypeBox
 * schemas into the document's JSON Schema, collecting every named schema a converted one uses into
 * `components`.
 */
class SchemaConverter {
  /** Every component written so far, by name; a name is reserved before its schema is converted. */
  readonly components: Record<string, JsonSchema> = {};
  private readonly names = new Map<object, string>();
  private readonly namesByText = new Map<string, string | null>();
  private readonly sources = new Map<string, object>();

  constructor(named: Record<string, unknown>) {
    for (const [exportName, value] of Object.entries(named)) {
      if (!exportName.endsWith('Schema') || !isPlainObject(value) || this.names.has(value)) continue;
      const name = exportName.slice(0, -'Schema'.length);
      this.names.set(value, name);
      const text = canonicalText(value);
      this.namesByText.set(text, this.namesByText.has(text) ? null : name);
    }
  }

  /**
   * `schema` as JSON Schema: a `$ref` when it is a named wire schema, else the schema inline.
   *
   * `matchByContent` also names a schema equal to a named one (a copy such as `Type.Optional(X)` or
   * `batchPushBodyOf(...)` makes), when exactly one named schema has that content.
   */
  convert(schema: unknown, at: string, matchByContent = false): JsonSchema {
    if (isPlainObject(schema)) {
      const byIdentity = this.names.get(schema);
      const isOptionalCopy = Object.hasOwn(schema, '~optional');
      const byContent =
        byIdentity === undefined && (matchByContent || isOptionalCopy)
          ? this.namesByText.get(canonicalText(schema))
          : undefined;
      const name = byIdentity ?? byContent ?? undefined;
      if (name !== undefined) return this.reference(name, schema, at);
    }
    return this.inline(schema, at);
  }

  /** A `$ref` to the component `name`, converting `source` into it the first time. */
  private reference(name: string, source: object, at: string): OpenApiRef {
    const known = this.sources.get(name);
    if (known === undefined) {
      this.sources.set(name, source);
      this.components[name] = true; // reserved while converting, so a cycle refers to it
      this.components[name] = this.inline(source, `#/components/schemas/${name}`);
    } else if (known !== source && canonicalText(known) !== canonicalText(source)) {
      throw new UnsupportedSchemaError(at, `two different schemas are named ${name}`);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** `schema` converted keyword by keyword (never replaced by a `$ref` to itself). */
  private inline(schema: unknown, at: string): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isPlainObject(schema)) throw new UnsupportedSchemaError(at, 'is not a schema');
    if (Object.hasOwn(schema, '~refine')) {
      throw new UnsupportedSchemaError(
        at,
        'has a refinement (a JavaScript check), which JSON Schema cannot carry',
      );
    }
    const id = schema['$id'];
    if (id !== undefined) {
      // A TypeBox schema with `$id` (e.g. in a `Type.Cyclic`) is a component named by it, which
      // `Type.Ref(id)` refers to.
      if (typeof id !== 'string' || !componentNamePattern.test(id)) {
        throw new UnsupportedSchemaError(at, `$id ${String(id)} is not a component name`);
      }
      const rest: Record<string, unknown> = { ...schema };
      delete rest['$id'];
      return this.reference(id, rest, at);
    }
    const out: JsonObject = {};
    // A draft-07 tuple (`items: [...]` and `additionalItems`) is `prefixItems` and `items` in 2020-12;
    // `additionalItems` beside a single `items` schema has no effect in draft-07 either, so it goes.
    const isTuple = Array.isArray(schema['items']);
    for (const key of Object.keys(schema)) {
      // TypeBox's markers (`~kind`, `~optional`) are not keywords; the document's dialect replaces `$schema`.
      if (key.startsWith('~') || key === '$schema') continue;
      const value = schema[key];
      const here = `${at}/${escapePointer(key)}`;
      if (key === 'type') out.type = this.typeOf(value, here);
      else if (key === '$ref') out.$ref = this.refOf(value, here);
      else if (key === 'items' && isTuple) out.prefixItems = this.list(value, here);
      else if (key === 'additionalItems') {
        if (isTuple) out.items = this.convert(value, here);
      } else if (key === '$defs') {
        const definitions = this.definitions(value, here);
        if (Object.keys(definitions).length > 0) out.$defs = definitions;
      } else if (schemaKeywords.has(key)) out[key] = this.convert(value, here);
      else if (schemaListKeywords.has(key)) out[key] = this.list(value, here);
      else if (schemaMapKeywords.has(key)) out[key] = this.map(value, here);
      else if (valueKeywords.has(key)) out[key] = jsonOf(value, here);
      else throw new UnsupportedSchemaError(here, `"${key}" is not a JSON Schema 2020-12 keyword`);
    }
    return tidy(out);
  }

  private typeOf(value: unknown, at: string): JsonValue {
    const types = Array.isArray(value) ? value : [value];
    for (const type of types) {
      if (typeof type !== 'string' || !jsonTypes.has(type)) {
        throw new UnsupportedSchemaError(at, `the TypeBox type ${String(type)} has no JSON form`);
      }
    }
    return jsonOf(value, at);
  }

  private refOf(value: unknown, at: string): string {
    if (typeof value !== 'string' || !componentNamePattern.test(value)) {
      throw new UnsupportedSchemaError(at, `$ref ${String(value)} is not a TypeBox reference by $id`);
    }
    return `#/components/schemas/${value}`;
  }

  private list(value: unknown, at: string): JsonSchema[] {
    if (!Array.isArray(value)) throw new UnsupportedSchemaError(at, 'is not a list of schemas');
    return value.map((item, i) => this.convert(item, `${at}/${i}`));
  }

  private map(value: unknown, at: string): JsonObject {
    if (!isPlainObject(value)) throw new UnsupportedSchemaError(at, 'is not a map of schemas');
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value))
      out[key] = this.convert(item, `${at}/${escapePointer(key)}`);
    return out;
  }

  /** `$defs` without the definitions that carry an `$id`: those become components of their own. */
  private definitions(value: unknown, at: string): JsonObject {
    if (!isPlainObject(value)) throw new UnsupportedSchemaError(at, 'is not a map of schemas');
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const converted = this.convert(item, `${at}/${escapePointer(key)}`);
      if (!isPlainObject(item) || item['$id'] === undefined) out[key] = converted;
    }
    return out;
  }

  /** Throws when some `$ref` names a component that was never written. */
  checkReferences(value: unknown, at = '#'): void {
    if (Array.isArray(value)) value.forEach((item, i) => this.checkReferences(item, `${at}/${i}`));
    else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const prefix = '#/components/schemas/';
        if (key === '$ref' && typeof item === 'string' && item.startsWith(prefix)) {
          if (!Object.hasOwn(this.components, item.slice(prefix.length))) {
            throw new UnsupportedSchemaError(at, `$ref ${item} names no schema`);
          }
        } else this.checkReferences(item, `${at}/${escapePointer(key)}`);
      }
    }
  }
}

/**
 * Rewrites a converted schema into the plainest equal form: a union of string literals becomes an
 * `enum`; a TypeBox record of any key becomes `additionalProperties`; integers and the wire's dates
 * and times get the OpenAPI `format` a code generator maps to a type (`int32`, `int64`, `date`,
 * `date-time`), an annotation that checks nothing the schema does not already check.
 */
function tidy(schema: JsonObject): JsonObject {
  const members = schema.anyOf;
  if (Array.isArray(members) && members.length > 1 && schema.type === undefined) {
    const literals = members.filter(
      (m): m is JsonObject =>
        isPlainObject(m) && Object.keys(m).length === 2 && typeof m.type === 'string' && 'const' in m,
    );
    const type = literals[0]?.type;
    if (literals.length === members.length && literals.every((m) => m.type === type) && type !== undefined) {
      const { anyOf: _anyOf, ...rest } = schema;
      return tidy({ type, enum: literals.map((m) => m.const ?? null), ...rest });
    }
  }
  const patterns = schema.patternProperties;
  if (
    isPlainObject(patterns) &&
    Object.keys(patterns).length === 1 &&
    patterns['^.*$'] !== undefined &&
    schema.properties === undefined &&
    schema.additionalProperties === undefined
  ) {
    const { patternProperties: _patterns, ...rest } = schema;
    return { ...rest, additionalProperties: patterns['^.*$'] };
  }
  if (schema.format === undefined) {
    if (schema.type === 'integer') {
      const { minimum, maximum } = schema;
      const isInt32 =
        typeof minimum === 'number' &&
        typeof maximum === 'number' &&
        minimum >= int32Minimum &&
        maximum <= int32Maximum;
      return { ...schema, format: isInt32 ? 'int32' : 'int64' };
    }
    if (schema.type === 'string' && schema.pattern === datePattern) return { ...schema, format: 'date' };
    if (schema.type === 'string' && schema.pattern === timestampPattern)
      return { ...schema, format: 'date-time' };
  }
  return schema;
}

/**
 * A TypeBox schema as JSON Schema 2020-12, with the schemas it uses by name (`{ $ref:
 * '#/components/schemas/X' }`) collected into `components`.
 *
 * docs/decisions/018-openapi-document.md: TypeBox's markers are dropped; `$id` makes a component
 * and `Type.Ref(id)` refers to it; a draft-07 tuple (`items: [...]`) becomes `prefixItems`; a type
 * or value JSON has no form for, a refinement or an unknown keyword throws
 * `UnsupportedSchemaError` rather than describe the wire wrongly. `named` maps export names
 * (`OrderSchema`) to schemas; by default the wire's own exports.
 */
export function jsonSchemaOf(
  schema: TSchema,
  named: Record<string, unknown> = wire,
): { schema: JsonSchema; components: Record<string, JsonSchema> } {
  const converter = new SchemaConverter(named);
  const converted = converter.convert(schema, '#');
  converter.checkReferences({ converted, components: converter.components });
  return { schema: converted, components: converter.components };
}

// ---------------------------------------------------------------------------------------------
// What the rows do not say: summaries and each endpoint's own refusals
// ---------------------------------------------------------------------------------------------

const tags = {
  identity: 'Identity and lookup',
  pull: 'Pull documents',
  ack: 'Acknowledge documents',
  push: 'Push master data',
  sandbox: 'Sandbox',
} as const;

/**
 * What an endpoint row leaves to words: its tag, summary and notes, and the error codes it answers
 * beyond those every call, every write and every schema failure can get (spec, Errors; the
 * conditions in docs/decisions/022-ack-conflicts.md, 030-keys-codes-and-adoption.md,
 * 032-tombstones-and-routes.md).
 */
interface OperationNote {
  readonly tag: (typeof tags)[keyof typeof tags];
  readonly summary: string;
  readonly description?: string;
  readonly refusals: readonly ErrorCode[];
}

const ackConflicts = ['NOT_FOUND', 'ALREADY_ACKNOWLEDGED', 'ERP_MODE_NOT_API'] as const;
const feedNote =
  'Version mode (`filter[version_after]`, default 0) lists every change in version order; seq mode ' +
  '(`filter[seq_after]`, with `per_page` only) lists issued documents once each in `seq` order. ' +
  'An unknown parameter answers 400 `INVALID_REQUEST` naming the known ones ' +
  '(docs/decisions/021-feed-filters.md).';

const operationNotes = {
  me: { tag: tags.identity, summary: 'The calling client, its company and its scopes', refusals: [] },
  reference: {
    tag: tags.identity,
    summary: 'A code list',
    description: `The kinds: ${referenceKinds.join(', ')}. An unknown kind answers 404 \`NOT_FOUND\` (docs/decisions/015-reference-list-contents.md).`,
    refusals: ['NOT_FOUND'],
  },
  lookup: {
    tag: tags.identity,
    summary: 'Look up a record by ERP key, service id or code',
    description:
      '`entity` plus exactly one of `ref`, `id`, `code`; a branch by `ref` needs `customer_ref`. Tombstones are found too (docs/decisions/004-lookup-parameters-and-answer.md, 037-lookup-addressing.md).',
    refusals: ['NOT_FOUND'],
  },
  order: { tag: tags.pull, summary: 'An order', refusals: ['NOT_FOUND'] },
  invoice: { tag: tags.pull, summary: 'An invoice', refusals: ['NOT_FOUND'] },
  payment: { tag: tags.pull, summary: 'A payment (receipt)', refusals: ['NOT_FOUND'] },
  return: { tag: tags.pull, summary: 'A return (credit note)', refusals: ['NOT_FOUND'] },
  ordersFeed: {
    tag: tags.pull,
    summary: 'The order feed',
    description: `${feedNote} Orders carry no \`seq\`: \`filter[seq_after]\` answers 400 (docs/decisions/005-order-and-return-feeds-and-cursors.md).`,
    refusals: [],
  },
  invoicesFeed: { tag: tags.pull, summary: 'The invoice feed', description: feedNote, refusals: [] },
  paymentsFeed: { tag: tags.pull, summary: 'The payment feed', description: feedNote, refusals: [] },
  returnsFeed: {
    tag: tags.pull,
    summary: 'The return feed',
    description: `${feedNote} (docs/decisions/005-order-and-return-feeds-and-cursors.md).`,
    refusals: [],
  },
  ordersCursor: {
    tag: tags.pull,
    summary: 'Where the order feed stands',
    description:
      'Orders carry no `seq`, so `last_seq` is 0 (docs/decisions/005-order-and-return-feeds-and-cursors.md).',
    refusals: [],
  },
  invoicesCursor: { tag: tags.pull, summary: 'Where the invoice feed stands', refusals: [] },
  paymentsCursor: { tag: tags.pull, summary: 'Where the payment feed stands', refusals: [] },
  returnsCursor: { tag: tags.pull, summary: 'Where the return feed stands', refusals: [] },
  orderAck: {
    tag: tags.ack,
    summary: 'Answer an order',
    description:
      '`ACCEPTED` with the ERP number (`external_number`) confirms it (`ERP_CONFIRMED`); `REJECTED` with a reason fails it (`ERP_FAILED`). The same answer again is `unchanged` (docs/decisions/022-ack-conflicts.md, 023-order-lifecycle.md).',
    refusals: ['NOT_FOUND', 'ORDER_NOT_AWAITING_ACK', 'ERP_MODE_NOT_API'],
  },
  invoiceAck: {
    tag: tags.ack,
    summary: 'Answer an invoice',
    description: 'docs/decisions/006-single-invoice-ack-path.md, 020-invoice-acks.md, 022-ack-conflicts.md.',
    refusals: ackConflicts,
  },
  paymentAck: {
    tag: tags.ack,
    summary: 'Answer a payment',
    description: 'Kept at the version it answered: a later change makes the payment pending again.',
    refusals: ackConflicts,
  },
  returnAck: {
    tag: tags.ack,
    summary: 'Answer a return',
    description: 'Kept at the version it answered: a later change makes the return pending again.',
    refusals: ackConflicts,
  },
  acks: {
    tag: tags.ack,
    summary: 'Answer up to 500 documents of one kind',
    description:
      'Each item is applied on its own; a refused item is `result: "failed"` with its `error` in a 200 answer (docs/decisions/007-ack-bodies.md, 062-batch-ack-invalid-items.md). `ERP_MODE_NOT_API` refuses the whole batch.',
    refusals: ['ERP_MODE_NOT_API'],
  },
  unitPush: {
    tag: tags.push,
    summary: 'Push a unit',
    description:
      'A unit with the code of an existing one is adopted by code (docs/decisions/030-keys-codes-and-adoption.md).',
    refusals: ['EXTERNAL_REF_CONFLICT'],
  },
  productPush: {
    tag: tags.push,
    summary: 'Push a product',
    description: 'docs/decisions/001-product-required-fields.md, 030-keys-codes-and-adoption.md.',
    refusals: ['UNKNOWN_REFERENCE', 'EXTERNAL_REF_CONFLICT'],
  },
  productUnitsPush: {
    tag: tags.push,
    summary: "Replace a product's sellable units",
    description: 'docs/decisions/033-price-and-product-unit-rules.md.',
    refusals: ['UNKNOWN_REFERENCE'],
  },
  priceListPush: { tag: tags.push, summary: 'Push a price list', refusals: ['EXTERNAL_REF_CONFLICT'] },
  pricesPush: {
    tag: tags.push,
    summary: "Push a price list's prices (at most 500 rows)",
    description:
      '`mode=merge` (default) adds and updates the rows sent; `mode=replace` also removes the previously pushed prices not in the call (docs/decisions/002-price-row-required-fields.md, 033-price-and-product-unit-rules.md).',
    refusals: ['UNKNOWN_REFERENCE'],
  },
  customerPush: {
    tag: tags.push,
    summary: 'Push a customer',
    description:
      'Adopt a customer that started in the service with `service_id` (docs/decisions/030-keys-codes-and-adoption.md).',
    refusals: ['UNKNOWN_REFERENCE', 'EXTERNAL_REF_CONFLICT'],
  },
  customerDelete: {
    tag: tags.push,
    summary: 'Tombstone a customer',
    description: 'docs/decisions/032-tombstones-and-routes.md.',
    refusals: ['NOT_FOUND'],
  },
  branchPush: {
    tag: tags.push,
    summary: "Push a customer's branch (delivery address)",
    description:
      "A null override reads the customer account's value (docs/decisions/034-branch-effective-values.md).",
    refusals: ['UNKNOWN_REFERENCE', 'EXTERNAL_REF_CONFLICT'],
  },
  branchDelete: {
    tag: tags.push,
    summary: 'Tombstone a branch',
    description:
      'Refused while a route still visits the branch (docs/decisions/032-tombstones-and-routes.md).',
    refusals: ['NOT_FOUND', 'BRANCH_ON_ROUTE'],
  },
  balancePush: {
    tag: tags.push,
    summary: "Push a customer's balance",
    description: 'docs/decisions/009-balance-push-required-fields.md, 035-balances-and-current-balance.md.',
    refusals: ['UNKNOWN_REFERENCE'],
  },
  batchProducts: { tag: tags.push, summary: 'Push up to 500 products', refusals: [] },
  batchUnits: { tag: tags.push, summary: 'Push up to 500 units', refusals: [] },
  batchBalances: { tag: tags.push, summary: 'Push up to 500 balances', refusals: [] },
} as const satisfies Record<EndpointName, OperationNote>;

const batchNote =
  "Each item is applied on its own, checked against the single PUT's body; a refused item is `ok: false` with its `error` in a 200 answer, and `meta` counts `applied` and `failed` (docs/decisions/036-batch-items.md). The whole batch is one request for the rate limit and one `Idempotency-Key`.";

// ---------------------------------------------------------------------------------------------
// Responses, headers, parameters
// ---------------------------------------------------------------------------------------------

/** The default `{base_url}` of the document: the sandbox on its default host and port. */
export const defaultBaseUrl = 'http://127.0.0.1:8787/api/integration/v1';

/** The path of the document under `{base_url}`. */
export const openApiPath = '/openapi.json';

const securitySchemeName = 'bearerAuth';

/** Codes a refused authentication answers (spec, Authentication 6 and 2): no client, no rate limit. */
const authenticationCodes = ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_REVOKED', 'COMPANY_SUSPENDED'] as const;

/** A count or a number of seconds, sent as header text. */
const countSchema: JsonObject = { type: 'integer', format: 'int32', minimum: 0 };

/** The response headers, shared as `components.headers`. */
const responseHeaders = {
  'X-Request-Id': {
    description: 'The id of this call, also in `error.request_id` (spec, Errors).',
    required: true,
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: "The client's requests per minute (spec, Limits).",
    required: true,
    schema: countSchema,
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    required: true,
    schema: countSchema,
  },
  'X-RateLimit-Reset': {
    description:
      'Seconds until the current one-minute window resets (docs/decisions/010-rate-limit-window-and-reset.md).',
    required: true,
    schema: countSchema,
  },
  'Retry-After': {
    description: 'Seconds to wait before sending the same call again, with the same `Idempotency-Key`.',
    required: true,
    schema: countSchema,
  },
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored answer of an earlier call with the same key and body (spec, Limits).',
    required: false,
    schema: { const: 'true' },
  },
} as const satisfies Record<string, OpenApiHeader>;

function headerRef(name: keyof typeof responseHeaders): OpenApiRef {
  return { $ref: `#/components/headers/${name}` };
}

/**
 * The headers of an answer. Every answer carries `X-Request-Id`. The rate-limit headers come on
 * every answer of a call whose client is known; they are listed where the status says it was known
 * (2xx, 429), not on the other refusals, some of which come before the client is known (401, 403
 * `IP_NOT_ALLOWED`, a malformed URL).
 */
function headersOf(status: string, isWrite: boolean): Record<string, OpenApiRef> {
  const headers: Record<string, OpenApiRef> = { 'X-Request-Id': headerRef('X-Request-Id') };
  if (status.startsWith('2') || status === '429') {
    headers['X-RateLimit-Limit'] = headerRef('X-RateLimit-Limit');
    headers['X-RateLimit-Remaining'] = headerRef('X-RateLimit-Remaining');
    headers['X-RateLimit-Reset'] = headerRef('X-RateLimit-Reset');
  }
  if (status === '429') headers['Retry-After'] = headerRef('Retry-After');
  if (isWrite && status.startsWith('2')) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  return headers;
}

const envelopeRef: OpenApiRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** An error answer listing its codes; the body is the envelope. */
function errorResponse(
  status: string,
  codes: readonly string[],
  lead: string,
  isWrite = false,
): OpenApiResponse {
  return {
    description: `${lead} ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    headers: headersOf(status, isWrite),
    content: { 'application/json': { schema: envelopeRef } },
    'x-error-codes': [...codes],
  };
}

function withHeader(response: OpenApiResponse, name: string, value: OpenApiHeader): OpenApiResponse {
  return { ...response, headers: { ...response.headers, [name]: value } };
}

/** Answers any call can get, shared as `components.responses`. */
function sharedResponses(): Record<string, OpenApiResponse> {
  return {
    Unauthorized: errorResponse(
      '401',
      authenticationCodes,
      'The token is missing, unknown, expired or revoked, or the company is suspended:',
    ),
    RateLimited: errorResponse(
      '429',
      ['RATE_LIMITED'],
      "Over the client's requests per minute; wait `Retry-After` seconds:",
    ),
    Internal: errorResponse('500', ['INTERNAL'], 'The service failed; retry with back-off:'),
    Unavailable: withHeader(
      errorResponse(
        '503',
        ['SERVICE_UNAVAILABLE'],
        'The gateway is unavailable; retry with back-off, honouring `Retry-After` when sent:',
      ),
      'Retry-After',
      { ...responseHeaders['Retry-After'], required: false },
    ),
    Error: {
      description: 'Any error: the envelope (spec, Errors).',
      headers: headersOf('default', false),
      content: { 'application/json': { schema: envelopeRef } },
    },
  };
}

const parameterNotes: Record<string, string> = {
  id: "The service's id, taken from a feed.",
  orderId: "The service's id of the order, taken from the order feed.",
  ref: "The ERP's key of the record: 1 to 64 characters, no `/`.",
  branch_ref: "The ERP's key of the branch, unique within its customer.",
  kind: `The code list: ${referenceKinds.join(', ')}.`,
  'filter[version_after]': 'Cursor: the last version staged, or `meta.next_version_after`.',
  version_after: 'The same cursor as `filter[version_after]`.',
  'filter[updated_after]': 'Starts a first load at the first change from this time; not with a cursor.',
  'filter[ack]': '`pending` = no ack at the current version; default `any`.',
  'filter[id]': "A comma list of at most 100 of the service's ids.",
  'filter[external_ref]': "The ERP's key of the document as acked.",
  per_page: '1 to 500, default 100.',
  'filter[seq_after]':
    'Follow issued documents in issue order from this `seq` (`meta.last_seq`); on its own.',
  entity: 'The kind of record.',
  code: "The record's code.",
  customer_ref: "The customer's ERP key, with `entity=branch&ref=...`.",
  mode: '`merge` (default) or `replace`.',
};

/** The parameters of a `params` or `query` schema (a TypeBox object), one per property. */
function parametersOf(
  schema: TSchema | undefined,
  location: 'path' | 'query',
  converter: SchemaConverter,
  at: string,
): OpenApiParameter[] {
  if (schema === undefined) return [];
  const properties: unknown = Reflect.get(schema, 'properties');
  if (!isPlainObject(properties)) throw new UnsupportedSchemaError(at, 'parameters must be an object schema');
  const required: unknown = Reflect.get(schema, 'required');
  return Object.entries(properties).map(([name, property]) => {
    const description = parameterNotes[name];
    return {
      name,
      in: location,
      required: location === 'path' || (Array.isArray(required) && required.includes(name)),
      ...(description === undefined ? {} : { description }),
      schema: converter.convert(property, `${at}/${escapePointer(name)}`),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

function uniqueScopes(lists: ReadonlyArray<readonly Scope[]>): Scope[] {
  return [...new Set(lists.flat())];
}

/** The scopes of a `family` row: `/lookup` by its `entity` query, `/acks` by its body's `entity`. */
function scopesByEntity(name: EndpointName): ScopesByEntity {
  if (name === 'lookup') {
    return {
      in: 'query',
      name: 'entity',
      scopes: Object.fromEntries(LookupEntitySchema.anyOf.map((l) => [l.const, [...lookupScopes(l.const)]])),
    };
  }
  return {
    in: 'body',
    name: 'entity',
    scopes: Object.fromEntries(AckEntitySchema.anyOf.map((l) => [l.const, [ackEntityScope(l.const)]])),
  };
}

/** `/orders/:orderId/ack` as an OpenAPI path template: `/orders/{orderId}/ack`. */
function pathTemplateOf(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationOf(name: EndpointName, def: EndpointDef, converter: SchemaConverter): OpenApiOperation {
  const note: OperationNote = operationNotes[name];
  const at = `#/paths/${escapePointer(pathTemplateOf(def.path))}/${def.method.toLowerCase()}`;
  const isWrite = def.method !== 'GET';
  const byEntity = def.scope === 'family' ? scopesByEntity(name) : undefined;
  const scopes: Scope[] =
    def.scope === null || def.scope === 'family'
      ? uniqueScopes(Object.values(byEntity?.scopes ?? {}))
      : [def.scope];

  // Which codes answer which status: the row's own refusals, plus what every read, write and
  // schema failure can get (spec, Errors and Limits; docs/decisions/008, 013, 014).
  const codes = new Map<string, string[]>();
  const add = (status: number, code: string) =>
    codes.set(String(status), [...(codes.get(String(status)) ?? []), code]);
  add(400, 'INVALID_REQUEST'); // a bad query or path, an unreadable body, a too long Idempotency-Key
  if (isWrite) add(400, 'IDEMPOTENCY_KEY_REQUIRED');
  if (scopes.length > 0) add(403, 'SCOPE_MISSING');
  add(403, 'IP_NOT_ALLOWED');
  for (const code of note.refusals) add(errorCodes[code].status, code);
  if (isWrite) add(409, 'REQUEST_IN_PROGRESS');
  if (def.body) add(413, 'PAYLOAD_TOO_LARGE');
  if (isWrite && def.invalidStatus === 422) add(422, 'INVALID_REQUEST'); // data that cannot be accepted
  if (isWrite) add(422, 'IDEMPOTENCY_KEY_REUSED');

  const success: OpenApiResponse = {
    description: 'The answer.',
    headers: headersOf('200', isWrite),
    content: { 'application/json': { schema: converter.convert(def.response, `${at}/responses/200`, true) } },
  };
  const responses: Record<string, OpenApiResponse | OpenApiRef> = { '200': success };
  for (const status of [...codes.keys()].sort()) {
    responses[status] = errorResponse(status, codes.get(status) ?? [], 'Refused:', isWrite);
  }
  responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  responses['429'] = { $ref: '#/components/responses/RateLimited' };
  responses['500'] = { $ref: '#/components/responses/Internal' };
  responses['503'] = { $ref: '#/components/responses/Unavailable' };
  responses['default'] = { $ref: '#/components/responses/Error' };

  // A batch push takes any item and refuses a bad one in its answer; the document shows the items
  // a sender builds, typed by the single PUT's body (spec, Push master data: Batch).
  const body = def.itemBody ? batchPushBodyOf(def.itemBody) : def.body;
  const scopeWords =
    scopes.length === 0
      ? 'Needs no scope.'
      : byEntity
        ? `Needs one of the scopes of the \`entity\` it names: ${Object.entries(byEntity.scopes)
            .map(([entity, list]) => `${entity}: ${list.join(' or ')}`)
            .join('; ')}.`
        : `Needs the scope \`${scopes.join('`, `')}\`.`;
  const writeWords = isWrite ? ' A write: send an `Idempotency-Key`.' : '';
  const notes = [note.description, def.itemBody ? batchNote : undefined].filter((n) => n !== undefined);

  return {
    operationId: name,
    summary: note.summary,
    description: [`${scopeWords}${writeWords}`, ...notes].join('\n\n'),
    tags: [note.tag],
    security:
      scopes.length === 0
        ? [{ [securitySchemeName]: [] }]
        : scopes.map((scope) => ({ [securitySchemeName]: [scope] })),
    'x-scopes': scopes,
    ...(byEntity ? { 'x-scopes-by-entity': byEntity } : {}),
    parameters: [
      ...parametersOf(def.params, 'path', converter, `${at}/parameters`),
      ...parametersOf(def.query, 'query', converter, `${at}/parameters`),
      ...(isWrite ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...(body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: converter.convert(body, `${at}/requestBody`, true) } },
          },
        }
      : {}),
    responses,
  };
}

/** `GET /openapi.json`: this document, served without a token (docs/decisions/018-openapi-document.md). */
function documentOperation(): OpenApiOperation {
  return {
    operationId: 'openApiDocument',
    summary: 'This document',
    description:
      'The OpenAPI 3.1 document of v1, as the sandbox serves it. Needs no token: a call without one (or with one the sandbox refuses) is answered with the document; a call with a valid token counts against its rate limit like any other (docs/decisions/018-openapi-document.md).',
    tags: [tags.sandbox],
    security: [],
    'x-scopes': [],
    parameters: [],
    responses: {
      '200': {
        description: 'The document.',
        // No client's call (not authenticated, not counted): no rate-limit headers.
        headers: { 'X-Request-Id': headerRef('X-Request-Id') },
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['openapi', 'paths'],
              properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' } },
            },
          },
        },
      },
      '500': { $ref: '#/components/responses/Internal' },
      '503': { $ref: '#/components/responses/Unavailable' },
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

const documentDescription = `The integration interface v1 of the field-sales service, as the sandbox (its self-run copy) answers it. Generated from the project's one definition of the wire (\`src-shared/wire\`).

- **Authentication:** every call carries \`Authorization: Bearer <token>\` (\`svc_live_\` or \`svc_test_\` and 43 characters). The scopes an operation needs are in its description, its \`security\` roles and \`x-scopes\`.
- **Writes** (every non-GET operation) need an \`Idempotency-Key\` header of at most 100 characters, kept 7 days: the same key and body replays the first answer with \`Idempotent-Replayed: true\`; the same key with another body is 422 \`IDEMPOTENCY_KEY_REUSED\` (docs/decisions/014-idempotency-stores-successes-only.md).
- **Rate limit:** \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` on every answer of a call whose client is known; over the limit 429 \`RATE_LIMITED\` with \`Retry-After\` (docs/decisions/010-rate-limit-window-and-reset.md).
- **Errors** answer the envelope \`{error: {code, message, details, request_id, retryable}}\` (the \`default\` response); each response lists its codes in \`x-error-codes\`. A path no operation has answers 404 \`NOT_FOUND\`; a known path with another method 405 \`METHOD_NOT_ALLOWED\` with \`Allow\` (docs/decisions/012-method-not-allowed.md). Every \`GET\` also answers \`HEAD\`.
- Where the spec says "not shown" the document follows the project's decisions (docs/decisions/).`;

/** Options of `openApiDocument`. */
export interface OpenApiOptions {
  /** The default of the `{base_url}` server variable; `defaultBaseUrl` when absent. */
  baseUrl?: string;
}

/**
 * The OpenAPI 3.1 document of the v1 interface: one operation per endpoint row, plus
 * `GET /openapi.json` itself.
 *
 * docs/decisions/018-openapi-document.md. Deterministic: the same wire gives the same document.
 */
export function openApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const converter = new SchemaConverter(wire);
  const paths: Record<string, OpenApiPathItem> = {};
  for (const [name, def] of Object.entries(endpoints) as Array<[EndpointName, EndpointDef]>) {
    const template = pathTemplateOf(def.path);
    const item: OpenApiPathItem = paths[template] ?? {};
    item[
      def.method === 'GET' ? 'get' : def.method === 'PUT' ? 'put' : def.method === 'POST' ? 'post' : 'delete'
    ] = operationOf(name, def, converter);
    paths[template] = item;
  }
  paths[openApiPath] = { get: documentOperation() };
  converter.convert(wire.ErrorEnvelopeSchema, '#/components/responses'); // the envelope every error refers to

  const idempotencyKey: OpenApiParameter = {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'A unique string (e.g. a UUID) made once per write and sent again on each retry of it; at most 100 characters, kept 7 days (spec, Limits).',
    schema: { type: 'string', minLength: 1, maxLength: 100 },
  };
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Integration interface v1 (sandbox)', version: 'v1', description: documentDescription },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [
      {
        url: '{base_url}',
        description: 'The interface; `{base_url}` ends in `/api/integration/v1`.',
        variables: {
          base_url: {
            default: options.baseUrl ?? defaultBaseUrl,
            description: 'The sandbox prints it on start: `listening <base_url>`.',
          },
        },
      },
    ],
    security: [{ [securitySchemeName]: [] }],
    tags: Object.values(tags).map((name) => ({
      name,
      description: name === tags.sandbox ? 'What the sandbox adds to v1.' : `Spec, Endpoints: ${name}.`,
    })),
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(converter.components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ),
      responses: sharedResponses(),
      headers: responseHeaders,
      parameters: { IdempotencyKey: idempotencyKey },
      securitySchemes: {
        [securitySchemeName]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_live_ or svc_test_ followed by 43 characters',
          description:
            "A client's token. The token names the company; scopes are the client's (spec, Authentication).",
        },
      },
    },
  };
  converter.checkReferences(document);
  return document;
}
