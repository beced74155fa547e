import { expect } from 'vitest';
import { feedKinds } from '../../src-shared/wire';
import { db } from '../../src-renderer/data/db';

/**
 * Checks how documents are kept (src-renderer/data/stored-documents.ts): every row names a chunk that
 * holds its document at the row's version, every chunk's live count is the number of rows naming it,
 * and no chunk is left that no row names.
 */
export async function expectChunksConsistent(): Promise<void> {
  const chunks = await db.documentChunks.toArray();
  const lives = new Map((await db.chunkLive.toArray()).map((live) => [live.key, live.live]));
  const naming = new Map<string, number>();
  for (const kind of feedKinds) {
    for (const row of await db.rowsOf(kind).toArray()) {
      const chunk = chunks.find((candidate) => candidate.key === row.chunk);
      expect(chunk?.kind, `${kind} ${row.id}: its chunk`).toBe(kind);
      const stored = chunk?.docs.filter((candidate) => candidate.id === row.id) ?? [];
      expect(
        stored.map((candidate) => candidate.version),
        `${kind} ${row.id}: versions in its chunk`,
      ).toEqual([row.version]);
      naming.set(row.chunk, (naming.get(row.chunk) ?? 0) + 1);
    }
  }
  expect(new Map(chunks.map((chunk) => [chunk.key, naming.get(chunk.key) ?? 0]))).toEqual(lives);
  expect([...lives.values()].every((live) => live > 0)).toBe(true);
}
