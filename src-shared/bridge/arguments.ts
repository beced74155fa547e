/**
 * Argument schemas of the bridge operations, checked by the main process before any call.
 *
 * Each entry is a TypeBox tuple of the operation's arguments; the dispatcher refuses anything else with
 * `INVALID_ARGUMENT`, whatever the transport.
 */
import { Type, type TSchema } from 'typebox';
import type { DeskOperation } from './contract';

/** One tuple schema per operation. */
export const operationArguments: Record<DeskOperation, TSchema> = {
  'app.info': Type.Tuple([]),
  'connections.list': Type.Tuple([]),
  'connections.status': Type.Tuple([]),
};
