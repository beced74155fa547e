/**
 * Cached code lists (`GET /reference/{kind}`), so that reasons and names can be shown offline.
 */
import type { ReferenceEntry, ReferenceKind } from '../../src-shared/wire';
import { db } from './db';
import type { ReferenceListRow } from './rows';

/** A cached code list, or null when it was never fetched on this computer. */
export async function readReferenceList(kind: ReferenceKind): Promise<ReferenceEntry[] | null> {
  return (await db.references.get(kind))?.entries ?? null;
}

/** Replaces a cached code list. */
export async function storeReferenceList(
  kind: ReferenceKind,
  entries: ReferenceEntry[],
  nowIso: string,
): Promise<void> {
  await db.references.put({ kind, entries, fetchedAt: nowIso });
}

/** When a cached code list was fetched (ISO), or null when it never was on this computer. */
export async function referenceListFetchedAt(kind: ReferenceKind): Promise<string | null> {
  return (await db.references.get(kind))?.fetchedAt ?? null;
}

/** Every cached code list, with when it was fetched (the names the desk shows: desk-names.ts). */
export function readReferenceRows(): Promise<ReferenceListRow[]> {
  return db.references.toArray();
}
