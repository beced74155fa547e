// The cheque portfolio as the screen reads it: every staged payment that carries a cheque, a page of
// payments at a time (data/payment-documents.ts), each kept as the few facts its row shows and its
// ack as the payment's grid row holds it; read again whenever staged data changes (a sync, an answer).
import { useEffect, useState } from 'react';
import { chequeLineOf, type ChequeLine } from '../../../src-shared/domain/cheques';
import { forEachPayment } from '../../data/payment-documents';
import type { ReviewRow } from '../../data/rows';
import { useDeskStore } from '../../state/store';

/** Where the ERP stands on a cheque's payment: the grid row's review state and the clerk's own answer. */
export type ChequeAck = Pick<
  ReviewRow,
  'review' | 'pendingAgain' | 'externalNumber' | 'answerState' | 'answerOutcome'
>;

/** One cheque of the portfolio: its facts, its customer's name as the row keeps it, and its payment's ack. */
export interface PortfolioCheque extends ChequeLine {
  /** The customer's name as the payment's row keeps it (empty until the names are looked up). */
  customerName: string;
  ack: ChequeAck;
}

/** Every cheque staged now (the payments without one left out), in no order. */
export async function readPortfolio(): Promise<PortfolioCheque[]> {
  const cheques: PortfolioCheque[] = [];
  await forEachPayment((payments) => {
    for (const { payment, row } of payments) {
      const line = chequeLineOf(payment);
      if (!line) continue;
      cheques.push({
        ...line,
        customerName: row.customerName,
        ack: {
          review: row.review,
          pendingAgain: row.pendingAgain,
          externalNumber: row.externalNumber,
          answerState: row.answerState,
          answerOutcome: row.answerOutcome,
        },
      });
    }
  });
  return cheques;
}

/** The portfolio on screen, whether a newer read is under way, and why the last read failed. */
export interface PortfolioView {
  /** The last portfolio read (the one before while a newer one is read); null before the first. */
  cheques: PortfolioCheque[] | null;
  isLoading: boolean;
  /** Why the store could not be read (its own words, for the screen to put in a sentence), or null. */
  error: string | null;
}

interface Read {
  dataVersion: number;
  cheques: PortfolioCheque[] | null;
  error: string | null;
}

/**
 * Reads the portfolio from the local store, and again whenever staged data changes; the cheques read
 * last stay on screen meanwhile, and a read that finishes after a newer one started is not taken.
 */
export function useCheques(): PortfolioView {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [read, setRead] = useState<Read>({ dataVersion: -1, cheques: null, error: null });

  useEffect(() => {
    let isCurrent = true;
    readPortfolio().then(
      (cheques) => {
        if (isCurrent) setRead({ dataVersion, cheques, error: null });
      },
      (error: unknown) => {
        if (isCurrent)
          setRead((last) => ({
            dataVersion,
            cheques: last.cheques,
            error: error instanceof Error ? error.message : String(error),
          }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dataVersion]);

  return { cheques: read.cheques, isLoading: read.dataVersion !== dataVersion, error: read.error };
}
