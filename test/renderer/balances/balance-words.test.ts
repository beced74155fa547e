// Why a balance line counts or not, and why a customer needs a fresh balance: codes from the domain
// (src-shared/domain/balance-worksheet.ts), words here, in English as the clerk has always read them and
// in Arabic with no English word but the cheque's and receipt's numbers, set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FreshReason, LineWhy } from '../../../src-shared/domain/balance-worksheet';
import { freshReasonWords, lineWhyWords } from '../../../src-renderer/features/balances/balance-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const whys: LineWhy[] = [
  { code: 'accepted' },
  { code: 'invoice-pending' },
  { code: 'payment-pending' },
  { code: 'fallen', fall: { how: 'bounced', cheque: 'CHQ-9' } },
  { code: 'fallen', fall: { how: 'voided', receipt: 'RC-4' } },
  { code: 'fallen', fall: { how: 'voided', receipt: null } },
  { code: 'accepted-then-fell', fall: { how: 'reversed' } },
  { code: 'accepted-as-fallen', fall: { how: 'reversed' } },
  { code: 'return-accepted' },
  { code: 'return-pending' },
];

const fresh: FreshReason[] = [
  { code: 'never-pushed' },
  { code: 'booked-since', documents: 4 },
  { code: 'booked-since', documents: 1 },
  { code: 'old', days: 8 },
];

describe("a balance line's reason in the clerk's words", () => {
  it('says each code in English', () => {
    expect(whys.map(lineWhyWords)).toEqual([
      'Accepted: in the ERP’s books, no longer counted by the service.',
      'Issued after the ERP balance and not accepted yet: the service adds it.',
      'Collected after the ERP balance and not accepted yet: the service subtracts it.',
      'Not counted by the service: cheque CHQ-9 bounced, it brought no money.',
      'Not counted by the service: receipt RC-4 voided, it brought no money.',
      'Not counted by the service: receipt voided, it brought no money.',
      'Accepted, then reversed: answer the change before pushing a fresh balance.',
      'Accepted as reversed: no money in the ERP’s books, none counted by the service.',
      'Return: not counted by the service. Accepted, so the ERP booked the credit note: push a fresh balance.',
      'Return: not counted by the service. Once the ERP books the credit note, push a fresh balance.',
    ]);
    expect(fresh.map(freshReasonWords)).toEqual([
      'No ERP balance was pushed: the service counts every invoice and payment since the first.',
      '4 documents accepted since the ERP balance are in the ERP’s books, not in the service’s balance.',
      '1 document accepted since the ERP balance is in the ERP’s books, not in the service’s balance.',
      'The ERP balance is 8 days old.',
    ]);
  });

  it('says each code in Arabic, with no English word and the numbers set apart', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = [...whys.map(lineWhyWords), ...fresh.map(freshReasonWords)];
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    expect(words[3]).toContain('\u2066CHQ-9\u2069');
  });
});
