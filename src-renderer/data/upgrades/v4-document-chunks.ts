// Version 4's upgrade: documents move from one record each into chunks of 50 (stored-documents.ts),
// each row naming its chunk. Version 5 then drops the old table (Dexie reads a table it deletes only in
// an earlier version's upgrade).
import Dexie, { type Transaction } from 'dexie';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { documentChunkSize, newChunkKey } from '../chunk-layout';
import type { ChunkLiveRow, DocumentChunk, ReviewRow, StoredDocument } from '../rows';

/** Moves every stored document into chunks and points its row at its chunk. */
export async function moveDocumentsIntoChunks(tx: Transaction): Promise<void> {
  const documents = tx.table<StoredDocument, [FeedKind, string]>('documents');
  const chunks = tx.table<DocumentChunk, string>('documentChunks');
  for (const kind of feedKinds) {
    const rows = tx.table<ReviewRow, string>(kind);
    // In id order, 2,000 at a time (range reads: one request each, not one a document).
    let after: string | null = null;
    for (;;) {
      const lower = [kind, after ?? Dexie.minKey];
      const found: StoredDocument[] = await documents
        .where('[kind+id]')
        .between(lower, [kind, Dexie.maxKey], after === null, true)
        .limit(40 * documentChunkSize)
        .toArray();
      const last = found.at(-1);
      if (!last) break;
      after = last.id;
      const named = new Map(
        (await rows.where('id').between(found[0]!.id, last.id, true, true).toArray()).map((row) => [
          row.id,
          row,
        ]),
      );
      // Only documents with a row: a chunk no row names would never be let go.
      const kept = found.filter((stored) => named.has(stored.id));
      const slices: StoredDocument[][] = [];
      for (let start = 0; start < kept.length; start += documentChunkSize) {
        slices.push(kept.slice(start, start + documentChunkSize));
      }
      const keys = slices.map(() => newChunkKey());
      await chunks.bulkPut(slices.map((docs, index) => ({ key: keys[index]!, kind, docs })));
      await tx
        .table<ChunkLiveRow, string>('chunkLive')
        .bulkPut(slices.map((docs, index) => ({ key: keys[index]!, live: docs.length })));
      await rows.bulkPut(
        slices.flatMap((docs, index) =>
          docs.flatMap((stored) => {
            const row = named.get(stored.id);
            return row ? [{ ...row, chunk: keys[index]! }] : [];
          }),
        ),
      );
    }
  }
}
