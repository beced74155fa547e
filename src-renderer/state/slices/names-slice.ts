import type { NameMap } from '../../../src-shared/wire';
import { nameMapOfText } from '../../../src-shared/domain/rep-names';
import { loadDeskNames, noDeskNames, type DeskNames } from '../../data/desk-names';
import { forgetRepName, importRepNames, nameRep, type RepToName } from '../../data/rep-names';
import type { GetDeskState, SetDeskState } from '../store';

/**
 * Whether reps' names were kept (how many), or why not, for the screen to say in the catalogue's words:
 * no connection is active, or the store refused the write (`detail`: its message; nothing was written).
 */
export type RepNameWrite =
  | { ok: true; kept: number }
  | { ok: false; reason: 'no-connection' }
  | { ok: false; reason: 'not-kept'; detail: string };

/**
 * The names the screens show for codes (docs/decisions/107-names-not-codes.md), in memory: one
 * `DeskNames` (data/desk-names.ts) of the active connection, read once and replaced whole whenever the
 * sync stores names (sync-slice.ts `fillNames`) or the clerk names a rep here. Grids read it without a
 * hook through state/names.ts.
 */
export interface NamesSlice {
  names: DeskNames;
  /** Reads the active connection's names from the store again. */
  loadNames(): Promise<void>;
  /**
   * Keeps the name the clerk typed for a rep the documents name (its service id and code): in the part
   * of its script, `en` or `ar`. A blank name forgets the rep's name.
   */
  nameRep(rep: RepToName, typed: string): Promise<RepNameWrite>;
  /** Keeps the reps' names read from the ERP's salesperson export (src-shared/domain/rep-names.ts). */
  importRepNames(
    fileName: string,
    entries: ReadonlyArray<{ code: string; name: NameMap }>,
  ): Promise<RepNameWrite>;
}

/** The names' part of the store. */
export function createNamesSlice(set: SetDeskState, get: GetDeskState): NamesSlice {
  const activeConnectionId = (): string | null => get().connection?.connection?.id ?? null;
  /** Bumped with every read: a slower earlier read never replaces a later one. */
  let reads = 0;

  /** Runs a write of reps' names for the active connection, then reads the names again. */
  async function writeReps(
    write: (connectionId: string, nowIso: string) => Promise<number>,
  ): Promise<RepNameWrite> {
    const connectionId = activeConnectionId();
    if (connectionId === null) return { ok: false, reason: 'no-connection' };
    let kept: number;
    try {
      kept = await write(connectionId, new Date().toISOString());
    } catch (thrown) {
      return {
        ok: false,
        reason: 'not-kept',
        detail: thrown instanceof Error ? thrown.message : String(thrown),
      };
    }
    await get().loadNames();
    return { ok: true, kept };
  }

  return {
    names: noDeskNames,
    async loadNames() {
      const read = (reads += 1);
      const names = await loadDeskNames(activeConnectionId());
      if (read === reads) set({ names });
    },
    nameRep(rep, typed) {
      return writeReps(async (connectionId, nowIso) => {
        const name = nameMapOfText(typed);
        if (Object.keys(name).length === 0) {
          await forgetRepName(connectionId, rep);
          return 0;
        }
        await nameRep(connectionId, rep, name, nowIso);
        return 1;
      });
    },
    importRepNames(fileName, entries) {
      return writeReps((connectionId, nowIso) => importRepNames(connectionId, fileName, entries, nowIso));
    },
  };
}
