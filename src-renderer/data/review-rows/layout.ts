/**
 * The tables and indexes of the paged review rows, in a module of their own so that the benchmarks
 * (test/bench/app-harness.ts) write and read exactly what the app does.
 */
import type { FeedKind } from '../../../src-shared/wire';

/**
 * The tables of review rows (version 8), one a feed. Version 7's tables (`orders`, `invoices`,
 * `payments`, `returns`) stay only until their rows have moved here (row-move.ts).
 */
export const reviewRowTableNames = {
  orders: 'orderRows',
  invoices: 'invoiceRows',
  payments: 'paymentRows',
  returns: 'returnRows',
} as const satisfies Record<FeedKind, string>;

/**
 * The indexes of every review-row table (version 8; README.md), each one
 * there because a query uses it, each a plain string key (keys.ts `rowKeysOf`):
 * - `kDate`, `kNumber`, `kCustomer`, `kAmount` (`<review>␁<value>␁<id>`): a view's page in its order,
 *   one range read resumed after the last key read (pages.ts); the view of every document merges
 *   the ranges of its states. `kDate` also answers the day-end report's dates (day-end.ts) and a state's
 *   ids (reads.ts: rowsInView);
 * - `kCust` (`<customerId>␁<review>␁<date>␁<id>`, the date since version 14): a customer's rows (names.ts,
 *   balances) and a filter word's rows by the customers it names, in date order (a filter of customers
 *   in a view ordered by date merges their ranges: matches.ts);
 * - `kSerial`, `kErp` (`<serial>␁<review>␁<id>`): a filter word's rows by number and ERP number;
 * - `kHeld` (`<answer state>␁<review>␁<id>`, only on a row whose answer failed or is held): the few
 *   rows "Select failed" and "Select changed" name; and `queued␁<batch>␁<id>` on a row whose answer is
 *   queued in an outbox batch: the rows a batch's response is written onto, one range (ack-outbox.ts).
 *
 * No multi-entry index: one entry a row and index keeps staging near version 7's rate (decision 100).
 */
export const reviewRowIndexes = 'id, kDate, kNumber, kCustomer, kAmount, kCust, kSerial, kErp, kHeld';

/** The customers' search keys (`customerTokens`) and the words numbers share (`numberWords`). */
export const searchTableIndexes = { customerTokens: 'id, *tokens', numberWords: 'word' } as const;
