import Dexie from 'dexie';

/** The review-row indexes of versions 1 to 3, as those versions created them. */
const rowIndexesV1 =
  'id, review, status, date, customerId, rep, amountCents, number, answerState, pendingAgain';

/**
 * Opens `name` as an older version of the app left it (the four review tables with the old indexes,
 * one record a document, the cursors, and `extra` tables), for a migration test to fill and close.
 */
export async function openOldDesk(
  name: string,
  version: number,
  extra: Record<string, string> = {},
): Promise<Dexie> {
  const old = new Dexie(name);
  old.version(version).stores({
    orders: rowIndexesV1,
    invoices: rowIndexesV1,
    payments: rowIndexesV1,
    returns: rowIndexesV1,
    documents: '[kind+id]',
    cursors: 'kind',
    ...extra,
  });
  await old.open();
  return old;
}
