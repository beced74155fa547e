/**
 * The shape of a document chunk (stored-documents.ts), in a module of its own so that the version-4
 * upgrade and the benchmarks write chunks exactly as the app does.
 */

/** Documents a chunk holds at most (stored-documents.ts). */
export const documentChunkSize = 50;

/** A new chunk's key, made before the chunk is written so that rows can name it in the same breath. */
export function newChunkKey(): string {
  return crypto.randomUUID();
}
