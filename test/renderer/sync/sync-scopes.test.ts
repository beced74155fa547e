import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { DeskEvents } from '../../../src-shared/bridge/contract';
import type { FeedKind } from '../../../src-shared/wire';

// The renderer sees the core only through `window.desk`: a small in-memory bridge answers `GET /me`
// and empty feeds here, and records which feeds were asked. The real core and sandbox are exercised by
// test/e2e/checkup.e2e.ts.
const bridge = vi.hoisted(() => {
  const scopes = ['orders:read', 'invoices:read', 'returns:read', 'payments:write', 'customers:read'];
  const state = { pulled: [] as string[], statusCalls: 0, meFails: false };
  const emptyPage = {
    data: [],
    meta: { has_more: false, high_water: 0, next_version_after: 0, per_page: 500 },
  };
  const desk = {
    connections: {
      status: vi.fn(async () => {
        state.statusCalls += 1;
        const connection = {
          id: 'conn-1',
          label: 'Sandbox',
          baseUrl: 'http://127.0.0.1:1/api/integration/v1',
          isActive: true,
          tokenStorage: 'memory',
          start: { mode: 'everything' },
          identity: null,
        };
        const value = state.meFails
          ? { connection, state: 'error', error: { code: 'NETWORK_UNREACHABLE', message: 'down' } }
          : { connection, state: 'connected', scopes };
        return { ok: true, value };
      }),
    },
    feeds: {
      pull: vi.fn(async (kind: string) => {
        state.pulled.push(kind);
        return { ok: true, value: emptyPage };
      }),
      cursor: vi.fn(async () => ({ ok: true, value: { last_version: 0, last_seq: 0 } })),
      documents: vi.fn(async () => ({ ok: true, value: [] })),
    },
    acks: { send: vi.fn() },
    reference: {
      customerNames: vi.fn(async () => ({ ok: true, value: [] })),
      list: vi.fn(async () => ({ ok: true, value: [] })),
    },
    lookup: { records: vi.fn(async () => ({ ok: true, value: [] })) },
    on: vi.fn((_event: keyof DeskEvents) => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { state, desk };
});

import { useDeskStore } from '../../../src-renderer/state/store';
import { connectedSandbox, useConnectedDesk } from '../support/connected-desk';

/** The feeds the run asked for, in order, without repeats. */
function pulledKinds(): string[] {
  return [...new Set(bridge.state.pulled)];
}

describe('which feeds a sync asks for', () => {
  useConnectedDesk();

  it('waits for GET /me when the connection was shown before its scopes, and skips the feed it may not read', async () => {
    // The desk knows the connection (added or chosen) but not yet what the client may read.
    bridge.state.pulled = [];
    bridge.state.statusCalls = 0;
    expect(useDeskStore.getState().connection).toEqual(connectedSandbox);
    await useDeskStore.getState().syncNow();
    expect(bridge.state.statusCalls).toBe(1);
    expect(pulledKinds().sort()).toEqual<FeedKind[]>(['invoices', 'orders', 'returns']);
  });

  it('keeps to the scopes last read while GET /me fails, instead of asking every feed', async () => {
    bridge.state.pulled = [];
    bridge.state.meFails = false;
    await useDeskStore.getState().syncNow();
    // The service stops answering `GET /me`: the state has no scopes, but they did not widen.
    bridge.state.meFails = true;
    await useDeskStore.getState().refreshConnection();
    expect(useDeskStore.getState().connection?.scopes).toBeUndefined();
    bridge.state.pulled = [];
    await useDeskStore.getState().syncNow();
    expect(pulledKinds()).not.toContain('payments');
    expect(pulledKinds().length).toBeGreaterThan(0);
    bridge.state.meFails = false;
  });
});
