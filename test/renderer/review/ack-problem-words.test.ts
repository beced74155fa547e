import { describe, expect, it } from 'vitest';
import type { AckProblemFact } from '../../../src-renderer/data/rows';
import { ackProblemText, sayAckProblem } from '../../../src-renderer/features/review/ack-problem-words';
import { reviewCellText } from '../../../src-renderer/features/review/columns';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { movedInEnglish } from '../support/earlier-words';
import { row } from './fixtures';

// Why a clerk's ack did not go through is kept as facts and said where it is read: in English as the
// desk wrote it before, in Arabic with nothing English left but the codes and values the service sent.

const held = { kind: 'held', reason: 'Refused by the office' } as const;
const bounced = { kind: 'cheque-bounced', number: '77', reason: null } as const;

const problems: AckProblemFact[] = [
  { kind: 'refused', code: 'ALREADY_ACKNOWLEDGED', message: 'Version 3 was acked.', details: [] },
  { kind: 'refused', code: 'NOT_FOUND', message: 'No such invoice.', details: [] },
  { kind: 'refused', code: 'STALE_THING', message: 'The service moved on.', details: [] },
  { kind: 'no-result' },
  { kind: 'batch', code: 'INVALID_ARGUMENT', message: 'items', requestId: null },
  { kind: 'batch', code: 'NETWORK_GONE', message: 'Socket closed.', requestId: 'req-9' },
  { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: 'ERP-124', reasonCode: null },
  { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: null, reasonCode: null },
  { kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: 'DUPLICATE' },
  { kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: null },
  { kind: 'moved', ackedVersion: 4, changes: [held, bounced] },
  { kind: 'moved', ackedVersion: 4, changes: [{ kind: 'moved', acked: 4, now: 5 }] },
  { kind: 'moved', ackedVersion: null, changes: [] },
  { kind: 'words', text: 'Something an earlier build wrote.' },
];

/** Every string a fact carries as the service or the desk's store sent it: data, not words. */
function valuesOf(fact: object): string[] {
  return Object.values(fact).flatMap((value): string[] =>
    value && typeof value === 'object' ? valuesOf(value) : typeof value === 'string' ? [value] : [],
  );
}

/** Latin words left in a text once its isolates and the values it was told are out. */
function latinWordsIn(text: string, values: readonly string[]): string[] {
  let rest = text.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
  for (const value of [...values].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  return rest.match(/[A-Za-z]+/g) ?? [];
}

describe('why an ack did not go through, said', () => {
  it('in English, as the desk wrote it before it kept facts, the ack held elsewhere in words', () => {
    expect(problems.map(sayAckProblem)).toEqual([
      'This version was already answered differently. Sync to see the answer the service holds; answer again only if the document changes.',
      'The service does not know this document. Sync; it may belong to another company or connection.',
      'The service moved on. Try again; if it repeats, tell support the request id.',
      'The service sent no result for this document.',
      'Some fields are not filled in correctly. Check the fields marked below.',
      'Socket closed. Try again; if it repeats, tell support the request id.',
      // The ack the service holds in words, where the desk showed its codes (ACCEPTED, REJECTED).
      'Already answered elsewhere: accepted as ERP-124. Your answer was not sent and is not retried.',
      'Already answered elsewhere: accepted. Your answer was not sent and is not retried.',
      'Already answered elsewhere: rejected (DUPLICATE). Your answer was not sent and is not retried.',
      'Already answered elsewhere: rejected. Your answer was not sent and is not retried.',
      movedInEnglish([held, bounced]),
      movedInEnglish([{ kind: 'moved', acked: 4, now: 5 }]),
      'Changed since you answered. Your answer was not sent; answer it again or drop your answer.',
      'Something an earlier build wrote.',
    ]);
  });

  it('in Arabic, with no English word but the codes and values the service sent', () => {
    useLanguageStore.getState().change({ language: 'ar' });
    const said = problems.map((problem) => ({ text: sayAckProblem(problem), values: valuesOf(problem) }));
    // The catalogue's own words for a code the desk does not know name the request id as support asks it.
    const supportWords = ['request', 'id'];
    expect(said.flatMap(({ text, values }) => latinWordsIn(text, values))).toEqual(
      [2, 5].flatMap(() => supportWords),
    );
    const plain = said.map(({ text }) => text.replace(/[\u2066-\u2069]/g, ''));
    expect(plain[0]).toBe(
      'سبق الرد على هذا الإصدار برد مختلف. زامن لترى الرد المحفوظ لدى الخدمة؛ ولا ترد مرة أخرى إلا إذا تغير المستند.',
    );
    // The service's own message, for a code the desk has no words for: set apart as data.
    expect(said[2]!.text.startsWith('\u2068The service moved on.\u2069 ')).toBe(true);
    expect(plain.slice(3)).toEqual([
      'لم تُرسل الخدمة نتيجة لهذا المستند.',
      'بعض الحقول غير مملوءة بشكل صحيح. راجع الحقول المحددة أدناه.',
      'Socket closed. حاول مرة أخرى؛ وإذا تكرر فأبلغ الدعم برقم الطلب (request id).',
      'سبق الرد عليه من مكان آخر: قبول برقم ERP-124. لم يُرسل ردك ولن يُعاد إرساله.',
      'سبق الرد عليه من مكان آخر: قبول. لم يُرسل ردك ولن يُعاد إرساله.',
      'سبق الرد عليه من مكان آخر: رفض (DUPLICATE). لم يُرسل ردك ولن يُعاد إرساله.',
      'سبق الرد عليه من مكان آخر: رفض. لم يُرسل ردك ولن يُعاد إرساله.',
      'تغيّر بعد ردك: معلّق: Refused by the office. ارتدّ الشيك رقم 77. لم يُرسل ردك؛ رد عليه من جديد أو أسقط ردك.',
      'تغيّر بعد ردك: تغيّر بعد أن رددت عليه (رددت على الإصدار 4، وهو الآن الإصدار 5). لم يُرسل ردك؛ رد عليه من جديد أو أسقط ردك.',
      'تغيّر بعد ردك. لم يُرسل ردك؛ رد عليه من جديد أو أسقط ردك.',
      'Something an earlier build wrote.',
    ]);
  });

  it('in the Review column and its tooltip’s first line, in the desk’s language', () => {
    const failed = row('a', { answerState: 'failed', ackProblem: problems[3]! });
    const elsewhere = row('b', { answerState: 'elsewhere', ackProblem: problems[6]! });
    expect(reviewCellText('review', failed, 'invoices')).toBe(
      'Failed: The service sent no result for this document.',
    );
    expect(ackProblemText(elsewhere)).toBe(
      'Already answered elsewhere: accepted as ERP-124. Your answer was not sent and is not retried.',
    );
    expect(ackProblemText(row('c'))).toBe('');
    useLanguageStore.getState().change({ language: 'ar' });
    expect(reviewCellText('review', failed, 'invoices')).toBe('فشل: لم تُرسل الخدمة نتيجة لهذا المستند.');
  });
});
