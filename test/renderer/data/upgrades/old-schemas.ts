import Dexie, { type Table } from 'dexie';
import { version7Tables } from '../../../support/version7-store';

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

/** Every table as version 6 ends (version 7 changed no table): the version-7 store of the benchmarks. */
const version6Tables: Record<string, string> = version7Tables;

/**
 * Every table as version 5 ends: the review rows with the few indexes of version 4, documents in
 * chunks, the `documents` table gone (version 6 added the reconciliations and register layouts).
 */
const version5Tables: Record<string, string> = Object.fromEntries(
  Object.entries(version7Tables).filter(
    ([table]) => table !== 'reconciliations' && table !== 'registerLayouts',
  ),
);

/**
 * Every table as version 8 ends: version 7's, and the paged review rows, their view counters and the
 * search tables (written out as version 8 made them, not read from today's review-rows/layout.ts).
 */
const version8Rows = 'id, kDate, kNumber, kCustomer, kAmount, kCust, kSerial, kErp, kHeld';
const version8Tables: Record<string, string> = {
  ...version7Tables,
  orderRows: version8Rows,
  invoiceRows: version8Rows,
  paymentRows: version8Rows,
  returnRows: version8Rows,
  viewCounters: 'kind',
  customerTokens: 'id, *tokens',
  numberWords: 'word',
};

/** Every table as version 9 ends: version 8's and the customer aliases. */
const version9Tables: Record<string, string> = {
  ...version8Tables,
  customerAliases: '[connectionId+name+customerId], connectionId',
};

/** Every table as version 10 ends: version 9's and the record names, the records documents name and reps' names. */
export const version10Tables: Record<string, string> = {
  ...version9Tables,
  recordNames: '[connectionId+entity+id]',
  recordRefs: '[entity+id]',
  repNames: '[connectionId+repId+code]',
};

/**
 * Opens `name` as version 5, 6, 7, 8, 9 or 10 of the app left it, every table with the indexes that version
 * ends with, so that the next version upgrades exactly what a clerk's computer holds. Version 7 changed
 * no table (its rows got `seq`, its cursors a ledger).
 */
export async function openDeskVersion(name: string, version: 5 | 6 | 7 | 8 | 9 | 10): Promise<Dexie> {
  const old = new Dexie(name);
  old
    .version(version)
    .stores(
      version === 5
        ? version5Tables
        : version === 8
          ? version8Tables
          : version === 9
            ? version9Tables
            : version === 10
              ? version10Tables
              : version6Tables,
    );
  await old.open();
  return old;
}

/** The review-row indexes of version 8's paged tables (IndexedDB's names, sorted). */
export const version8Indexes = [
  'kAmount',
  'kCust',
  'kCustomer',
  'kDate',
  'kErp',
  'kHeld',
  'kNumber',
  'kSerial',
];

/** The ids of a review state's rows in a paged table of version 8 (through `kDate`, by date). */
export async function viewIds(rows: Pick<Table, 'where'>, view: string): Promise<string[]> {
  const prefix = `${view}\u0001`;
  const keys = await rows.where('kDate').between(prefix, `${prefix}\uffff`, true, true).keys();
  return keys.map((key) => String(key).split('\u0001').at(-1)!);
}

/** A row as an earlier version stored it: without the keys version 8 keeps with it. */
export function withoutKeys<Row extends object>(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([field]) => !/^k[A-Z]/.test(field))) as Row;
}
