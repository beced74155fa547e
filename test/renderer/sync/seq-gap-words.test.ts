import { describe, expect, it } from 'vitest';
import { filledGapWords, seqGapAlarmWords } from '../../../src-renderer/features/sync/seq-gap-words';

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
});
