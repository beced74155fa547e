/**
 * Reads of a feed's review rows by their keys (layout.ts): a state's rows in date order, a customer's
 * rows, a date range, the pending ids, rows by id, a document with its row, and the view counters.
 * A view read a page at a time is pages.ts's.
 */
import { erpNumberKey } from '../../../src-shared/domain/erp-number-series';
import type { ReviewViewState } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import { db } from '../db';
import type { ReviewRow, StoredDocument } from '../rows';
import { readStoredDocuments, storedDocumentTables } from '../stored-documents';
import {
  emptyViewCounts,
  idOfKey,
  keyedStates,
  keySeparator,
  keyTop,
  serialOf,
  type ViewCounts,
} from './keys';

/** A review state's rows, through `kDate` (layout.ts), in date order. */
export function rowsInView(
  kind: FeedKind,
  view: ReviewViewState,
): ReturnType<ReturnType<typeof db.rowsOf>['toCollection']> {
  const prefix = `${view}${keySeparator}`;
  return db
    .rowsOf(kind)
    .where('kDate')
    .between(prefix, prefix + keyTop, true, true);
}

/** A customer's rows of a feed, through `kCust` (layout.ts). */
export function rowsOfCustomer(kind: FeedKind, customerId: string): Promise<ReviewRow[]> {
  const prefix = `${customerId}${keySeparator}`;
  return db
    .rowsOf(kind)
    .where('kCust')
    .between(prefix, prefix + keyTop, true, true)
    .toArray();
}

/** A feed's rows dated from `from` to `to` (both included), in every state: `kDate`'s range of each. */
export async function rowsDated(kind: FeedKind, from: string, to: string): Promise<ReviewRow[]> {
  const ranges = await Promise.all(
    keyedStates.map((state) => {
      const prefix = `${state}${keySeparator}`;
      return db
        .rowsOf(kind)
        .where('kDate')
        .between(prefix + from, `${prefix}${to}${keySeparator}${keyTop}`, true, true)
        .toArray();
    }),
  );
  return ranges.flat();
}

/** How many of a feed's documents are staged as pending (its view counters: no row read). */
export async function countPending(kind: FeedKind): Promise<number> {
  return (await readViewCounters(kind)).pending.count;
}

/** The ids of a feed's documents staged as pending (from the `kDate` index's keys, no documents read). */
export async function pendingIds(kind: FeedKind): Promise<string[]> {
  return (await rowsInView(kind, 'pending').keys()).map((key) => idOfKey(String(key)));
}

/**
 * A feed's rows whose ERP number is one of `numbers` (compared as `erpNumberKey` does), in any state:
 * through `kErp` (layout.ts), the range of each number's serial, so no other row is read. A number with
 * no digits has no serial and finds no row this way.
 */
export async function rowsWithErpNumbers(kind: FeedKind, numbers: readonly string[]): Promise<ReviewRow[]> {
  const wanted = new Set(numbers.map(erpNumberKey).filter((key) => key !== ''));
  const serials = [...new Set([...wanted].map(serialOf).filter((serial) => serial !== ''))];
  if (serials.length === 0) return [];
  const rows = db.rowsOf(kind);
  const found = await db.transaction('r', rows, () =>
    Promise.all(
      serials.map((serial) => {
        const prefix = `${serial}${keySeparator}`;
        return rows
          .where('kErp')
          .between(prefix, prefix + keyTop, true, true)
          .toArray();
      }),
    ),
  );
  return found.flat().filter((row) => wanted.has(erpNumberKey(row.externalNumber)));
}

/** One document as the service sent it, with its row. */
export async function readDocument(
  kind: FeedKind,
  id: string,
): Promise<{ stored: StoredDocument; row: ReviewRow } | null> {
  const tables = [db.rowsOf(kind), ...storedDocumentTables];
  return db.transaction('r', tables, async () => {
    const row = await db.rowsOf(kind).get(id);
    const [stored] = await readStoredDocuments(kind, [row]);
    return stored && row ? { stored, row } : null;
  });
}

/** A feed's view counters (no row read). */
export async function readViewCounters(kind: FeedKind): Promise<ViewCounts> {
  return (await db.viewCounters.get(kind))?.views ?? emptyViewCounts();
}
