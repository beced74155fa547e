// Which reps the Sales reps section lists, and the name each has now: every rep the staged documents
// name (data/record-refs.ts, entity `sales_rep`), matched to the clerk's names exactly as the desk's
// names are (data/desk-names.ts `repIndex`: by service id, code or ERP key, the newest name winning), so
// the name this list shows is the one the grids show (docs/decisions/107-names-not-codes.md).
import type { RepToName } from '../../data/rep-names';
import type { RecordRefRow, RepNameRow } from '../../data/rows';

/** A rep the documents name, as the section lists it. */
export interface RepOnScreen {
  /** The service's id of the rep. */
  id: string;
  /** What the documents call the rep: its code, else its ERP key ('' when they give neither). */
  code: string;
  /** The rep as a typed name is kept for: its id and that code. */
  rep: RepToName;
  /** Every rep a name was kept under that this rep answers to (its id, code and ERP key): forgetting clears them all. */
  keys: RepToName[];
  /** The newest name the clerk gave this rep, null when none. */
  named: RepNameRow | null;
}

/** What the section lists: the documents' reps, and how many names were kept for reps none names. */
export interface RepsToName {
  reps: RepOnScreen[];
  /** Names kept (from a file, mostly) for reps no staged document names yet. */
  namedElsewhere: number;
}

/** The later of two names by when they were given. */
function newer(a: RepNameRow | null, b: RepNameRow | undefined): RepNameRow | null {
  if (!b) return a;
  return a === null || b.savedAt > a.savedAt ? b : a;
}

/**
 * The reps the documents name, by code (then id), each with its newest name; and the count of names
 * (rows of the connection) that no rep of the documents answers to.
 */
export function repsToName(refs: readonly RecordRefRow[], rows: readonly RepNameRow[]): RepsToName {
  const byId = new Map<string, RepNameRow[]>();
  const byCode = new Map<string, RepNameRow[]>();
  const add = (map: Map<string, RepNameRow[]>, key: string, row: RepNameRow): void => {
    map.set(key, [...(map.get(key) ?? []), row]);
  };
  for (const row of rows) {
    if (row.repId) add(byId, row.repId, row);
    if (row.code) add(byCode, row.code, row);
  }
  const used = new Set<RepNameRow>();
  const reps = refs.map((ref): RepOnScreen => {
    const code = ref.code ?? ref.externalRef ?? '';
    const matches = [
      ...(byId.get(ref.id) ?? []),
      ...(ref.code ? (byCode.get(ref.code) ?? []) : []),
      ...(ref.externalRef ? (byCode.get(ref.externalRef) ?? []) : []),
    ];
    for (const row of matches) used.add(row);
    const keys: RepToName[] = [{ repId: ref.id, code: ref.code ?? '' }];
    if (ref.externalRef && ref.externalRef !== ref.code) keys.push({ repId: '', code: ref.externalRef });
    return {
      id: ref.id,
      code,
      rep: { repId: ref.id, code },
      keys,
      named: matches.reduce<RepNameRow | null>(newer, null),
    };
  });
  reps.sort((a, b) => a.code.localeCompare(b.code) || a.id.localeCompare(b.id));
  return { reps, namedElsewhere: rows.filter((row) => !used.has(row)).length };
}

/** How many of a file's codes no rep of the documents answers to (by code or ERP key). */
export function codesNoDocumentNames(codes: readonly string[], refs: readonly RecordRefRow[]): number {
  const known = new Set<string>();
  for (const ref of refs) {
    if (ref.code) known.add(ref.code);
    if (ref.externalRef) known.add(ref.externalRef);
  }
  return codes.filter((code) => !known.has(code)).length;
}
