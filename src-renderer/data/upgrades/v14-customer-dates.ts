// Version 14 (review-rows/README.md, "Filters of customers in date order"): a row's customer key
// `kCust` holds its date before its id (`<customerId>␁<review>␁<date>␁<id>`), so a customer's rows of a
// state are a range in date order and a filter of customers (a name, a branch) in a view ordered by date
// reads only those customers' rows, merged, instead of the view's. Rows written before keep the key
// without the date: a pass once the database is open (row-pass.ts) writes each one's key anew. Rows
// moved from version 7's tables get the new key as they move (row-move.ts), so they are not passed.
import { rowKeysOf } from '../review-rows/keys';
import type { RowPass } from './row-pass';

/** Version 14's pass: each row whose customer key lacks its date is written with the key anew. */
export const rowCustomerDatesPass: RowPass = {
  name: 'rowCustomerDates',
  passesMovedRows: false,
  tables: [],
  rewrite: (_kind, rows) =>
    Promise.resolve(
      rows.map((row) => {
        const kCust = rowKeysOf(row).kCust;
        return row.kCust === kCust ? row : { ...row, kCust };
      }),
    ),
};
