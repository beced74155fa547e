import { describe, expect, it } from 'vitest';
import type { ChangeFact } from '../../../src-shared/domain/review';
import type { NoteFacts } from '../../../src-renderer/data/rows';
import { reviewCellText } from '../../../src-renderer/features/review/columns';
import { changeTexts, noteText, sayChange } from '../../../src-renderer/features/review/row-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { changeInEnglish } from '../support/earlier-words';
import { row } from './fixtures';

// A row's note and what changed are said from its facts in the clerk's language: in English as the
// desk wrote them before, in Arabic with nothing English left but the codes and values the service sent.

const notes: NoteFacts[] = [
  { kind: 'lines', count: 1 },
  { kind: 'lines', count: 3 },
  { kind: 'order', number: 'SO-2026-000123' },
  { kind: 'method', method: 'CASH', cheque: null },
  { kind: 'method', method: 'CHEQUE', cheque: { number: '123456', status: 'DEPOSITED' } },
  { kind: 'reason', reason: 'DAMAGED', invoice: 'INV-2026-000009' },
];

const changes: ChangeFact[] = [
  { kind: 'versions', acked: 2, now: 3 },
  { kind: 'versions', acked: null, now: 3 },
  { kind: 'moved', acked: 8, now: 9 },
  { kind: 'amount', from: '100.00', to: '80.00' },
  { kind: 'status', from: 'RECORDED', to: 'REVERSED' },
  { kind: 'lines', from: 2, to: 1 },
  { kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer' },
  { kind: 'cheque-bounced', number: '123456', reason: 'No funds' },
  { kind: 'cheque-bounced', number: '77', reason: null },
  { kind: 'receipt-voided', number: 'RC-000011', date: '2026-03-03', reason: 'wrong customer' },
  { kind: 'receipt-voided', number: 'RC-000012', date: '2026-03-03', reason: null },
  { kind: 'held', reason: 'Awaiting photos' },
  { kind: 'approval-decided', date: '2025-03-06', by: 'supervisor@demo' },
  { kind: 'approval-decided', date: '2025-03-06', by: null },
];

/** Every value a fact carries as the service sent it (codes, numbers, free text): data, not words. */
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

describe('a row’s note and changes, said', () => {
  it('in English, as the desk wrote them before it kept facts (amounts formatted)', () => {
    expect(notes.map((noteFacts) => noteText({ noteFacts }))).toEqual([
      '1 line',
      '3 lines',
      'Order SO-2026-000123',
      'CASH',
      'CHEQUE 123456 · DEPOSITED',
      'DAMAGED · invoice INV-2026-000009',
    ]);
    expect(changes.map(sayChange)).toEqual(changes.map(changeInEnglish));
  });

  it('in Arabic, with no English word but the codes and values the service sent', () => {
    useLanguageStore.getState().change({ language: 'ar' });
    const said = [
      ...notes.map((noteFacts) => ({ text: noteText({ noteFacts }), values: valuesOf(noteFacts) })),
      ...changes.map((fact) => ({ text: sayChange(fact), values: valuesOf(fact) })),
    ];
    expect(said.flatMap(({ text, values }) => latinWordsIn(text, values))).toEqual([]);
    // Arabic's plural forms for the lines, and the values set apart left to right.
    expect([0, 1, 2, 3, 11, 100].map((count) => noteText({ noteFacts: { kind: 'lines', count } }))).toEqual([
      'لا بنود',
      'بند واحد',
      'بندان',
      '3 بنود',
      '11 بندًا',
      '100 بند',
    ]);
    expect(noteText({ noteFacts: notes[2]! })).toBe('الطلبية \u2066SO-2026-000123\u2069');
    // (Intl's own direction marks out: the isolates are what the words add.)
    expect(sayChange({ kind: 'amount', from: '1234.50', to: '-80.00' }).replace(/[\u200e\u061c]/g, '')).toBe(
      'تغيّر المبلغ من \u20661,234.50\u2069 إلى \u2066-80.00\u2069.',
    );
  });

  it('in the export’s cells and the review tooltip’s lines, in the desk’s language', () => {
    const changed = row('p', {
      noteFacts: notes[4]!,
      changeFacts: [changes[8]!, changes[10]!],
    });
    expect([
      reviewCellText('note', changed, 'payments'),
      reviewCellText('changes', changed, 'payments'),
    ]).toEqual(['CHEQUE 123456 · DEPOSITED', 'Cheque 77 bounced. Receipt RC-000012 voided 2026-03-03.']);
    useLanguageStore.getState().change({ language: 'ar' });
    expect(
      [reviewCellText('note', changed, 'payments'), ...changeTexts(changed)].map((text) =>
        text.replace(/[\u2066-\u2069]/g, ''),
      ),
    ).toEqual([
      'CHEQUE رقم 123456 · DEPOSITED',
      'ارتدّ الشيك رقم 77.',
      'أُلغي الإيصال رقم RC-000012 في 2026-03-03.',
    ]);
  });
});
