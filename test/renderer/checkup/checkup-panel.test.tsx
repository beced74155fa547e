import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionCheckup, ConnectionStatus } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

// The renderer sees the core only through `window.desk`; here it answers one check-up the test sets.
// The real core, call log and sandbox are exercised by test/core/call-log.test.ts and the e2e.
const bridge = vi.hoisted(() => {
  const state: { checkup: ConnectionCheckup | null } = { checkup: null };
  const desk = {
    connections: {
      checkup: vi.fn(async (): Promise<Result<ConnectionCheckup>> =>
        state.checkup
          ? { ok: true, value: state.checkup }
          : { ok: false, error: { code: 'NOT_CONFIGURED', message: 'No connection.', retryable: false } },
      ),
    },
    on: vi.fn(() => () => undefined),
  };
  Object.defineProperty(window, 'desk', { value: desk, configurable: true });
  return { state, desk };
});

import { CheckupPanel } from '../../../src-renderer/features/connections/CheckupPanel';
import { ProblemMessage } from '../../../src-renderer/features/connections/ProblemMessage';
import { CheckupOffer } from '../../../src-renderer/features/connections/OpenCheckupButton';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { db } from '../../../src-renderer/data/db';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';

const view = {
  id: 'conn-2',
  label: 'Branch office',
  baseUrl: 'https://service.example.com/api/integration/v1',
  isActive: true,
  tokenStorage: 'os-keychain' as const,
  start: { mode: 'everything' as const },
  identity: null,
};

/** A client without payments:read, whose token expires in 12 days. */
const status: ConnectionStatus = {
  connection: view,
  state: 'connected',
  company: { code: 'DEMO', name: 'Demo Trading Company' },
  client: {
    name: 'No payments',
    system: 'OTHER',
    rateLimitPerMinute: 120,
    tokenExpiresAt: '2025-06-13T09:00:00.000Z',
    tokenPrefix: 'svc_test_AbCdEfGh',
  },
  scopes: ['invoices:read', 'invoices:write', 'payments:write', 'customers:read'],
  tokenExpiry: { expiresAt: '2025-06-13T09:00:00.000Z', daysLeft: 12, isExpiringSoon: true },
};

/** Local wall-clock time to the second, worked out here without the app's formatter. */
function localTime(iso: string): string {
  const d = new Date(iso);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

const checkup: ConnectionCheckup = {
  checkedAt: '2025-06-01T10:45:00.000Z',
  status,
  clock: {
    serviceDate: 'Sun, 01 Jun 2025 10:48:12 GMT',
    localAt: '2025-06-01T10:45:00.000Z',
    skewSeconds: 192,
  },
  rate: { limit: 120, remaining: 37, resetSeconds: 25, last429At: '2025-06-01T10:42:05.000Z', refused429: 3 },
  erpMode: { state: 'not-api', seenAt: '2025-06-01T10:40:00.000Z', requestId: 'req_ErpModeRefused01' },
  recentCalls: [
    {
      at: '2025-06-01T10:45:00.000Z',
      method: 'GET',
      path: '/me',
      status: 200,
      code: null,
      requestId: 'req_MeAnswered00001',
      durationMs: 12,
    },
    {
      at: '2025-06-01T10:40:00.000Z',
      method: 'POST',
      path: '/acks',
      status: 409,
      code: 'ERP_MODE_NOT_API',
      requestId: 'req_ErpModeRefused01',
      durationMs: 8,
    },
    {
      at: '2025-06-01T10:39:00.000Z',
      method: 'GET',
      path: '/invoices?filter[version_after]=…&per_page=…',
      status: 200,
      code: null,
      requestId: 'req_InvoicesPage001',
      durationMs: 31,
    },
  ],
};

beforeEach(async () => {
  await db.open();
  bridge.state.checkup = checkup;
  useDeskStore.setState({
    connection: status,
    app: {
      name: 'Reconciliation Desk',
      version: '0.1.0',
      runtime: 'electron',
      tokenStorage: 'os-keychain',
      damagedFiles: [],
    },
  });
});
afterEach(async () => {
  resetDeskStore();
  db.close();
  await db.delete();
});

describe('the check-up panel', () => {
  it('lists each screen with what works and what is missing, in plain words', async () => {
    render(<CheckupPanel />);
    const table = await screen.findByRole('table', { name: 'What each screen can do' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Invoices', 'Invoices pulled; Accept and Reject of invoices', 'Nothing'],
      [
        'Payments',
        'Accept and Reject of payments',
        "Payments not pulled — the client 'No payments' lacks payments:read",
      ],
      [
        'Returns',
        '—',
        "Returns not pulled — the client 'No payments' lacks returns:read; Accept and Reject of returns refused — the client 'No payments' lacks returns:write",
      ],
      [
        'Orders',
        '—',
        "Orders not pulled — the client 'No payments' lacks orders:read; Accept and Reject of orders refused — the client 'No payments' lacks orders:write",
      ],
      [
        'Reconcile',
        'Invoices pulled; Accept and Reject of invoices; Accept and Reject of payments',
        [
          "Orders not pulled — the client 'No payments' lacks orders:read",
          "Accept and Reject of orders refused — the client 'No payments' lacks orders:write",
          "Payments not pulled — the client 'No payments' lacks payments:read",
          "Returns not pulled — the client 'No payments' lacks returns:read",
          "Accept and Reject of returns refused — the client 'No payments' lacks returns:write",
        ].join('; '),
      ],
      [
        'Day end',
        'Invoices pulled',
        [
          "Orders not pulled — the client 'No payments' lacks orders:read",
          "Payments not pulled — the client 'No payments' lacks payments:read",
          "Returns not pulled — the client 'No payments' lacks returns:read",
        ].join('; '),
      ],
      [
        'Balances',
        "Customers' balances read",
        "Balances not pushed — the client 'No payments' lacks balances:write",
      ],
      [
        'Master data',
        '—',
        [
          "Units, products and products' units not pushed — the client 'No payments' lacks catalog:write",
          "Price lists and prices not pushed — the client 'No payments' lacks prices:write",
          "Customers and branches not pushed — the client 'No payments' lacks customers:write",
          "Balances not pushed — the client 'No payments' lacks balances:write",
        ].join('; '),
      ],
    ]);
    expect(
      screen.getByText(
        "Ask your company administrator to add a missing scope in the service's console, Integrations → the client → Scopes. Then press Check again.",
      ),
    ).toBeTruthy();
  });

  it('says the clock difference, the rate budget, the ERP mode and the token days', async () => {
    render(<CheckupPanel />);
    await screen.findByText(/Checked at \d/, { selector: 'p' });
    const fact = (term: string): string | null =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
    expect(fact('Clock')).toBe(
      "This computer's clock is 3 min 12 s behind the service: times in the app may look off; set the clock automatically (in the system's date and time settings).",
    );
    expect(fact('Rate budget')).toBe(
      `37 of 120 calls left this minute; last refused for rate at ${localTime('2025-06-01T10:42:05.000Z')}, 3 times since the app began using this connection.`,
    );
    expect(fact('ERP mode')).toBe(
      `Not API: the service refused an Accept with ERP_MODE_NOT_API at ${localTime('2025-06-01T10:40:00.000Z')} (request id req_ErpModeRefused01). The company's ERP mode is set to manual (not API) in the service's console; an administrator sets it to API under Company settings → ERP mode.`,
    );
    expect(fact('Token')).toBe(
      "12 days left (expires 2025-06-13). Rotate it now: make a new token with Rotate in the service's console, paste it with Rotate token under Saved connections, then revoke the old one.",
    );
  });

  it('in step under a minute; the ERP mode not known before any ack', async () => {
    bridge.state.checkup = {
      ...checkup,
      clock: { ...checkup.clock, skewSeconds: -60 },
      rate: { ...checkup.rate, last429At: null, refused429: 0 },
      erpMode: { state: 'unknown', seenAt: null, requestId: null },
    };
    render(<CheckupPanel />);
    await screen.findByText(/Checked at \d/, { selector: 'p' });
    const fact = (term: string): string | null =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
    expect(fact('Clock')).toBe('In step with the service (1 min apart).');
    expect(fact('Rate budget')).toBe(
      '37 of 120 calls left this minute; never refused for rate since the app began using this connection.',
    );
    expect(fact('ERP mode')).toBe(
      'Not known yet: no Accept or Reject has been answered on this connection since the app started.',
    );
  });

  it('copies a report with the request ids, the token prefix and no query value', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CheckupPanel />);
    const report = (await screen.findByLabelText(/^Report for the service/)) as HTMLTextAreaElement;
    await userEvent.click(screen.getByRole('button', { name: 'Copy report' }));
    expect(writeText).toHaveBeenCalledWith(report.value);
    expect(screen.getByRole('status').textContent).toBe(
      "Copied. Paste it into your message to the service's support.",
    );
    const lines = report.value.split('\n');
    expect(lines.slice(0, 10)).toEqual([
      'Reconciliation Desk — connection check-up',
      "Checked at: 2025-06-01T10:45:00.000Z (this computer's clock, UTC)",
      'App: Reconciliation Desk 0.1.0 (desktop)',
      'Connection: Branch office — https://service.example.com/api/integration/v1',
      'Company: Demo Trading Company (DEMO)',
      'Client: No payments (system OTHER, 120 requests per minute)',
      'Token prefix: svc_test_AbCdEfGh…',
      expect.stringMatching(/^Token: 12 days left \(expires 2025-06-13\)\. Rotate it now/),
      'Scopes: invoices:read, invoices:write, payments:write, customers:read',
      'State: connected',
    ]);
    expect(lines).toContain(
      "  Payments: Accept and Reject of payments; Payments not pulled — the client 'No payments' lacks payments:read",
    );
    expect(lines.slice(-3)).toEqual([
      '  2025-06-01T10:45:00.000Z  GET  /me  200  req_MeAnswered00001  12 ms',
      '  2025-06-01T10:40:00.000Z  POST  /acks  409 ERP_MODE_NOT_API  req_ErpModeRefused01  8 ms',
      '  2025-06-01T10:39:00.000Z  GET  /invoices?filter[version_after]=…&per_page=…  200  req_InvoicesPage001  31 ms',
    ]);
    expect(report.value).toContain("Clock: This computer's clock is 3 min 12 s behind the service");
    expect(report.value).toContain('Service minus this computer: 192 s');
  });

  it('speaks Arabic after a switch: the table, the facts and the report to copy, its data kept whole', async () => {
    render(<CheckupPanel />);
    await screen.findByText(/Checked at \d/, { selector: 'p' });
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    const table = screen.getByRole('table', { name: 'ما تستطيعه كل شاشة' });
    const payments = within(table).getByRole('rowheader', { name: 'التحصيلات' }).closest('tr')!;
    expect(payments.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'التحصيلاتقبول ورفض التحصيلاتلا تُسحب التحصيلات — حساب الربط «No payments» تنقصه payments:read',
    );
    const fact = (term: string): string =>
      (screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '').replace(
        /[\u2066-\u2069]/g,
        '',
      );
    expect(fact('الساعة')).toMatch(/^ساعة هذا الكمبيوتر متأخرة 3 د 12 ث عن الخدمة/);
    // Three refusals: the Arabic plural for three to ten.
    expect(fact('حصة الطلبات')).toContain('3 مرات منذ بدأ التطبيق استخدام هذا الاتصال.');
    // Twelve days: the Arabic plural for eleven to ninety-nine.
    expect(fact('رمز الوصول')).toMatch(/^بقي 12 يومًا \(تنتهي صلاحيته في 2025-06-13\)\. جدّده الآن/);
    const report = (screen.getByLabelText(/^تقرير لدعم الخدمة/) as HTMLTextAreaElement).value
      .replace(/[\u2066-\u2069]/g, '')
      .split('\n');
    expect(report.slice(0, 7)).toEqual([
      'مكتب المطابقة — فحص الاتصال',
      'وقت الفحص: 2025-06-01T10:45:00.000Z (ساعة هذا الكمبيوتر، UTC)',
      'التطبيق: Reconciliation Desk 0.1.0 (نسخة سطح المكتب)',
      'الاتصال: Branch office — https://service.example.com/api/integration/v1',
      'الشركة: Demo Trading Company (DEMO)',
      'حساب الربط: No payments (النظام OTHER، 120 طلب في الدقيقة)',
      'بادئة رمز الوصول: svc_test_AbCdEfGh…',
    ]);
    expect(report.at(-1)).toBe(
      '  2025-06-01T10:39:00.000Z  GET  /invoices?filter[version_after]=…&per_page=…  200  req_InvoicesPage001  31 مللي ث',
    );
    // No English sentence is left outside the data (names, paths, codes, request ids).
    const data = ['Reconciliation Desk', 'Demo Trading Company', 'Branch office', 'No payments'];
    let text = (document.body.textContent ?? '') + report.join('\n');
    for (const value of data) text = text.replaceAll(value, '');
    expect(text.match(/[A-Za-z]{2,}(?:[ ,'’]+[A-Za-z]{2,}){2,}/g)).toBeNull();
  });

  it('Check again asks the core again', async () => {
    render(<CheckupPanel />);
    await screen.findByText(/Checked at \d/, { selector: 'p' });
    const asked = bridge.desk.connections.checkup.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(bridge.desk.connections.checkup.mock.calls.length).toBe(asked + 1);
  });
});

describe('the way to the check-up', () => {
  it('a Review section of a feed the client may not read says so, and opens the check-up', async () => {
    useDeskStore.setState({ section: 'payments' });
    render(<ReviewSection kind="payments" />);
    expect(screen.getByRole('alert').textContent).toBe(
      "Payments: not pulled — the client 'No payments' lacks payments:read. Ask your company administrator to add it in the service's console, Integrations → the client → Scopes.Open the check-up",
    );
    expect(
      await screen.findByText('No payments are staged: this connection may not pull them (see above).'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open the check-up' }));
    expect(useDeskStore.getState().section).toBe('connections');
  });

  it('a Review section of a feed the client reads shows no note', async () => {
    render(<ReviewSection kind="invoices" />);
    await screen.findByText('No invoices are staged yet. Press Sync now to pull them from the service.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal the check-up explains offers it; others, and problems outside the active connection, do not', () => {
    const { rerender } = render(
      <ProblemMessage error={{ code: 'ERP_MODE_NOT_API', message: 'Not API.', requestId: 'req_1' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      "The company's ERP mode on the service is not API. An administrator sets it to API in the service's console, under Company settings → ERP mode; until then answers cannot be sent.Not API. (request req_1)",
    );
    expect(screen.getByRole('button', { name: 'Open the check-up' })).toBeTruthy();
    for (const code of ['SCOPE_MISSING', 'IP_NOT_ALLOWED', 'TOKEN_REVOKED', 'TOKEN_EXPIRED']) {
      rerender(<ProblemMessage error={{ code, message: '' }} />);
      expect(screen.queryByRole('button', { name: 'Open the check-up' })).not.toBeNull();
    }
    rerender(<ProblemMessage error={{ code: 'NETWORK_UNREACHABLE', message: '' }} />);
    expect(screen.queryByRole('button', { name: 'Open the check-up' })).toBeNull();
    rerender(
      <CheckupOffer.Provider value={false}>
        <ProblemMessage error={{ code: 'TOKEN_INVALID', message: '' }} />
      </CheckupOffer.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Open the check-up' })).toBeNull();
  });
});
