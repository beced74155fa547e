import type { Database } from 'better-sqlite3';
import type { BranchBody, PushResponseData } from '../../../src-shared/wire';
import type { SandboxClock } from '../../clock';
import type { RecordRow, RecordStore } from './records';
import { adoptByCode, notFound, refuseMissing, resolve, type MissingReference } from './references';
import type { SalesRouteStore } from './sales-routes';

/** The canonical stored body of a branch: every known field, absent ones as null. */
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

/**
 * Branches of a customer (spec, Push master data: `PUT` and `DELETE
 * /customers/{ref}/branches/{branch_ref}`), kept in `records` under their customer.
 */
export function createBranchStore(
  db: Database,
  clock: SandboxClock,
  records: RecordStore,
  salesRoutes: SalesRouteStore,
) {
  const q = {
    liveBranches: db.prepare(
      "SELECT * FROM records WHERE company_id = ? AND entity = 'branch' AND parent_id = ? AND deleted = 0 ORDER BY id",
    ),
  };

  /** A customer's branches that are not tombstoned. */
  function liveBranches(companyId: string, customerId: string): RecordRow[] {
    return q.liveBranches.all(companyId, customerId) as RecordRow[];
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
    const customer = resolve(records, companyId, 'customer', customerRef, 'ref', missing);
    if (body.price_list_ref != null)
      resolve(records, companyId, 'price_list', body.price_list_ref, 'body.price_list_ref', missing);
    refuseMissing(missing);
    if (!customer) throw new Error('unreachable: refuseMissing throws when the customer is missing');
    return records.upsert({
      companyId,
      entity: 'branch',
      parentId: customer.id,
      ref: branchRef,
      body: branchRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(records, companyId, 'branch', branchRef, customer.id),
    });
  }

  /** DELETE of a branch: a tombstone, refused with `409 BRANCH_ON_ROUTE` while a route visits it. */
  function deleteBranch(companyId: string, customerRef: string, branchRef: string): PushResponseData {
    const customer =
      records.byRef(companyId, 'customer', customerRef) ??
      notFound(`customer answers to the ERP key ${customerRef}`, 'ref', customerRef);
    const branch =
      records.byRef(companyId, 'branch', branchRef, customer.id) ??
      notFound(
        `branch of customer ${customerRef} answers to the ERP key ${branchRef}`,
        'branch_ref',
        branchRef,
      );
    if (branch.deleted) return records.itemResult(branch, 'branch', branchRef, 'unchanged');
    salesRoutes.refuseOnRoute(companyId, [branch]);
    records.tombstone(companyId, branch.id, clock.nowIso());
    return records.itemResult(branch, 'branch', branchRef, 'deleted');
  }

  return { liveBranches, pushBranch, deleteBranch };
}

/** What a customer delete asks of its branches. */
export type BranchStore = ReturnType<typeof createBranchStore>;
