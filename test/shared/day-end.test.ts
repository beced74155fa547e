import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildDayEndReport,
  checkRange,
  datesBetween,
  gapsWithin,
  isCurrentAck,
  isIsoDate,
  localDateOf,
  quickRangeOf,
  type DayEndFigures,
  type DayEndInput,
  type DayEndRow,
  type DeskAck,
} from '../../src-shared/domain/day-end';
import type { SeqLedger } from '../../src-shared/domain/seq-ledger';

function row(id: string, date: string, patch: Partial<DayEndRow> = {}): DayEndRow {
  return {
    id,
    version: 1,
    review: 'pending',
    pendingAgain: 0,
    changeFacts: [],
    status: 'ISSUED',
    date,
    currency: 'EGP',
    amountCents: 10_000,
    ...patch,
  };
}

function ledger(patch: Partial<SeqLedger> = {}): SeqLedger {
  return { from: 0, highest: 0, missing: [], filled: [], checkedAt: null, serviceLastSeq: null, ...patch };
}

/** An answer to `version`; the service answered with `versionAfter` (an issued kind's ack leaves it). */
const accepted = (version: number | null, versionAfter = version): DeskAck => ({
  outcome: 'ACCEPTED',
  version,
  versionAfter,
});
const rejected = (version: number | null, versionAfter = version): DeskAck => ({
  outcome: 'REJECTED',
  version,
  versionAfter,
});

/**
 * Three days (Monday 2 to Wednesday 4 March 2026) of invoices, payments and orders, each document a
 * case the definitions of docs/decisions/092-day-end-report.md decide.
 */
const input: DayEndInput = {
  from: '2026-03-02',
  to: '2026-03-04',
  kinds: ['invoices', 'payments', 'orders'],
  rows: {
    invoices: [
      // Accepted from this desk, at the version it stands on.
      row('i1', '2026-03-02', { review: 'accepted', amountCents: 10_000, seq: 101 }),
      // Rejected, by no answer of this desk.
      row('i2', '2026-03-02', { review: 'rejected', amountCents: 2_550, seq: 102 }),
      // Pending, in another currency; seq 103 never arrived.
      row('i3', '2026-03-02', { currency: 'USD', amountCents: 1_234, seq: 104 }),
      // Accepted at version 2; this desk answered version 1: the answer standing is not this desk's.
      row('i4', '2026-03-03', { review: 'accepted', version: 2, amountCents: 5_000, seq: 105 }),
      // The day before the range: left out.
      row('i5', '2026-03-01', { review: 'accepted', seq: 100 }),
      // Found missing and fetched (the ledger's `filled`); accepted elsewhere (this desk rejected it).
      row('i7', '2026-03-04', { review: 'accepted', amountCents: 700, seq: 106 }),
      row('i6', '2026-03-04', { amountCents: 300, seq: 107 }),
    ],
    payments: [
      row('p1', '2026-03-02', { pendingAgain: 1, status: 'REVERSED', amountCents: 30_000, seq: 9 }),
      row('p2', '2026-03-02', { pendingAgain: 1, status: 'BOUNCED', amountCents: 20_000, seq: 10 }),
      // Voided, told by the change's facts only.
      row('p3', '2026-03-03', {
        pendingAgain: 1,
        status: 'RECORDED',
        changeFacts: [
          { kind: 'receipt-voided', number: 'RC-000011', date: '2026-03-03', reason: 'wrong customer' },
        ],
        amountCents: 1,
        seq: 11,
      }),
      // Answered twice from this desk (before and after a change): the second answer stands.
      row('p5', '2026-03-04', {
        review: 'accepted',
        version: 3,
        status: 'RECORDED',
        amountCents: 99,
        seq: 12,
      }),
    ],
    orders: [
      // Confirmed from here: the ack moved it on (feed versions count every change of the company).
      row('o1', '2026-03-02', { review: 'accepted', version: 30, status: 'ERP_CONFIRMED', amountCents: 500 }),
      // Confirmed from here, then delivered: further on, still this desk's answer.
      row('o2', '2026-03-02', { review: 'accepted', version: 41, status: 'DELIVERED', amountCents: 600 }),
      // Rejected from here, sent again by the office, rejected again elsewhere: past this desk's answer.
      row('o3', '2026-03-03', { review: 'rejected', version: 55, status: 'ERP_FAILED', amountCents: 700 }),
      // Rejected from here and standing where the service answered it.
      row('o6', '2026-03-03', { review: 'rejected', version: 33, status: 'ERP_FAILED', amountCents: 100 }),
      // A van sale: never awaited the ERP.
      row('o4', '2026-03-03', { review: 'not-awaiting', status: 'DELIVERED', amountCents: 800 }),
      // Sent again after a rejection: pending again.
      row('o5', '2026-03-04', { pendingAgain: 1, status: 'ERP_PENDING', amountCents: 900 }),
    ],
  },
  acks: {
    invoices: new Map([
      ['i1', [accepted(1)]],
      ['i4', [accepted(1)]],
      ['i7', [rejected(1)]],
    ]),
    payments: new Map([
      ['p1', [accepted(1)]],
      ['p5', [accepted(2), accepted(3)]],
    ]),
    orders: new Map([
      ['o1', [accepted(12, 30)]],
      ['o2', [accepted(13, 31)]],
      ['o3', [rejected(14, 32)]],
      ['o6', [rejected(15, 33)]],
    ]),
  },
  ledgers: {
    invoices: ledger({
      highest: 107,
      missing: [[103, 103]],
      filled: [{ seq: 106, id: 'i7', number: 'INV-106', foundAt: 'x', filledAt: 'y' }],
    }),
    payments: ledger({
      highest: 16,
      missing: [
        [3, 4],
        [13, 15],
      ],
    }),
  },
};

/** The figures a clerk reads, compactly. */
function view(figures: DayEndFigures) {
  const totals = (list: DayEndFigures['issuedTotals']) =>
    list.map((total) => `${total.cents} ${total.currency}`).join(' + ');
  return {
    issued: `${figures.issued}: ${totals(figures.issuedTotals)}`,
    accepted: `${figures.accepted}: ${totals(figures.acceptedTotals)}`,
    rejected: `${figures.rejected}: ${totals(figures.rejectedTotals)}`,
    pending: `${figures.pending}: ${totals(figures.pendingTotals)}`,
    notAwaiting: figures.notAwaiting,
    again: figures.pendingAgain,
    here: figures.ackedHere,
    elsewhere: figures.ackedElsewhere,
    seq: figures.seq,
    gaps: figures.gaps,
  };
}

const none = { reversed: 0, bounced: 0, voided: 0, changed: 0 };

describe('the day-end report', () => {
  const report = buildDayEndReport(input);
  const cell = (date: string, kind: string) => {
    const found = report.cells.find((each) => each.date === date && each.kind === kind);
    if (!found) throw new Error(`no cell ${date} ${kind}`);
    return view(found);
  };

  it('has every day of the range, each kind in order', () => {
    expect(report.days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(report.cells.map((each) => `${each.date} ${each.kind}`)).toEqual([
      '2026-03-02 invoices',
      '2026-03-02 payments',
      '2026-03-02 orders',
      '2026-03-03 invoices',
      '2026-03-03 payments',
      '2026-03-03 orders',
      '2026-03-04 invoices',
      '2026-03-04 payments',
      '2026-03-04 orders',
    ]);
  });

  it('counts and totals a day of invoices per currency, in exact cents, with its seq span and gap', () => {
    expect(cell('2026-03-02', 'invoices')).toEqual({
      issued: '3: 12550 EGP + 1234 USD',
      accepted: '1: 10000 EGP',
      rejected: '1: 2550 EGP',
      pending: '1: 1234 USD',
      notAwaiting: 0,
      again: none,
      here: 1,
      elsewhere: 1,
      seq: { first: 101, last: 104 },
      gaps: [{ first: 103, last: 103, state: 'missing' }],
    });
    // Answered at version 1, standing at version 2: answered elsewhere.
    expect(cell('2026-03-03', 'invoices')).toMatchObject({ accepted: '1: 5000 EGP', here: 0, elsewhere: 1 });
    // A fetched seq shows as fetched, with the document's number; this desk's rejection did not stand.
    expect(cell('2026-03-04', 'invoices')).toMatchObject({
      issued: '2: 1000 EGP',
      here: 0,
      elsewhere: 1,
      seq: { first: 106, last: 107 },
      gaps: [{ first: 106, last: 106, state: 'fetched', number: 'INV-106' }],
    });
  });

  it('tells why payments are pending again: reversed, bounced, voided', () => {
    expect(cell('2026-03-02', 'payments')).toMatchObject({
      pending: '2: 50000 EGP',
      again: { reversed: 1, bounced: 1, voided: 0, changed: 0 },
      here: 0,
      elsewhere: 0,
      seq: { first: 9, last: 10 },
      gaps: [],
    });
    expect(cell('2026-03-03', 'payments').again).toEqual({ reversed: 0, bounced: 0, voided: 1, changed: 0 });
    expect(cell('2026-03-04', 'payments')).toMatchObject({ accepted: '1: 99 EGP', here: 1, elsewhere: 0 });
  });

  it('takes orders as received, with the versions an order ack moves, and no seq', () => {
    expect(cell('2026-03-02', 'orders')).toMatchObject({
      accepted: '2: 1100 EGP',
      here: 2,
      elsewhere: 0,
      seq: null,
    });
    expect(cell('2026-03-03', 'orders')).toMatchObject({
      issued: '3: 1600 EGP',
      rejected: '2: 800 EGP',
      notAwaiting: 1,
      here: 1,
      elsewhere: 1,
    });
    expect(cell('2026-03-04', 'orders').again).toEqual({ ...none, changed: 1 });
  });

  it('sums each kind over the range, with the gaps inside its span and those outside counted', () => {
    expect(
      report.summary.map((each) => ({ kind: each.kind, ...view(each), missingOutside: each.missingOutside })),
    ).toEqual([
      {
        kind: 'invoices',
        issued: '6: 18550 EGP + 1234 USD',
        accepted: '3: 15700 EGP',
        rejected: '1: 2550 EGP',
        pending: '2: 300 EGP + 1234 USD',
        notAwaiting: 0,
        again: none,
        here: 1,
        elsewhere: 3,
        seq: { first: 101, last: 107 },
        gaps: [
          { first: 103, last: 103, state: 'missing' },
          { first: 106, last: 106, state: 'fetched', number: 'INV-106' },
        ],
        missingOutside: 0,
      },
      {
        kind: 'payments',
        issued: '4: 50100 EGP',
        accepted: '1: 99 EGP',
        rejected: '0: ',
        pending: '3: 50001 EGP',
        notAwaiting: 0,
        again: { reversed: 1, bounced: 1, voided: 1, changed: 0 },
        here: 1,
        elsewhere: 0,
        seq: { first: 9, last: 12 },
        gaps: [],
        missingOutside: 5,
      },
      {
        kind: 'orders',
        issued: '6: 3600 EGP',
        accepted: '2: 1100 EGP',
        rejected: '2: 800 EGP',
        pending: '1: 900 EGP',
        notAwaiting: 1,
        again: { ...none, changed: 1 },
        here: 3,
        elsewhere: 1,
        seq: null,
        gaps: [],
        missingOutside: 0,
      },
    ]);
  });

  it('charts every kind together: documents of the day and how many are answered now', () => {
    expect(report.series).toEqual([
      { date: '2026-03-02', issued: 7, answered: 4 },
      { date: '2026-03-03', issued: 5, answered: 3 },
      { date: '2026-03-04', issued: 4, answered: 2 },
    ]);
  });

  it('adds up: every document is accepted, rejected, pending or not awaiting; every answer here or elsewhere', () => {
    for (const each of [...report.cells, ...report.summary]) {
      expect(each.accepted + each.rejected + each.pending + each.notAwaiting).toBe(each.issued);
      expect(each.ackedHere + each.ackedElsewhere).toBe(each.accepted + each.rejected);
      const again = Object.values(each.pendingAgain).reduce((sum, n) => sum + n, 0);
      expect(again).toBeLessThanOrEqual(each.pending);
    }
  });
});

describe('what counts as the answer standing now', () => {
  it('is the answered version for issued kinds; for orders, an acceptance, or a rejection not moved since', () => {
    const at = (version: number) => ({ version });
    expect([1, 2, 3].map((current) => isCurrentAck('invoices', at(current), accepted(2)))).toEqual([
      false,
      true,
      false,
    ]);
    expect(isCurrentAck('payments', at(7), accepted(null))).toBe(true);
    expect([30, 99].map((current) => isCurrentAck('orders', at(current), accepted(12, 30)))).toEqual([
      true,
      true,
    ]);
    expect([30, 99].map((current) => isCurrentAck('orders', at(current), rejected(12, 30)))).toEqual([
      true,
      false,
    ]);
  });

  it('clips missing stretches to a span and keeps fetched seqs inside it', () => {
    const book = ledger({
      missing: [
        [5, 9],
        [20, 20],
      ],
      filled: [{ seq: 12, id: 'x', number: 'N-12', foundAt: '', filledAt: '' }],
    });
    expect(gapsWithin(book, 7, 12)).toEqual([
      { first: 7, last: 9, state: 'missing' },
      { first: 12, last: 12, state: 'fetched', number: 'N-12' },
    ]);
    expect(gapsWithin(null, 1, 100)).toEqual([]);
  });
});

describe('dates and ranges', () => {
  it('knows real dates and walks the calendar across months and leap days', () => {
    expect([isIsoDate('2024-02-29'), isIsoDate('2026-02-29'), isIsoDate('2026-3-1')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(datesBetween('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(datesBetween('2026-01-02', '2026-01-01')).toEqual([]);
    expect(localDateOf(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });

  it('makes the quick choices end today (Thursday 5 March 2026); the week starts on Monday', () => {
    expect({
      today: quickRangeOf('today', '2026-03-05'),
      week: quickRangeOf('this-week', '2026-03-05'),
      weekOnSunday: quickRangeOf('this-week', '2026-03-08'),
      weekOnMonday: quickRangeOf('this-week', '2026-03-09'),
      last7: quickRangeOf('last-7-days', '2026-03-05'),
      month: quickRangeOf('this-month', '2026-03-05'),
    }).toEqual({
      today: { from: '2026-03-05', to: '2026-03-05' },
      week: { from: '2026-03-02', to: '2026-03-05' },
      weekOnSunday: { from: '2026-03-02', to: '2026-03-08' },
      weekOnMonday: { from: '2026-03-09', to: '2026-03-09' },
      last7: { from: '2026-02-27', to: '2026-03-05' },
      month: { from: '2026-03-01', to: '2026-03-05' },
    });
  });

  it('says what is wrong with a range, as a code with its values', () => {
    expect([
      checkRange('2026-03-01', '2026-03-07'),
      checkRange('', '2026-03-07'),
      checkRange('2026-03-07', '2026-03-01'),
      checkRange('2025-01-01', '2026-03-01'),
    ]).toEqual([null, { code: 'no-from' }, { code: 'swapped' }, { code: 'too-long', days: 425, most: 366 }]);
  });
});
