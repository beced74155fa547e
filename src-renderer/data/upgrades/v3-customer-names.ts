// Version 3's upgrade: every review row of the version-1 tables gets `customerName`, empty until the
// customer's name is looked up (names.ts).
import type { Transaction } from 'dexie';
import type { ReviewRow } from '../rows';

/** Gives every stored review row an empty `customerName`. */
export async function addCustomerNames(tx: Transaction): Promise<void> {
  for (const table of ['orders', 'invoices', 'payments', 'returns']) {
    await tx
      .table<ReviewRow, string>(table)
      .toCollection()
      .modify((row) => {
        row.customerName ??= '';
      });
  }
}
