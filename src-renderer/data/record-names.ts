/**
 * Records' names as `GET /lookup` answered them (IndexedDB `recordNames`, version 10): products,
 * branches, units, warehouses and price lists, by the connection they were read from, entity and service
 * id, with their code and when they were read. Customers' names have their own table (names.ts).
 * docs/decisions/107-names-not-codes.md says which names come from here and when they are read again.
 */
import Dexie from 'dexie';
import type { NamedEntity, RecordRefEntity } from '../../src-shared/domain/named-records';
import { db } from './db';
import { readRecordRefs } from './record-refs';
import type { RecordNameRow } from './rows';

/** The names read from a connection, of one entity or of all (a range of the key: shorter keys sort first). */
export function readRecordNames(connectionId: string, entity?: NamedEntity): Promise<RecordNameRow[]> {
  const prefix = entity === undefined ? [connectionId] : [connectionId, entity];
  return db.recordNames
    .where('[connectionId+entity+id]')
    .between(prefix, [...prefix, Dexie.maxKey], true, true)
    .toArray();
}

/** Keeps names as read (a name read again replaces the one before). */
export async function storeRecordNames(rows: readonly RecordNameRow[]): Promise<void> {
  if (rows.length > 0) await db.recordNames.bulkPut([...rows]);
}

/** What `recordsToName` looks for. */
export interface NamesWanted {
  /** The most ids answered. */
  limit: number;
  /** A name read before this time (ISO) is stale: read again, after every record never named. */
  staleBefore: string;
  /** Whether a record is named already by other means (a reference list): then it is never asked. */
  isNamedElsewhere?: (id: string) => boolean;
}

/**
 * The ids of one entity's records that staged documents name and that have no name read from the
 * connection, then those whose name is stale, oldest first; at most `limit`. An id the service did not
 * know (its name null) counts as named until it is stale.
 */
export async function recordsToName(
  connectionId: string,
  entity: NamedEntity & RecordRefEntity,
  wanted: NamesWanted,
): Promise<string[]> {
  if (wanted.limit <= 0) return [];
  const [refs, names] = await Promise.all([readRecordRefs(entity), readRecordNames(connectionId, entity)]);
  const fetchedAt = new Map(names.map((row) => [row.id, row.fetchedAt]));
  const never: string[] = [];
  const stale: Array<{ id: string; at: string }> = [];
  for (const { id } of refs) {
    if (wanted.isNamedElsewhere?.(id)) continue;
    const at = fetchedAt.get(id);
    if (at === undefined) never.push(id);
    else if (at < wanted.staleBefore) stale.push({ id, at });
  }
  stale.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return [...never, ...stale.map((entry) => entry.id)].slice(0, wanted.limit);
}
