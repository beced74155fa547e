import { Compile } from 'typebox/compile';
import { deskOperations, type DeskApi, type DeskOperation } from '../../src-shared/bridge/contract';
import { operationArguments } from '../../src-shared/bridge/arguments';
import { fail, ok, type DeskError, type Result } from '../../src-shared/bridge/result';
import { NetworkError, ServiceError, WireError } from './api/errors';

const validators = Object.fromEntries(
  deskOperations.map((operation) => [operation, Compile(operationArguments[operation])]),
) as Record<DeskOperation, ReturnType<typeof Compile>>;

/** Whether a string names a bridge operation. */
export function isDeskOperation(name: unknown): name is DeskOperation {
  return typeof name === 'string' && (deskOperations as readonly string[]).includes(name);
}

/**
 * The one place where a call from the renderer (over IPC or the browser-mode host) meets the core:
 * checks the operation name and its arguments, calls the service, and turns any throw into a Result.
 */
export async function dispatchDesk(api: DeskApi, operation: unknown, args: unknown): Promise<Result<unknown>> {
  if (!isDeskOperation(operation)) {
    return fail({ code: 'INVALID_ARGUMENT', message: 'Unknown operation.', retryable: false });
  }
  const list = Array.isArray(args) ? args : [];
  if (!Array.isArray(args) || !validators[operation].Check(list)) {
    return fail({ code: 'INVALID_ARGUMENT', message: `The arguments of ${operation} are not valid.`, retryable: false });
  }
  const [area, verb] = operation.split('.') as [keyof DeskApi, string];
  try {
    const fn = (api[area] as unknown as Record<string, (...a: unknown[]) => Promise<Result<unknown>>>)[verb]!;
    return await fn.apply(api[area], list);
  } catch (error) {
    return fail(toDeskError(error));
  }
}

/** Turns a thrown error into the renderer's DeskError; unknown errors become INTERNAL. */
export function toDeskError(error: unknown): DeskError {
  if (error instanceof ServiceError) {
    return {
      code: error.code,
      message: error.envelope.message,
      retryable: error.retryable,
      requestId: error.envelope.request_id,
      details: error.envelope.details,
    };
  }
  if (error instanceof NetworkError) return { code: 'NETWORK_UNREACHABLE', message: error.message, retryable: true };
  if (error instanceof WireError) return { code: 'WIRE_MISMATCH', message: error.message, retryable: false };
  console.error('desk: unexpected error', error instanceof Error ? error.name : typeof error);
  return { code: 'INTERNAL', message: 'Something went wrong inside the app. Try again; if it repeats, restart the app.', retryable: true };
}

/** A successful result, for services. */
export { ok };
