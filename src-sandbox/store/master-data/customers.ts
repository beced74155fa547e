import type { CustomerBody, PushResponseData } from '../../../src-shared/wire';
import type { SandboxClock } from '../../clock';
import { ApiError } from '../../errors';
import { newId } from '../../ids';
import type { BranchStore } from './branches';
import { idPrefixes, stableJson, type RecordStore } from './records';
import {
  adoptByServiceId,
  checkServiceIdMatches,
  notFound,
  refuseMissing,
  resolve,
  type MissingReference,
} from './references';
import type { SalesRouteStore } from './sales-routes';

/** The canonical stored body of a customer: every known field, absent ones as null. */
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

/**
 * Customers (spec, Push master data: `PUT` and `DELETE /customers/{ref}`), and the console's
 * customers made in the service without an ERP key.
 */
export function createCustomerStore(
  clock: SandboxClock,
  records: RecordStore,
  branches: BranchStore,
  salesRoutes: SalesRouteStore,
) {
  /**
   * A customer push (spec, Push semantics): adoption only by `service_id`; a key equal to an
   * existing customer's code without `service_id` is `409 EXTERNAL_REF_CONFLICT` naming the
   * `service_id` to send. Pushing a tombstoned customer again revives it
   * (docs/decisions/032-tombstones-and-routes.md).
   */
  function pushCustomer(companyId: string, ref: string, body: CustomerBody): PushResponseData {
    const missing: MissingReference[] = [];
    if (body.price_list_ref != null)
      resolve(records, companyId, 'price_list', body.price_list_ref, 'body.price_list_ref', missing);
    refuseMissing(missing);
    const existing = records.byRef(companyId, 'customer', ref);
    const serviceId = body.service_id;
    checkServiceIdMatches(existing, serviceId, ref);
    return records.upsert({
      companyId,
      entity: 'customer',
      parentId: '',
      ref,
      body: customerRecord(body),
      sourceVersion: body.source_version,
      adopt: () => {
        if (serviceId) return adoptByServiceId(records, companyId, 'customer', ref, serviceId);
        const sameCode = records.byCode(companyId, 'customer', ref, '');
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
   * DELETE of a customer: a tombstone, never a hard delete (spec, Push semantics); its live
   * branches are tombstoned with it, so a route visiting any of them refuses the call with
   * `409 BRANCH_ON_ROUTE`. Deleting a tombstone again is `unchanged`
   * (docs/decisions/032-tombstones-and-routes.md).
   */
  function deleteCustomer(companyId: string, ref: string): PushResponseData {
    const customer =
      records.byRef(companyId, 'customer', ref) ??
      notFound(`customer answers to the ERP key ${ref}`, 'ref', ref);
    if (customer.deleted) return records.itemResult(customer, 'customer', ref, 'unchanged');
    const live = branches.liveBranches(companyId, customer.id);
    salesRoutes.refuseOnRoute(companyId, live);
    const now = clock.nowIso();
    records.tombstone(companyId, customer.id, now);
    for (const branch of live) records.tombstone(companyId, branch.id, now);
    return records.itemResult(customer, 'customer', ref, 'deleted');
  }

  /**
   * `POST /_sandbox/customers`: a customer created in the service by a rep or the office, with a
   * code and no ERP key (sandbox contract). A code already taken by a customer is refused.
   */
  function createServiceCustomer(companyId: string, code: string, name: string): string {
    if (records.byCode(companyId, 'customer', code, '')) {
      throw new ApiError('ALREADY_EXISTS', `A customer with the code ${code} exists already.`, {
        details: [{ field: 'code', value: code }],
      });
    }
    const id = newId(idPrefixes.customer);
    records.insert({
      id,
      company_id: companyId,
      entity: 'customer',
      parent_id: '',
      code,
      external_ref: null,
      version: records.nextVersion(companyId),
      source_version: null,
      body: stableJson(customerRecord({ name: { en: name }, blocked: false })),
      now: clock.nowIso(),
    });
    return id;
  }

  return { pushCustomer, deleteCustomer, createServiceCustomer };
}
