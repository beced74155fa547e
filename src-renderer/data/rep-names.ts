/**
 * Sales reps' names the clerk gave (IndexedDB `repNames`, version 10), per connection: v1 has no call
 * that names a rep (docs/decisions/107-names-not-codes.md), so the clerk types a name for a rep the
 * documents name, or imports the ERP's salesperson export (src-shared/domain/rep-names.ts). Each name
 * keeps where it came from and when.
 *
 * A rep is one person however it was named: a name given for a rep replaces every earlier name of the
 * connection with the same service id or the same code, so the newest word on a rep is its only one.
 */
import Dexie from 'dexie';
import type { NameMap } from '../../src-shared/wire';
import { db } from './db';
import type { RepNameRow, RepNameSource } from './rows';

/** A rep as the clerk names it: its service id when the documents name it ('' from a file), and code. */
export interface RepToName {
  repId: string;
  code: string;
}

/** Every rep name of a connection. */
export function readRepNames(connectionId: string): Promise<RepNameRow[]> {
  return (
    db.repNames
      .where('[connectionId+repId+code]')
      // Every key that starts with the connection: a shorter key sorts first, an array after any string.
      .between([connectionId], [connectionId, Dexie.maxKey], true, true)
      .toArray()
  );
}

/** Whether a stored name is of the same rep: the same service id, or the same code (neither empty). */
function isSameRep(row: RepNameRow, rep: RepToName): boolean {
  return (rep.repId !== '' && row.repId === rep.repId) || (rep.code !== '' && row.code === rep.code);
}

/** Writes names of reps, each replacing the connection's earlier names of the same rep, in one transaction. */
async function putRepNames(connectionId: string, rows: readonly RepNameRow[]): Promise<void> {
  await db.transaction('rw', db.repNames, async () => {
    const stored = await readRepNames(connectionId);
    const replaced = stored.filter((row) => rows.some((next) => isSameRep(row, next)));
    await db.repNames.bulkDelete(replaced.map((row) => [row.connectionId, row.repId, row.code]));
    await db.repNames.bulkPut([...rows]);
  });
}

/**
 * Keeps the name the clerk typed for a rep (`name` with at least one part; a blank name forgets the rep's
 * name instead).
 */
export async function nameRep(
  connectionId: string,
  rep: RepToName,
  name: NameMap,
  nowIso: string,
): Promise<void> {
  if (rep.repId === '' && rep.code === '') throw new Error('A rep is named by its service id or its code.');
  if (!Object.values(name).some((part) => part.trim() !== '')) return forgetRepName(connectionId, rep);
  await putRepNames(connectionId, [
    { connectionId, repId: rep.repId, code: rep.code, name, source: { kind: 'typed' }, savedAt: nowIso },
  ]);
}

/**
 * Keeps the names of a salesperson export by code, each replacing the names the connection had for the
 * same code (typed or imported), in one transaction; answers how many were kept. Nothing is kept when
 * the write fails.
 */
export async function importRepNames(
  connectionId: string,
  fileName: string,
  entries: ReadonlyArray<{ code: string; name: NameMap }>,
  nowIso: string,
): Promise<number> {
  const source: RepNameSource = { kind: 'imported', fileName };
  const rows = entries
    .filter((entry) => entry.code.trim() !== '')
    .map((entry): RepNameRow => ({
      connectionId,
      repId: '',
      code: entry.code.trim(),
      name: entry.name,
      source,
      savedAt: nowIso,
    }));
  if (rows.length > 0) await putRepNames(connectionId, rows);
  return rows.length;
}

/** Forgets every name the connection has for a rep (by its id or its code). */
export async function forgetRepName(connectionId: string, rep: RepToName): Promise<void> {
  await db.transaction('rw', db.repNames, async () => {
    const stored = await readRepNames(connectionId);
    await db.repNames.bulkDelete(
      stored.filter((row) => isSameRep(row, rep)).map((row) => [row.connectionId, row.repId, row.code]),
    );
  });
}
