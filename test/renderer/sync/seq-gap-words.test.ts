import { describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { filledGapWords, seqGapAlarmWords } from '../../../src-renderer/features/sync/seq-gap-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';

describe('the sync bar words for seq gaps', () => {
  it('names the missing document by its feed and seq, while fetching and when fetching failed', () => {
    const gap = { kind: 'payments' as const, count: 1, seqs: [1043] };
    expect(seqGapAlarmWords(gap, { isFetching: true, error: null })).toBe(
      'Payments: receipt no. 1043 in issue order never arrived — fetching it.',
    );
    const failed = seqGapAlarmWords(gap, {
      isFetching: false,
      error: { code: 'NETWORK_UNREACHABLE', message: 'x', retryable: true },
    });
    expect(failed).toMatch(
      /^Payments: receipt no\. 1043 in issue order never arrived, and fetching it failed: /,
    );
    expect(failed).toMatch(/press "Sync now" to try at once\. The day is not complete until it arrives\.$/);
    expect(
      seqGapAlarmWords(
        { kind: 'returns', count: 7, seqs: [3, 4, 9, 10, 11] },
        { isFetching: true, error: null },
      ),
    ).toBe('Returns: 7 credit notes in issue order (no. 3, 4, 9, 10, 11, …) never arrived — fetching them.');
  });

  it('lists what was fetched, one line a feed', () => {
    const at = { foundAt: 'a', filledAt: 'b' };
    expect(
      filledGapWords([
        { kind: 'payments', seq: 1043, id: 'p', number: 'PAY-2026-000042', ...at },
        { kind: 'invoices', seq: 5, id: 'i5', number: 'INV-5', ...at },
        { kind: 'invoices', seq: 9, id: 'i9', number: 'INV-9', ...at },
      ]),
    ).toEqual([
      '1 payment was missing from the feed and has been fetched: PAY-2026-000042 (seq 1043).',
      '2 invoices were missing from the feed and have been fetched: INV-5 (seq 5), INV-9 (seq 9).',
    ]);
  });

  it('says the same in Arabic, each count in its Arabic plural', async () => {
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    expect(
      seqGapAlarmWords({ kind: 'payments', count: 1, seqs: [1043] }, { isFetching: true, error: null }),
    ).toBe('التحصيلات: لم يصل من الخلاصة أبدًا: إيصال رقم 1043 بترتيب الإصدار — جارٍ جلب المستند.');
    expect(
      seqGapAlarmWords({ kind: 'returns', count: 2, seqs: [3, 4] }, { isFetching: false, error: null }),
    ).toMatch(
      /^المرتجعات: لم يصل من الخلاصة أبدًا: إشعاران دائنان بترتيب الإصدار \(الأرقام 3، 4\)، ولم ترسل الخدمة المستندين /,
    );
    expect(
      seqGapAlarmWords(
        { kind: 'invoices', count: 12, seqs: [1, 2, 3, 4, 5] },
        { isFetching: true, error: null },
      ),
    ).toContain('12 فاتورة بترتيب الإصدار (الأرقام 1، 2، 3، 4، 5، …)');
    const at = { foundAt: 'a', filledAt: 'b' };
    const filled = (count: number, kind: 'payments' | 'orders') =>
      filledGapWords(
        Array.from({ length: count }, (_, i) => ({
          kind,
          seq: i + 1,
          id: `p${i}`,
          number: `N-${i + 1}`,
          ...at,
        })),
      )[0]!.replace(/[\u2066-\u2069]/g, '');
    expect(filled(1, 'payments')).toBe('تحصيل واحد كان ناقصًا من الخلاصة وجُلب: N-1 (تسلسل 1).');
    expect(filled(2, 'orders')).toBe(
      'طلبيتان كانتا ناقصتين من الخلاصة وجُلبتا: N-1 (تسلسل 1)، N-2 (تسلسل 2).',
    );
    expect(filled(3, 'payments')).toMatch(/^3 تحصيلات كانت ناقصة من الخلاصة وجُلبت: /);
    expect(filled(11, 'orders')).toMatch(/^11 طلبية كانت ناقصة من الخلاصة وجُلبت: .*، و6 غيرها\.$/);
  });
});
