import type { Database } from 'better-sqlite3';
import type {
  BranchBody,
  CustomerBody,
  PriceListBody,
  PriceMode,
  PricePushResponseData,
  PricesBody,
  ProductBody,
  ProductUnitsBody,
  PushResponseData,
  PushEntity,
  PushResult,
  UnitBody,
} from '../../src-shared/wire';
import type { SandboxClock } from '../clock';
import { ApiError, type ErrorDetail } from '../errors';
import { newId } from '../ids';

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

/** What the master-data store offers the push, lookup and admin routes. */
export type MasterDataStore = ReturnType<typeof createMasterDataStore>;

const idPrefixes: Record<RecordEntity, string> = {
  unit: 'unit',
  product: 'prd',
  price_list: 'pl',
  customer: 'cus',
  branch: 'br',
  warehouse: 'wh',
  sales_rep: 'rep',
};

/** The call that creates a record of `entity`, named in `UNKNOWN_REFERENCE` (spec, Push semantics). */
const pushCalls: Record<RecordEntity, string> = {
  unit: 'PUT /units/{ref}',
  product: 'PUT /products/{ref}',
  price_list: 'PUT /price-lists/{ref}',
  customer: 'PUT /customers/{ref}',
  branch: 'PUT /customers/{ref}/branches/{branch_ref}',
  warehouse: 'none (warehouses are kept in the service)',
  sales_rep: 'none (sales reps are kept in the service)',
};

/** The dependency order of pushes (spec, Push semantics), for naming the first call to make. */
const dependencyOrder: readonly RecordEntity[] = ['unit', 'price_list', 'product', 'customer', 'branch'];

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

/** A reference a push names but that was never pushed: one `details` entry of `UNKNOWN_REFERENCE`. */
interface MissingReference {
  entity: RecordEntity;
  ref: string;
  field: string;
}

/**
 * Refuses the whole call with `422 UNKNOWN_REFERENCE` when any reference is missing: the message
 * names the calls to make first, in dependency order, and each missing key is in `details`
 * (spec, Push semantics and Errors: nothing is written).
 */
export function refuseMissing(missing: readonly MissingReference[]): void {
  if (missing.length === 0) return;
  const byEntity = new Map<RecordEntity, string[]>();
  for (const m of missing) {
    const refs = byEntity.get(m.entity) ?? [];
    if (!refs.includes(m.ref)) refs.push(m.ref);
    byEntity.set(m.entity, refs);
  }
  const calls = dependencyOrder
    .filter((entity) => byEntity.has(entity))
    .map((entity) => `${pushCalls[entity]} for ${(byEntity.get(entity) ?? []).join(', ')}`);
  throw new ApiError(
    'UNKNOWN_REFERENCE',
    `Not pushed yet (or deleted), so push first: ${calls.join('; ')}. Nothing was written.`,
    {
      details: missing.map((m) => ({ field: m.field, code: `unknown_${m.entity}`, value: m.ref })),
    },
  );
}

/** The canonical stored body of each pushed record: every known field, absent ones as null. */
function unitRecord(body: UnitBody) {
  return { name: body.name };
}
function productRecord(body: ProductBody) {
  return {
    name: body.name,
    base_unit_ref: body.base_unit_ref,
    active: body.active ?? true, // docs/decisions/001-product-required-fields.md
    category_code: body.category_code ?? null,
  };
}
function priceListRecord(body: PriceListBody) {
  return { currency: body.currency, name: body.name };
}
function customerRecord(body: CustomerBody) {
  return {
    name: body.name,
    blocked: body.blocked,
    address: body.address ?? null,
    credit_limit: body.credit_limit ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    price_list_ref: body.price_list_ref ?? null,
    radius_metres: body.radius_metres ?? null,
  };
}
function branchRecord(body: BranchBody) {
  return {
    name: body.name,
    blocked: body.blocked,
    address: body.address ?? null,
    contact_name: body.contact_name ?? null,
    phone: body.phone ?? null,
    credit_limit: body.credit_limit ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    payment_terms_days: body.payment_terms_days ?? null,
    price_list_ref: body.price_list_ref ?? null,
    radius_metres: body.radius_metres ?? null,
  };
}

/** What one find-or-create push needs (see `upsert`). */
interface PushPlan {
  companyId: string;
  entity: RecordEntity & PushEntity;
  parentId: string;
  ref: string;
  body: object;
  sourceVersion: string | null | undefined;
  /** The record to link to `ref` when none answers to it yet (adoption), or undefined to create one. */
  adopt: () => RecordRow | undefined;
}

/** A price row as stored. */
interface PriceRow {
  product_id: string;
  unit_id: string;
  valid_from: string;
  valid_to: string | null;
  price: number;
  min_price: number | null;
}

/**
 * The sandbox's master data: pushes by the ERP's key, tombstones, routes and the records `/lookup`
 * reads. Every function runs inside the caller's transaction (the route's `idempotentWrite`) and
 * refuses by throwing `ApiError`, so a refused call writes nothing.
 *
 * Spec, Push semantics and Push master data; decisions 030 to 036 in docs/decisions/.
 */
export function createMasterDataStore(db: Database, clock: SandboxClock) {
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
    liveBranches: db.prepare(
      "SELECT * FROM records WHERE company_id = ? AND entity = 'branch' AND parent_id = ? AND deleted = 0 ORDER BY id",
    ),
    onRoute: db.prepare('SELECT 1 FROM routes WHERE company_id = ? AND branch_id = ?'),
    addRoute: db.prepare('INSERT OR IGNORE INTO routes(company_id, branch_id) VALUES (?, ?)'),
    removeRoute: db.prepare('DELETE FROM routes WHERE company_id = ? AND branch_id = ?'),
    productUnits: db.prepare(
      'SELECT unit_id, factor_to_base, order_default FROM product_units WHERE product_id = ? ORDER BY position',
    ),
    clearProductUnits: db.prepare('DELETE FROM product_units WHERE product_id = ?'),
    insertProductUnit: db.prepare(
      'INSERT INTO product_units(product_id, unit_id, factor_to_base, order_default, position) VALUES (?, ?, ?, ?, ?)',
    ),
    prices: db.prepare(
      'SELECT product_id, unit_id, valid_from, valid_to, price, min_price FROM prices WHERE list_id = ?',
    ),
    upsertPrice:
      db.prepare(`INSERT INTO prices(list_id, product_id, unit_id, valid_from, valid_to, price, min_price)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(list_id, product_id, unit_id, valid_from) DO UPDATE SET
        valid_to = excluded.valid_to, price = excluded.price, min_price = excluded.min_price`),
    deletePrice: db.prepare(
      'DELETE FROM prices WHERE list_id = ? AND product_id = ? AND unit_id = ? AND valid_from = ?',
    ),
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
  function answer(row: { id: string }, entity: PushEntity, ref: string, result: PushResult): PushResponseData {
    return { entity, external_ref: ref, id: row.id, result };
  }
  const words: Record<PushEntity, string> = {
    unit: 'unit',
    product: 'product',
    price_list: 'price list',
    customer: 'customer',
    branch: 'branch',
    balance: 'balance',
  };

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
        return answer(target, plan.entity, plan.ref, 'stale');
      }
      const sourceVersion = plan.sourceVersion ?? target.source_version;
      if (existing && text === existing.body && !existing.deleted) {
        if (sourceVersion !== existing.source_version) q.setSourceVersion.run(sourceVersion, existing.id);
        return answer(existing, plan.entity, plan.ref, 'unchanged');
      }
      q.update.run({
        id: target.id,
        external_ref: plan.ref,
        version: nextVersion(plan.companyId),
        source_version: sourceVersion,
        body: text,
        now,
      });
      return answer(target, plan.entity, plan.ref, 'updated');
    }
    const id = newId(idPrefixes[plan.entity]);
    q.insert.run({
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
    return answer({ id }, plan.entity, plan.ref, 'created');
  }

  /**
   * Adoption by code of a unit, product, price list or branch (spec, Push semantics: "Units and
   * products with the same code as one the service already has are adopted by code"; price lists
   * and branches likewise, docs/decisions/030-keys-codes-and-adoption.md). A record with that
   * code linked to another key is `409 EXTERNAL_REF_CONFLICT`.
   */
  function adoptByCode(companyId: string, entity: RecordEntity & PushEntity, ref: string, parentId = '') {
    return (): RecordRow | undefined => {
      const found = byCode(companyId, entity, ref, parentId);
      if (!found) return undefined;
      if (found.external_ref !== null && found.external_ref !== ref) {
        throw new ApiError(
          'EXTERNAL_REF_CONFLICT',
          `The ${words[entity]} with code ${ref} (service_id ${found.id}) is already linked to the ERP key ${found.external_ref}. Push it with that key, or use another key.`,
          { details: [{ field: 'ref', code: 'code_linked_to_other_key', value: ref }] },
        );
      }
      return found;
    };
  }

  /**
   * Adoption by `service_id` of a product or customer that started in the service (spec, Push
   * semantics): the record must exist, and must not answer to another ERP key already.
   */
  function adoptByServiceId(
    companyId: string,
    entity: 'product' | 'customer',
    ref: string,
    serviceId: string,
  ): RecordRow {
    const found = byId(companyId, entity, serviceId);
    if (!found) {
      throw new ApiError(
        'UNKNOWN_REFERENCE',
        `No ${words[entity]} has the service_id ${serviceId}. Take the id from GET /lookup?entity=${entity}&code=... or leave service_id out to create a new ${words[entity]}. Nothing was written.`,
        { details: [{ field: 'body.service_id', code: `unknown_${entity}`, value: serviceId }] },
      );
    }
    if (found.external_ref !== null && found.external_ref !== ref) {
      throw new ApiError(
        'EXTERNAL_REF_CONFLICT',
        `The ${words[entity]} ${serviceId} is already linked to the ERP key ${found.external_ref}. Push that key, or leave service_id out.`,
        { details: [{ field: 'body.service_id', code: 'linked_to_other_key', value: serviceId }] },
      );
    }
    return found;
  }

  /** A key already linked to one record, pushed with the `service_id` of another: a conflict. */
  function checkServiceIdMatches(
    existing: RecordRow | undefined,
    serviceId: string | null | undefined,
    ref: string,
  ) {
    if (existing && serviceId && serviceId !== existing.id) {
      throw new ApiError(
        'EXTERNAL_REF_CONFLICT',
        `The ERP key ${ref} already answers to ${existing.id}, not to service_id ${serviceId}. Leave service_id out, or push another key.`,
        { details: [{ field: 'body.service_id', code: 'key_linked_to_other_record', value: serviceId }] },
      );
    }
  }

  /** The live record an ERP key names, or a `MissingReference` for `refuseMissing`. */
  function resolve(
    companyId: string,
    entity: RecordEntity,
    ref: string,
    field: string,
    missing: MissingReference[],
    parentId = '',
  ): RecordRow | undefined {
    const row = byRef(companyId, entity, ref, parentId);
    if (!row || row.deleted) {
      missing.push({ entity, ref, field });
      return undefined;
    }
    return row;
  }

  function pushUnit(companyId: string, ref: string, body: UnitBody): PushResponseData {
    return upsert({
      companyId,
      entity: 'unit',
      parentId: '',
      ref,
      body: unitRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(companyId, 'unit', ref),
    });
  }

  function pushProduct(companyId: string, ref: string, body: ProductBody): PushResponseData {
    const missing: MissingReference[] = [];
    resolve(companyId, 'unit', body.base_unit_ref, 'body.base_unit_ref', missing);
    refuseMissing(missing);
    const existing = byRef(companyId, 'product', ref);
    checkServiceIdMatches(existing, body.service_id, ref);
    const serviceId = body.service_id;
    return upsert({
      companyId,
      entity: 'product',
      parentId: '',
      ref,
      body: productRecord(body),
      sourceVersion: body.source_version,
      adopt: serviceId
        ? () => adoptByServiceId(companyId, 'product', ref, serviceId)
        : adoptByCode(companyId, 'product', ref),
    });
  }

  /**
   * The whole list of a product's sellable units replaces the stored one (spec, Push bodies:
   * Product units). Identical list: `unchanged`; otherwise `updated` and the product's version
   * moves (docs/decisions/033-price-and-product-unit-rules.md).
   */
  function pushProductUnits(companyId: string, ref: string, body: ProductUnitsBody): PushResponseData {
    const missing: MissingReference[] = [];
    const product = resolve(companyId, 'product', ref, 'ref', missing);
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    let defaults = 0;
    body.units.forEach((unit, i) => {
      if (seen.has(unit.unit_ref)) {
        details.push({ field: `body.units.${i}.unit_ref`, code: 'duplicate', value: unit.unit_ref });
      }
      seen.add(unit.unit_ref);
      if (unit.order_default) defaults += 1;
    });
    if (defaults > 1)
      details.push({ field: 'body.units', code: 'more_than_one_order_default', value: String(defaults) });
    if (details.length > 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        'Each unit may appear once, and at most one unit may be the order default.',
        {
          status: 422,
          details,
        },
      );
    }
    const unitIds = body.units.map(
      (unit, i) => resolve(companyId, 'unit', unit.unit_ref, `body.units.${i}.unit_ref`, missing)?.id,
    );
    refuseMissing(missing);
    if (!product) throw new Error('unreachable: refuseMissing throws when the product is missing');
    const rows = body.units.map((unit, i) => ({
      unit_id: unitIds[i] ?? '',
      factor_to_base: unit.factor_to_base,
      order_default: unit.order_default ? 1 : 0,
    }));
    if (stableJson(q.productUnits.all(product.id)) === stableJson(rows)) {
      return answer(product, 'product', ref, 'unchanged');
    }
    q.clearProductUnits.run(product.id);
    rows.forEach((row, position) =>
      q.insertProductUnit.run(product.id, row.unit_id, row.factor_to_base, row.order_default, position),
    );
    q.touch.run(nextVersion(companyId), clock.nowIso(), product.id);
    return answer(product, 'product', ref, 'updated');
  }

  function pushPriceList(companyId: string, ref: string, body: PriceListBody): PushResponseData {
    return upsert({
      companyId,
      entity: 'price_list',
      parentId: '',
      ref,
      body: priceListRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(companyId, 'price_list', ref),
    });
  }

  /**
   * Prices of a list, merged or replacing (spec, Push master data: Prices). Rows are keyed by
   * product, unit and `valid_from`; `written` counts rows added or changed, `unchanged` identical
   * rows, `removed` the list's rows a `replace` dropped. The list's version moves when anything
   * was written or removed (docs/decisions/033-price-and-product-unit-rules.md).
   */
  function pushPrices(
    companyId: string,
    ref: string,
    mode: PriceMode,
    body: PricesBody,
  ): PricePushResponseData {
    const details: ErrorDetail[] = [];
    const keys = new Set<string>();
    body.prices.forEach((row, i) => {
      const key = `${row.product_ref}\u0000${row.unit_ref}\u0000${row.valid_from}`;
      if (keys.has(key)) {
        details.push({
          field: `body.prices.${i}`,
          code: 'duplicate_row',
          value: `${row.product_ref} ${row.unit_ref} ${row.valid_from}`,
        });
      }
      keys.add(key);
      if (!isCalendarDate(row.valid_from))
        details.push({ field: `body.prices.${i}.valid_from`, code: 'invalid_date', value: row.valid_from });
      if (row.valid_to != null) {
        if (!isCalendarDate(row.valid_to))
          details.push({ field: `body.prices.${i}.valid_to`, code: 'invalid_date', value: row.valid_to });
        else if (row.valid_to < row.valid_from) {
          details.push({
            field: `body.prices.${i}.valid_to`,
            code: 'before_valid_from',
            value: row.valid_to,
          });
        }
      }
      if (row.min_price != null && row.min_price > row.price) {
        details.push({
          field: `body.prices.${i}.min_price`,
          code: 'above_price',
          value: String(row.min_price),
        });
      }
    });
    if (details.length > 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        `${details.length} price row problem(s); see details. Nothing was written.`,
        {
          status: 422,
          details,
        },
      );
    }

    const missing: MissingReference[] = [];
    const list = resolve(companyId, 'price_list', ref, 'ref', missing);
    const products = new Map<string, string>();
    const units = new Map<string, string>();
    body.prices.forEach((row, i) => {
      if (
        !products.has(row.product_ref) &&
        !missing.some((m) => m.entity === 'product' && m.ref === row.product_ref)
      ) {
        const found = resolve(companyId, 'product', row.product_ref, `body.prices.${i}.product_ref`, missing);
        if (found) products.set(row.product_ref, found.id);
      }
      if (!units.has(row.unit_ref) && !missing.some((m) => m.entity === 'unit' && m.ref === row.unit_ref)) {
        const found = resolve(companyId, 'unit', row.unit_ref, `body.prices.${i}.unit_ref`, missing);
        if (found) units.set(row.unit_ref, found.id);
      }
    });
    refuseMissing(missing);
    if (!list) throw new Error('unreachable: refuseMissing throws when the list is missing');

    const stored = new Map<string, PriceRow>();
    for (const row of q.prices.all(list.id) as PriceRow[]) {
      stored.set(`${row.product_id}\u0000${row.unit_id}\u0000${row.valid_from}`, row);
    }
    let written = 0;
    let unchanged = 0;
    const sent = new Set<string>();
    for (const row of body.prices) {
      const productId = products.get(row.product_ref) ?? '';
      const unitId = units.get(row.unit_ref) ?? '';
      const key = `${productId}\u0000${unitId}\u0000${row.valid_from}`;
      sent.add(key);
      const before = stored.get(key);
      const validTo = row.valid_to ?? null;
      const minPrice = row.min_price ?? null;
      if (
        before &&
        before.valid_to === validTo &&
        before.price === row.price &&
        before.min_price === minPrice
      ) {
        unchanged += 1;
        continue;
      }
      q.upsertPrice.run(list.id, productId, unitId, row.valid_from, validTo, row.price, minPrice);
      written += 1;
    }
    let removed = 0;
    if (mode === 'replace') {
      for (const [key, row] of stored) {
        if (sent.has(key)) continue;
        q.deletePrice.run(list.id, row.product_id, row.unit_id, row.valid_from);
        removed += 1;
      }
    }
    if (written + removed > 0) q.touch.run(nextVersion(companyId), clock.nowIso(), list.id);
    return { list_id: list.id, external_ref: ref, written, unchanged, removed };
  }

  /**
   * A customer push (spec, Push semantics): adoption only by `service_id`; a key equal to an
   * existing customer's code without `service_id` is `409 EXTERNAL_REF_CONFLICT` naming the
   * `service_id` to send. Pushing a tombstoned customer again revives it
   * (docs/decisions/032-tombstones-and-routes.md).
   */
  function pushCustomer(companyId: string, ref: string, body: CustomerBody): PushResponseData {
    const missing: MissingReference[] = [];
    if (body.price_list_ref != null)
      resolve(companyId, 'price_list', body.price_list_ref, 'body.price_list_ref', missing);
    refuseMissing(missing);
    const existing = byRef(companyId, 'customer', ref);
    const serviceId = body.service_id;
    checkServiceIdMatches(existing, serviceId, ref);
    return upsert({
      companyId,
      entity: 'customer',
      parentId: '',
      ref,
      body: customerRecord(body),
      sourceVersion: body.source_version,
      adopt: () => {
        if (serviceId) return adoptByServiceId(companyId, 'customer', ref, serviceId);
        const sameCode = byCode(companyId, 'customer', ref, '');
        if (sameCode) {
          const linked =
            sameCode.external_ref === null ? '' : `, linked to the ERP key ${sameCode.external_ref}`;
          throw new ApiError(
            'EXTERNAL_REF_CONFLICT',
            `A customer with the code ${ref} already exists in the service (service_id ${sameCode.id}${linked}). To link it to this key, push again with "service_id": "${sameCode.id}".`,
            { details: [{ field: 'body.service_id', code: 'required_to_adopt', value: sameCode.id }] },
          );
        }
        return undefined;
      },
    });
  }

  /**
   * A branch push: its customer must be pushed and not tombstoned; a branch with the key as its
   * code under that customer is adopted (docs/decisions/030-keys-codes-and-adoption.md,
   * 032-tombstones-and-routes.md).
   */
  function pushBranch(
    companyId: string,
    customerRef: string,
    branchRef: string,
    body: BranchBody,
  ): PushResponseData {
    const missing: MissingReference[] = [];
    const customer = resolve(companyId, 'customer', customerRef, 'ref', missing);
    if (body.price_list_ref != null)
      resolve(companyId, 'price_list', body.price_list_ref, 'body.price_list_ref', missing);
    refuseMissing(missing);
    if (!customer) throw new Error('unreachable: refuseMissing throws when the customer is missing');
    return upsert({
      companyId,
      entity: 'branch',
      parentId: customer.id,
      ref: branchRef,
      body: branchRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(companyId, 'branch', branchRef, customer.id),
    });
  }

  function notFound(what: string, field: string, value: string): never {
    throw new ApiError('NOT_FOUND', `No ${what}. Nothing was deleted.`, { details: [{ field, value }] });
  }

  function refuseOnRoute(companyId: string, branches: readonly RecordRow[]): void {
    const visited = branches.filter((branch) => q.onRoute.get(companyId, branch.id));
    if (visited.length === 0) return;
    throw new ApiError(
      'BRANCH_ON_ROUTE',
      `A route still visits ${visited.map((b) => `branch ${b.external_ref ?? b.code ?? b.id}`).join(', ')}. Take the branch off its routes in the service first. Nothing was deleted.`,
      {
        details: visited.map((b) => ({
          field: 'branch_ref',
          code: 'on_route',
          value: b.external_ref ?? b.code ?? b.id,
        })),
      },
    );
  }

  /**
   * DELETE of a customer: a tombstone, never a hard delete (spec, Push semantics); its live
   * branches are tombstoned with it, so a route visiting any of them refuses the call with
   * `409 BRANCH_ON_ROUTE`. Deleting a tombstone again is `unchanged`
   * (docs/decisions/032-tombstones-and-routes.md).
   */
  function deleteCustomer(companyId: string, ref: string): PushResponseData {
    const customer =
      byRef(companyId, 'customer', ref) ?? notFound(`customer answers to the ERP key ${ref}`, 'ref', ref);
    if (customer.deleted) return answer(customer, 'customer', ref, 'unchanged');
    const branches = q.liveBranches.all(companyId, customer.id) as RecordRow[];
    refuseOnRoute(companyId, branches);
    const now = clock.nowIso();
    q.tombstone.run(nextVersion(companyId), now, customer.id);
    for (const branch of branches) q.tombstone.run(nextVersion(companyId), now, branch.id);
    return answer(customer, 'customer', ref, 'deleted');
  }

  /** DELETE of a branch: a tombstone, refused with `409 BRANCH_ON_ROUTE` while a route visits it. */
  function deleteBranch(companyId: string, customerRef: string, branchRef: string): PushResponseData {
    const customer =
      byRef(companyId, 'customer', customerRef) ??
      notFound(`customer answers to the ERP key ${customerRef}`, 'ref', customerRef);
    const branch =
      byRef(companyId, 'branch', branchRef, customer.id) ??
      notFound(
        `branch of customer ${customerRef} answers to the ERP key ${branchRef}`,
        'branch_ref',
        branchRef,
      );
    if (branch.deleted) return answer(branch, 'branch', branchRef, 'unchanged');
    refuseOnRoute(companyId, [branch]);
    q.tombstone.run(nextVersion(companyId), clock.nowIso(), branch.id);
    return answer(branch, 'branch', branchRef, 'deleted');
  }

  /**
   * Finds a customer for the admin API by ERP key, then code, then service id (a customer that
   * started in the service has no ERP key yet).
   */
  function adminCustomer(companyId: string, key: string): RecordRow {
    const found =
      byRef(companyId, 'customer', key) ??
      byCode(companyId, 'customer', key, '') ??
      byId(companyId, 'customer', key);
    if (!found) throw new ApiError('NOT_FOUND', `No customer has the ERP key, code or id ${key}.`);
    return found;
  }

  /** Finds a branch of a customer for the admin API by ERP key, then code, then service id. */
  function adminBranch(companyId: string, customerKey: string, branchKey: string): RecordRow {
    const customer = adminCustomer(companyId, customerKey);
    const byItsId = byId(companyId, 'branch', branchKey);
    const found =
      byRef(companyId, 'branch', branchKey, customer.id) ??
      byCode(companyId, 'branch', branchKey, customer.id) ??
      (byItsId?.parent_id === customer.id ? byItsId : undefined);
    if (!found)
      throw new ApiError(
        'NOT_FOUND',
        `Customer ${customerKey} has no branch with the ERP key, code or id ${branchKey}.`,
      );
    return found;
  }

  /** `POST/DELETE /_sandbox/routes`: a route starts or stops visiting a branch. */
  function setRoute(companyId: string, customerKey: string, branchKey: string, visits: boolean): void {
    const branch = adminBranch(companyId, customerKey, branchKey);
    if (visits) q.addRoute.run(companyId, branch.id);
    else q.removeRoute.run(companyId, branch.id);
  }

  /**
   * `POST /_sandbox/customers`: a customer created in the service by a rep or the office, with a
   * code and no ERP key (sandbox contract). A code already taken by a customer is refused.
   */
  function createServiceCustomer(companyId: string, code: string, name: string): string {
    if (byCode(companyId, 'customer', code, '')) {
      throw new ApiError('ALREADY_EXISTS', `A customer with the code ${code} exists already.`, {
        details: [{ field: 'code', value: code }],
      });
    }
    const id = newId(idPrefixes.customer);
    q.insert.run({
      id,
      company_id: companyId,
      entity: 'customer',
      parent_id: '',
      code,
      external_ref: null,
      version: nextVersion(companyId),
      source_version: null,
      body: stableJson(customerRecord({ name: { en: name }, blocked: false })),
      now: clock.nowIso(),
    });
    return id;
  }

  return {
    nextVersion,
    byRef,
    byId,
    byCode,
    pushUnit,
    pushProduct,
    pushProductUnits,
    pushPriceList,
    pushPrices,
    pushCustomer,
    pushBranch,
    deleteCustomer,
    deleteBranch,
    setRoute,
    createServiceCustomer,
    touch(companyId: string, id: string): void {
      q.touch.run(nextVersion(companyId), clock.nowIso(), id);
    },
  };
}

/** Whether `YYYY-MM-DD` names a real calendar day (the schema checks only the pattern). */
function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}
