/**
 * The rep cash-up's counts (IndexedDB `cashUps`, version 12; docs/decisions/111-rep-cash-up.md): per
 * connection, day and rep, what the cashier counted, the note, and what a closed day was closed with.
 * A closed day's count is kept as it was: it changes only after the day is reopened, with a reason.
 */
import Dexie from 'dexie';
import { closedReceiptsOf, type CashCount, type RepDay } from '../../src-shared/domain/cash-up';
import { db } from './db';
import type { CashUpRow } from './rows';

/** A count refused because its day is closed for the rep (reopen it first). */
export class DayClosedError extends Error {
  constructor() {
    super('cash-up: the day is closed for this rep; reopen it first');
  }
}

/** Every rep's count of a day on a connection. */
export function readCashUps(connectionId: string, day: string): Promise<CashUpRow[]> {
  return db.cashUps
    .where('[connectionId+day+repKey]')
    .between([connectionId, day, Dexie.minKey], [connectionId, day, Dexie.maxKey], true, true)
    .toArray();
}

/** A rep's day as no count has touched it yet. */
function openRow(
  connectionId: string,
  day: string,
  rep: Pick<RepDay, 'repKey' | 'repCode'>,
  at: string,
): CashUpRow {
  return {
    connectionId,
    day,
    repKey: rep.repKey,
    repCode: rep.repCode,
    countedCents: {},
    chequesIn: [],
    note: '',
    closedAt: null,
    closedWith: null,
    expectedAtClose: null,
    history: [],
    updatedAt: at,
  };
}

/** Reads a rep's row and writes what `change` makes of it, in one transaction; answers the row written. */
async function changeRow(
  connectionId: string,
  day: string,
  rep: Pick<RepDay, 'repKey' | 'repCode'>,
  at: string,
  change: (row: CashUpRow) => CashUpRow,
): Promise<CashUpRow> {
  return db.transaction('rw', db.cashUps, async () => {
    const stored = await db.cashUps.get([connectionId, day, rep.repKey]);
    const row = { ...change(stored ?? openRow(connectionId, day, rep, at)), updatedAt: at };
    await db.cashUps.put(row);
    return row;
  });
}

/** An open row with a count and note; a closed day refuses (DayClosedError). */
function counted(row: CashUpRow, count: CashCount & { note: string }): CashUpRow {
  if (row.closedAt !== null) throw new DayClosedError();
  return {
    ...row,
    countedCents: { ...count.countedCents },
    chequesIn: [...count.chequesIn],
    note: count.note,
  };
}

/** Keeps what the cashier counted and the note of an open day; a closed day refuses (DayClosedError). */
export function saveCount(
  connectionId: string,
  day: string,
  rep: Pick<RepDay, 'repKey' | 'repCode'>,
  count: CashCount & { note: string },
  at: string,
): Promise<CashUpRow> {
  return changeRow(connectionId, day, rep, at, (row) => counted(row, count));
}

/**
 * Closes a rep's day with its count and note, keeping the receipts it was closed with and what they
 * said was due, so that later changes show on the closed day. A day closed already refuses.
 */
export function closeDay(
  connectionId: string,
  day: string,
  repDay: RepDay,
  count: CashCount & { note: string },
  at: string,
): Promise<CashUpRow> {
  return changeRow(connectionId, day, repDay, at, (row) => ({
    ...counted(row, count),
    closedAt: at,
    closedWith: closedReceiptsOf(repDay),
    expectedAtClose: structuredClone(repDay.expected),
    history: [...row.history, { at, action: 'closed', reason: '' }],
  }));
}

/** Reopens a closed rep's day, on purpose: the reason is kept in its history. */
export async function reopenDay(
  connectionId: string,
  day: string,
  rep: Pick<RepDay, 'repKey' | 'repCode'>,
  reason: string,
  at: string,
): Promise<CashUpRow> {
  if (reason.trim() === '') throw new Error('cash-up: a day is reopened with a reason');
  return changeRow(connectionId, day, rep, at, (row) => ({
    ...row,
    closedAt: null,
    closedWith: null,
    expectedAtClose: null,
    history: [...row.history, { at, action: 'reopened', reason: reason.trim() }],
  }));
}
