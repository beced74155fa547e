import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { RunningSandbox } from './sandbox';

/**
 * What the sandbox holds, read from outside the app under test: the feeds with the demo token (the
 * ERP's own view, straight to the sandbox, never through a fault proxy) and the sandbox's ack history.
 *
 * An identical ack sent again is answered `unchanged` and stores nothing (docs/decisions/022), so the
 * feeds alone cannot tell "applied once" from "sent twice"; the `acks` table of the sandbox's store,
 * every ack ever stored, can. It is opened read-only beside the running sandbox (WAL: readers never
 * block the writer).
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

/** The ids in `ids` the sandbox stored an ack for more than once, and those it stored none for. */
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
