import { Compile } from 'typebox/compile';
import { deskOperations, type DeskApi, type DeskOperation } from '../../src-shared/bridge/contract';
import { operationArguments } from '../../src-shared/bridge/arguments';
import { fail, ok, type DeskError, type Result } from '../../src-shared/bridge/result';
import { BudgetNotSpareError, NetworkError, ServiceError, WireError } from './api/errors';
import { runAsAction } from './audit/action';
import { LocalError } from './local-error';
import { logRedacted, redactText } from './redact';

type Validator = ReturnType<typeof Compile>;

const validators = new Map<DeskOperation, Validator>(
  deskOperations.map((operation) => [operation, Compile(operationArguments[operation])]),
);

/** Whether a string names a bridge operation. */
export function isDeskOperation(name: unknown): name is DeskOperation {
  return typeof name === 'string' && (deskOperations as readonly string[]).includes(name);
}

/** The function behind an operation, found by name on the api object (no `as`, no index by string). */
function operationOf(
  api: DeskApi,
  operation: DeskOperation,
): (...args: unknown[]) => Promise<Result<unknown>> {
  const [area, verb] = operation.split('.');
  const group: unknown = area === undefined ? undefined : Reflect.get(api, area);
  const fn: unknown =
    typeof group === 'object' && group !== null && verb !== undefined ? Reflect.get(group, verb) : undefined;
  if (typeof fn !== 'function') throw new Error(`desk: ${operation} has no implementation`);
  return (...args: unknown[]) => Promise.resolve(Reflect.apply(fn, group, args));
}

/**
 * Which fields of the arguments were refused and why, by name only: a refused token must not come back
 * in the answer (or in a log).
 */
function argumentDetails(validator: Validator, args: unknown): Array<Record<string, string>> {
  const details: Array<Record<string, string>> = [];
  for (const error of validator.Errors(args)) {
    if (error.keyword === 'boolean') continue; // repeated by the "additionalProperties" entry
    const field = error.instancePath
      .replace(/^\/0(?=\/|$)/, '')
      .replace(/^\//, '')
      .replaceAll('/', '.');
    const params: Record<string, unknown> = error.params;
    const named =
      error.keyword === 'required'
        ? params.requiredProperties
        : error.keyword === 'additionalProperties'
          ? params.additionalProperties
          : null;
    if (Array.isArray(named)) {
      for (const name of named)
        details.push({ field: [field, String(name)].filter(Boolean).join('.'), code: error.keyword });
    } else {
      details.push({ field: field || 'arguments', code: error.keyword });
    }
    if (details.length >= 10) break;
  }
  return details;
}

/**
 * The one place where a call from the renderer (over IPC or the browser-mode host) meets the core:
 * checks the operation name and its arguments, calls the service, and turns any throw into a Result.
 */
export async function dispatchDesk(
  api: DeskApi,
  operation: unknown,
  args: unknown,
): Promise<Result<unknown>> {
  if (!isDeskOperation(operation)) {
    return fail({ code: 'INVALID_ARGUMENT', message: 'Unknown operation.', retryable: false });
  }
  const validator = validators.get(operation);
  if (!validator || !Array.isArray(args) || !validator.Check(args)) {
    return fail({
      code: 'INVALID_ARGUMENT',
      message: `The arguments of ${operation} are not valid.`,
      retryable: false,
      details: validator ? argumentDetails(validator, args) : [],
    });
  }
  try {
    // The calls the operation makes are named by it in the audit trail (audit/action.ts).
    return await runAsAction(operation, () => operationOf(api, operation)(...args));
  } catch (error) {
    return fail(toDeskError(error));
  }
}

/**
 * Turns a thrown error into the renderer's DeskError, redacted (a service message or a network error
 * never carries a token or an Authorization header across); unknown errors become INTERNAL and are
 * logged, redacted.
 */
export function toDeskError(error: unknown): DeskError {
  if (error instanceof ServiceError) {
    return {
      code: error.code,
      message: redactText(error.envelope.message),
      retryable: error.retryable,
      requestId: error.envelope.request_id,
      details: error.envelope.details.map((detail) =>
        Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, redactText(String(v))])),
      ),
    };
  }
  if (error instanceof NetworkError)
    return { code: 'NETWORK_UNREACHABLE', message: redactText(error.message), retryable: true };
  if (error instanceof WireError)
    return { code: 'WIRE_MISMATCH', message: redactText(error.message), retryable: false };
  if (error instanceof BudgetNotSpareError)
    return { code: 'BUDGET_NOT_SPARE', message: redactText(error.message), retryable: true };
  if (error instanceof LocalError) {
    return {
      code: error.code,
      message: error.message,
      retryable: error.retryable,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  logRedacted('error', 'desk: unexpected error', error);
  return {
    code: 'INTERNAL',
    message: 'Something went wrong inside the app. Try again; if it repeats, restart the app.',
    retryable: true,
  };
}

/** A successful result, for services. */
export { ok };
