import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repDaysOf } from '../../../src-shared/domain/cash-up';
import {
  closeDay,
  DayClosedError,
  readCashUps,
  reopenDay,
  saveCount,
} from '../../../src-renderer/data/cash-ups';
import { db } from '../../../src-renderer/data/db';
import { payment } from '../../support/wire-documents';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe("the cash-up's counts in the store", () => {
  const [repDay] = repDaysOf([payment('p1', 1), payment('p2', 3)]);

  it('keeps a count, closes the day with what it was closed with, refuses a count then, reopens with a reason', async () => {
    await saveCount(
      'c-1',
      '2025-03-02',
      repDay!,
      { countedCents: { EGP: 50000 }, chequesIn: [], note: '' },
      't1',
    );
    expect((await readCashUps('c-1', '2025-03-02'))[0]).toMatchObject({
      countedCents: { EGP: 50000 },
      closedAt: null,
    });

    await closeDay(
      'c-1',
      '2025-03-02',
      repDay!,
      { countedCents: { EGP: 49000 }, chequesIn: [], note: 'Short 10' },
      't2',
    );
    const [closed] = await readCashUps('c-1', '2025-03-02');
    expect(closed).toMatchObject({
      closedAt: 't2',
      note: 'Short 10',
      countedCents: { EGP: 49000 },
      expectedAtClose: { cashCents: { EGP: 50000 }, cheques: 0 },
      history: [{ at: 't2', action: 'closed', reason: '' }],
    });
    expect(closed!.closedWith!.map((receipt) => [receipt.id, receipt.version])).toEqual([
      ['p1', 1],
      ['p2', 3],
    ]);

    // A closed day's count stays as it was closed: nothing changes it but a reopening.
    await expect(
      saveCount('c-1', '2025-03-02', repDay!, { countedCents: { EGP: 1 }, chequesIn: [], note: '' }, 't3'),
    ).rejects.toBeInstanceOf(DayClosedError);
    await expect(
      closeDay('c-1', '2025-03-02', repDay!, { countedCents: {}, chequesIn: [], note: '' }, 't3'),
    ).rejects.toBeInstanceOf(DayClosedError);
    expect((await readCashUps('c-1', '2025-03-02'))[0]!.countedCents).toEqual({ EGP: 49000 });
    await expect(reopenDay('c-1', '2025-03-02', repDay!, '  ', 't4')).rejects.toThrow();

    await reopenDay('c-1', '2025-03-02', repDay!, 'Cashier miscounted', 't5');
    const [reopened] = await readCashUps('c-1', '2025-03-02');
    expect(reopened).toMatchObject({ closedAt: null, closedWith: null, countedCents: { EGP: 49000 } });
    expect(reopened!.history.map((entry) => entry.action)).toEqual(['closed', 'reopened']);
    expect(reopened!.history[1]!.reason).toBe('Cashier miscounted');
    // Another day, and another connection, are apart.
    expect(await readCashUps('c-1', '2025-03-03')).toEqual([]);
    expect(await readCashUps('c-2', '2025-03-02')).toEqual([]);
  });
});
