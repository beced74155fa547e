// The downgrade guard (issue 28, item 3): a desk that finds a store written by a newer desk (a clerk who
// reinstalls last month's version) must not touch it. Dexie would open it anyway: it re-adds an index
// its schema has and the store lacks, bumping the version, and this desk's code would then apply its
// rules to rows and queued answers the newer one wrote. So before the app opens the store it reads the
// store's version without opening it at one (no upgrade can run), and refuses a newer one, saying
// which desk wrote it (the `meta` row each desk writes once its store is open).
import Dexie from 'dexie';
import { db } from './db';

/** A store a newer desk wrote: its version, and the desk version that last wrote it (if it said). */
export interface NewerStore {
  storeVersion: number;
  writtenBy: string | null;
}

/** The `meta` key of the desk version that last opened the store. */
const writtenByKey = 'writtenBy';

/**
 * The store named `name` when a desk newer than this one wrote it (its version above `knownVersion`,
 * this desk's newest), else null. Opens it at whatever version it has, reads one row and closes it:
 * nothing in it changes. A store not there is not created.
 */
export async function newerStore(name: string, knownVersion: number): Promise<NewerStore | null> {
  if (!(await Dexie.getDatabaseNames()).includes(name)) return null;
  // No version declared: Dexie opens the store at the version it has, and no upgrade can run.
  const found = new Dexie(name);
  await found.open();
  try {
    if (found.verno <= knownVersion) return null;
    const meta = found.tables.find((table) => table.name === 'meta');
    const row: unknown = meta ? await meta.get(writtenByKey) : null;
    const value = row && typeof row === 'object' ? (row as { value?: unknown }).value : null;
    return { storeVersion: found.verno, writtenBy: typeof value === 'string' ? value : null };
  } finally {
    found.close();
  }
}

/** The app's store, when a newer desk wrote it (see `newerStore`). */
export function newerAppStore(): Promise<NewerStore | null> {
  return newerStore(db.name, db.verno);
}

/** Records that this desk version (`version`, the app's) opened the store, for an older desk to name it. */
export async function recordStoreWriter(version: string): Promise<void> {
  await db.meta.put({ key: writtenByKey, value: version });
}
