import { useEffect, useState } from 'react';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/db';
import { countRows, loadRows, type ReviewView } from '../../data/documents';
import { useDeskStore } from '../../state/store';

/** The rows of a review view and the count of every view, reloaded when staged data changes. */
export function useReviewRows(
  kind: FeedKind,
  view: ReviewView,
): { rows: ReviewRow[] | null; counts: Record<ReviewView, number> | null } {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [rows, setRows] = useState<ReviewRow[] | null>(null);
  const [counts, setCounts] = useState<Record<ReviewView, number> | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void Promise.all([loadRows(kind, view), countRows(kind)]).then(([loaded, counted]) => {
      if (!isCurrent) return;
      setRows(loaded);
      setCounts(counted);
    });
    return () => {
      isCurrent = false;
    };
  }, [kind, view, dataVersion]);
  return { rows, counts };
}
