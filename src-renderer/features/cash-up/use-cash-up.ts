// A day's rep cash-up as the screen shows it: each rep's receipts of the day (read from the store's
// payments, again after every sync) beside the counts kept for the day (docs/decisions/111-rep-cash-up.md).
import { useCallback, useEffect, useState } from 'react';
import { repDaysOf, type RepDay } from '../../../src-shared/domain/cash-up';
import { readCashUps } from '../../data/cash-ups';
import { latestCollectionDay, paymentsCollected } from '../../data/payment-documents';
import type { CashUpRow } from '../../data/rows';
import { say } from '../../messages/intl';
import { useDeskStore } from '../../state/store';
import { storageRefusalWords } from '../ui/storage-refusal';

/** What the screen shows of a day. */
export interface CashUpDay {
  day: string;
  repDays: RepDay[];
  /** The counts kept for the day, by rep key. */
  counts: Map<string, CashUpRow>;
  /** The latest day with receipts, when this one has none. */
  latestDay: string | null;
}

export interface CashUpView {
  shown: CashUpDay | null;
  error: string | null;
  /** Reads the day again (after a count was kept). */
  reload(): void;
}

/** The cash-up of `day` on a connection, read again when the day, the store's documents or `reload` change. */
export function useCashUp(connectionId: string | null, day: string): CashUpView {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [reads, setReads] = useState(0);
  const [shown, setShown] = useState<CashUpDay | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (connectionId === null) return;
    let isCurrent = true;
    void (async () => {
      try {
        const [payments, counts] = await Promise.all([
          paymentsCollected(day, day),
          readCashUps(connectionId, day),
        ]);
        const latestDay = payments.length === 0 ? await latestCollectionDay() : null;
        if (!isCurrent) return;
        setShown({
          day,
          repDays: repDaysOf(payments.map((staged) => staged.payment)),
          counts: new Map(counts.map((row) => [row.repKey, row])),
          latestDay,
        });
        setError(null);
      } catch (thrown) {
        const words = await storageRefusalWords(thrown, say('cashUp.again'));
        if (isCurrent) setError(words);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [connectionId, day, dataVersion, reads]);

  const reload = useCallback(() => setReads((count) => count + 1), []);
  return { shown: shown?.day === day ? shown : null, error, reload };
}
