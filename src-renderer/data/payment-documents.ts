/**
 * Payments as the service sent them, for the screens that need more than a grid row holds (the rep
 * cash-up's cheques and reversals, the cheque portfolio): the rows of a collection-date range through
 * the `kDate` index, or every payment row a page at a time, and each one's newest stored version from
 * its chunk, in one read transaction a page (stored-documents.ts).
 */
import type { Payment } from '../../src-shared/wire';
import { db } from './db';
import type { ReviewRow } from './rows';
import { keyedStates, keySeparator, keyTop } from './review-rows/keys';
import { rowsDated } from './review-rows/reads';
import { readStoredDocuments, storedDocumentTables } from './stored-documents';

/** A payment with the grid row it is staged under (its review state, the clerk's answer). */
export interface StagedPayment {
  payment: Payment;
  row: ReviewRow;
}

/** The payments of some rows, as stored (a row whose document is not stored is left out). */
async function paymentsOf(rows: readonly ReviewRow[]): Promise<StagedPayment[]> {
  const stored = await readStoredDocuments('payments', rows);
  return rows.flatMap((row, index) => {
    const found = stored[index];
    return found?.kind === 'payments' ? [{ payment: found.doc, row }] : [];
  });
}

/** The payments collected from `from` to `to` (`YYYY-MM-DD`, both included), in every review state. */
export async function paymentsCollected(from: string, to: string): Promise<StagedPayment[]> {
  return db.transaction('r', [db.rowsOf('payments'), ...storedDocumentTables], async () =>
    paymentsOf(await rowsDated('payments', from, to)),
  );
}

/** One page of payment rows after the id `after` (in id order) and their payments. */
async function paymentPage(
  after: string | null,
  limit: number,
): Promise<{ rows: ReviewRow[]; payments: StagedPayment[] }> {
  return db.transaction('r', [db.rowsOf('payments'), ...storedDocumentTables], async () => {
    const table = db.rowsOf('payments');
    const rows = await (after === null ? table.orderBy('id') : table.where('id').above(after))
      .limit(limit)
      .toArray();
    return { rows, payments: await paymentsOf(rows) };
  });
}

/**
 * Every staged payment, `pageSize` rows a read (in id order), handed to `onPage` before the next page
 * is read; a payment staged meanwhile may be seen or not, never twice.
 */
export async function forEachPayment(
  onPage: (payments: StagedPayment[]) => void | Promise<void>,
  pageSize = 2_000,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const { rows, payments } = await paymentPage(after, pageSize);
    if (payments.length > 0) await onPage(payments);
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.id;
  }
}

/** The latest collection date of the staged payments (`YYYY-MM-DD`), or null when none is staged. */
export async function latestCollectionDay(): Promise<string | null> {
  const lastKeys = await Promise.all(
    keyedStates.map((state) => {
      const prefix = `${state}${keySeparator}`;
      return db
        .rowsOf('payments')
        .where('kDate')
        .between(prefix, prefix + keyTop, true, true)
        .reverse()
        .limit(1)
        .keys();
    }),
  );
  const days = lastKeys.flat().map((key) => String(key).split(keySeparator)[1] ?? '');
  return (
    days
      .filter((day) => day !== '')
      .sort()
      .at(-1) ?? null
  );
}
