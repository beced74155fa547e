import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ConnectionStatus,
  ConnectionView,
  DeskEvents,
  RotationReceipt,
} from '../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../src-shared/bridge/result';

// The renderer sees the core only through `window.desk` (the preload's bridge). Here it is a small
// in-memory bridge installed before the app's modules load; the real core and sandbox are exercised by
// test/core and the end-to-end suite.
const bridge = vi.hoisted(() => {
  const state: {
    connections: ConnectionView[];
    status: ConnectionStatus;
    listeners: Array<(s: ConnectionStatus) => void>;
  } = {
    connections: [],
    status: { connection: null, state: 'not-configured' },
    listeners: [],
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
          runtime: 'electron' as const,
          tokenStorage: 'os-keychain' as const,
        },
      })),
    },
    connections: {
      list: vi.fn(async (): Promise<Result<ConnectionView[]>> => ({ ok: true, value: state.connections })),
      status: vi.fn(async (): Promise<Result<ConnectionStatus>> => ({ ok: true, value: state.status })),
      add: vi.fn(
        async (_input: { label: string; baseUrl: string; token: string }): Promise<Result<ConnectionView>> =>
          fail({ code: 'INTERNAL', message: 'unset', retryable: false }),
      ),
      activate: vi.fn(async (id: string): Promise<Result<ConnectionStatus>> => {
        state.connections = state.connections.map((c) => ({ ...c, isActive: c.id === id }));
        state.status = { ...state.status, connection: state.connections.find((c) => c.id === id) ?? null };
        return { ok: true, value: state.status };
      }),
      remove: vi.fn(async (id: string): Promise<Result<ConnectionView[]>> => {
        state.connections = state.connections.filter((c) => c.id !== id);
        return { ok: true, value: state.connections };
      }),
      rotate: vi.fn(async (_input: { id: string; token: string }): Promise<Result<RotationReceipt>> =>
        fail({ code: 'INTERNAL', message: 'unset', retryable: false }),
      ),
      // The check-up has tests of its own (test/renderer/checkup/).
      checkup: vi.fn(async () => notConfigured()),
    },
    // Other features' operations answer "not configured": this file is about Connections.
    feeds: {
      pull: vi.fn(async () => notConfigured()),
      cursor: vi.fn(async () => notConfigured()),
      documents: vi.fn(async () => notConfigured()),
    },
    acks: { send: vi.fn(async () => notConfigured()) },
    reference: { list: vi.fn(async () => notConfigured()) },
    on: vi.fn(<E extends keyof DeskEvents>(event: E, listener: (payload: DeskEvents[E]) => void) => {
      if (event === 'connection.state') state.listeners.push(listener as (s: ConnectionStatus) => void);
      return () => undefined;
    }),
  };
  Object.defineProperty(window, 'desk', { value: desk, configurable: true });
  return { state, desk };
});

import { AppShell } from '../../src-renderer/features/shell/AppShell';
import { useLanguageStore } from '../../src-renderer/messages/language-store';
import { resetDeskStore, useDeskStore } from '../../src-renderer/state/store';

const token = `svc_test_${'Zq9_-'.repeat(8)}abc`;
const demo: ConnectionView = {
  id: 'c-demo',
  label: 'Sandbox (demo company)',
  baseUrl: 'http://127.0.0.1:8787/api/integration/v1',
  isActive: true,
  tokenStorage: 'os-keychain',
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
const live: ConnectionView = {
  ...demo,
  id: 'c-live',
  label: 'Live',
  baseUrl: 'https://service.example.com/api/integration/v1',
  isActive: false,
  identity: {
    ...demo.identity!,
    companyCode: 'ACME',
    companyName: 'Acme Foods',
    clientName: 'Acme ERP',
    tokenPrefix: 'svc_live_12345678',
  },
};
function connected(view: ConnectionView, daysLeft = 300): ConnectionStatus {
  return {
    connection: view,
    state: 'connected',
    company: { code: view.identity!.companyCode, name: view.identity!.companyName },
    client: {
      name: view.identity!.clientName,
      system: 'OTHER',
      rateLimitPerMinute: 120,
      tokenExpiresAt: '2027-09-18T10:00:00Z',
      tokenPrefix: view.identity!.tokenPrefix,
    },
    scopes: ['invoices:read', 'payments:read'],
    tokenExpiry: { expiresAt: '2027-09-18T10:00:00Z', daysLeft, isExpiringSoon: daysLeft <= 30 },
  };
}

async function openConnections() {
  const user = userEvent.setup();
  useDeskStore.setState({ section: 'connections' });
  render(<AppShell />);
  expect(screen.getByRole('button', { name: 'Connections' }).getAttribute('aria-current')).toBe('page');
  // The list and the state arrive from the bridge.
  await screen.findAllByRole('listitem');
  await screen.findByRole('region', { name: 'Active connection' });
  return user;
}

describe('the Connections screen', () => {
  beforeEach(() => {
    bridge.state.connections = [demo, live];
    bridge.state.status = connected(demo);
    bridge.state.listeners = [];
  });
  afterEach(() => {
    resetDeskStore();
    vi.clearAllMocks();
  });

  it("shows the active connection's company, client, system, scopes, rate limit and token expiry", async () => {
    await openConnections();
    const active = await screen.findByRole('region', { name: 'Active connection' });
    await within(active).findByText('Demo Trading Company (DEMO)');
    const facts = Object.fromEntries(
      within(active)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Connection: 'Sandbox (demo company)',
      Address: 'http://127.0.0.1:8787/api/integration/v1',
      Company: 'Demo Trading Company (DEMO)',
      Client: 'Demo ERP',
      System: 'OTHER',
      Scopes: 'invoices:read, payments:read',
      'Rate limit': '120 requests per minute',
      Token: 'svc_test_AbCdEfGh… expires 2027-09-18 (in 300 days)',
      Start: 'Everything',
      'Kept in': "this computer's keychain",
    });
    const list = screen.getByRole('region', { name: 'Saved connections' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [li.getAttribute('aria-label'), li.getAttribute('aria-current')])).toEqual([
      ['Sandbox (demo company)', 'true'],
      ['Live', null],
    ]);
  });

  it('warns 30 days before the token expires, in the screen and the header', async () => {
    bridge.state.status = connected(demo, 12);
    await openConnections();
    expect(
      (await screen.findByText(/The token expires in 12 days/, { selector: '.warning' })).textContent,
    ).toContain('It expires on 2027-09-18');
    expect(screen.getByRole('status', { name: 'Connection' }).textContent).toContain(
      'The token expires in 12 days: rotate it soon.',
    );
  });

  it('verifies and saves a new connection from the form, then forgets the token it was given', async () => {
    const saved: ConnectionView = { ...live, id: 'c-new', label: 'Second', isActive: true };
    bridge.desk.connections.add.mockImplementationOnce(async () => {
      bridge.state.connections = [{ ...demo, isActive: false }, live, saved];
      bridge.state.status = connected(saved);
      return { ok: true, value: saved };
    });
    const user = await openConnections();
    const form = screen.getByRole('region', { name: 'Add a connection' });
    const tokenField = within(form).getByLabelText('Token');
    expect(tokenField.getAttribute('type')).toBe('password');
    const submit = within(form).getByRole('button', { name: 'Verify & save' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Label'), 'Second');
    await user.type(
      within(form).getByLabelText('Service address'),
      'https://service.example.com/api/integration/v1',
    );
    await user.type(tokenField, token);
    await user.click(submit);

    expect(bridge.desk.connections.add).toHaveBeenCalledWith({
      label: 'Second',
      baseUrl: 'https://service.example.com/api/integration/v1',
      token,
    });
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Verified and saved: Second is now the active connection.',
    );
    expect(tokenField).toHaveProperty('value', '');
    expect(document.body.innerHTML).not.toContain(token);
    const list = screen.getByRole('region', { name: 'Saved connections' });
    expect(within(list).getByRole('listitem', { name: 'Second' }).getAttribute('aria-current')).toBe('true');
  });

  it('says in plain words why a connection was not saved, and marks a refused field', async () => {
    const user = await openConnections();
    const form = screen.getByRole('region', { name: 'Add a connection' });
    await user.type(within(form).getByLabelText('Label'), 'Revoked');
    await user.type(within(form).getByLabelText('Service address'), 'https://service.example.com');
    await user.type(within(form).getByLabelText('Token'), token);

    bridge.desk.connections.add.mockResolvedValueOnce({
      ok: false,
      error: {
        code: 'TOKEN_REVOKED',
        message: 'The token svc_test_Zq9_-Zq9... was revoked at 2026-01-01T00:00:00Z.',
        retryable: false,
        requestId: 'req-1',
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Verify & save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(
      'The token was revoked. Paste a new one in Connections (Rotate token).',
    );
    expect(alert.textContent).toContain('(request req-1)');

    bridge.desk.connections.add.mockResolvedValueOnce({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'The arguments of connections.add are not valid.',
        retryable: false,
        details: [{ field: 'token', code: 'pattern' }],
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Verify & save' }));
    expect((await within(form).findByText(/followed by 43 characters/)).className).toBe('field-error');
    expect(within(form).getByLabelText('Token').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Label').getAttribute('aria-invalid')).toBeNull();
  });

  it('switches to another saved connection', async () => {
    const user = await openConnections();
    const list = screen.getByRole('region', { name: 'Saved connections' });
    await user.click(
      within(within(list).getByRole('listitem', { name: 'Live' })).getByRole('button', {
        name: 'Use this connection',
      }),
    );
    expect(bridge.desk.connections.activate).toHaveBeenCalledWith('c-live');
    await vi.waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Live' }).getAttribute('aria-current')).toBe('true'),
    );
  });

  it('removes a connection only after a confirmation', async () => {
    const user = await openConnections();
    const list = screen.getByRole('region', { name: 'Saved connections' });
    const liveItem = within(list).getByRole('listitem', { name: 'Live' });
    await user.click(within(liveItem).getByRole('button', { name: 'Remove' }));
    const confirm = within(liveItem).getByRole('alertdialog', { name: 'Remove Live?' });
    expect(confirm.textContent).toContain(
      'Its token is deleted from this computer. The token itself stays valid until it is revoked in the console.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.desk.connections.remove).not.toHaveBeenCalled();

    await user.click(within(liveItem).getByRole('button', { name: 'Remove' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, remove' }));
    expect(bridge.desk.connections.remove).toHaveBeenCalledWith('c-live');
    await vi.waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Live' })).toBeNull());
  });

  it('rotates a token and reminds to revoke the old one by its prefix', async () => {
    bridge.desk.connections.rotate.mockResolvedValueOnce({
      ok: true,
      value: {
        connection: demo,
        oldTokenPrefix: 'svc_test_AbCdEfGh',
        newTokenPrefix: 'svc_test_Zq9_-Zq9',
        newTokenExpiresAt: '2027-11-01T00:00:00Z',
      },
    });
    const user = await openConnections();
    const list = screen.getByRole('region', { name: 'Saved connections' });
    await user.click(
      within(within(list).getByRole('listitem', { name: 'Sandbox (demo company)' })).getByRole('button', {
        name: 'Rotate token',
      }),
    );
    const helper = within(list).getByRole('region', { name: 'Rotate the token of Sandbox (demo company)' });
    await user.type(within(helper).getByLabelText('New token'), token);
    await user.click(within(helper).getByRole('button', { name: 'Verify & switch' }));
    expect(bridge.desk.connections.rotate).toHaveBeenCalledWith({ id: 'c-demo', token });
    expect((await within(helper).findByRole('status')).textContent).toContain(
      'now uses the token svc_test_Zq9_-Zq9… (expires 2027-11-01)',
    );
    expect(within(helper).getByText(/Now revoke the old token/).textContent).toContain('svc_test_AbCdEfGh…');
    expect(document.body.innerHTML).not.toContain(token);
  });

  it('follows connection.state events: a revoked token shows what to do', async () => {
    await openConnections();
    await screen.findByText('Demo Trading Company (DEMO)');
    expect(bridge.state.listeners).toHaveLength(1);
    bridge.state.listeners[0]?.({
      connection: demo,
      state: 'error',
      error: { code: 'TOKEN_REVOKED', message: 'revoked' },
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Connection' }).textContent).toBe(
        'The token was revoked. Paste a new one in Connections (Rotate token).',
      ),
    );
    const active = screen.getByRole('region', { name: 'Active connection' });
    expect(within(active).getByRole('alert').textContent).toContain('The token was revoked.');
  });
  it('speaks Arabic once the clerk switches, without a reload, its counts in Arabic plurals', async () => {
    bridge.state.status = connected(demo, 12);
    const user = await openConnections();
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));

    const active = screen.getByRole('region', { name: 'الاتصال النشط' });
    // 12 days: the Arabic plural for 11 to 99 (يومًا), not the English "days".
    expect(within(active).getByRole('alert').textContent).toContain(
      'تنتهي صلاحية رمز الوصول خلال 12 يومًا: جدّده قريبًا.',
    );
    expect(screen.getByRole('status', { name: 'الاتصال' }).textContent).toContain('خلال 12 يومًا');
    const facts = Object.fromEntries(
      within(active)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts['حد الطلبات']).toBe('120 طلب في الدقيقة');
    expect(facts['البداية']).toBe('كل شيء');
    // Names and codes stay whole, set apart from the Arabic around them.
    expect(facts['الشركة']).toBe('\u2068Demo Trading Company\u2069 (\u2066DEMO\u2069)');

    const list = screen.getByRole('region', { name: 'الاتصالات المحفوظة' });
    const liveItem = within(list).getByRole('listitem', { name: 'Live' });
    await user.click(within(liveItem).getByRole('button', { name: 'حذف' }));
    expect(within(liveItem).getByRole('alertdialog').textContent).toContain(
      'يُحذف رمز الوصول الخاص به من هذا الكمبيوتر.',
    );
    const form = screen.getByRole('region', { name: 'إضافة اتصال' });
    expect(within(form).getByLabelText('رمز الوصول').getAttribute('placeholder')).toBe('svc_live_…');
    expect(within(form).getByRole('button', { name: 'تحقق واحفظ' })).toBeTruthy();

    // No English sentence is left: only the data (names, addresses, codes) and what the core itself
    // said (the check-up's refusal here, shown under the desk's own words) are in Latin letters.
    const data = [
      'No connection is active.',
      'Demo Trading Company',
      'Sandbox (demo company)',
      'Acme Foods',
      'Reconciliation Desk',
    ];
    let text = document.body.textContent ?? '';
    for (const value of data) text = text.replaceAll(value, '');
    expect(text.match(/[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}/g)).toBeNull();
    expect(text).not.toMatch(/\b(the|is|and|to|of|your)\b/);

    await act(async () => useLanguageStore.getState().change({ language: 'en' }));
    expect(screen.getByRole('region', { name: 'Active connection' })).toBeTruthy();
  });
});
