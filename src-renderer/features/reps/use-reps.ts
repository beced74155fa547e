import { useCallback, useEffect, useState } from 'react';
import type { NameMap } from '../../../src-shared/wire';
import { readRecordRefs } from '../../data/record-refs';
import { readRepNames } from '../../data/rep-names';
import type { RecordRefRow } from '../../data/rows';
import type { RepNameWrite } from '../../state/slices/names-slice';
import { useDeskStore } from '../../state/store';
import { repsToName, type RepOnScreen, type RepsToName } from './reps-to-name';

/** The reps the section lists, and the clerk's ways of naming them. */
export interface RepsState {
  /** Null until first read. */
  list: RepsToName | null;
  /** The reps the documents name, as stored (for how many of a file's codes none names). */
  refs: RecordRefRow[];
  name(rep: RepOnScreen, typed: string): Promise<RepNameWrite>;
  clear(rep: RepOnScreen): Promise<RepNameWrite>;
  importNames(
    fileName: string,
    entries: ReadonlyArray<{ code: string; name: NameMap }>,
  ): Promise<RepNameWrite>;
}

/**
 * The reps the staged documents name with their names, read again whenever the store's names are
 * (a name kept here, or a sync that staged documents): the names slice reads them after each write.
 */
export function useReps(connectionId: string | null): RepsState {
  const names = useDeskStore((state) => state.names);
  const nameRep = useDeskStore((state) => state.nameRep);
  const importRepNames = useDeskStore((state) => state.importRepNames);
  const [read, setRead] = useState<{ list: RepsToName; refs: RecordRefRow[] } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    if (connectionId === null) return;
    void Promise.all([readRecordRefs('sales_rep'), readRepNames(connectionId)]).then(([refs, rows]) => {
      if (isCurrent) setRead({ list: repsToName(refs, rows), refs });
    });
    return () => {
      isCurrent = false;
    };
  }, [connectionId, names]);

  const name = useCallback((rep: RepOnScreen, typed: string) => nameRep(rep.rep, typed), [nameRep]);

  // A rep answers to its id, its code and its ERP key: a name kept under any of them is forgotten.
  const clear = useCallback(
    async (rep: RepOnScreen): Promise<RepNameWrite> => {
      let write: RepNameWrite = { ok: true, kept: 0 };
      for (const key of rep.keys) {
        write = await nameRep(key, '');
        if (!write.ok) return write;
      }
      return write;
    },
    [nameRep],
  );

  return { list: read?.list ?? null, refs: read?.refs ?? [], name, clear, importNames: importRepNames };
}
