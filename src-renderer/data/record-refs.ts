/**
 * The records staged documents name (IndexedDB `recordRefs`, version 10): a branch, products, units, a
 * sales rep, a return's warehouse, each once by entity and service id, with the code and ERP key a
 * document gives it. The name fill (sync/record-names.ts) asks names for these without reading a
 * document, and the screens list the reps to name from them (docs/decisions/107-names-not-codes.md).
 *
 * Written with every document written (stored-documents.ts `writeStoredDocuments`, in its caller's
 * transaction) and cleared with the staged documents when the connection changes (binding.ts). Chunks
 * stored before version 10 are read for their records once, a few at a time (`scanChunksForRefs`).
 */
import Dexie from 'dexie';
import { documentRecordRefs, type RecordRefEntity } from '../../src-shared/domain/named-records';
import { db } from './db';
import { smallTablesWritten, type KnownStored } from './known-stored';
import type { RecordRefRow, StoredDocument } from './rows';

/** A row's key as one string, for sets. */
function keyOf(row: Pick<RecordRefRow, 'entity' | 'id'>): string {
  return `${row.entity}\u0000${row.id}`;
}

/** The records `docs` name, once each (the first document's code and ERP key for a record named twice in them). */
function refRowsOf(docs: readonly StoredDocument[]): RecordRefRow[] {
  const rows = new Map<string, RecordRefRow>();
  for (const stored of docs)
    for (const { entity, ref } of documentRecordRefs(stored)) {
      const row: RecordRefRow = {
        entity,
        id: ref.id,
        code: ref.code ?? null,
        externalRef: ref.external_ref ?? null,
      };
      const key = keyOf(row);
      if (!rows.has(key)) rows.set(key, row);
    }
  return [...rows.values()];
}

/**
 * Adds the records `docs` name, in the caller's transaction (which includes `db.recordRefs`): one read
 * of their keys, and a write of those not stored yet or stored with another code or ERP key (the newest
 * document's word is kept). A page of 500 documents names a few hundred records at most, most of them
 * already stored: a sync run's `known` (known-stored.ts) spares reading those it has seen stored.
 */
export async function recordDocumentRefs(
  docs: readonly StoredDocument[],
  known?: KnownStored,
): Promise<void> {
  const all = refRowsOf(docs);
  const valueOf = (row: RecordRefRow): string =>
    `${row.code ?? '\u0000'}\u0001${row.externalRef ?? '\u0000'}`;
  const rows = known ? all.filter((row) => !known.hasRef(keyOf(row), valueOf(row))) : all;
  if (rows.length === 0) return;
  const stored = await db.recordRefs.bulkGet(rows.map((row) => [row.entity, row.id]));
  const changed = rows.filter((row, index) => {
    const before = stored[index];
    return !before || before.code !== row.code || before.externalRef !== row.externalRef;
  });
  if (changed.length > 0) {
    await db.recordRefs.bulkPut(changed);
    smallTablesWritten(known);
  }
  // Each is stored as `row` now: found alike, or written.
  for (const row of rows) known?.sawRef(keyOf(row), valueOf(row));
}

/** The records of one entity the staged documents name, by id. */
export function readRecordRefs(entity: RecordRefEntity): Promise<RecordRefRow[]> {
  return db.recordRefs.where('[entity+id]').between([entity, Dexie.minKey], [entity, Dexie.maxKey]).toArray();
}

/** The meta key of the reading of chunks stored before version 10: the last chunk key read, or `done`. */
export const refScanKey = 'recordRefsScan';

/**
 * Reads the records of up to `maxChunks` more chunks in key order (chunks stored before version 10,
 * whose records were never written), and remembers where it stopped; answers whether every chunk has
 * been read. Chunks written since version 10 are read again harmlessly: their records are there. Once
 * done, it reads nothing again (the staged documents are then cleared only with their records).
 */
export async function scanChunksForRefs(maxChunks: number): Promise<boolean> {
  const after = (await db.meta.get(refScanKey))?.value ?? '';
  if (after === 'done') return true;
  const chunks = await db.documentChunks.where('key').above(after).limit(maxChunks).toArray();
  const isDone = chunks.length < maxChunks;
  await db.transaction('rw', [db.recordRefs, db.meta], async () => {
    await recordDocumentRefs(chunks.flatMap((chunk) => chunk.docs));
    await db.meta.put({ key: refScanKey, value: isDone ? 'done' : (chunks.at(-1)?.key ?? after) });
  });
  return isDone;
}
