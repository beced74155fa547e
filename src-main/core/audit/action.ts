/**
 * What the clerk did that made a call: the bridge operation the core is running, carried through every
 * `await` of it (and of what it starts, a push run's calls included) by Node's AsyncLocalStorage, so the
 * audit trail names it without every function passing it on (docs/decisions/110-audit-trail.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DeskOperation } from '../../../src-shared/bridge/contract';

const running = new AsyncLocalStorage<DeskOperation>();

/** Runs `work` as the bridge operation `operation`: the calls it makes are named by it. */
export function runAsAction<T>(operation: DeskOperation, work: () => T): T {
  return running.run(operation, work);
}

/** The bridge operation running now, or `desk` for the core's own work (the start-up's checks). */
export function currentAction(): string {
  return running.getStore() ?? 'desk';
}
