import { deskOperations, type DeskEventName } from '../../../src-shared/bridge/contract';
import { fail } from '../../../src-shared/bridge/result';
import { dispatchDesk } from '../../../src-main/core/dispatch';
import type { DeskCore } from '../../../src-main/core/desk-service';

/** The handle of `installCoreDesk`: which core answers the renderer's calls. */
export interface CoreDesk {
  /** Puts a core behind `window.desk` (null: none, every call answers NOT_CONFIGURED). */
  attach(core: DeskCore | null): void;
}

/**
 * `window.desk` for a screen test against the real sandbox: built from the operation names as the
 * preload builds it (src-preload/index.ts), with the dispatcher and a real core behind it instead of
 * IPC. Every call goes through `dispatchDesk` (argument checks, a throw answered as a failed Result)
 * and crosses as a structured clone, as over IPC; the core's events reach `on` a moment later.
 *
 * The renderer reads `window.desk` once, when src-renderer/bridge/desk.ts loads: install it in
 * `vi.hoisted`, before the app's modules, and attach the core once the sandbox runs.
 */
export function installCoreDesk(): CoreDesk {
  let core: DeskCore | null = null;
  let unsubscribe: () => void = () => undefined;
  const listeners = new Set<{ event: DeskEventName; listener: (payload: unknown) => void }>();
  const api: Record<string, unknown> = {};
  for (const operation of deskOperations) {
    const [area, verb] = operation.split('.') as [string, string];
    const group = (api[area] ??= {}) as Record<string, unknown>;
    group[verb] = async (...args: unknown[]) =>
      core
        ? structuredClone(await dispatchDesk(core.api, operation, structuredClone(args)))
        : fail({ code: 'NOT_CONFIGURED', message: 'No core is attached yet.', retryable: false });
  }
  api.on = (event: DeskEventName, listener: (payload: unknown) => void): (() => void) => {
    const entry = { event, listener };
    listeners.add(entry);
    return () => listeners.delete(entry);
  };
  Object.defineProperty(window, 'desk', { value: api, configurable: true });
  return {
    attach(next) {
      unsubscribe();
      core = next;
      unsubscribe = next
        ? next.subscribe((event, payload) => {
            const copy = structuredClone(payload);
            for (const entry of [...listeners])
              if (entry.event === event) queueMicrotask(() => entry.listener(copy));
          })
        : () => undefined;
    },
  };
}
