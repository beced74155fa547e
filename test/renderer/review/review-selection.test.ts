import { describe, expect, it } from 'vitest';
import { defaultReviewSort, type ReviewQuery } from '../../../src-renderer/data/review-rows/query';
import {
  isNarrowing,
  isSelected,
  noSelection,
  restrictPicked,
  selectionForQuery,
  selectWhole,
  toggleRow,
  type ReviewSelection,
} from '../../../src-renderer/features/review/review-selection';
import { row } from './fixtures';

const pending: ReviewQuery = {
  kind: 'invoices',
  view: 'pending',
  sort: defaultReviewSort,
  quickFilter: '',
  filters: [],
};
const gold: ReviewQuery = { ...pending, quickFilter: 'gol' };

describe('the selection of a review view', () => {
  it('ticks and unticks rows one by one, never a row whose answer is queued', () => {
    const [a, b, queued] = [row('a'), row('b'), row('q', { answerState: 'queued' })];
    let selection: ReviewSelection = noSelection;
    selection = toggleRow(selection, a, true);
    selection = toggleRow(selection, b, true);
    selection = toggleRow(selection, queued, true);
    selection = toggleRow(selection, a, false);
    expect(selection.mode === 'rows' && [...selection.rows.keys()]).toEqual(['b']);
    expect([a, b, queued].map((one) => isSelected(selection, one))).toEqual([false, true, false]);
  });

  it('selects all rows of the query, less those unticked since, but not a queued one', () => {
    let selection: ReviewSelection = selectWhole(gold);
    selection = toggleRow(selection, row('a'), false);
    selection = toggleRow(selection, row('b'), false);
    selection = toggleRow(selection, row('b'), true);
    expect(selection).toEqual({ mode: 'query', query: gold, except: new Set(['a']) });
    expect(
      [row('a'), row('b'), row('c'), row('q', { answerState: 'queued' })].map((one) =>
        isSelected(selection, one),
      ),
    ).toEqual([false, true, true, false]);
  });

  it('follows a filter that narrows a select all, and is cleared by a filter widened, changed or another view', () => {
    const whole = toggleRow(selectWhole(gold), row('a'), false);
    const golden = { ...pending, quickFilter: 'golden basket' };
    expect(selectionForQuery(whole, golden)).toEqual({
      mode: 'query',
      query: golden,
      except: new Set(['a']),
    });
    const over5 = {
      ...gold,
      filters: [{ column: 'amount' as const, type: 'greaterThan' as const, cents: 500 }],
    };
    expect(selectionForQuery(whole, over5)).toMatchObject({ mode: 'query', query: over5 });
    // A new order holds the same rows.
    const byAmount = { ...gold, sort: { column: 'amount' as const, direction: 'asc' as const } };
    expect(selectionForQuery(whole, byAmount)).toMatchObject({ mode: 'query', query: byAmount });
    for (const other of [pending, { ...pending, quickFilter: 'noor' }, { ...gold, view: 'all' as const }])
      expect(selectionForQuery(whole, other)).toBe(noSelection);
    expect(selectionForQuery(selectWhole(over5), gold)).toBe(noSelection);
  });

  it('tells a narrowing only from the queries themselves', () => {
    expect(isNarrowing(pending, gold)).toBe(true);
    expect(isNarrowing(gold, { ...pending, quickFilter: 'Gold noor' })).toBe(true);
    expect(isNarrowing(gold, pending)).toBe(false);
    expect(isNarrowing(gold, { ...gold, kind: 'payments' })).toBe(false);
  });

  it('keeps ticked rows to those the new query shows', () => {
    let selection: ReviewSelection = noSelection;
    for (const id of ['a', 'b', 'c']) selection = toggleRow(selection, row(id), true);
    if (selection.mode !== 'rows') throw new Error('ticked rows expected');
    expect(selectionForQuery(selection, gold)).toBe(selection);
    expect([...restrictPicked(selection, new Set(['b', 'x'])).rows.keys()]).toEqual(['b']);
  });
});
