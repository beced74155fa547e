// Version 13 (issue 29's filters, docs/decisions/113-answered-here-or-elsewhere.md): rows keep the
// branch their document is of and who gave its current answer (this desk or elsewhere), which the review
// grids filter by. Rows written before have neither: a pass once the database is open (row-pass.ts) reads
// each one's stored document for its branch and its ack, and this desk's ack log for whether this desk
// gave that ack (an item the service applied, or found already applied, with the ack's outcome).
import { refLabel } from '../../../src-shared/domain/feeds';
import type { AuditEntry, DocumentChunk, ReviewRow, StoredDocument } from '../rows';
import { ackedByOf } from '../review-rows/projection';
import { addToSearchTables, searchTableNames } from '../review-rows/search-tables';
import type { RowPass } from './row-pass';

/** What an ack log item's result says of an ack the service holds: this desk's ack is applied. */
const heldResults: ReadonlySet<string> = new Set(['applied', 'unchanged']);

/**
 * Version 13's pass: each row without a branch gets its branch and who answered it. Rows still in
 * version 7's tables get them as they move (review-rows/row-move.ts), so they are not passed.
 */
export const rowBranchesPass: RowPass = {
  name: 'rowBranches',
  passesMovedRows: false,
  tables: ['documentChunks', 'audit', ...searchTableNames],
  async rewrite(kind, rows, database) {
    const missing = rows.filter((row) => row.branch === undefined);
    if (missing.length === 0) return rows;
    const keys = [...new Set(missing.flatMap((row) => (row.chunk === '' ? [] : [row.chunk])))];
    const chunks = (await database.table('documentChunks').bulkGet(keys)) as (DocumentChunk | undefined)[];
    const docOf = new Map<string, StoredDocument>();
    for (const chunk of chunks)
      for (const stored of chunk?.kind === kind ? chunk.docs : [])
        docOf.set(`${chunk!.key}|${stored.id}`, stored);
    const storedOf = (row: ReviewRow) => docOf.get(`${row.chunk}|${row.id}`);
    const answered = missing.filter((row) => {
      const stored = storedOf(row);
      return stored !== undefined && ackedByOf(stored, undefined) !== '';
    });
    // This desk's acks of the answered documents the service applied: by document, their outcomes.
    const entries = (await database
      .table('audit')
      .where('docIds')
      .anyOf(answered.map((row) => row.id))
      .toArray()) as AuditEntry[];
    const heldOutcomes = new Map<string, Set<string>>();
    for (const entry of entries)
      for (const item of entry.kind === kind ? entry.items : [])
        if (heldResults.has(item.result))
          heldOutcomes.set(item.id, (heldOutcomes.get(item.id) ?? new Set()).add(item.outcome));
    return rows.map((row): ReviewRow => {
      if (row.branch !== undefined) return row;
      const stored = storedOf(row);
      if (!stored) return { ...row, branch: '', ackedBy: '' };
      const ack = stored.doc.ack;
      const here = ack && heldOutcomes.get(row.id)?.has(ack.outcome) ? ack.acked_version : undefined;
      return {
        ...row,
        branch: refLabel(stored.doc.branch),
        ...(here === undefined ? {} : { ackedHereVersion: here }),
        ackedBy: ackedByOf(stored, here),
      };
    });
  },
  // Each customer's branches go into its search keys, as the writer adds a new row's.
  alsoWrite: addToSearchTables,
};
