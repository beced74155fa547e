import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../../src-renderer/data/db';
import { type ReviewRow } from '../../../../src-renderer/data/rows';
import { markReviewRowsChanged } from '../../../../src-renderer/data/review-rows/writer';
import { type ReviewView } from '../../../../src-renderer/data/review-rows/keys';
import {
  countReview,
  forEachReviewPage,
  readReviewPage,
  readViewCounts,
  reviewTotalsOf,
} from '../../../../src-renderer/data/review-rows/pages';
import { reviewReadLimits } from '../../../../src-renderer/data/review-rows/read-limits';
import type {
  ReviewColumnFilter,
  ReviewQuery,
  ReviewSortColumn,
} from '../../../../src-renderer/data/review-rows/query';
import type { ReviewState } from '../../../../src-shared/domain/review';
import { row } from '../../review/fixtures';
import { putRows } from '../../support/stored-rows';

const views: ReviewView[] = ['pending', 'accepted', 'rejected', 'all'];
const columns: ReviewSortColumn[] = ['date', 'number', 'customer', 'amount'];
const directions = ['asc', 'desc'] as const;
const limits = { ...reviewReadLimits };

/** A small deterministic random source, so a failure can be run again. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const customers = [
  { id: 'cu-1', code: 'C-1', name: 'Al Noor Trading · النور للتجارة' },
  { id: 'cu-2', code: 'C-2', name: 'Delta Foods · دلتا للأغذية' },
  { id: 'cu-3', code: 'CUST-0042', name: '' },
  { id: 'cu-4', code: 'C-7', name: 'al noor bakery · مخبز النور' },
  { id: 'cu-5', code: 'C-9', name: 'Zamalek Stores' },
];
const states: ReviewState[] = ['pending', 'pending', 'pending', 'accepted', 'rejected', 'not-awaiting'];

/** `count` rows with ties in every sort column, names in both languages, leading zeros, two currencies. */
function sampleRows(count: number, seed = 7): ReviewRow[] {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const customer = pick(customers);
    const review = pick(states);
    const serial = Math.floor(random() * count * 2);
    return row(`d-${String(index).padStart(5, '0')}`, {
      review,
      date: `2026-0${1 + Math.floor(random() * 3)}-1${Math.floor(random() * 4)}`,
      number: `INV-2026-${String(serial).padStart(6, '0')}`,
      customer: customer.code,
      customerId: customer.id,
      customerName: customer.name,
      amountCents: pick([123_456, 100_000, 5_050, 99, 250_000, Math.floor(random() * 1_000_000)]),
      currency: random() < 0.8 ? 'EGP' : 'USD',
      externalNumber: review === 'accepted' ? `ERP-${String(serial % 97).padStart(4, '0')}` : '',
      rep: pick(['R01', 'R02', 'R04', 'R10']),
      // Rows of builds before the branch was kept have none.
      ...(random() < 0.9 ? { branch: pick(['BR-CAIRO', 'BR-ALEX', 'BR-GIZA']) } : {}),
      ackedBy: review === 'pending' || review === 'not-awaiting' ? '' : pick(['here', 'elsewhere'] as const),
      status: pick(['ISSUED', 'PAID', 'CANCELLED']),
      noteFacts: pick([
        { kind: 'order', number: `SO-2026-${String(serial).padStart(6, '0')}` },
        { kind: 'method', method: 'CASH', cheque: null },
        { kind: 'method', method: 'CHEQUE', cheque: { number: `00${serial % 50}`, status: 'IN_HAND' } },
        { kind: 'method', method: 'CHEQUE', cheque: { number: `00${serial % 50}`, status: 'BOUNCED' } },
      ] as const),
    });
  });
}

/** Stores rows as the app's one writer does (test/renderer/support/stored-rows.ts). */
function store(rows: ReviewRow[]): Promise<void> {
  return putRows('invoices', rows);
}

function query(patch: Partial<ReviewQuery> = {}): ReviewQuery {
  return {
    kind: 'invoices',
    view: 'all',
    sort: { column: 'date', direction: 'desc' },
    quickFilter: '',
    filters: [],
    ...patch,
  };
}

// ---- What the rows should be, worked out from the whole table in memory, independently of the store.

function codeUnitOrder(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortValue(stored: ReviewRow, column: ReviewSortColumn): string | number {
  if (column === 'date') return stored.date;
  if (column === 'number') return stored.number;
  if (column === 'amount') return stored.amountCents;
  return (stored.customerName || stored.customer).toLowerCase();
}

/** The words of texts, numbers also without their leading zeros. */
function textWords(texts: readonly string[]): string[] {
  const words = texts.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u));
  return [...words, ...words.map((word) => word.replace(/^0+(?=\d)/, ''))].filter((word) => word !== '');
}

/** The words a clerk can find a row by: its texts' words. */
function findableWords(stored: ReviewRow): string[] {
  return textWords([stored.customerName, stored.customer, stored.number, stored.externalNumber]);
}

/**
 * Whether a typed word finds the amount: its whole units (`1234` finds 1,234.56, `123` does not), or
 * a start of it with the decimal point (`1234.5`).
 */
function findsAmount(typed: string, cents: number): boolean {
  const amount = (Math.abs(cents) / 100).toFixed(2);
  return typed.includes('.') ? amount.startsWith(typed) : amount.split('.')[0] === typed;
}

function typedWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/(\d),(\d{3})/g, '$1$2')
      .match(/\d+(?:\.\d+)+|[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

function bruteMatches(stored: ReviewRow, wanted: ReviewQuery): boolean {
  if (wanted.view !== 'all' && stored.review !== wanted.view) return false;
  const words = findableWords(stored);
  if (
    !typedWords(wanted.quickFilter).every(
      (typed) => words.some((word) => word.startsWith(typed)) || findsAmount(typed, stored.amountCents),
    )
  )
    return false;
  return wanted.filters.every((filter) => {
    if (filter.column === 'amount') {
      const cents = stored.amountCents;
      if (filter.type === 'inRange') return cents >= filter.fromCents && cents <= filter.toCents;
      if (filter.type === 'equals') return cents === filter.cents;
      return filter.type === 'greaterThan' ? cents > filter.cents : cents < filter.cents;
    }
    if (filter.column === 'date')
      return (
        (filter.from === '' || stored.date >= filter.from) && (filter.to === '' || stored.date <= filter.to)
      );
    if (filter.column === 'ackedBy') return stored.ackedBy === filter.by;
    const note = stored.noteFacts;
    const cheque = note.kind === 'method' ? note.cheque : null;
    const values =
      filter.column === 'branch'
        ? [stored.branch ?? '']
        : filter.column === 'cheque'
          ? cheque
            ? [cheque.status, cheque.number]
            : []
          : filter.column === 'customer'
            ? [stored.customerName, stored.customer, `${stored.customerName} ${stored.customer}`]
            : filter.column === 'rep'
              ? [stored.rep]
              : filter.column === 'status'
                ? [stored.status]
                : filter.column === 'note'
                  ? note.kind === 'method'
                    ? [note.method, note.cheque?.number ?? '', note.cheque?.status ?? '']
                    : note.kind === 'order'
                      ? [note.number]
                      : []
                  : [filter.column === 'number' ? stored.number : stored.externalNumber];
    const text = filter.text.toLowerCase();
    if (filter.type === 'equals') return values.some((value) => value.toLowerCase() === text);
    const valueWords = textWords(values);
    return (
      values.some((value) => value.toLowerCase().startsWith(text)) ||
      typedWords(text).every((typed) => valueWords.some((word) => word.startsWith(typed)))
    );
  });
}

async function expected(wanted: ReviewQuery): Promise<string[]> {
  const sign = wanted.sort.direction === 'asc' ? 1 : -1;
  return (await db.rowsOf('invoices').toArray())
    .filter((stored) => bruteMatches(stored, wanted))
    .sort(
      (a, b) =>
        sign *
        (codeUnitOrder(sortValue(a, wanted.sort.column), sortValue(b, wanted.sort.column)) ||
          codeUnitOrder(a.id, b.id)),
    )
    .map((stored) => stored.id);
}

/** Every page of a query read one after another, `size` at a time, until one comes back short. */
async function readAllPages(wanted: ReviewQuery, size: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await readReviewPage(wanted, offset, size);
    ids.push(...page.map((stored) => stored.id));
    if (page.length < size) return ids;
  }
}

async function walkedPages(wanted: ReviewQuery, size: number): Promise<string[]> {
  const ids: string[] = [];
  await forEachReviewPage(
    wanted,
    (page) => {
      expect(page.length).toBeLessThanOrEqual(size);
      ids.push(...page.map((stored) => stored.id));
    },
    size,
  );
  return ids;
}

function totalsOf(rows: readonly ReviewRow[]): { count: number; centsByCurrency: Record<string, number> } {
  const centsByCurrency: Record<string, number> = {};
  for (const stored of rows)
    centsByCurrency[stored.currency] = (centsByCurrency[stored.currency] ?? 0) + stored.amountCents;
  for (const [currency, cents] of Object.entries(centsByCurrency))
    if (cents === 0) delete centsByCurrency[currency];
  return { count: rows.length, centsByCurrency };
}

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  Object.assign(reviewReadLimits, limits);
  db.close();
  await db.delete();
});

describe('a view read in pages', () => {
  it('gives, for every order of every view, the rows sorting the whole table gives, pages stitched without gaps or repeats', async () => {
    await store(sampleRows(700));
    for (const view of views) {
      for (const column of columns) {
        for (const direction of directions) {
          const wanted = query({ view, sort: { column, direction } });
          const whole = await expected(wanted);
          expect(whole.length, `${view} ${column} ${direction}`).toBeGreaterThan(50);
          expect(await readAllPages(wanted, 37), `${view} ${column} ${direction}: pages of 37`).toEqual(
            whole,
          );
          expect(await walkedPages(wanted, 50), `${view} ${column} ${direction}: walked`).toEqual(whole);
        }
      }
    }
  });

  it('reads a page at any offset, also one far down read from the view end', async () => {
    await store(sampleRows(1_200));
    reviewReadLimits.jumpFromEndAfter = 100;
    for (const direction of directions) {
      const wanted = query({ view: 'pending', sort: { column: 'amount', direction } });
      const whole = await expected(wanted);
      // Out of order, as a grid asks when the scroll bar is dragged: the last block, one in the middle.
      for (const offset of [whole.length - 30, 500, 0, 130, whole.length + 5]) {
        markReviewRowsChanged();
        const page = await readReviewPage(wanted, offset, 60);
        expect(
          page.map((stored) => stored.id),
          `${direction} at ${offset}`,
        ).toEqual(whole.slice(offset, offset + 60));
      }
    }
  });

  it('counts every view from its counters, as a recount of the rows does', async () => {
    const rows = sampleRows(400);
    await store(rows);
    const counts = await readViewCounts('invoices');
    expect(counts).toEqual({
      pending: rows.filter((stored) => stored.review === 'pending').length,
      accepted: rows.filter((stored) => stored.review === 'accepted').length,
      rejected: rows.filter((stored) => stored.review === 'rejected').length,
      all: rows.length,
    });
    for (const view of views) {
      expect(await countReview(query({ view }))).toEqual({ count: counts[view], isExact: true });
    }
  });
});

/** Quick filters a clerk types: names in both languages, codes, numbers with and without zeros, amounts. */
const quickFilters = [
  'noor',
  'AL NOOR',
  'النور',
  'للتجارة',
  'al tr',
  'cust-42',
  '42',
  '0042',
  'c-7',
  '123',
  '000123',
  'inv-2026-0001',
  '2026 1',
  '1234.56',
  '1,234.56',
  '1234',
  'erp-0',
  'erp 12',
  'zz-none',
];

const columnFilters: ReviewColumnFilter[] = [
  { column: 'customer', type: 'startsWith', text: 'al noor' },
  { column: 'customer', type: 'startsWith', text: 'دلتا' },
  { column: 'customer', type: 'startsWith', text: 'bakery' },
  { column: 'customer', type: 'equals', text: 'c-9' },
  { column: 'number', type: 'startsWith', text: 'INV-2026-00012' },
  { column: 'number', type: 'startsWith', text: '12' },
  { column: 'number', type: 'equals', text: 'inv-2026-000123' },
  { column: 'externalNumber', type: 'startsWith', text: 'ERP-00' },
  { column: 'externalNumber', type: 'equals', text: 'ERP-0012' },
  { column: 'amount', type: 'equals', cents: 123_456 },
  { column: 'amount', type: 'greaterThan', cents: 200_000 },
  { column: 'amount', type: 'lessThan', cents: 5_050 },
  { column: 'amount', type: 'inRange', fromCents: 5_050, toCents: 123_456 },
  // Issue 29: a date range (the store's date key), and the rep, status and note (walked).
  { column: 'date', from: '2026-02-11', to: '2026-03-10' },
  { column: 'date', from: '2026-03-12', to: '' },
  { column: 'date', from: '', to: '2026-01-10' },
  { column: 'rep', type: 'equals', text: 'r04' },
  { column: 'rep', type: 'startsWith', text: 'R0' },
  { column: 'status', type: 'equals', text: 'PAID' },
  { column: 'note', type: 'equals', text: 'CHEQUE' },
  { column: 'note', type: 'startsWith', text: 'bounced' },
  // The branch, the cheque's state and who answered (walked).
  { column: 'branch', type: 'equals', text: 'br-alex' },
  { column: 'branch', type: 'startsWith', text: 'BR-' },
  { column: 'branch', type: 'startsWith', text: 'alex' },
  { column: 'cheque', type: 'equals', text: 'BOUNCED' },
  { column: 'cheque', type: 'startsWith', text: 'in_' },
  { column: 'ackedBy', by: 'here' },
  { column: 'ackedBy', by: 'elsewhere' },
];

/** How many invoice rows `during` reads from the store (those `isCounted` names), by Dexie's reading hook. */
async function rowsReadDuring(
  during: () => Promise<void>,
  isCounted: (row: ReviewRow) => boolean = () => true,
): Promise<number> {
  let read = 0;
  const counting = (row: ReviewRow): ReviewRow => {
    if (isCounted(row)) read += 1;
    return row;
  };
  db.rowsOf('invoices').hook('reading', counting);
  try {
    await during();
  } finally {
    db.rowsOf('invoices').hook('reading').unsubscribe(counting);
  }
  return read;
}

describe('filters', () => {
  for (const [strategy, candidatesUpTo, rowsReadUpTo] of [
    ['few candidates (read and ordered in memory)', 20_000, 20_000],
    ["candidates read whole but many (the view's ids walked in its order)", 20_000, 3],
    ["no condition read whole (the view's rows walked in its order)", 3, 3],
  ] as const) {
    it(`give the rows and count a brute-force filter gives: ${strategy}`, async () => {
      reviewReadLimits.candidatesUpTo = candidatesUpTo;
      reviewReadLimits.rowsReadUpTo = rowsReadUpTo;
      // Never dense: each way is taken as named (the store is small).
      reviewReadLimits.denseShare = 2;
      await store(sampleRows(600));
      const queries = [
        ...quickFilters.map((quickFilter) => ({ quickFilter })),
        ...columnFilters.map((filter) => ({ filters: [filter] })),
        { quickFilter: 'noor', filters: [columnFilters[10]!] },
        { filters: [columnFilters[10]!, columnFilters[11]!] },
        // Rep R04's cheque payments of a few weeks, with the quick filter: every kind of condition at once.
        {
          quickFilter: 'delta',
          filters: [
            { column: 'rep', type: 'equals', text: 'R04' },
            { column: 'note', type: 'equals', text: 'cheque' },
            { column: 'date', from: '2026-01-10', to: '2026-02-12' },
          ] satisfies ReviewColumnFilter[],
        },
        // A branch's bounced cheques answered elsewhere: the new walked conditions together.
        {
          filters: [
            { column: 'branch', type: 'equals', text: 'BR-CAIRO' },
            { column: 'cheque', type: 'equals', text: 'bounced' },
            { column: 'ackedBy', by: 'elsewhere' },
          ] satisfies ReviewColumnFilter[],
        },
      ];
      let found = 0;
      for (const patch of queries) {
        for (const view of ['pending', 'all'] as const) {
          for (const column of ['date', 'customer'] as const) {
            const wanted = query({ ...patch, view, sort: { column, direction: 'desc' } });
            const label = `${JSON.stringify(patch)} in ${view} by ${column}`;
            const whole = await expected(wanted);
            found += whole.length;
            // The grid asks for the first block and the count at once.
            const [first] = await Promise.all([readReviewPage(wanted, 0, 29), countReview(wanted)]);
            expect(
              first.map((stored) => stored.id),
              `${label}: first block beside the count`,
            ).toEqual(whole.slice(0, 29));
            expect(await readAllPages(wanted, 29), label).toEqual(whole);
            const count = await countReview(wanted);
            if (count.isExact) expect(count.count, label).toBe(whole.length);
            else expect(count.count, label).toBeLessThanOrEqual(whole.length);
            expect(await walkedPages(wanted, 40), `${label}: walked`).toEqual(whole);
            // A whole walk counted it.
            expect(await countReview(wanted), `${label}: after a walk`).toEqual({
              count: whole.length,
              isExact: true,
            });
          }
        }
      }
      // Not a test of empty answers.
      expect(found).toBeGreaterThan(3_000);
    });
  }

  it("find a branch's rows through its customers, counted exactly without walking the view", async () => {
    reviewReadLimits.candidatesUpTo = 20_000;
    reviewReadLimits.rowsReadUpTo = 3;
    // Five customers here, each a fifth of the rows: a real store's thousands name far fewer each.
    reviewReadLimits.denseShare = 2;
    // A branch is a customer's (spec: /customers/{ref}/branches/{branch_ref}): each row names its own.
    await store(sampleRows(2_000).map((stored) => ({ ...stored, branch: `${stored.customer}-MAIN` })));
    for (const filter of [
      { column: 'branch', type: 'equals', text: 'c-9-main' },
      { column: 'branch', type: 'startsWith', text: 'CUST-0042' },
      { column: 'branch', type: 'startsWith', text: '42' },
    ] satisfies ReviewColumnFilter[]) {
      const wanted = query({ view: 'pending', filters: [filter] });
      const whole = await expected(wanted);
      expect(whole.length, JSON.stringify(filter)).toBeGreaterThan(100);
      expect(await countReview(wanted), JSON.stringify(filter)).toEqual({
        count: whole.length,
        isExact: true,
      });
      expect((await readReviewPage(wanted, 0, 50)).map((stored) => stored.id)).toEqual(whole.slice(0, 50));
    }
  });

  it("find a name whose customer's rows are all older than the view's newest by reading that customer's rows only", async () => {
    // A name of a fifth of the customers is dense by its share: the view's rows would be walked, and a
    // customer who stopped buying months ago has every newer row of the others before its first.
    reviewReadLimits.rowsReadUpTo = 3;
    reviewReadLimits.denseShare = 0;
    await store(
      sampleRows(3_000).map((stored) =>
        stored.customerId === 'cu-1' ? { ...stored, date: stored.date.replace('2026-', '2025-') } : stored,
      ),
    );
    for (const view of ['pending', 'all'] as const) {
      const wanted = query({ view, quickFilter: 'trading' });
      const whole = await expected(wanted);
      expect(whole.length, view).toBeGreaterThan(300);
      const newer = (await db.rowsOf('invoices').toArray()).filter(
        (stored) => stored.customerId !== 'cu-1' && (view === 'all' || stored.review === view),
      ).length;
      const read = await rowsReadDuring(async () => {
        expect(
          (await readReviewPage(wanted, 0, 50)).map((stored) => stored.id),
          view,
        ).toEqual(whole.slice(0, 50));
      });
      // Its customer's first rows in date order (a read of each state's), none of the others' newer rows.
      expect(read, view).toBeLessThan(newer / 2);
      // The customer's rows walked on to their end: exact.
      expect(await countReview(wanted), view).toEqual({ count: whole.length, isExact: true });
      expect(await readAllPages(wanted, 29), view).toEqual(whole);
    }
  });

  it('walk only the days of a date range when the view is ordered by date, not the newer days before them', async () => {
    reviewReadLimits.candidatesUpTo = 3;
    reviewReadLimits.rowsReadUpTo = 3;
    await store(sampleRows(6_000));
    const range = { from: '2026-02-11', to: '2026-02-12' };
    const wanted = query({
      view: 'all',
      filters: [
        { column: 'rep', type: 'equals', text: 'R04' },
        { column: 'date', ...range },
      ],
    });
    const whole = await expected(wanted);
    const newer = (await db.rowsOf('invoices').toArray()).filter((stored) => stored.date > range.to).length;
    expect(newer).toBeGreaterThan(2_000);
    const read = await rowsReadDuring(async () => {
      expect((await readReviewPage(wanted, 0, 10)).map((stored) => stored.id)).toEqual(whole.slice(0, 10));
    });
    // The walk starts at the range's last day: none of the newer days' rows is read.
    expect(read).toBeLessThan(newer);
    expect(await readAllPages(wanted, 29)).toEqual(whole);
  });

  it("find a rep's days by walking those days only, reading for a page only what it shows, counted exactly", async () => {
    // The limits of a real desk: the days' rows are fewer than a condition read whole may hold.
    await store(sampleRows(6_000));
    const range = { from: '2026-02-10', to: '2026-03-13' };
    const wanted = query({
      view: 'pending',
      filters: [
        { column: 'date', ...range },
        { column: 'rep', type: 'equals', text: 'R04' },
      ],
    });
    const whole = await expected(wanted);
    const days = (await db.rowsOf('invoices').toArray()).filter(
      (stored) => stored.review === 'pending' && stored.date >= range.from && stored.date <= range.to,
    ).length;
    expect(days).toBeGreaterThan(1_000);
    const read = await rowsReadDuring(async () => {
      expect((await readReviewPage(wanted, 0, 20)).map((stored) => stored.id)).toEqual(whole.slice(0, 20));
    });
    // The page read the first of the days' rows, not all of them (nor their ids first).
    expect(read).toBeLessThan(days / 2);
    // Its count walked on to the days' end: exact, without a walk of every page.
    expect(await countReview(wanted)).toEqual({ count: whole.length, isExact: true });
    expect(await readAllPages(wanted, 29)).toEqual(whole);
  });

  it('count a walk bounded by days as "at least" when the days hold more than a count walks on through', async () => {
    reviewReadLimits.candidatesUpTo = 300;
    await store(sampleRows(6_000));
    const wanted = query({
      view: 'pending',
      filters: [
        { column: 'date', from: '2026-01-10', to: '2026-03-13' },
        { column: 'rep', type: 'equals', text: 'R04' },
      ],
    });
    const whole = await expected(wanted);
    const first = await countReview(wanted);
    expect(first.isExact).toBe(false);
    expect(first.count).toBeLessThan(whole.length);
    await forEachReviewPage(wanted, () => undefined);
    expect(await countReview(wanted)).toEqual({ count: whole.length, isExact: true });
  });

  it('find who answered without reading a pending row, which has no answer', async () => {
    // A row written pending with an answer (no writer of the app makes one) is kept without it.
    await store([...sampleRows(3_000), row('odd', { review: 'pending', ackedBy: 'elsewhere' })]);
    expect((await db.rowsOf('invoices').get('odd'))?.ackedBy).toBe('');
    for (const by of ['here', 'elsewhere'] as const) {
      const wanted = query({ view: 'all', filters: [{ column: 'ackedBy', by }] });
      const whole = await expected(wanted);
      expect(whole.length).toBeGreaterThan(100);
      const pendingRead = await rowsReadDuring(
        async () => {
          expect((await readReviewPage(wanted, 0, 50)).map((stored) => stored.id)).toEqual(
            whole.slice(0, 50),
          );
          expect(await readAllPages(wanted, 29)).toEqual(whole);
        },
        (read) => read.review === 'pending',
      );
      expect(pendingRead, by).toBe(0);
      expect(
        await readReviewPage(query({ view: 'pending', filters: [{ column: 'ackedBy', by }] }), 0, 50),
      ).toEqual([]);
    }
  });

  it('tell a walked count as "at least" until a walk has counted it', async () => {
    reviewReadLimits.candidatesUpTo = 3;
    reviewReadLimits.rowsReadUpTo = 3;
    await store(sampleRows(2_000));
    const wanted = query({ view: 'pending', quickFilter: 'noor' });
    const whole = await expected(wanted);
    expect(whole.length).toBeGreaterThan(300);
    const first = await countReview(wanted);
    expect(first.isExact).toBe(false);
    expect(first.count).toBeGreaterThanOrEqual(100);
    expect(first.count).toBeLessThan(whole.length);
    expect((await readReviewPage(wanted, 0, 50)).map((stored) => stored.id)).toEqual(whole.slice(0, 50));
    await forEachReviewPage(wanted, () => undefined);
    expect(await countReview(wanted)).toEqual({ count: whole.length, isExact: true });
  });

  it('follow a customer name stored later: its rows are found by it and sorted by it', async () => {
    await store([
      row('a', { customerId: 'cu-9', customer: 'C-9', customerName: '' }),
      row('b', { customerId: 'cu-1', customer: 'B-1', customerName: '' }),
    ]);
    const { storeCustomerNames } = await import('../../../../src-renderer/data/names');
    await storeCustomerNames(
      [{ id: 'cu-9', code: 'C-9', name: { en: 'Aswan Mills', ar: 'مطاحن أسوان' } }],
      '2026-01-01T00:00:00Z',
    );
    expect((await readReviewPage(query({ quickFilter: 'aswan' }), 0, 10)).map((stored) => stored.id)).toEqual(
      ['a'],
    );
    expect((await readReviewPage(query({ quickFilter: 'أسوان' }), 0, 10)).map((stored) => stored.id)).toEqual(
      ['a'],
    );
    const byCustomer = query({ sort: { column: 'customer', direction: 'asc' } });
    expect((await readReviewPage(byCustomer, 0, 10)).map((stored) => stored.id)).toEqual(['a', 'b']);
  });
});

describe('totals of a selection', () => {
  it('are the counters less the rows left out, or the walk of a filter, as adding the rows up gives', async () => {
    const rows = sampleRows(500);
    await store(rows);
    const except = new Set(rows.filter((_, index) => index % 7 === 0).map((stored) => stored.id));
    for (const view of views) {
      const inView = rows.filter((stored) => view === 'all' || stored.review === view);
      expect(await reviewTotalsOf(query({ view })), view).toEqual(totalsOf(inView));
      expect(await reviewTotalsOf(query({ view }), except), `${view} less some`).toEqual(
        totalsOf(inView.filter((stored) => !except.has(stored.id))),
      );
      const filtered = query({ view, quickFilter: 'noor' });
      const ids = new Set(await expected(filtered));
      expect(await reviewTotalsOf(filtered, except), `${view} filtered`).toEqual(
        totalsOf(rows.filter((stored) => ids.has(stored.id) && !except.has(stored.id))),
      );
    }
  });

  it('hand every row once when rows move ahead of the walk (a name stored while it runs)', async () => {
    const { storeCustomerNames } = await import('../../../../src-renderer/data/names');
    await store([
      ...Array.from({ length: 100 }, (_, index) =>
        row(`a${index}`, { customerId: 'cu-a', customer: 'A-1', customerName: '' }),
      ),
      ...Array.from({ length: 100 }, (_, index) =>
        row(`m${index}`, { customerId: 'cu-m', customer: 'M-1', customerName: 'Misr Dairy' }),
      ),
    ]);
    const handed: string[] = [];
    await forEachReviewPage(
      query({ sort: { column: 'customer', direction: 'asc' } }),
      async (page) => {
        // After the first page, A-1's name comes: its rows now sort after Misr Dairy's.
        if (handed.length === 0)
          await storeCustomerNames(
            [{ id: 'cu-a', code: 'A-1', name: { en: 'Zulu Trading' } }],
            '2026-01-01T00:00:00Z',
          );
        handed.push(...page.map((stored) => stored.id));
      },
      20,
    );
    expect(handed.length).toBe(200);
    expect(new Set(handed).size).toBe(200);
  });

  it('stop a walk when asked', async () => {
    await store(sampleRows(300));
    let pages = 0;
    await forEachReviewPage(query(), () => (pages += 1) < 2, 50);
    expect(pages).toBe(2);
  });
});
