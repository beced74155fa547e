import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReviewRow } from '../../data/db';
import { forEachReviewPage, reviewTotalsOf } from '../../data/review-pages';
import type { ReviewQuery, ReviewTotals } from '../../data/review-query';
import { formatCents } from '../ui/format';
import { rowsKeyOf } from './review-datasource';
import type { ReviewSelection } from './review-selection';

/** The count and totals of a selection, or null while they are being counted. */
export type SelectionTotals = ReviewTotals | null;

/** The count and per-currency totals of rows in memory. */
export function totalsOfRows(rows: Iterable<ReviewRow>): ReviewTotals {
  const totals: ReviewTotals = { count: 0, centsByCurrency: {} };
  for (const row of rows) {
    totals.count += 1;
    totals.centsByCurrency[row.currency] = (totals.centsByCurrency[row.currency] ?? 0) + row.amountCents;
  }
  return totals;
}

/**
 * The count and totals of the selection: of the ticked rows at once; of a whole view from
 * `reviewTotalsOf` (its counters when unfiltered, else a walk: null meanwhile, shown as "counting…"),
 * again whenever the staged data changes.
 */
export function useSelectionTotals(selection: ReviewSelection, dataVersion: number): SelectionTotals {
  const [whole, setWhole] = useState<{ of: ReviewSelection; version: number; totals: ReviewTotals } | null>(
    null,
  );
  useEffect(() => {
    if (selection.mode === 'rows') return;
    let isCurrent = true;
    void reviewTotalsOf(selection.query, selection.except).then((totals) => {
      if (isCurrent) setWhole({ of: selection, version: dataVersion, totals });
    });
    return () => {
      isCurrent = false;
    };
  }, [selection, dataVersion]);
  if (selection.mode === 'rows') return totalsOfRows(selection.rows.values());
  // The last totals of this very selection stay shown while a sync's recount runs.
  return whole?.of === selection ? whole.totals : null;
}

/** How many rows of a view hold a failed answer, and how many an answer held because the document changed. */
export interface HeldCounts {
  failed: number;
  changed: number;
}

/**
 * The wait after the staged data last changed before the failed and held answers are counted again:
 * a sync changes the rows page after page, and the walk is a background read of the whole view.
 */
const heldCountDelayMs = 300;

/**
 * The failed and held answers of a query, counted by walking its pages once its first rows have
 * painted, again when the staged data changes and then rests (the last counts meanwhile).
 * docs/decisions/101-review-exports-and-selection.md.
 */
export function useHeldCounts(query: ReviewQuery | null, dataVersion: number): HeldCounts {
  const [counts, setCounts] = useState<HeldCounts>({ failed: 0, changed: 0 });
  // Each block read names its query anew: the walk follows the rows the query holds, not the object.
  const key = query === null ? null : rowsKeyOf(query);
  const queryRef = useRef(query);
  useLayoutEffect(() => {
    queryRef.current = query;
  });
  const countedKey = useRef<string | null>(null);
  useEffect(() => {
    const walked = queryRef.current;
    if (key === null || walked === null) return;
    let isCurrent = true;
    const found = { failed: 0, changed: 0 };
    // A view newly shown is counted at once; the same view after a change of its rows once they rest.
    const delayMs = countedKey.current === key ? heldCountDelayMs : 0;
    countedKey.current = key;
    const timer = setTimeout(() => {
      void forEachReviewPage(walked, (rows) => {
        if (!isCurrent) return false;
        for (const row of rows) {
          if (row.answerState === 'failed') found.failed += 1;
          else if (row.answerState === 'changed') found.changed += 1;
        }
      }).then(() => {
        if (isCurrent) setCounts(found);
      });
    }, delayMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [key, dataVersion]);
  return counts;
}

/** The rows of a query whose answer is in `state`, read a page at a time (they are few). */
export async function rowsInAnswerState(
  query: ReviewQuery,
  state: 'failed' | 'changed',
): Promise<Map<string, ReviewRow>> {
  const rows = new Map<string, ReviewRow>();
  await forEachReviewPage(
    query,
    (page) => {
      for (const row of page) if (row.answerState === state) rows.set(row.id, row);
    },
    2_000,
  );
  return rows;
}

/** Of `ids`, those `query` holds (walked until all are found). */
export async function idsShownBy(query: ReviewQuery, ids: ReadonlySet<string>): Promise<Set<string>> {
  const shown = new Set<string>();
  if (ids.size === 0) return shown;
  await forEachReviewPage(
    query,
    (page) => {
      for (const row of page) if (ids.has(row.id)) shown.add(row.id);
      return shown.size < ids.size;
    },
    2_000,
  );
  return shown;
}

/** Totals per currency, e.g. `1,234.50 EGP · 10.00 USD` (as formatTotals says them for rows). */
export function formatReviewTotals(totals: ReviewTotals): string {
  return Object.entries(totals.centsByCurrency)
    .map(([currency, cents]) => `${formatCents(cents)} ${currency}`)
    .join(' · ');
}
