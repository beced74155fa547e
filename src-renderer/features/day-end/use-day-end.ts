import { useEffect, useState } from 'react';
import type { DayEndReport } from '../../../src-shared/domain/day-end';
import { readDayEndReport } from '../../data/day-end';
import { useDeskStore } from '../../state/store';
import { reportKinds } from './day-end-words';

/** The report on screen, whether a newer read is under way, and how long the last read took. */
export interface DayEndView {
  /** The last report read (of the range asked for, or of the one before while the new one is read). */
  report: DayEndReport | null;
  isLoading: boolean;
  /** Why the store could not be read (its own words, for the screen to say in a sentence), or null. */
  error: string | null;
  readMs: number | null;
}

interface Read {
  key: string;
  report: DayEndReport | null;
  error: string | null;
  readMs: number | null;
}

/**
 * Reads the day-end report of `from`..`to` (null: the range is not valid) from the local store, and
 * again whenever staged data changes (a sync, an answer). A late answer for an earlier range is never
 * taken for the new one.
 */
export function useDayEnd(from: string | null, to: string | null): DayEndView {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const key = `${from}|${to}|${dataVersion}`;
  const [read, setRead] = useState<Read>({ key: '', report: null, error: null, readMs: null });

  useEffect(() => {
    if (from === null || to === null) return;
    let isCurrent = true;
    const started = performance.now();
    readDayEndReport(from, to, reportKinds).then(
      (report) => {
        if (isCurrent) setRead({ key, report, error: null, readMs: Math.round(performance.now() - started) });
      },
      (error: unknown) => {
        if (isCurrent)
          setRead({
            key,
            report: null,
            error: error instanceof Error ? error.message : String(error),
            readMs: null,
          });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [from, to, key]);

  return {
    report: read.report,
    isLoading: from !== null && to !== null && read.key !== key,
    error: read.error,
    readMs: read.readMs,
  };
}
