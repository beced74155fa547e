import type { Database } from 'better-sqlite3';
import type { PushEntity, PushResponseData, PushResult } from '../../../src-shared/wire';
import type { SandboxClock } from '../../clock';
import { newId } from '../../ids';

/** The kinds of rows in `records` (store/migrations/001-core.sql). */
export type RecordEntity =
  'unit' | 'product' | 'price_list' | 'customer' | 'branch' | 'warehouse' | 'sales_rep';

/** One row of `records`. */
export interface RecordRow {
  id: string;
  company_id: string;
  entity: string;
  parent_id: string;
  code: string | null;
  external_ref: string | null;
  version: number;
  source_version: string | null;
  body: string;
  deleted: number;
  created_at: string;
  updated_at: string;
}

/** The prefix of a new record's service id, per entity. */
export const idPrefixes: Record<RecordEntity, string> = {
  unit: 'unit',
  product: 'prd',
  price_list: 'pl',
  customer: 'cus',
  branch: 'br',
  warehouse: 'wh',
  sales_rep: 'rep',
};

/** An entity in words, for messages. */
export const entityWords: Record<PushEntity, string> = {
  unit: 'unit',
  product: 'product',
  price_list: 'price list',
  customer: 'customer',
  branch: 'branch',
  balance: 'balance',
};

/**
 * JSON with object keys sorted, so two bodies with the same data give the same text whatever the
 * order of a name map's languages. The stored body is this text: `unchanged` is a text comparison
 * (docs/decisions/031-unchanged-stale-and-versions.md).
 */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

const numeric = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Whether `incoming` is older than `stored` (spec, Push semantics: numbers compare as numbers,
 * anything else as text). A push without `source_version`, or onto a record without one, is never
 * stale (docs/decisions/031-unchanged-stale-and-versions.md).
 */
export function isOlderSourceVersion(incoming: string | null | undefined, stored: string | null): boolean {
  if (incoming === null || incoming === undefined || stored === null) return false;
  if (numeric.test(incoming.trim()) && numeric.test(stored.trim())) return Number(incoming) < Number(stored);
  return incoming < stored;
}

/** What one find-or-create push needs (see `upsert`). */
export interface PushPlan {
  companyId: string;
  entity: RecordEntity & PushEntity;
  parentId: string;
  ref: string;
  body: object;
  sourceVersion: string | null | undefined;
  /** The record to link to `ref` when none answers to it yet (adoption), or undefined to create one. */
  adopt: () => RecordRow | undefined;
}

/** A new row of `records`, as `RecordStore.insert` writes it. */
export interface NewRecord {
  id: string;
  company_id: string;
  entity: RecordEntity;
  parent_id: string;
  code: string;
  external_ref: string | null;
  version: number;
  source_version: string | null;
  body: string;
  now: string;
}

/** The `records` table that every master-data entity is kept in. */
export type RecordStore = ReturnType<typeof createRecordStore>;

/**
 * The `records` table: finding a record by ERP key, service id or code, the company's version
 * counter, and the find-or-create push every entity makes (`upsert`). Every function runs inside
 * the caller's transaction.
 */
export function createRecordStore(db: Database, clock: SandboxClock) {
  const q = {
    nextVersion: db.prepare(`INSERT INTO counters(company_id, name, value) VALUES (?, 'version', 1)
      ON CONFLICT(company_id, name) DO UPDATE SET value = value + 1 RETURNING value`),
    byRef: db.prepare(
      'SELECT * FROM records WHERE company_id = ? AND entity = ? AND parent_id = ? AND external_ref = ?',
    ),
    byId: db.prepare('SELECT * FROM records WHERE company_id = ? AND entity = ? AND id = ?'),
    byCode: db.prepare(
      'SELECT * FROM records WHERE company_id = ? AND entity = ? AND parent_id = ? AND code = ? ORDER BY created_at, id LIMIT 1',
    ),
    byCodeAnyParent: db.prepare(
      'SELECT * FROM records WHERE company_id = ? AND entity = ? AND code = ? ORDER BY created_at, id LIMIT 1',
    ),
    insert: db.prepare(`INSERT INTO records
      (id, company_id, entity, parent_id, code, external_ref, version, source_version, body, deleted, created_at, updated_at)
      VALUES (@id, @company_id, @entity, @parent_id, @code, @external_ref, @version, @source_version, @body, 0, @now, @now)`),
    update: db.prepare(`UPDATE records SET external_ref = @external_ref, version = @version,
      source_version = @source_version, body = @body, deleted = 0, updated_at = @now WHERE id = @id`),
    setSourceVersion: db.prepare('UPDATE records SET source_version = ? WHERE id = ?'),
    touch: db.prepare('UPDATE records SET version = ?, updated_at = ? WHERE id = ?'),
    tombstone: db.prepare('UPDATE records SET deleted = 1, version = ?, updated_at = ? WHERE id = ?'),
  };

  function nextVersion(companyId: string): number {
    return (q.nextVersion.get(companyId) as { value: number }).value;
  }
  function byRef(companyId: string, entity: RecordEntity, ref: string, parentId = ''): RecordRow | undefined {
    return q.byRef.get(companyId, entity, parentId, ref) as RecordRow | undefined;
  }
  function byId(companyId: string, entity: RecordEntity, id: string): RecordRow | undefined {
    return q.byId.get(companyId, entity, id) as RecordRow | undefined;
  }
  function byCode(
    companyId: string,
    entity: RecordEntity,
    code: string,
    parentId?: string,
  ): RecordRow | undefined {
    return (
      parentId === undefined
        ? q.byCodeAnyParent.get(companyId, entity, code)
        : q.byCode.get(companyId, entity, parentId, code)
    ) as RecordRow | undefined;
  }
  function itemResult(
    row: { id: string },
    entity: PushEntity,
    ref: string,
    result: PushResult,
  ): PushResponseData {
    return { entity, external_ref: ref, id: row.id, result };
  }

  /** Writes a new record as given (a record the service made itself, without the push rules). */
  function insert(row: NewRecord): void {
    q.insert.run(row);
  }

  /** Moves a record's version (phones download it again) without changing its body. */
  function touch(companyId: string, id: string): void {
    q.touch.run(nextVersion(companyId), clock.nowIso(), id);
  }

  /** Tombstones a record at a new version (spec, Push semantics: never a hard delete). */
  function tombstone(companyId: string, id: string, now: string): void {
    q.tombstone.run(nextVersion(companyId), now, id);
  }

  /**
   * Find-or-create by the ERP key (spec, Push semantics): `stale` writes nothing, identical data is
   * `unchanged` (the version stays; a newer `source_version` is remembered), a change or a
   * tombstoned record pushed again is `updated`, a record adopted by `plan.adopt` is `updated`
   * with its own id, and anything else is `created` with the key as its code
   * (docs/decisions/030-keys-codes-and-adoption.md, 031-unchanged-stale-and-versions.md).
   */
  function upsert(plan: PushPlan): PushResponseData {
    const now = clock.nowIso();
    const text = stableJson(plan.body);
    const existing = byRef(plan.companyId, plan.entity, plan.ref, plan.parentId);
    const target = existing ?? plan.adopt();
    if (target) {
      if (isOlderSourceVersion(plan.sourceVersion, target.source_version)) {
        return itemResult(target, plan.entity, plan.ref, 'stale');
      }
      const sourceVersion = plan.sourceVersion ?? target.source_version;
      if (existing && text === existing.body && !existing.deleted) {
        if (sourceVersion !== existing.source_version) q.setSourceVersion.run(sourceVersion, existing.id);
        return itemResult(existing, plan.entity, plan.ref, 'unchanged');
      }
      q.update.run({
        id: target.id,
        external_ref: plan.ref,
        version: nextVersion(plan.companyId),
        source_version: sourceVersion,
        body: text,
        now,
      });
      return itemResult(target, plan.entity, plan.ref, 'updated');
    }
    const id = newId(idPrefixes[plan.entity]);
    insert({
      id,
      company_id: plan.companyId,
      entity: plan.entity,
      parent_id: plan.parentId,
      code: plan.ref,
      external_ref: plan.ref,
      version: nextVersion(plan.companyId),
      source_version: plan.sourceVersion ?? null,
      body: text,
      now,
    });
    return itemResult({ id }, plan.entity, plan.ref, 'created');
  }

  return { nextVersion, byRef, byId, byCode, itemResult, insert, touch, tombstone, upsert };
}
