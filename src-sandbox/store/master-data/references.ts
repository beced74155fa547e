import type { PushEntity } from '../../../src-shared/wire';
import { ApiError } from '../../errors';
import { entityWords, type RecordEntity, type RecordRow, type RecordStore } from './records';

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

/** A reference a push names but that was never pushed: one `details` entry of `UNKNOWN_REFERENCE`. */
export interface MissingReference {
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

/** The live record an ERP key names, or a `MissingReference` for `refuseMissing`. */
export function resolve(
  records: RecordStore,
  companyId: string,
  entity: RecordEntity,
  ref: string,
  field: string,
  missing: MissingReference[],
  parentId = '',
): RecordRow | undefined {
  const row = records.byRef(companyId, entity, ref, parentId);
  if (!row || row.deleted) {
    missing.push({ entity, ref, field });
    return undefined;
  }
  return row;
}

/**
 * Adoption by code of a unit, product, price list or branch (spec, Push semantics: "Units and
 * products with the same code as one the service already has are adopted by code"; price lists
 * and branches likewise, docs/decisions/030-keys-codes-and-adoption.md). A record with that
 * code linked to another key is `409 EXTERNAL_REF_CONFLICT`.
 */
export function adoptByCode(
  records: RecordStore,
  companyId: string,
  entity: RecordEntity & PushEntity,
  ref: string,
  parentId = '',
) {
  return (): RecordRow | undefined => {
    const found = records.byCode(companyId, entity, ref, parentId);
    if (!found) return undefined;
    if (found.external_ref !== null && found.external_ref !== ref) {
      throw new ApiError(
        'EXTERNAL_REF_CONFLICT',
        `The ${entityWords[entity]} with code ${ref} (service_id ${found.id}) is already linked to the ERP key ${found.external_ref}. Push it with that key, or use another key.`,
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
export function adoptByServiceId(
  records: RecordStore,
  companyId: string,
  entity: 'product' | 'customer',
  ref: string,
  serviceId: string,
): RecordRow {
  const found = records.byId(companyId, entity, serviceId);
  if (!found) {
    throw new ApiError(
      'UNKNOWN_REFERENCE',
      `No ${entityWords[entity]} has the service_id ${serviceId}. Take the id from GET /lookup?entity=${entity}&code=... or leave service_id out to create a new ${entityWords[entity]}. Nothing was written.`,
      { details: [{ field: 'body.service_id', code: `unknown_${entity}`, value: serviceId }] },
    );
  }
  if (found.external_ref !== null && found.external_ref !== ref) {
    throw new ApiError(
      'EXTERNAL_REF_CONFLICT',
      `The ${entityWords[entity]} ${serviceId} is already linked to the ERP key ${found.external_ref}. Push that key, or leave service_id out.`,
      { details: [{ field: 'body.service_id', code: 'linked_to_other_key', value: serviceId }] },
    );
  }
  return found;
}

/** A key already linked to one record, pushed with the `service_id` of another: a conflict. */
export function checkServiceIdMatches(
  existing: RecordRow | undefined,
  serviceId: string | null | undefined,
  ref: string,
): void {
  if (existing && serviceId && serviceId !== existing.id) {
    throw new ApiError(
      'EXTERNAL_REF_CONFLICT',
      `The ERP key ${ref} already answers to ${existing.id}, not to service_id ${serviceId}. Leave service_id out, or push another key.`,
      { details: [{ field: 'body.service_id', code: 'key_linked_to_other_record', value: serviceId }] },
    );
  }
}

/** Refuses a DELETE whose record is not found: `404 NOT_FOUND`, nothing deleted. */
export function notFound(what: string, field: string, value: string): never {
  throw new ApiError('NOT_FOUND', `No ${what}. Nothing was deleted.`, { details: [{ field, value }] });
}
