import { describe, expect, it } from 'vitest';
import { checkAck, type AckCheck } from '../../../src-shared/domain/acks';
import { ackCheckWords, ackRefusalWords } from '../../../src-renderer/features/review/ack-check-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const checks: AckCheck[] = [
  { code: 'number-too-long', most: 64 },
  { code: 'key-too-long', most: 64 },
  { code: 'message-too-long', most: 500 },
  { code: 'order-number-missing' },
  { code: 'invoice-number-missing' },
  { code: 'reason-missing' },
];

describe('why an accept or a reject cannot be queued yet', () => {
  it('is a code the domain answers', () => {
    expect(checkAck('orders', { id: 'o', outcome: 'ACCEPTED' })).toEqual({ code: 'order-number-missing' });
    expect(checkAck('invoices', { id: 'i', outcome: 'ACCEPTED', externalNumber: ' ' })).toEqual({
      code: 'invoice-number-missing',
    });
    expect(checkAck('payments', { id: 'p', outcome: 'REJECTED' })).toEqual({ code: 'reason-missing' });
    expect(checkAck('invoices', { id: 'i', outcome: 'ACCEPTED', externalNumber: 'x'.repeat(65) })).toEqual({
      code: 'number-too-long',
      most: 64,
    });
    expect(checkAck('payments', { id: 'p', outcome: 'ACCEPTED' })).toBeNull();
  });

  it('is said in English as before', () => {
    expect(checks.map(ackCheckWords)).toEqual([
      'The ERP number is longer than 64 characters.',
      'The ERP key is longer than 64 characters.',
      'The message is longer than 500 characters.',
      'Type the ERP order number to confirm this order.',
      'Type the ERP invoice number.',
      'Choose a reason for the rejection.',
    ]);
    expect(
      ackRefusalWords({ code: 'needs-fixing', count: 2, first: { code: 'invoice-number-missing' } }),
    ).toBe('2 answers need fixing first. Type the ERP invoice number.');
    expect(ackRefusalWords({ code: 'needs-fixing', count: 1, first: null })).toBe(
      '1 answer needs fixing first.',
    );
  });

  it('is said in Arabic with no English word', () => {
    useLanguageStore.getState().change({ language: 'ar' });
    const texts = [
      ...checks.map(ackCheckWords),
      ackRefusalWords({ code: 'no-connection' }),
      ackRefusalWords({ code: 'needs-fixing', count: 3, first: { code: 'reason-missing' } }),
    ];
    for (const text of texts) {
      expect(hasArabic(text), text).toBe(true);
      expect(englishWordsOf(text), text).toEqual([]);
    }
  });
});
