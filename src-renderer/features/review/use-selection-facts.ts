import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReviewRow } from '../../data/rows';
import { heldRowsOf, reviewTotalsOf } from '../../data/review-rows/pages';
import type { HeldAckState } from '../../data/review-rows/keys';
import type { ReviewQuery, ReviewTotals } from '../../data/review-rows/query';
import { formatCentsByCurrency } from '../ui/format';
import { rowsKeyOf } from './review-datasource';
import type { ReviewSelection } from './review-selection';

/** The count and totals of a selection, or null while they are being counted. */
export type SelectionTotals = ReviewTotals | null;

/** The count and per-currency totals of rows in memory. */
function totalsOfRows(rows: Iterable<ReviewRow>): ReviewTotals {
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
 * The failed and held answers of a query (through their own index: they are few, docs/decisions/100),
 * counted when the view is shown, again when the staged data changes and then rests (the last counts
 * meanwhile). docs/decisions/101-review-exports-and-selection.md.
 */
export function useHeldCounts(query: ReviewQuery | null, dataVersion: number): HeldCounts {
  const [counts, setCounts] = useState<HeldCounts>({ failed: 0, changed: 0 });
  const key = query === null ? null : rowsKeyOf(query);
  const queryRef = useRef(query);
  useLayoutEffect(() => {
    queryRef.current = query;
  });
  const countedKey = useRef<string | null>(null);
  useEffect(() => {
    const counted = queryRef.current;
    if (key === null || counted === null) return;
    let isCurrent = true;
    // A view newly shown is counted at once; the same view after a change of its rows once they rest.
    const delayMs = countedKey.current === key ? heldCountDelayMs : 0;
    countedKey.current = key;
    const timer = setTimeout(() => {
      void Promise.all([heldRowsOf(counted, 'failed'), heldRowsOf(counted, 'changed')]).then(
        ([failed, changed]) => {
          if (isCurrent) setCounts({ failed: failed.length, changed: changed.length });
        },
      );
    }, delayMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [key, dataVersion]);
  return counts;
}

/** The rows of a query whose answer is in `state` (they are few). */
export async function rowsInAckState(
  query: ReviewQuery,
  state: HeldAckState,
): Promise<Map<string, ReviewRow>> {
  return new Map((await heldRowsOf(query, state)).map((row) => [row.id, row]));
}

/** Totals per currency, e.g. `1,234.50 EGP · 10.00 USD` (as formatTotals says them for rows). */
export function formatReviewTotals(totals: ReviewTotals): string {
  return formatCentsByCurrency(totals.centsByCurrency);
}
