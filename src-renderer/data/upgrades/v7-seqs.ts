// Version 7's upgrade (the day end, docs/decisions/091-seq-gaps.md): every row gets its document's
// `seq` (0 when none), and each issued feed's cursor its seq ledger, built from the documents stored,
// from 0 (every connection saved before the start choice synced everything).
import type { Transaction } from 'dexie';
import { documentSeq } from '../../../src-shared/domain/feeds';
import { ledgerOfSeqs } from '../../../src-shared/domain/seq-ledger';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import type { DocumentChunk, FeedCursorRow, ReviewRow } from '../rows';

/** Records each row's `seq` and builds each issued feed's seq ledger from the documents stored. */
export async function recordSeqs(tx: Transaction): Promise<void> {
  const chunks = tx.table<DocumentChunk, string>('documentChunks');
  const seqs = new Map<FeedKind, number[]>(feedKinds.map((kind) => [kind, []]));
  // Each chunk once, in key order, 40 at a time; a document counts where its row names its chunk
  // (an older chunk may still hold an older version of it).
  let after: string | null = null;
  for (;;) {
    const found: DocumentChunk[] = await (
      after === null ? chunks.toCollection() : chunks.where(':id').above(after)
    )
      .limit(40)
      .toArray();
    const last = found.at(-1);
    if (!last) break;
    after = last.key;
    for (const kind of feedKinds) {
      const ofKind = found.filter((chunk) => chunk.kind === kind);
      const docs = ofKind.flatMap((chunk) => chunk.docs.map((stored) => ({ chunk: chunk.key, stored })));
      if (docs.length === 0) continue;
      const rows = tx.table<ReviewRow, string>(kind);
      const named = await rows.bulkGet(docs.map(({ stored }) => stored.id));
      const changed: ReviewRow[] = [];
      docs.forEach(({ chunk, stored }, index) => {
        const row = named[index];
        if (!row || row.chunk !== chunk) return;
        const seq = documentSeq(stored) ?? 0;
        if (seq > 0) seqs.get(kind)!.push(seq);
        changed.push({ ...row, seq });
      });
      await rows.bulkPut(changed);
    }
  }
  const cursors = tx.table<FeedCursorRow, FeedKind>('cursors');
  for (const kind of feedKinds) {
    if (kind === 'orders') continue;
    const cursor = await cursors.get(kind);
    if (cursor) await cursors.put({ ...cursor, seq: ledgerOfSeqs(0, seqs.get(kind)!) });
  }
}
