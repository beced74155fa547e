import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { ProxiedRequest } from './fault-proxy';
import type { RunningSandbox } from './sandbox';

/**
 * What the sandbox holds, read from outside the app under test: the feeds with the demo token (the
 * ERP's own view, straight to the sandbox, never through a fault proxy), the sandbox's ack history and
 * its stored Idempotency-Keys; and what reached it, from the fault proxy's log of writes.
 *
 * "Applied once" is proved by keys (`appliedOnce`): an identical ack sent again is answered `unchanged`
 * and stores nothing (docs/decisions/022), so neither the feeds nor the `acks` table can tell a batch
 * resent with its own key (replayed, spec Limits) from the same batch sent again under a NEW key,
 * which the sandbox treats as a new write. Only the keys can: each batch must reach the sandbox under
 * one key, and the sandbox must have stored one key per answered document. The store is opened
 * read-only beside the running sandbox (WAL: readers never block the writer).
 */

/** Every document of a feed by id, with its current version and ack outcome. */
export async function servedDocuments(
  sandbox: RunningSandbox,
  kind: 'orders' | 'invoices' | 'payments' | 'returns',
): Promise<Map<string, { version: number; outcome: string | null }>> {
  const documents = new Map<string, { version: number; outcome: string | null }>();
  let after = 0;
  for (;;) {
    const response = await fetch(`${sandbox.baseUrl}/${kind}?per_page=500&filter[version_after]=${after}`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    if (!response.ok) throw new Error(`GET /${kind} answered ${response.status}`);
    const page = (await response.json()) as {
      data: Array<{ id: string; version: number; ack?: { outcome: string } | null }>;
      meta: { has_more: boolean; next_version_after: number };
    };
    for (const doc of page.data)
      documents.set(doc.id, { version: doc.version, outcome: doc.ack?.outcome ?? null });
    if (!page.meta.has_more) return documents;
    after = page.meta.next_version_after;
  }
}

/** How many acks the sandbox ever stored per document (documents never acked are absent). */
export function storedAckCounts(sandbox: RunningSandbox): Map<string, number> {
  const db = new Database(join(sandbox.dataDir, 'sandbox.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT document_id AS id, COUNT(*) AS n FROM acks GROUP BY document_id')
      .all() as Array<{ id: string; n: number }>;
    return new Map(rows.map((row) => [row.id, row.n]));
  } finally {
    db.close();
  }
}

/**
 * The ids in `ids` the sandbox stored an ack for more than once, and those it stored none for.
 *
 * A row count only: it cannot see a retry sent under a new key (answered `unchanged`, nothing
 * stored). Prove "applied once" with `appliedOnce`, which checks the keys.
 */
export function ackAnomalies(
  sandbox: RunningSandbox,
  ids: Iterable<string>,
): { twice: string[]; never: string[] } {
  const counts = storedAckCounts(sandbox);
  const twice: string[] = [];
  const never: string[] = [];
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    if (n === 0) never.push(id);
    if (n > 1) twice.push(id);
  }
  return { twice, never };
}

/** Documents that went under the same set of several keys: "these ids were sent under K1 and K2". */
export interface IdsUnderKeys {
  /** The keys, sorted. */
  keys: string[];
  /** The documents, sorted. */
  ids: string[];
}

/** What `appliedOnce` found; every list is empty when each document was answered under one key, once. */
export interface AppliedOnceReport {
  /**
   * From the proxy's log: documents passed on to the sandbox under more than one key, leaving out a
   * send the sandbox refused whole (a non-2xx answer: nothing applied, nothing stored) and an item it
   * refused one by one. A send whose answer never came (the sandbox killed, the answer dropped) counts.
   */
  sentUnderSeveralKeys: IdsUnderKeys[];
  /**
   * From the sandbox's stored keys (its `idempotency_keys` table): documents that the stored answers of
   * more than one key answered `applied` or `unchanged`, i.e. that the sandbox took under two keys.
   */
  storedUnderSeveralKeys: IdsUnderKeys[];
  /** Documents the proxy never passed on in a write that may have applied them. */
  neverSent: string[];
  /** Documents no stored key's answer applied (or found already applied). */
  neverAnswered: string[];
  /** Documents with more than one row in the sandbox's `acks` table (the history check, kept beside). */
  storedTwice: string[];
}

function groupByKeys(keysById: Map<string, Set<string>>): IdsUnderKeys[] {
  const groups = new Map<string, IdsUnderKeys>();
  for (const [id, keys] of keysById) {
    if (keys.size < 2) continue;
    const sorted = [...keys].sort();
    const name = JSON.stringify(sorted);
    const group = groups.get(name) ?? { keys: sorted, ids: [] };
    group.ids.push(id);
    groups.set(name, group);
  }
  return [...groups.values()]
    .map((group) => ({ keys: group.keys, ids: group.ids.sort() }))
    .sort((a, b) => (a.keys.join() < b.keys.join() ? -1 : 1));
}

/**
 * For each of `ids`, the keys under which the proxy passed it on to the sandbox in a write that may
 * have applied it: not refused whole (a non-2xx answer), not refused as an item.
 */
export function keysSentPerDocument(
  writes: readonly ProxiedRequest[],
  ids: Iterable<string>,
): Map<string, Set<string>> {
  const keysById = new Map<string, Set<string>>([...ids].map((id) => [id, new Set<string>()]));
  for (const write of writes) {
    if (!write.forwarded || !write.write) continue;
    const status = write.upstreamStatus;
    if (status !== null && (status < 200 || status >= 300)) continue;
    const refused = new Set(write.write.refusedIds);
    for (const id of write.write.documentIds) {
      if (refused.has(id)) continue;
      keysById.get(id)?.add(write.idempotencyKey ?? '(no key)');
    }
  }
  return keysById;
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? Reflect.get(value, name) : undefined;
}

/**
 * For each of `ids`, the keys whose answer the sandbox stored with that document `applied` or
 * `unchanged`: a batch answer's items (`POST /acks`) or a single ack's answer.
 */
export function keysStoredPerDocument(
  sandbox: RunningSandbox,
  ids: Iterable<string>,
): Map<string, Set<string>> {
  const keysById = new Map<string, Set<string>>([...ids].map((id) => [id, new Set<string>()]));
  const db = new Database(join(sandbox.dataDir, 'sandbox.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT client_id AS client, key, body FROM idempotency_keys').all() as Array<{
      client: string;
      key: string;
      body: string;
    }>;
    for (const row of rows) {
      let answer: unknown;
      try {
        answer = JSON.parse(row.body);
      } catch {
        continue;
      }
      const data = field(answer, 'data');
      for (const item of Array.isArray(data) ? data : [data]) {
        const id = field(item, 'id');
        const result = field(item, 'result');
        if (typeof id !== 'string' || (result !== 'applied' && result !== 'unchanged')) continue;
        keysById.get(id)?.add(row.key);
      }
    }
  } finally {
    db.close();
  }
  return keysById;
}

/**
 * Whether each of `ids` was answered once: under ONE Idempotency-Key on the way (the proxy's `writes`,
 * kept across its resets) and in the sandbox (its stored keys), with one ack row at most. A retry that
 * kept its key passes; a retry that made a new key is reported, with both keys, even though the
 * sandbox answered it `unchanged` and stored no second ack.
 *
 * Scope `ids` to the documents of one run: a document answered again later (at a new version, a
 * clerk's new answer) is under two keys by right.
 */
export function appliedOnce(
  sandbox: RunningSandbox,
  writes: readonly ProxiedRequest[],
  ids: Iterable<string>,
): AppliedOnceReport {
  const scope = [...new Set(ids)].sort();
  const sent = keysSentPerDocument(writes, scope);
  const stored = keysStoredPerDocument(sandbox, scope);
  const counts = storedAckCounts(sandbox);
  return {
    sentUnderSeveralKeys: groupByKeys(sent),
    storedUnderSeveralKeys: groupByKeys(stored),
    neverSent: scope.filter((id) => (sent.get(id)?.size ?? 0) === 0),
    neverAnswered: scope.filter((id) => (stored.get(id)?.size ?? 0) === 0),
    storedTwice: scope.filter((id) => (counts.get(id) ?? 0) > 1),
  };
}

/** The report of `appliedOnce` when every document was answered once, under one key. */
export const answeredOnce: AppliedOnceReport = {
  sentUnderSeveralKeys: [],
  storedUnderSeveralKeys: [],
  neverSent: [],
  neverAnswered: [],
  storedTwice: [],
};
