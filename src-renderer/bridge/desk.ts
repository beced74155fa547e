// The renderer's one way to the core: Electron's preload bridge when present, else the browser-mode
// host over HTTP (same contract, same operations). No other file knows which.
import { deskOperations, type DeskApi, type DeskEvents } from '../../src-shared/bridge/contract';
import type { Result } from '../../src-shared/bridge/result';

/** The bridge plus event subscription. */
export type Desk = DeskApi & {
  on<E extends keyof DeskEvents>(event: E, listener: (payload: DeskEvents[E]) => void): () => void;
};

async function callHost(operation: string, args: unknown[]): Promise<Result<unknown>> {
  try {
    const response = await fetch(`/desk/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ args }),
    });
    if (!response.ok) {
      return { ok: false, error: { code: 'NETWORK_UNREACHABLE', message: `The app's host refused the call (${response.status}). Reopen the address printed by npm run start:browser.`, retryable: false } };
    }
    return (await response.json()) as Result<unknown>;
  } catch {
    return { ok: false, error: { code: 'NETWORK_UNREACHABLE', message: 'The app\'s host is not running. Start it again with npm run start:browser.', retryable: true } };
  }
}

function createHttpDesk(): Desk {
  const api: Record<string, unknown> = {};
  for (const operation of deskOperations) {
    const [area, verb] = operation.split('.') as [string, string];
    const group = (api[area] ??= {}) as Record<string, unknown>;
    group[verb] = (...args: unknown[]) => callHost(operation, args);
  }
  api.on = () => () => undefined;
  return api as unknown as Desk;
}

/** The bridge of this runtime. */
export const desk: Desk = window.desk ?? createHttpDesk();
