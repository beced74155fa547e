import type { ProductBody, PushResponseData } from '../../../src-shared/wire';
import type { RecordStore } from './records';
import {
  adoptByCode,
  adoptByServiceId,
  checkServiceIdMatches,
  refuseMissing,
  resolve,
  type MissingReference,
} from './references';

/** The canonical stored body of a product: every known field, absent ones as null. */
function productRecord(body: ProductBody) {
  return {
    name: body.name,
    base_unit_ref: body.base_unit_ref,
    active: body.active ?? true, // docs/decisions/001-product-required-fields.md
    category_code: body.category_code ?? null,
  };
}

/**
 * Product pushes (spec, Push master data: `PUT /products/{ref}`): the base unit must be pushed;
 * a product is adopted by `service_id` when one is sent, else by code
 * (docs/decisions/030-keys-codes-and-adoption.md).
 */
export function createProductStore(records: RecordStore) {
  function pushProduct(companyId: string, ref: string, body: ProductBody): PushResponseData {
    const missing: MissingReference[] = [];
    resolve(records, companyId, 'unit', body.base_unit_ref, 'body.base_unit_ref', missing);
    refuseMissing(missing);
    const existing = records.byRef(companyId, 'product', ref);
    checkServiceIdMatches(existing, body.service_id, ref);
    const serviceId = body.service_id;
    return records.upsert({
      companyId,
      entity: 'product',
      parentId: '',
      ref,
      body: productRecord(body),
      sourceVersion: body.source_version,
      adopt: serviceId
        ? () => adoptByServiceId(records, companyId, 'product', ref, serviceId)
        : adoptByCode(records, companyId, 'product', ref),
    });
  }

  return { pushProduct };
}
