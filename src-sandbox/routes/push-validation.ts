import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Scope } from '../../src-shared/wire';
import { requireScope } from '../auth';
import type { ErrorDetail } from '../errors';
import { validationDetails } from '../validation';

/** One batch item's part checked against its schema: the value (defaults filled in) or the problems. */
export type ItemCheck<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

function schemaErrors(value: unknown): FastifySchemaValidationError[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Checks one part of a batch item (`ref`, `body`) against `schema` with the app's own validator, as
 * a JSON body (never type-converted, defaults filled in), exactly as the single PUT's body is checked
 * (spec, Push master data: Batch, `body` is the single PUT's body). Problems are `details` named from
 * `part` (`body.base_unit_ref`), the same shape as a refused single call.
 */
export function checkItem<T extends TSchema>(
  request: FastifyRequest,
  schema: T,
  value: unknown,
  part: string,
): ItemCheck<Static<T>> {
  const validate = request.compileValidationSchema(schema, 'body');
  const result: unknown = validate(value);
  if (result === true) return { ok: true, value: value as Static<T> }; // the schema has just validated it
  if (result !== null && typeof result === 'object') {
    const error: unknown = Reflect.get(result, 'error');
    if (error === undefined || error === null) {
      return { ok: true, value: Reflect.get(result, 'value') as Static<T> }; // validated, defaults filled in
    }
    const listed = error instanceof Error ? Reflect.get(error, 'validation') : error;
    return { ok: false, details: validationDetails(part, schemaErrors(listed)) };
  }
  return { ok: false, details: validationDetails(part, schemaErrors(validate.errors)) };
}

/**
 * A `preValidation` hook refusing a call without `scope` (spec, Authentication 6): it runs before the
 * schema, so a client lacking the scope hears 403 `SCOPE_MISSING` rather than a complaint about its body.
 */
export function needsScope(scope: Scope): (request: FastifyRequest) => Promise<void> {
  return async (request) => requireScope(request, scope);
}
