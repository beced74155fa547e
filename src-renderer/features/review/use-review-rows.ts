import { useEffect, useRef, useState } from 'react';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/db';
import { countRows, loadFirstRows, loadRows, type ReviewView } from '../../data/documents';
import { useDeskStore } from '../../state/store';

/** A review view's rows as far as they are read, and the count of every view. */
export interface ReviewRowsState {
  /** Null until the first rows are read. */
  rows: ReviewRow[] | null;
  counts: Record<ReviewView, number> | null;
  /** False while only the view's newest rows are shown and the rest is being read. */
  complete: boolean;
}

/** Resolves once the next frame has been painted. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The rows of a review view and the count of every view, reloaded when staged data changes. A large
 * view newly opened shows its newest rows first (documents.ts: loadFirstRows) and the whole view once
 * read; a reload after a sync replaces the rows shown when the new ones are read.
 */
export function useReviewRows(kind: FeedKind, view: ReviewView): ReviewRowsState {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [state, setState] = useState<ReviewRowsState>({ rows: null, counts: null, complete: false });
  // The view whose whole rows are shown: a reload of it needs no first rows.
  const shownView = useRef<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const viewKey = `${kind}/${view}`;
    void (async () => {
      const counts = await countRows(kind);
      if (!isCurrent) return;
      if (shownView.current !== viewKey) {
        const first = await loadFirstRows(kind, view, counts[view]);
        if (!isCurrent) return;
        if (first) {
          setState({ rows: first, counts, complete: false });
          // Let them paint before the whole read's result (a long task at 100,000 rows) comes in.
          await afterNextPaint();
          if (!isCurrent) return;
        }
      }
      const rows = await loadRows(kind, view);
      if (!isCurrent) return;
      shownView.current = viewKey;
      setState({ rows, counts, complete: true });
    })();
    return () => {
      isCurrent = false;
    };
  }, [kind, view, dataVersion]);
  return state;
}
