import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeInEnglish, type ChangeFact } from '../../../../src-shared/domain/review';
import { db } from '../../../../src-renderer/data/db';
import { readDayEndReport } from '../../../../src-renderer/data/day-end';
import { defaultReviewSort } from '../../../../src-renderer/data/review-rows/query';
import type { ReviewRow } from '../../../../src-renderer/data/rows';
import {
  changeFactOfWords,
  noteFactsOfWords,
} from '../../../../src-renderer/data/upgrades/row-facts-from-words';
import { csvBlobOf } from '../../../../src-renderer/features/review/export-view';
import { useLanguageStore } from '../../../../src-renderer/messages/language-store';
import { row } from '../../review/fixtures';
import { putRows } from '../../support/stored-rows';

// Rows stored before rows kept facts hold their note and changes in English words: they are read as
// facts, so they are said in the clerk's language like any other row, and written with facts next time.

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A row as an earlier build stored it: English `note` and `changes`, no facts. */
function rowInWords(id: string, patch: Partial<ReviewRow>, note: string, changes: string[]): ReviewRow {
  const { noteFacts: _note, changeFacts: _changes, ...rest } = row(id, patch);
  return { ...rest, note, changes } as unknown as ReviewRow;
}

/** The stored record itself, read without the app's reading hook. */
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
    await putRows('payments', [
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

    // Still in words on the disk until something writes the row; then with its facts.
    expect(await storedRecord('paymentRows', 'p1')).toMatchObject({ note: 'CHEQUE 123 · DEPOSITED' });
    await putRows('payments', [{ ...read!, answerState: 'queued', answerOutcome: 'ACCEPTED' }]);
    const written = await storedRecord('paymentRows', 'p1');
    expect(written).toMatchObject(facts);
    expect(written).not.toHaveProperty('note');
  });
});
