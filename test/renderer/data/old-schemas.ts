import Dexie from 'dexie';
import { reviewRowIndexes } from '../../../src-renderer/data/store-layout';

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

/**
 * Every table as version 5 ends: the review rows with the few indexes of version 4, documents in
 * chunks, the `documents` table gone.
 */
const version5Tables: Record<string, string> = {
  orders: reviewRowIndexes,
  invoices: reviewRowIndexes,
  payments: reviewRowIndexes,
  returns: reviewRowIndexes,
  cursors: 'kind',
  outbox: 'id, state, createdAt, [connectionId+state]',
  audit: '++seq, at, batchId, *docIds',
  references: 'kind',
  meta: 'key',
  pushRuns: 'runId, connectionId, createdAt',
  pushRecords: '[runId+seq], runId, [runId+outcome]',
  importLayouts: 'signature, kind',
  pushedKeys: '[connectionId+kind+key], [connectionId+kind]',
  customerNames: 'id',
  documentChunks: 'key',
  chunkLive: 'key',
};

/** Every table as version 6 ends: version 5's, and the reconciliations with their register layouts. */
const version6Tables: Record<string, string> = {
  ...version5Tables,
  reconciliations: 'id, [connectionId+kind], createdAt',
  registerLayouts: 'signature',
};

/**
 * Opens `name` as version 5 or 6 of the app left it, every table with the indexes that version ends
 * with, so that the next version upgrades exactly what a clerk's computer holds.
 */
export async function openDeskVersion(name: string, version: 5 | 6): Promise<Dexie> {
  const old = new Dexie(name);
  old.version(version).stores(version === 5 ? version5Tables : version6Tables);
  await old.open();
  return old;
}
