import { describe, expect, it } from 'vitest';
import type { IGetRowsParams } from 'ag-grid-community';
import type { ReviewRow } from '../../../src-renderer/data/rows';
import type { ReviewCount, ReviewQuery } from '../../../src-renderer/data/review-rows/query';
import {
  createReviewDatasource,
  filtersFromModel,
  lastRowOf,
  reviewQueryOf,
  rowCountToTell,
  rowsKeyOf,
  sortFromModel,
  type ReviewReadState,
} from '../../../src-renderer/features/review/review-datasource';
import { row } from './fixtures';

describe('the grid sort model as a view order', () => {
  it('maps each sortable column to its index, and nothing to the newest first', () => {
    expect(
      [
        [{ colId: 'date', sort: 'asc' as const }],
        [{ colId: 'number', sort: 'desc' as const }],
        [{ colId: 'customer', sort: 'asc' as const }],
        [{ colId: 'amountCents', sort: 'desc' as const }],
        [{ colId: 'rep', sort: 'asc' as const }],
        [],
      ].map((model) => sortFromModel(model)),
    ).toEqual([
      { column: 'date', direction: 'asc' },
      { column: 'number', direction: 'desc' },
      { column: 'customer', direction: 'asc' },
      { column: 'amount', direction: 'desc' },
      { column: 'date', direction: 'desc' },
      { column: 'date', direction: 'desc' },
    ]);
  });
});

describe('the grid filter model as column filters', () => {
  it('keeps text filters on customer, number and ERP number and amounts in cents', () => {
    expect(
      filtersFromModel({
        customer: { filterType: 'text', type: 'startsWith', filter: ' Gold ' },
        number: { filterType: 'text', type: 'equals', filter: 'INV-2026-000123' },
        externalNumber: { filterType: 'text', type: 'startsWith', filter: 'ERP-5' },
        amountCents: { filterType: 'number', type: 'inRange', filter: 100.5, filterTo: 2000 },
      }),
    ).toEqual([
      { column: 'customer', type: 'startsWith', text: 'Gold' },
      { column: 'number', type: 'equals', text: 'INV-2026-000123' },
      { column: 'externalNumber', type: 'startsWith', text: 'ERP-5' },
      { column: 'amount', type: 'inRange', fromCents: 10050, toCents: 200000 },
    ]);
  });

  it('takes the branch and the cheque as text, and who answered as a choice with nothing typed', () => {
    expect(
      filtersFromModel({
        branch: { filterType: 'text', type: 'equals', filter: 'BR-ALEX' },
        cheque: { filterType: 'text', type: 'startsWith', filter: 'BOUNCED' },
        ackedBy: { filterType: 'text', type: 'elsewhere' },
      }),
    ).toEqual([
      { column: 'branch', type: 'equals', text: 'BR-ALEX' },
      { column: 'cheque', type: 'startsWith', text: 'BOUNCED' },
      { column: 'ackedBy', by: 'elsewhere' },
    ]);
    expect(filtersFromModel({ ackedBy: { filterType: 'text', type: 'startsWith', filter: 'here' } })).toEqual(
      [],
    );
  });

  it('converts each amount comparison to cents, rounding money typed with more decimals', () => {
    expect(
      ['equals', 'greaterThan', 'lessThan'].flatMap((type) =>
        filtersFromModel({ amountCents: { filterType: 'number', type, filter: 12.345 } }),
      ),
    ).toEqual([
      { column: 'amount', type: 'equals', cents: 1235 },
      { column: 'amount', type: 'greaterThan', cents: 1235 },
      { column: 'amount', type: 'lessThan', cents: 1235 },
    ]);
  });

  it('drops what a query cannot say: other columns, other options, empty text, OR', () => {
    expect(
      filtersFromModel({
        currency: { filterType: 'text', type: 'startsWith', filter: 'EG' },
        customer: { filterType: 'text', type: 'contains', filter: 'old' },
        number: { filterType: 'text', type: 'startsWith', filter: '  ' },
        amountCents: {
          filterType: 'number',
          operator: 'OR',
          conditions: [
            { filterType: 'number', type: 'lessThan', filter: 1 },
            { filterType: 'number', type: 'greaterThan', filter: 9 },
          ],
        },
        externalNumber: {
          filterType: 'text',
          operator: 'AND',
          conditions: [
            { filterType: 'text', type: 'startsWith', filter: 'ERP' },
            { filterType: 'text', type: 'startsWith', filter: 'ERP-5' },
          ],
        },
      }),
    ).toEqual([
      { column: 'externalNumber', type: 'startsWith', text: 'ERP' },
      { column: 'externalNumber', type: 'startsWith', text: 'ERP-5' },
    ]);
  });

  it("takes the rep, status, note and a range of days, as a clerk finds rep R04's cheques of last week", () => {
    expect(
      filtersFromModel({
        rep: { filterType: 'text', type: 'equals', filter: ' R04 ' },
        status: { filterType: 'text', type: 'startsWith', filter: 'REC' },
        note: { filterType: 'text', type: 'equals', filter: 'CHEQUE' },
        date: {
          filterType: 'date',
          type: 'inRange',
          dateFrom: '2026-11-23 00:00:00',
          dateTo: '2026-11-16 00:00:00',
        },
      }),
    ).toEqual([
      { column: 'rep', type: 'equals', text: 'R04' },
      { column: 'status', type: 'startsWith', text: 'REC' },
      { column: 'note', type: 'equals', text: 'CHEQUE' },
      // A range typed backwards is the same range.
      { column: 'date', from: '2026-11-16', to: '2026-11-23' },
    ]);
    const day = (type: string, dateFrom: string | null) =>
      filtersFromModel({ date: { filterType: 'date', type, dateFrom, dateTo: null } });
    expect(day('equals', '2026-11-20 00:00:00')).toEqual([
      { column: 'date', from: '2026-11-20', to: '2026-11-20' },
    ]);
    // After and before a day leave it out; the end of a month and of a year roll over.
    expect(day('greaterThan', '2026-11-30 00:00:00')).toEqual([
      { column: 'date', from: '2026-12-01', to: '' },
    ]);
    expect(day('lessThan', '2027-01-01 00:00:00')).toEqual([{ column: 'date', from: '', to: '2026-12-31' }]);
    expect(day('inRange', '2026-11-20 00:00:00')).toEqual([]);
    expect(day('equals', null)).toEqual([]);
  });

  it('makes one query of the view, the quick filter and both models', () => {
    expect(
      reviewQueryOf({
        kind: 'payments',
        view: 'all',
        quickFilter: '  noor ',
        sortModel: [{ colId: 'amountCents', sort: 'asc' }],
        filterModel: { amountCents: { filterType: 'number', type: 'greaterThan', filter: 5 } },
      }),
    ).toEqual({
      kind: 'payments',
      view: 'all',
      quickFilter: 'noor',
      sort: { column: 'amount', direction: 'asc' },
      filters: [{ column: 'amount', type: 'greaterThan', cents: 500 }],
    });
  });
});

describe('the last row told to the grid', () => {
  it('is the exact count when known, -1 while an "at least" count lasts, and the end once a block is short', () => {
    expect(lastRowOf({ count: 250, isExact: true }, 100, 200, 100)).toBe(250);
    expect(lastRowOf({ count: 400, isExact: false }, 100, 200, 100)).toBe(-1);
    expect(lastRowOf(null, 0, 100, 100)).toBe(-1);
    expect(lastRowOf({ count: 400, isExact: false }, 400, 500, 37)).toBe(437);
  });
});

/** A block request as the grid makes it, recording what the datasource answers. */
function block(startRow: number, endRow: number) {
  const answers: Array<{ rows: ReviewRow[]; lastRow: number | undefined } | 'failed'> = [];
  let done: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (done = resolve));
  const params = {
    startRow,
    endRow,
    sortModel: [],
    filterModel: { customer: { filterType: 'text', type: 'startsWith', filter: 'Gold' } },
    successCallback: (rows: ReviewRow[], lastRow?: number) => {
      answers.push({ rows, lastRow });
      done();
    },
    failCallback: () => {
      answers.push('failed');
      done();
    },
  } as unknown as IGetRowsParams<ReviewRow>;
  return { params, answers, answered };
}

describe('the datasource', () => {
  const rows = Array.from({ length: 250 }, (_, index) => row(`r${String(index).padStart(3, '0')}`));

  it('hands the first block over before the count is known, then tells the count as it grows', async () => {
    const reads: Array<[ReviewQuery, number, number]> = [];
    let tellCount: (count: ReviewCount) => void = () => undefined;
    const counted = new Promise<ReviewCount>((resolve) => (tellCount = resolve));
    const told: ReviewReadState[] = [];
    const datasource = createReviewDatasource({
      kind: 'invoices',
      view: 'pending',
      quickFilter: 'noor',
      readPage: async (query, offset, limit) => {
        reads.push([query, offset, limit]);
        return rows.slice(offset, offset + limit);
      },
      count: () => counted,
      onRead: (state) => told.push(state),
    });

    const first = block(0, 100);
    datasource.getRows(first.params);
    await first.answered;
    // The count has not come back: the rows are shown, the end is not known yet.
    expect(first.answers).toEqual([{ rows: rows.slice(0, 100), lastRow: -1 }]);
    expect(told).toEqual([]);
    expect(reads[0]).toEqual([
      {
        kind: 'invoices',
        view: 'pending',
        quickFilter: 'noor',
        sort: { column: 'date', direction: 'desc' },
        filters: [{ column: 'customer', type: 'startsWith', text: 'Gold' }],
      },
      0,
      100,
    ]);

    tellCount({ count: 120, isExact: false });
    await expect.poll(() => told.length).toBe(1);
    expect(told[0]?.count).toEqual({ count: 120, isExact: false });

    const second = block(100, 200);
    datasource.getRows(second.params);
    await second.answered;
    await expect.poll(() => told.length).toBe(2);
    expect(second.answers).toEqual([{ rows: rows.slice(100, 200), lastRow: -1 }]);
    expect(told[1]?.count).toEqual({ count: 200, isExact: false });

    // A short block: the view ends there, and its count is exact.
    const last = block(200, 300);
    datasource.getRows(last.params);
    await last.answered;
    await expect.poll(() => told.length).toBe(3);
    expect(last.answers).toEqual([{ rows: rows.slice(200, 250), lastRow: 250 }]);
    expect(told[2]?.count).toEqual({ count: 250, isExact: true });
  });

  it('gives the exact count as the last row once it is known, and counts again after forget', async () => {
    let counts = 0;
    const datasource = createReviewDatasource({
      kind: 'invoices',
      view: 'pending',
      quickFilter: '',
      readPage: async (_query, offset, limit) => rows.slice(offset, offset + limit),
      count: async () => {
        counts += 1;
        return { count: rows.length, isExact: true };
      },
      onRead: () => undefined,
    });
    const first = block(0, 100);
    datasource.getRows(first.params);
    await first.answered;
    const second = block(100, 200);
    datasource.getRows(second.params);
    await second.answered;
    expect(second.answers).toEqual([{ rows: rows.slice(100, 200), lastRow: 250 }]);
    expect(counts).toBe(1);
    datasource.forget();
    const again = block(0, 100);
    datasource.getRows(again.params);
    await again.answered;
    expect(counts).toBe(2);
  });

  it('tells no count of a block read begun before forget, as the rows changed meanwhile', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let size = 250;
    const told: ReviewReadState[] = [];
    const datasource = createReviewDatasource({
      kind: 'invoices',
      view: 'pending',
      quickFilter: '',
      readPage: async (_query, offset, limit) => {
        if (offset === 100) await held;
        return rows.slice(offset, Math.min(offset + limit, size));
      },
      count: async () => ({ count: size, isExact: true }),
      onRead: (state) => told.push(state),
    });
    const before = block(100, 200);
    datasource.getRows(before.params);
    // A sync takes rows away while that block is being read; the grid reads its blocks again.
    size = 240;
    datasource.forget();
    const again = block(0, 100);
    datasource.getRows(again.params);
    await again.answered;
    await expect.poll(() => told.length).toBe(1);
    release();
    await before.answered;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(told.map((state) => state.count)).toEqual([{ count: 240, isExact: true }]);
  });

  it('tells the grid a block failed when it cannot be read', async () => {
    const datasource = createReviewDatasource({
      kind: 'invoices',
      view: 'pending',
      quickFilter: '',
      readPage: () => Promise.reject(new Error('The database closed')),
      count: async () => ({ count: 0, isExact: true }),
      onRead: () => undefined,
    });
    const first = block(0, 100);
    datasource.getRows(first.params);
    await first.answered;
    expect(first.answers).toEqual(['failed']);
  });
});

describe('the row count told to the grid when a count comes back late', () => {
  const query = reviewQueryOf({
    kind: 'invoices',
    view: 'pending',
    quickFilter: '',
    sortModel: [],
    filterModel: { branch: { filterType: 'text', type: 'equals', filter: 'B02' } },
  });
  const shown = { rowsKey: rowsKeyOf(query), isLastRowKnown: false, rowCount: 101 };

  it('is the exact count of the rows shown while the grid does not know its end', () => {
    expect(rowCountToTell({ query, count: { count: 41_250, isExact: true } }, shown)).toBe(41_250);
    // The sort does not change which rows are shown.
    const sorted = { ...query, sort: { column: 'amount' as const, direction: 'asc' as const } };
    expect(rowCountToTell({ query: sorted, count: { count: 12, isExact: true } }, shown)).toBe(12);
  });

  it('is the exact count when the grid knows another end (a sync added or took away rows)', () => {
    const known = { ...shown, isLastRowKnown: true, rowCount: 41_000 };
    expect(rowCountToTell({ query, count: { count: 41_250, isExact: true } }, known)).toBe(41_250);
    expect(rowCountToTell({ query, count: { count: 40_990, isExact: true } }, known)).toBe(40_990);
  });

  it('is nothing for an "at least" count, a grid that knows this end, or another query', () => {
    expect(rowCountToTell({ query, count: { count: 5_000, isExact: false } }, shown)).toBeNull();
    expect(
      rowCountToTell(
        { query, count: { count: 41_250, isExact: true } },
        { ...shown, isLastRowKnown: true, rowCount: 41_250 },
      ),
    ).toBeNull();
    const other = { ...query, quickFilter: 'noor' };
    expect(rowCountToTell({ query: other, count: { count: 3, isExact: true } }, shown)).toBeNull();
  });
});
