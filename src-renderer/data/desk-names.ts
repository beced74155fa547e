/**
 * The names the desk shows for codes, in memory: read once from the store (code lists, customers',
 * records' and reps' names) into a map per kind, so that a grid of 100,000 rows names a code with a map
 * lookup and no read. The store's names slice (state/slices/names-slice.ts) holds one `DeskNames` and
 * replaces it whole when the sync stores new names or the clerk names a rep.
 *
 * Which names come from where: docs/decisions/107-names-not-codes.md.
 */
import {
  namedEntities,
  needsReference,
  referenceListOf,
  type NamedEntity,
} from '../../src-shared/domain/named-records';
import type { NameMap, Ref, ReferenceKind } from '../../src-shared/wire';
import { readCustomerNameRows } from './names';
import { readRecordNames } from './record-names';
import { readRecordRefs } from './record-refs';
import { readReferenceRows } from './references';
import { readRepNames } from './rep-names';
import type { CustomerNameRow, RecordNameRow, RecordRefRow, ReferenceListRow, RepNameRow } from './rows';

/**
 * Something the desk shows by name: its code ('' when it has none), its name map (null when no name is
 * known: the service did not know the id), and, for a payment method, whether it needs a reference
 * (its `needs_reference` attribute; null when the list does not say).
 */
export interface NamedThing {
  code: string;
  name: NameMap | null;
  needsReference?: boolean | null;
}

/** What may be named: a code list's codes, or records by the service's ids (customers, reps, …). */
export type NameKind = ReferenceKind | 'customer' | NamedEntity | 'sales_rep';

/** The names of one kind: by the service's id (records, and list entries that carry one) and by code. */
export interface NameIndex {
  byId: ReadonlyMap<string, NamedThing>;
  byCode: ReadonlyMap<string, NamedThing>;
}

const emptyIndex: NameIndex = { byId: new Map(), byCode: new Map() };

/**
 * The named thing a document's reference names: by its id, else its code, else its ERP key (a rep
 * named from the ERP's export by the key documents carry). Null when none is named.
 */
export function nameOfRef(
  index: NameIndex,
  ref: Pick<Ref, 'id' | 'code' | 'external_ref'>,
): NamedThing | null {
  return (
    index.byId.get(ref.id) ??
    (ref.code ? index.byCode.get(ref.code) : undefined) ??
    (ref.external_ref ? index.byCode.get(ref.external_ref) : undefined) ??
    null
  );
}

/**
 * The named thing of a code as a grid row holds it (a payment's method, a row's rep label: code, else
 * ERP key, else id): by code, else by id. Null when none is named.
 */
export function nameOfCode(index: NameIndex, code: string): NamedThing | null {
  return index.byCode.get(code) ?? index.byId.get(code) ?? null;
}

/** The names the desk shows, one index a kind; an immutable snapshot. */
export class DeskNames {
  readonly #indexes: ReadonlyMap<NameKind, NameIndex>;
  /** The connection whose names these are (null: none active). */
  readonly connectionId: string | null;

  constructor(indexes: ReadonlyMap<NameKind, NameIndex> = new Map(), connectionId: string | null = null) {
    this.#indexes = indexes;
    this.connectionId = connectionId;
  }

  /** The names of a kind (an empty index when none is known). */
  of(kind: NameKind): NameIndex {
    return this.#indexes.get(kind) ?? emptyIndex;
  }
}

/** No names: the store before anything was read. */
export const noDeskNames = new DeskNames();

/** A growing index. */
function indexBuilder() {
  const byId = new Map<string, NamedThing>();
  const byCode = new Map<string, NamedThing>();
  return {
    add(id: string | null | undefined, code: string | null | undefined, thing: NamedThing): void {
      if (id) byId.set(id, thing);
      if (code) byCode.set(code, thing);
    },
    index(): NameIndex {
      return { byId, byCode };
    },
  };
}

/** What the names are built from, as the tables hold them. */
export interface NameSources {
  connectionId: string | null;
  lists: readonly ReferenceListRow[];
  customers: readonly CustomerNameRow[];
  records: readonly RecordNameRow[];
  reps: readonly RepNameRow[];
  /** The reps the staged documents name (their ids, codes and ERP keys). */
  repRefs: readonly RecordRefRow[];
}

/**
 * The names of every kind from what the tables hold (pure):
 * - a code list's kind: its entries by code (and id); a payment method with `needsReference`;
 * - `customer`: the looked-up customers' names;
 * - a product, branch, unit, warehouse or price list: its list's entries (units, warehouses, price
 *   lists), then what `GET /lookup` answered, which wins where it was read after the list;
 * - `sales_rep`: the names the clerk gave, the newest for a rep the documents name by id, code or ERP key.
 */
export function buildDeskNames(sources: NameSources): DeskNames {
  const indexes = new Map<NameKind, NameIndex>();
  const listFetchedAt = new Map<ReferenceKind, string>();
  for (const list of sources.lists) {
    listFetchedAt.set(list.kind, list.fetchedAt);
    const built = indexBuilder();
    for (const entry of list.entries) {
      const thing: NamedThing = { code: entry.code, name: entry.name };
      if (list.kind === 'payment-methods') thing.needsReference = needsReference(entry.attributes);
      built.add(entry.id, entry.code, thing);
    }
    indexes.set(list.kind, built.index());
  }

  const customers = indexBuilder();
  for (const row of sources.customers)
    customers.add(row.id, row.code, { code: row.code ?? '', name: row.name });
  indexes.set('customer', customers.index());

  const byEntity = new Map<NamedEntity, RecordNameRow[]>();
  for (const row of sources.records) {
    if (row.connectionId !== sources.connectionId) continue;
    byEntity.set(row.entity, [...(byEntity.get(row.entity) ?? []), row]);
  }
  for (const entity of namedEntities) {
    const built = indexBuilder();
    const list = referenceListOf[entity];
    const listIndex = list ? indexes.get(list) : undefined;
    const listAt = list ? (listFetchedAt.get(list) ?? '') : '';
    if (listIndex) {
      for (const [id, thing] of listIndex.byId) built.add(id, thing.code, thing);
      for (const [code, thing] of listIndex.byCode) built.add(null, code, thing);
    }
    for (const row of byEntity.get(entity) ?? []) {
      // A name the list gave after this lookup was read is the newer one.
      if (listIndex?.byId.has(row.id) && row.fetchedAt <= listAt) continue;
      built.add(row.id, row.code, { code: row.code ?? '', name: row.name });
    }
    indexes.set(entity, built.index());
  }

  indexes.set('sales_rep', repIndex(sources));
  return new DeskNames(indexes, sources.connectionId);
}

/**
 * Reps' names: each name the clerk gave by its code (and id when typed for a rep the documents name),
 * then each rep the documents name given the newest name that matches its id, code or ERP key.
 */
function repIndex(sources: NameSources): NameIndex {
  const rows = sources.reps
    .filter((row) => row.connectionId === sources.connectionId)
    .sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
  const built = indexBuilder();
  // Oldest first: a newer name of the same code or id replaces an older one.
  for (const row of rows) built.add(row.repId, row.code, { code: row.code, name: row.name });
  const byId = new Map<string, RepNameRow>();
  const byCode = new Map<string, RepNameRow>();
  for (const row of rows) {
    if (row.repId) byId.set(row.repId, row);
    if (row.code) byCode.set(row.code, row);
  }
  for (const ref of sources.repRefs) {
    const matches = [
      byId.get(ref.id),
      ref.code ? byCode.get(ref.code) : undefined,
      ref.externalRef ? byCode.get(ref.externalRef) : undefined,
    ].filter((row): row is RepNameRow => row !== undefined);
    const newest = matches.reduce<RepNameRow | null>(
      (best, row) => (best === null || row.savedAt > best.savedAt ? row : best),
      null,
    );
    if (newest)
      built.add(ref.id, ref.code, { code: ref.code ?? ref.externalRef ?? newest.code, name: newest.name });
  }
  return built.index();
}

/** Reads the names the desk shows for a connection (null: none active) from the store. */
export async function loadDeskNames(connectionId: string | null): Promise<DeskNames> {
  const [lists, customers, records, reps, repRefs] = await Promise.all([
    readReferenceRows(),
    readCustomerNameRows(),
    connectionId === null ? Promise.resolve([]) : readRecordNames(connectionId),
    connectionId === null ? Promise.resolve([]) : readRepNames(connectionId),
    readRecordRefs('sales_rep'),
  ]);
  return buildDeskNames({ connectionId, lists, customers, records, reps, repRefs });
}
