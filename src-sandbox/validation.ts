import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * The sandbox's validator compiler: every route's `schema` (wire schemas from `src-shared/wire`) is
 * compiled with TypeBox.
 *
 * - Query, path parameters and headers arrive as text, so they are converted to the schema's types
 *   first (`per_page=50` is the integer 50).
 * - A JSON body is checked as sent, never converted: `"blocked": "true"` or `"name": 5` is a wrong type
 *   and answers 422 (docs/decisions/013-bad-request-bodies.md). Fastify's default (ajv with
 *   `coerceTypes`) would turn `null` into `""` and `5` into `"5"` and store data nobody sent.
 * - `default` keywords of the schema are filled in on every part (e.g. a product's `active`, the price
 *   push's `mode`), as ajv's `useDefaults` did.
 */
export function compileValidator(
  route: Parameters<FastifySchemaCompiler<TSchema>>[0],
): ReturnType<FastifySchemaCompiler<TSchema>> {
  const { schema, httpPart } = route;
  const check = Compile(schema);
  const convert = httpPart !== 'body';
  return (input: unknown) => {
    let value = Value.Default(schema, input);
    if (convert) value = convertText(schema, value);
    if (check.Check(value)) return { value };
    const error: FastifySchemaValidationError[] = check.Errors(value).map((e) => ({
      keyword: e.keyword,
      instancePath: e.instancePath,
      schemaPath: e.schemaPath,
      params: e.params,
      message: e.message,
    }));
    return { error };
  };
}

/**
 * Converts the text members of a query, path or header object to the types its schema names
 * (integer, number, boolean). Done here rather than with TypeBox's `Value.Convert`, which reads
 * property names as patterns: a bracketed query name such as `filter[version_after]` would never
 * match its own key and stay text. Anything else is left for the check to refuse.
 */
function convertText(schema: TSchema, value: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!properties || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const converted: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, text] of Object.entries(converted)) {
    const type = properties[name]?.type;
    if (typeof text !== 'string') continue;
    if (type === 'integer' && /^-?\d{1,18}$/.test(text)) converted[name] = Number(text);
    else if (type === 'number' && text.trim() !== '' && Number.isFinite(Number(text)))
      converted[name] = Number(text);
    else if (type === 'boolean' && (text === 'true' || text === 'false')) converted[name] = text === 'true';
  }
  return converted;
}

/** One field-level problem of a failed schema, in the envelope's `details` shape. */
export type ValidationDetail = Record<string, string> & { field: string; code: string; value: string };

/**
 * Turns schema failures into `details` entries (spec, Errors: each `{field, plus code or value}`): `field`
 * is the dotted path from the request part (`body.prices.3.price`), `code` the failed keyword, `value`
 * what is wrong in words.
 */
export function validationDetails(
  part: string,
  errors: readonly FastifySchemaValidationError[],
): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // TypeBox reports an unknown member twice: once as the `false` subschema, once as
    // `additionalProperties`; the second names the member, so the first is dropped.
    if (e.keyword === 'boolean' && e.schemaPath.endsWith('additionalProperties')) continue;
    const base = `${part}${e.instancePath.replace(/\//g, '.')}`;
    for (const field of fieldsOf(base, e)) {
      const detail = { field, code: e.keyword, value: messageOf(e) };
      const key = `${detail.field} ${detail.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      details.push(detail);
    }
  }
  return details;
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The fields an error is about: the missing or unknown members when it names them, else its path. */
function fieldsOf(base: string, e: FastifySchemaValidationError): string[] {
  const params: Record<string, unknown> = e.params;
  const named = [
    ...stringList(params.missingProperty),
    ...stringList(params.requiredProperties),
    ...stringList(params.additionalProperty),
    ...stringList(params.additionalProperties),
  ];
  return named.length > 0 ? named.map((name) => `${base}.${name}`) : [base];
}

function messageOf(e: FastifySchemaValidationError): string {
  if (e.keyword === 'required') return 'is required';
  if (e.keyword === 'additionalProperties') return 'is not a known member';
  return e.message ?? 'is not valid';
}
