/**
 * Where documents live: in chunks of up to 50, each chunk one IndexedDB record, each grid row naming
 * the chunk that holds its document's newest stored version (`ReviewRow.chunk`).
 *
 * Why chunks: IndexedDB charges every record a round trip and its own bookkeeping, and at 500
 * documents a page that cost more than the bytes (a first sync of 100,000 documents went from about
 * 3,700 to about 5,000 documents/s here). Why 50 and not a whole page: a document is read back with its
 * chunk (an answer, the detail panel, a new version staged), so a chunk is kept small enough that
 * reading 50 documents to get one costs little.
 *
 * A chunk is written once and never changed: a newer version of a document (staged, or answered by the
 * service) goes into a new chunk and its row moves there. Each chunk's count of documents whose rows
 * still name it is kept beside it (`chunkLive`), and a chunk no row names is deleted in the same
 * transaction, so the store holds each document once, as it does the rows.
 *
 * Every document written also records the records it names (record-refs.ts, version 10), so the name
 * fill finds them without reading a document.
 *
 * Callers run these inside their own `db.transaction('rw', …)` that includes `storedDocumentTables`.
 */
import type { FeedKind } from '../../src-shared/wire';
import { db } from './db';
import { type ChunkLiveRow, type DocumentChunk, type ReviewRow, type StoredDocument } from './rows';
import { documentChunkSize, newChunkKey } from './chunk-layout';
import type { KnownStored } from './known-stored';
import { recordDocumentRefs } from './record-refs';

/** The tables these functions touch, for the caller's transaction. */
export const storedDocumentTables = [db.documentChunks, db.chunkLive, db.recordRefs];

/**
 * The stored documents of `rows` (undefined for a missing row, or a document its chunk does not hold),
 * in the same order, reading each chunk once.
 */
export async function readStoredDocuments(
  kind: FeedKind,
  rows: readonly (ReviewRow | undefined)[],
): Promise<(StoredDocument | undefined)[]> {
  const keys = [...new Set(rows.flatMap((row) => (row && row.chunk !== '' ? [row.chunk] : [])))];
  if (keys.length === 0) return rows.map(() => undefined);
  const chunks = await db.documentChunks.bulkGet(keys);
  // By chunk, then id: an older chunk may still hold an older version of a document whose row has
  // moved on (it stays while other rows name it), so a document is taken from the chunk its row names.
  const byChunk = new Map<string, Map<string, StoredDocument>>();
  for (const chunk of chunks) {
    if (!chunk || chunk.kind !== kind) continue;
    byChunk.set(chunk.key, new Map(chunk.docs.map((stored) => [stored.id, stored])));
  }
  return rows.map((row) => (row ? byChunk.get(row.chunk)?.get(row.id) : undefined));
}

/** What `writeStoredDocuments` started: each document's new chunk, known at once, and the write. */
export interface StoredDocumentsWrite {
  chunkOf: Map<string, string>;
  written: Promise<void>;
}

/**
 * Writes `docs` (one version each) into new chunks and lets go of the chunks their rows named before
 * (`previousChunkOf`: a document's id to its row's chunk, for documents that had a row). Answers each
 * document's new chunk by id at once, so that the caller can write its rows while the chunks are
 * written (in the same transaction; it awaits `written` before the transaction ends). `namesKept`:
 * the documents name what their stored versions named (an ack's result changes only a document's
 * ack, status and version), so the records they name are kept already and are not read again.
 * `known`: a sync run's (known-stored.ts), sparing reads of records it has seen stored.
 */
export function writeStoredDocuments(
  kind: FeedKind,
  docs: readonly StoredDocument[],
  previousChunkOf: ReadonlyMap<string, string>,
  namesKept = false,
  known?: KnownStored,
): StoredDocumentsWrite {
  const chunkOf = new Map<string, string>();
  // One version a document: a second one would be counted live in its chunk for ever.
  const latest = [...new Map(docs.map((stored) => [stored.id, stored])).values()];
  if (latest.length === 0) return { chunkOf, written: Promise.resolve() };
  const chunks: DocumentChunk[] = [];
  for (let start = 0; start < latest.length; start += documentChunkSize) {
    const chunk = { key: newChunkKey(), kind, docs: latest.slice(start, start + documentChunkSize) };
    for (const stored of chunk.docs) chunkOf.set(stored.id, chunk.key);
    chunks.push(chunk);
  }
  const written = Promise.all([
    db.documentChunks.bulkPut(chunks),
    db.chunkLive.bulkPut(chunks.map((chunk) => ({ key: chunk.key, live: chunk.docs.length }))),
    releaseChunks(latest.flatMap((stored) => previousChunkOf.get(stored.id) ?? [])),
    namesKept ? null : recordDocumentRefs(latest, known),
  ]).then(() => undefined);
  return { chunkOf, written };
}

/** Counts one document out of each chunk named (once per document), deleting the chunks left empty. */
async function releaseChunks(released: readonly string[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const key of released) if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  if (counts.size === 0) return;
  const keys = [...counts.keys()];
  const lives = await db.chunkLive.bulkGet(keys);
  const empty: string[] = [];
  const kept: ChunkLiveRow[] = [];
  keys.forEach((key, index) => {
    const live = (lives[index]?.live ?? 0) - (counts.get(key) ?? 0);
    if (live > 0) kept.push({ key, live });
    else empty.push(key);
  });
  await Promise.all([
    db.chunkLive.bulkPut(kept),
    db.chunkLive.bulkDelete(empty),
    db.documentChunks.bulkDelete(empty),
  ]);
}
