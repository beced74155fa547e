import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeFact } from '../../../../src-shared/domain/review';
import { feedKinds, type FeedKind } from '../../../../src-shared/wire';
import { reviewRowTableNames } from '../../../../src-renderer/data/review-rows/layout';
import { db } from '../../../../src-renderer/data/db';
import { readDayEndReport } from '../../../../src-renderer/data/day-end';
import { defaultReviewSort } from '../../../../src-renderer/data/review-rows/query';
import type { ReviewRow } from '../../../../src-renderer/data/rows';
import {
  ackProblemOfWords,
  changeFactOfWords,
  noteFactsOfWords,
} from '../../../../src-renderer/data/upgrades/row-facts-from-words';
import { ackProblemText } from '../../../../src-renderer/features/review/ack-problem-words';
import { reviewCellText } from '../../../../src-renderer/features/review/columns';
import { csvBlobOf } from '../../../../src-renderer/features/review/export-view';
import { useLanguageStore } from '../../../../src-renderer/messages/language-store';
import { row } from '../../review/fixtures';
import { changeInEnglish, elsewhereInEnglish, movedInEnglish } from '../../support/earlier-words';
import { putRows } from '../../support/stored-rows';

// Rows stored before rows kept facts hold their note and changes in English words: version 11's opening
// writes them with their facts (upgrades/v11-row-facts.ts), so they are said in the clerk's language like
// any other row.

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A row as an earlier build stored it: English `note` and `changes`, its ack's problem in words, no facts. */
function rowInWords(id: string, patch: Partial<ReviewRow>, note: string, changes: string[]): ReviewRow {
  const { noteFacts: _note, changeFacts: _changes, ackProblem: _problem, ...rest } = row(id, patch);
  return { ...rest, note, changes } as unknown as ReviewRow;
}

/** A row as the build before ack problems were facts stored it: its ack's problem in `answerError` only. */
function rowWithAckWords(id: string, patch: Partial<ReviewRow>): ReviewRow {
  const { ackProblem: _problem, ...rest } = row(id, patch);
  return rest as ReviewRow;
}

/**
 * Stores rows as an earlier build left them (`inWords`: its words, no facts) and opens the desk as
 * version 11 does on such a store: its upgrade marked the rows, its opening writes their facts.
 */
async function storeInWordsAndReopen(kind: FeedKind, inWords: ReviewRow[]): Promise<void> {
  await putRows(kind, inWords);
  expect(await storedRecord(reviewRowTableNames[kind], inWords[0]!.id)).not.toHaveProperty('noteFacts');
  await db.meta.bulkPut(feedKinds.map((feed) => ({ key: `rowFacts:${feed}`, value: '' })));
  db.close();
  await db.open();
}

/** The stored record itself, as another reader of the store finds it. */
async function storedRecord(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const raw = new Dexie(db.name);
  await raw.open();
  const found = (await raw.table(table).get(id)) as Record<string, unknown> | undefined;
  raw.close();
  return found;
}

describe('an earlier build’s words, read back as facts', () => {
  it('read every change sentence the desk used to store to the fact it told', () => {
    const facts: ChangeFact[] = [
      { kind: 'versions', acked: 2, now: 3 },
      { kind: 'versions', acked: null, now: 3 },
      { kind: 'moved', acked: 8, now: 9 },
      { kind: 'amount', from: '100.00', to: '80.00' },
      { kind: 'status', from: 'RECORDED', to: 'REVERSED' },
      { kind: 'lines', from: 2, to: 1 },
      { kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer: billed twice' },
      { kind: 'cheque-bounced', number: '123 456', reason: 'No funds.' },
      { kind: 'cheque-bounced', number: '77', reason: null },
      { kind: 'receipt-voided', number: 'RC-000011', date: '2026-03-03', reason: 'wrong customer' },
      { kind: 'receipt-voided', number: 'RC-000012', date: '2026-03-03', reason: null },
      { kind: 'held', reason: 'Awaiting photos' },
      { kind: 'approval-decided', date: '2025-03-06', by: 'supervisor@demo' },
      { kind: 'approval-decided', date: '2025-03-06', by: null },
    ];
    expect(facts.map((fact) => changeFactOfWords(changeInEnglish(fact)))).toEqual(facts);
    // As rows on clerks' disks hold them, written by the builds before facts.
    expect(
      [
        'Changed after it was answered (answered version ?, now version 3).',
        'Reversed 2025-03-03 by office: Wrong customer.',
        'Cheque 77 bounced.',
        'Something no template tells.',
      ].map(changeFactOfWords),
    ).toEqual([
      { kind: 'versions', acked: null, now: 3 },
      { kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer' },
      { kind: 'cheque-bounced', number: '77', reason: null },
      { kind: 'words', text: 'Something no template tells.' },
    ]);
  });

  it('read every ack problem the ack sender used to store to its fact, other words kept as words', () => {
    const moves = [
      [{ kind: 'held', reason: 'Two cartons short. Refused by the office' }],
      [
        { kind: 'reversed', date: '2025-03-03', by: 'office', reason: 'Wrong customer. Again' },
        { kind: 'cheque-bounced', number: '77', reason: null },
      ],
    ] as const satisfies ChangeFact[][];
    expect(
      [
        '',
        'The service sent no result for this document.',
        elsewhereInEnglish({ outcome: 'ACCEPTED', external_number: 'ERP-124' }),
        elsewhereInEnglish({ outcome: 'ACCEPTED' }),
        elsewhereInEnglish({ outcome: 'REJECTED', reason_code: 'DUPLICATE' }),
        elsewhereInEnglish({ outcome: 'REJECTED' }),
        movedInEnglish([{ kind: 'moved', acked: 4, now: 6 }]),
        ...moves.map(movedInEnglish),
        movedInEnglish([]),
        movedInEnglish([{ kind: 'words', text: 'Something no template tells.' }]),
        'The service does not know this document. Sync; it may belong to another company or connection.',
      ].map(ackProblemOfWords),
    ).toEqual([
      null,
      { kind: 'no-result' },
      { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: 'ERP-124', reasonCode: null },
      { kind: 'elsewhere', outcome: 'ACCEPTED', externalNumber: null, reasonCode: null },
      { kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: 'DUPLICATE' },
      { kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: null },
      { kind: 'moved', ackedVersion: 4, changes: [{ kind: 'moved', acked: 4, now: 6 }] },
      ...moves.map((changes) => ({ kind: 'moved', ackedVersion: null, changes })),
      { kind: 'moved', ackedVersion: null, changes: [] },
      { kind: 'words', text: movedInEnglish([{ kind: 'words', text: 'Something no template tells.' }]) },
      {
        kind: 'words',
        text: 'The service does not know this document. Sync; it may belong to another company or connection.',
      },
    ]);
  });

  it('show a stored row’s ack problem in words as facts, in the desk’s language, and write the facts next time', async () => {
    const elsewhere = elsewhereInEnglish({ outcome: 'REJECTED', reason_code: 'DUPLICATE' });
    const moved = movedInEnglish([{ kind: 'cheque-bounced', number: '77', reason: null }]);
    await storeInWordsAndReopen('payments', [
      rowInWords('p1', { answerState: 'elsewhere', answerError: elsewhere }, 'CASH', []),
      rowWithAckWords('p2', { answerState: 'changed', answerOutcome: 'ACCEPTED', answerError: moved }),
      rowWithAckWords('p3', { answerState: 'failed', answerError: 'Refused, in the words of its day.' }),
      rowWithAckWords('p4', {}),
    ]);
    const read = await db.rowsOf('payments').bulkGet(['p1', 'p2', 'p3', 'p4']);
    expect(read.map((found) => [found?.ackProblem, found?.answerError])).toEqual([
      [{ kind: 'elsewhere', outcome: 'REJECTED', externalNumber: null, reasonCode: 'DUPLICATE' }, ''],
      [
        {
          kind: 'moved',
          ackedVersion: null,
          changes: [{ kind: 'cheque-bounced', number: '77', reason: null }],
        },
        '',
      ],
      [{ kind: 'words', text: 'Refused, in the words of its day.' }, ''],
      [null, ''],
    ]);
    expect(read[0]).toMatchObject({ noteFacts: { kind: 'method', method: 'CASH', cheque: null } });
    useLanguageStore.getState().change({ language: 'ar' });
    expect(read.map((found) => ackProblemText(found!).replace(/[\u2066-\u2069]/g, ''))).toEqual([
      'سبق الرد عليه من مكان آخر: رفض (DUPLICATE). لم يُرسل ردك ولن يُعاد إرساله.',
      'تغيّر بعد ردك: ارتدّ الشيك رقم 77. لم يُرسل ردك؛ رد عليه من جديد أو أسقط ردك.',
      'Refused, in the words of its day.',
      '',
    ]);
    expect(reviewCellText('review', read[2]!, 'invoices').replace(/[\u2066-\u2069]/g, '')).toBe(
      'فشل: Refused, in the words of its day.',
    );
    // On the disk with its facts since the opening wrote them.
    expect(await storedRecord('paymentRows', 'p2')).toMatchObject({
      answerError: '',
      ackProblem: { kind: 'moved' },
    });
  });

  it('read every kind’s note', () => {
    expect([
      noteFactsOfWords('orders', '3 lines'),
      noteFactsOfWords('orders', '1 line'),
      noteFactsOfWords('invoices', 'Order SO-2026-000123'),
      noteFactsOfWords('payments', 'CASH'),
      noteFactsOfWords('payments', 'CHEQUE 123 456 · DEPOSITED'),
      noteFactsOfWords('returns', 'DAMAGED · invoice INV-2026-000009'),
      noteFactsOfWords('orders', ''),
    ]).toEqual([
      { kind: 'lines', count: 3 },
      { kind: 'lines', count: 1 },
      { kind: 'order', number: 'SO-2026-000123' },
      { kind: 'method', method: 'CASH', cheque: null },
      { kind: 'method', method: 'CHEQUE', cheque: { number: '123 456', status: 'DEPOSITED' } },
      { kind: 'reason', reason: 'DAMAGED', invoice: 'INV-2026-000009' },
      { kind: 'words', text: '' },
    ]);
  });

  it('show stored rows in words as facts: read one by one and in pages, exported, and on the day end', async () => {
    await storeInWordsAndReopen('payments', [
      rowInWords(
        'p1',
        { number: 'RC-1', date: '2026-03-03', pendingAgain: 1, status: 'RECORDED' },
        'CHEQUE 123 · DEPOSITED',
        ['Receipt RC-000011 voided 2026-03-03: wrong customer.'],
      ),
    ]);
    const facts = {
      noteFacts: { kind: 'method', method: 'CHEQUE', cheque: { number: '123', status: 'DEPOSITED' } },
      changeFacts: [
        { kind: 'receipt-voided', number: 'RC-000011', date: '2026-03-03', reason: 'wrong customer' },
      ],
    };
    const read = await db.rowsOf('payments').get('p1');
    expect(read).toMatchObject(facts);
    expect(read).not.toHaveProperty('note');
    expect(read).not.toHaveProperty('changes');
    expect((await db.rowsOf('payments').bulkGet(['p1']))[0]).toMatchObject(facts);

    // The export in Arabic says them in Arabic, as it does a row stored with facts.
    useLanguageStore.getState().change({ language: 'ar' });
    const text = await (
      await csvBlobOf(
        { kind: 'payments', view: 'all', sort: defaultReviewSort, quickFilter: '', filters: [] },
        [
          { colId: 'note', headerName: 'note' },
          { colId: 'changes', headerName: 'changes' },
        ],
      )
    ).text();
    const cells = text
      .slice(1)
      .split('\r\n')[1]!
      .replace(/[\u2066-\u2069]/g, '');
    expect(cells).toBe(
      '"CHEQUE رقم 123 · DEPOSITED","أُلغي الإيصال رقم RC-000011 في 2026-03-03: wrong customer."',
    );

    // The day end tells the voided payment from its facts.
    const report = await readDayEndReport('2026-03-03', '2026-03-03', ['payments']);
    expect(report.summary[0]?.pendingAgain).toMatchObject({ voided: 1 });

    // On the disk with its facts since the opening wrote them, the words gone.
    const written = await storedRecord('paymentRows', 'p1');
    expect(written).toMatchObject(facts);
    expect(written).not.toHaveProperty('note');
  });
});
