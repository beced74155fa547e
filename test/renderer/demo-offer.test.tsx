import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionStatus, ConnectionView, DeskEvents } from '../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../src-shared/bridge/result';

// "Open the demo company" on the first screen and the Connections screen, against a small in-memory
// bridge (the real core, sandbox and host: test/core/demo and test/e2e/demo.e2e.ts).
const bridge = vi.hoisted(() => {
  const state: { connections: ConnectionView[]; status: ConnectionStatus } = {
    connections: [],
    status: { connection: null, state: 'not-configured' },
  };
  const fail = (error: DeskError): Result<never> => ({ ok: false, error });
  const notConfigured = (): Result<never> =>
    fail({ code: 'NOT_CONFIGURED', message: 'No connection is active.', retryable: false });
  const desk = {
    app: {
      info: vi.fn(async () => ({
        ok: true as const,
        value: {
          name: 'Reconciliation Desk',
          version: '0.1.0',
          runtime: 'browser' as const,
          tokenStorage: 'memory' as const,
        },
      })),
    },
    connections: {
      list: vi.fn(async (): Promise<Result<ConnectionView[]>> => ({ ok: true, value: state.connections })),
      status: vi.fn(async (): Promise<Result<ConnectionStatus>> => ({ ok: true, value: state.status })),
      checkup: vi.fn(async () => notConfigured()),
    },
    demo: { open: vi.fn(async (): Promise<Result<ConnectionView>> => notConfigured()) },
    feeds: {
      pull: vi.fn(async () => notConfigured()),
      cursor: vi.fn(async () => notConfigured()),
      documents: vi.fn(async () => notConfigured()),
    },
    acks: { send: vi.fn(async () => notConfigured()) },
    reference: { list: vi.fn(async () => notConfigured()) },
    on: vi.fn(<E extends keyof DeskEvents>(_event: E, _listener: (payload: DeskEvents[E]) => void) => {
      return () => undefined;
    }),
  };
  Object.defineProperty(window, 'desk', { value: desk, configurable: true });
  return { state, desk };
});

import { AppShell } from '../../src-renderer/features/shell/AppShell';
import { resetDeskStore, useDeskStore } from '../../src-renderer/state/store';

const demo: ConnectionView = {
  id: 'c-demo',
  label: 'Demo company (bundled sandbox)',
  baseUrl: 'http://127.0.0.1:41234/api/integration/v1',
  isActive: true,
  tokenStorage: 'memory',
  start: { mode: 'everything' },
  identity: {
    companyId: 'co1',
    companyCode: 'DEMO',
    companyName: 'Demo Trading Company',
    clientId: 'cl1',
    clientName: 'Demo ERP',
    system: 'OTHER',
    tokenPrefix: 'svc_test_AbCdEfGh',
  },
};
const connectedToDemo: ConnectionStatus = {
  connection: demo,
  state: 'connected',
  company: { code: 'DEMO', name: 'Demo Trading Company' },
  client: {
    name: 'Demo ERP',
    system: 'OTHER',
    rateLimitPerMinute: 120,
    tokenExpiresAt: '2027-09-18T10:00:00Z',
    tokenPrefix: 'svc_test_AbCdEfGh',
  },
  scopes: ['invoices:read'],
  tokenExpiry: { expiresAt: '2027-09-18T10:00:00Z', daysLeft: 300, isExpiringSoon: false },
};

/** Makes `demo.open` wait until the test lets it answer, as the sandbox takes a moment to start. */
function demoOpensWhenReleased(): () => void {
  let release: () => void = () => undefined;
  bridge.desk.demo.open.mockImplementationOnce(
    () =>
      new Promise((resolveOpen) => {
        release = () => {
          bridge.state.connections = [demo];
          bridge.state.status = connectedToDemo;
          resolveOpen({ ok: true, value: demo });
        };
      }),
  );
  return () => release();
}

describe('the first screen of a desk with no connection', () => {
  beforeEach(() => {
    bridge.state.connections = [];
    bridge.state.status = { connection: null, state: 'not-configured' };
  });
  afterEach(() => {
    resetDeskStore();
    vi.clearAllMocks();
  });

  it('offers the demo company, says what it is, and opens it with progress shown', async () => {
    const user = userEvent.setup();
    render(<AppShell />);
    const welcome = await screen.findByRole('region', { name: 'Welcome' });
    const offer = within(welcome).getByRole('region', { name: 'Try the demo company' });
    expect(offer.textContent).toContain(
      'A copy of the service running on this computer, with a made-up company, customers and documents to try every screen on. Nothing is sent anywhere.',
    );
    expect(within(welcome).getByRole('button', { name: 'Add a connection' })).toBeTruthy();

    const release = demoOpensWhenReleased();
    const button = within(offer).getByRole('button', { name: 'Open the demo company' });
    await user.click(button);
    expect(within(offer).getByRole('status').textContent).toBe('Starting the demo company…');
    expect(button).toHaveProperty('disabled', true);

    release();
    // The connected desk: the Invoices section and the header's state.
    await screen.findByRole('main', { name: 'Invoices' });
    expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe(
      'Connected to Demo Trading Company (DEMO) as Demo ERP',
    );
    expect(bridge.desk.demo.open).toHaveBeenCalledTimes(1);
  });

  it('says what to do when the demo company does not start, and lets the clerk try again', async () => {
    const user = userEvent.setup();
    bridge.desk.demo.open.mockResolvedValueOnce({
      ok: false,
      error: {
        code: 'DEMO_UNAVAILABLE',
        message: 'The demo company did not start within 60 s. Try again; if it still does not start, …',
        retryable: true,
      },
    });
    render(<AppShell />);
    const offer = await screen.findByRole('region', { name: 'Try the demo company' });
    await user.click(within(offer).getByRole('button', { name: 'Open the demo company' }));
    expect((await within(offer).findByRole('alert')).textContent).toBe(
      'The demo company could not be opened. The demo company did not start within 60 s. Try again; if it still does not start, …',
    );
    expect(within(offer).queryByRole('status')).toBeNull();

    bridge.desk.demo.open.mockResolvedValueOnce({
      ok: false,
      error: { code: 'NETWORK_UNREACHABLE', message: 'connect ECONNREFUSED', retryable: true },
    });
    await user.click(within(offer).getByRole('button', { name: 'Open the demo company' }));
    await expect
      .poll(() => within(offer).getByRole('alert').textContent)
      .toBe(
        "The demo company could not be opened: The service did not answer. Check the address and this computer's network connection, then try again.",
      );
    expect(screen.getByRole('region', { name: 'Welcome' })).toBeTruthy();
  });

  it('leads to the Connections screen to add a connection', async () => {
    const user = userEvent.setup();
    render(<AppShell />);
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
    expect(useDeskStore.getState().section).toBe('connections');
    expect(await screen.findByRole('region', { name: 'Add a connection' })).toBeTruthy();
  });
});

describe('the Connections screen', () => {
  afterEach(() => {
    resetDeskStore();
    vi.clearAllMocks();
  });

  it('offers the demo company beside the saved connections', async () => {
    const user = userEvent.setup();
    const live: ConnectionView = { ...demo, id: 'c-live', label: 'Live', isActive: true };
    bridge.state.connections = [live];
    bridge.state.status = { ...connectedToDemo, connection: live };
    useDeskStore.setState({ section: 'connections' });
    render(<AppShell />);
    const offer = await screen.findByRole('region', { name: 'Try the demo company' });
    const release = demoOpensWhenReleased();
    await user.click(within(offer).getByRole('button', { name: 'Open the demo company' }));
    release();
    await expect
      .poll(() => within(offer).getByRole('status').textContent)
      .toBe('Opened: Demo company (bundled sandbox) is now the active connection.');
    const list = screen.getByRole('region', { name: 'Saved connections' });
    await within(list).findByRole('listitem', { name: 'Demo company (bundled sandbox)' });
  });
});
