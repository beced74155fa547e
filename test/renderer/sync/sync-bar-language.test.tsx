import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SyncBar } from '../../../src-renderer/features/sync/SyncBar';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';
import type { ConnectionStatus } from '../../../src-shared/bridge/contract';

const connected: ConnectionStatus = {
  connection: {
    id: 'c',
    label: 'Live',
    baseUrl: 'https://service.example.com/api/integration/v1',
    isActive: true,
    tokenStorage: 'os-keychain',
    start: { mode: 'everything' },
    identity: null,
  },
  state: 'connected',
  company: { code: 'DEMO', name: 'Demo Trading Company' },
  client: {
    name: 'Demo ERP',
    system: 'OTHER',
    rateLimitPerMinute: 120,
    tokenExpiresAt: '2027-01-01T00:00:00Z',
    tokenPrefix: 'svc_test_abcdefgh',
  },
  tokenExpiry: { expiresAt: '2027-01-01T00:00:00Z', daysLeft: 2, isExpiringSoon: true },
};

afterEach(() => resetDeskStore());

describe('the sync bar in the desk’s language', () => {
  it('switches to Arabic as it is shown, with Arabic plurals and no English sentence left', async () => {
    useDeskStore.setState({
      connection: connected,
      isOnline: true,
      queuedAcks: 2,
      pollIntervalMs: 60_000,
      syncProgress: {
        invoices: { kind: 'invoices', state: 'running', fetched: 1234, estimatedTotal: 5000, fraction: 0.25 },
      } as never,
      seqGaps: {
        payments: {
          gap: { kind: 'payments', count: 3, seqs: [1043, 1044, 1050] },
          isFetching: true,
          error: null,
        },
      } as never,
      filledGaps: [
        { kind: 'invoices', seq: 5, id: 'i5', number: 'INV-5', foundAt: 'a', filledAt: 'b' },
        { kind: 'invoices', seq: 9, id: 'i9', number: 'INV-9', foundAt: 'a', filledAt: 'b' },
      ],
      lastSend: {
        batchesSent: 1,
        applied: 11,
        unchanged: 0,
        failed: 0,
        held: 0,
        elsewhere: 1,
        stoppedBy: null,
      } as never,
    });
    render(<SyncBar />);
    expect(screen.getByRole('status', { name: 'Answers waiting' }).textContent).toBe(
      '2 answers waiting to be sent',
    );

    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    const bar = screen.getByRole('region', { name: 'المزامنة' });
    // Two answers: the Arabic dual, not "2 answers".
    expect(screen.getByRole('status', { name: 'ردود في الانتظار' }).textContent).toBe(
      'ردان في انتظار الإرسال',
    );
    expect(bar.textContent).toContain('الحصة 120 طلب في الدقيقة · تنتهي صلاحية رمز الوصول خلال يومين');
    expect(screen.getByRole('combobox', { name: 'فترة الاستطلاع' }).textContent).toContain('كل دقيقة');
    expect(screen.getByRole('button', { name: 'زامن الآن' })).toBeTruthy();
    expect(bar.textContent).toContain('الفواتير: جارٍ المزامنة، 1,234 جديد من نحو 5,000 (25');
    expect(screen.getByRole('alert', { name: 'مستند ناقص' }).textContent).toBe(
      'التحصيلات: لم يصل من الخلاصة أبدًا: 3 إيصالات بترتيب الإصدار (الأرقام 1043، 1044، 1050) — جارٍ جلب المستندات.',
    );
    expect(screen.getByRole('status', { name: 'مستندات جُلبت' }).textContent).toContain(
      'فاتورتان كانتا ناقصتين من الخلاصة وجُلبتا: \u2066INV-5\u2069 (تسلسل 5)، \u2066INV-9\u2069 (تسلسل 9).',
    );
    expect(screen.getByRole('status', { name: 'ردود لم تُرسل' }).textContent).toBe(
      'رد واحد لم يُرسل: سبق الرد عليه في مكان آخر.',
    );
    const text = (bar.textContent ?? '').replace(/INV-\d+/g, '');
    expect(text.match(/[A-Za-z]{2,}/g)).toBeNull();
  });
});
