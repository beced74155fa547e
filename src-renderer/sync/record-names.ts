/**
 * Names, not codes (docs/decisions/107-names-not-codes.md): after a sync pass, beside the customers'
 * names (name-fill.ts), the desk
 *
 * 1. asks again every code list it shows (`reference.list`) that was never fetched on this computer or
 *    is older than `referenceListMaxAgeMs`: payment methods, return reasons, tax codes, currencies,
 *    units, warehouses, price lists and the three status lists;
 * 2. reads the records of a few chunks staged before store version 10 (data/record-refs.ts);
 * 3. looks up (`lookup.records`, paced by the core) the products, branches, units and warehouses the
 *    staged documents name that have no name from this connection, then those whose name is older than
 *    `recordNameMaxAgeMs`, at most `recordLookupsPerPass` a pass. Units and warehouses a code list names
 *    by id are not looked up. An entity whose scope the client lacks is not asked: by the scopes
 *    `GET /me` showed, and after a 403 `SCOPE_MISSING` not again this session (as for customers).
 *
 * All of it is background work: the lists and the lookups are asked as such (`isBackground`), and the
 * core sends each only while the rate window has budget to spare beyond the half kept for the clerk's
 * work. When it has not (`BUDGET_NOT_SPARE`) the pass stops quietly, keeping what it stored, and the
 * next pass goes on where it stopped.
 */
import type { DeskApi } from '../../src-shared/bridge/contract';
import type { DeskError } from '../../src-shared/bridge/result';
import {
  namedReferenceKinds,
  referenceListOf,
  type NamedEntity,
} from '../../src-shared/domain/named-records';
import { lookupScopes } from '../../src-shared/wire';
import { scanChunksForRefs } from '../data/record-refs';
import { recordsToName, storeRecordNames } from '../data/record-names';
import { readReferenceList, referenceListFetchedAt, storeReferenceList } from '../data/references';
import type { RecordNameRow } from '../data/rows';

/**
 * How old a cached code list may be before a pass asks for it again: 12 hours. The lists are the
 * service's fixed codes and the company's units, warehouses and price lists, which the ERP changes
 * rarely; 12 hours asks each once at the start of every working day or shift (a desk left open
 * overnight included), ten calls a day, where asking on every 60-second poll would spend ten calls of a
 * 120-a-minute budget each minute for lists that did not change. A screen that shows a list still asks
 * for it when opened (reference-lists.ts).
 */
export const referenceListMaxAgeMs = 12 * 60 * 60 * 1000;

/**
 * How old a looked-up record's name may be: 7 days. Each name costs one call, and a product or branch
 * is renamed seldom; a week keeps names right within the week for the cost of asking each once a week.
 */
export const recordNameMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Lookups one pass makes at most: 12, a tenth of the interface's default budget of 120 calls a minute
 * (spec, Limits), so a pass every minute (the default poll) spends at most that much of it, and only
 * while the core sees budget to spare. The demo company's hundred-odd products and branches are named
 * within nine passes, about nine minutes; a pass that names a screen's worth of rows first matters
 * less than a desk whose feeds and acks are never refused.
 */
export const recordLookupsPerPass = 12;

/**
 * Chunks stored before version 10 read at once (2,500 documents: a short read), and a pass (10,000
 * documents), so the records of a store of 100,000 documents are all known after ten passes.
 */
const chunksAtOnce = 50;
const chunksPerPass = 200;

/** The entities looked up, in order: what every line names first. */
const lookedUp = ['product', 'unit', 'branch', 'warehouse'] as const;

/** What the session remembers: entities the service refused for a missing scope. */
export interface NameSession {
  isRefused(entity: NamedEntity): boolean;
  refuse(entity: NamedEntity): void;
}

/**
 * What a pass did: lists and names stored, entities refused now, the failure that stopped it, and
 * whether it stopped early because the rate window had no budget to spare (not a failure: the next pass
 * goes on).
 */
export interface RecordNamesOutcome {
  lists: number;
  records: number;
  refused: NamedEntity[];
  error: DeskError | null;
  isStoppedForBudget: boolean;
}

/** The core's word that a background call was not sent: the clerk's work keeps the budget. */
function isNotSpare(error: DeskError | null | undefined): boolean {
  return error?.code === 'BUDGET_NOT_SPARE';
}

/** What the job needs. */
export interface RecordNamesOptions {
  connectionId: string;
  /** The scopes `GET /me` showed; null when unknown (every entity is asked, the service's answers tell). */
  scopes: readonly string[] | null;
  session: NameSession;
  /** False once another connection became active: nothing more is asked or stored for this one. */
  isCurrent?: () => boolean;
  now?: () => Date;
}

/** Refreshes stale code lists and fills records' names (see the module's comment). */
export async function refreshRecordNames(
  desk: { reference: Pick<DeskApi['reference'], 'list'>; lookup: Pick<DeskApi['lookup'], 'records'> },
  options: RecordNamesOptions,
): Promise<RecordNamesOutcome> {
  const now = options.now ?? (() => new Date());
  const isCurrent = options.isCurrent ?? (() => true);
  const outcome: RecordNamesOutcome = {
    lists: 0,
    records: 0,
    refused: [],
    error: null,
    isStoppedForBudget: false,
  };

  const listsStaleBefore = new Date(now().getTime() - referenceListMaxAgeMs).toISOString();
  for (const kind of namedReferenceKinds) {
    const fetchedAt = await referenceListFetchedAt(kind);
    if (fetchedAt !== null && fetchedAt >= listsStaleBefore) continue;
    const result = await desk.reference.list(kind, { isBackground: true });
    if (!isCurrent()) return outcome;
    if (!result.ok && isNotSpare(result.error)) return { ...outcome, isStoppedForBudget: true };
    // Any refusal of a list (which needs no scope) is one every later call would meet: stop.
    if (!result.ok) return { ...outcome, error: result.error };
    await storeReferenceList(kind, result.value, now().toISOString());
    outcome.lists += 1;
  }

  for (let read = 0; read < chunksPerPass; read += chunksAtOnce) {
    if (await scanChunksForRefs(chunksAtOnce)) break;
  }

  const namesStaleBefore = new Date(now().getTime() - recordNameMaxAgeMs).toISOString();
  let budget = recordLookupsPerPass;
  for (const entity of lookedUp) {
    if (budget <= 0) break;
    if (options.session.isRefused(entity)) continue;
    if (options.scopes && !lookupScopes(entity).some((scope) => options.scopes?.includes(scope))) continue;
    const listed = await idsListed(entity);
    const ids = await recordsToName(options.connectionId, entity, {
      limit: budget,
      staleBefore: namesStaleBefore,
      isNamedElsewhere: (id) => listed.has(id),
    });
    if (ids.length === 0) continue;
    const result = await desk.lookup.records(entity, ids);
    if (!isCurrent()) return outcome;
    if (!result.ok && isNotSpare(result.error)) return { ...outcome, isStoppedForBudget: true };
    if (!result.ok) return { ...outcome, error: result.error };
    budget -= result.value.length;
    const fetchedAt = now().toISOString();
    const rows: RecordNameRow[] = [];
    let failure: DeskError | null = null;
    for (const { id, result: found } of result.value) {
      if (found.ok) {
        const record = found.value;
        rows.push({
          connectionId: options.connectionId,
          entity,
          id,
          code: record.code,
          name: record.name,
          deleted: record.deleted,
          fetchedAt,
        });
      } else if (found.error.code === 'NOT_FOUND') {
        rows.push({
          connectionId: options.connectionId,
          entity,
          id,
          code: null,
          name: null,
          deleted: false,
          fetchedAt,
        });
      } else failure = found.error;
    }
    await storeRecordNames(rows);
    outcome.records += rows.length;
    // The rest of this pass's lookups would be refused the same way: the next pass asks them.
    if (isNotSpare(failure)) return { ...outcome, isStoppedForBudget: true };
    if (failure?.code === 'SCOPE_MISSING') {
      // The client may not look this entity up: its codes stay, and it is not asked again this session.
      options.session.refuse(entity);
      outcome.refused.push(entity);
    } else if (failure) return { ...outcome, error: failure };
  }
  return outcome;
}

/** The ids of an entity's records that its code list names (units, warehouses), which need no lookup. */
async function idsListed(entity: NamedEntity): Promise<Set<string>> {
  const kind = referenceListOf[entity];
  if (!kind) return new Set();
  const entries = (await readReferenceList(kind)) ?? [];
  return new Set(entries.flatMap((entry) => (entry.id ? [entry.id] : [])));
}
