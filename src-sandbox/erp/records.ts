import type { Database } from 'better-sqlite3';

/**
 * A company's master-data records as its ERP knows them: each under the ERP's key when the ERP
 * pushed or linked it (`external_ref`), else under the service's code (the demo's records start
 * without ERP keys; docs/decisions/026-demo-data-and-simulator.md), else under its id.
 */

/** One record of `records` as an ERP export needs it. */
export interface ErpRecord {
  id: string;
  entity: string;
  parentId: string;
  /** The ERP's key, else the service's code, else the id. */
  key: string;
  /** The name map of its body (`en`, `ar`, …); empty when it has none. */
  name: Record<string, string>;
  body: unknown;
  isDeleted: boolean;
  updatedAt: string;
}

/** The member `key` of parsed JSON, or undefined (bodies are read, never cast). */
export function member(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
  return Reflect.get(value, key);
}

/** A text member, or undefined. */
export function textMember(value: unknown, key: string): string | undefined {
  const found = member(value, key);
  return typeof found === 'string' ? found : undefined;
}

/** A number member, or undefined. */
export function numberMember(value: unknown, key: string): number | undefined {
  const found = member(value, key);
  return typeof found === 'number' && Number.isFinite(found) ? found : undefined;
}

function nameOf(body: unknown): Record<string, string> {
  const name = member(body, 'name');
  const out: Record<string, string> = {};
  if (name !== null && typeof name === 'object') {
    for (const [language, text] of Object.entries(name)) if (typeof text === 'string') out[language] = text;
  }
  return out;
}

/**
 * Every record of a company, tombstoned ones too (documents may still name them), by id; within an
 * entity in the order of their keys.
 */
export function loadRecords(db: Database, companyId: string): Map<string, ErpRecord> {
  const rows = db
    .prepare(
      'SELECT id, entity, parent_id, code, external_ref, body, deleted, updated_at FROM records WHERE company_id = ?',
    )
    .all(companyId) as Array<{
    id: string;
    entity: string;
    parent_id: string;
    code: string | null;
    external_ref: string | null;
    body: string;
    deleted: number;
    updated_at: string;
  }>;
  const records = rows.map((row): ErpRecord => {
    const body: unknown = JSON.parse(row.body);
    return {
      id: row.id,
      entity: row.entity,
      parentId: row.parent_id,
      key: row.external_ref ?? row.code ?? row.id,
      name: nameOf(body),
      body,
      isDeleted: row.deleted === 1,
      updatedAt: row.updated_at,
    };
  });
  records.sort((a, b) => compareText(a.key, b.key) || compareText(a.id, b.id));
  return new Map(records.map((record) => [record.id, record]));
}

/** Code-point order, the same on every machine (no locale). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The live records of one entity, in key order. */
export function liveRecords(records: ReadonlyMap<string, ErpRecord>, entity: string): ErpRecord[] {
  return [...records.values()].filter((record) => record.entity === entity && !record.isDeleted);
}
