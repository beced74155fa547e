// Version 11 (row facts, once): rows stored before rows kept facts (store versions 8 to 10 as first
// shipped) hold their note, changes and ack problem as English words. Version 10's build read them back
// into facts on every read (a reading hook), which made every read of every row pay for it: half again
// the day end's reading. Version 11 writes each such row with its facts once, in a pass once the
// database is open (row-pass.ts). Rows moved from version 7's tables get their facts as they move
// (row-move.ts), so a store that old meets an empty pass.
import type { RowPass } from './row-pass';
import { rowWithFacts } from './row-facts-from-words';

/** Version 11's pass: each row still in words is written with its facts. */
export const rowFactsPass: RowPass = {
  name: 'rowFacts',
  passesMovedRows: false,
  tables: [],
  rewrite: (kind, rows) => Promise.resolve(rows.map((row) => rowWithFacts(kind, row)!)),
};
