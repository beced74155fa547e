import type { Database } from 'better-sqlite3';
import type { SandboxClock } from '../clock';
import { createBranchStore } from './master-data/branches';
import { createCustomerStore } from './master-data/customers';
import { createPriceListStore } from './master-data/price-lists';
import { createProductUnitStore } from './master-data/product-units';
import { createProductStore } from './master-data/products';
import { createRecordStore } from './master-data/records';
import { createSalesRouteStore } from './master-data/sales-routes';
import { createUnitStore } from './master-data/units';

export { isOlderSourceVersion, stableJson, type RecordEntity, type RecordRow } from './master-data/records';
export { refuseMissing } from './master-data/references';

/** What the master-data store offers the push, lookup and admin routes. */
export type MasterDataStore = ReturnType<typeof createMasterDataStore>;

/**
 * The sandbox's master data: pushes by the ERP's key, tombstones, routes and the records `/lookup`
 * reads. Every function runs inside the caller's transaction (the route's `idempotentWrite`) and
 * refuses by throwing `ApiError`, so a refused call writes nothing.
 *
 * Spec, Push semantics and Push master data; decisions 030 to 036 in docs/decisions/. This file only
 * composes one module per entity under `master-data/`: `records.ts` (the `records` table, versions,
 * the find-or-create push), `references.ts` (unknown references, adoption), `units.ts`,
 * `products.ts`, `product-units.ts`, `price-lists.ts` (lists and prices), `customers.ts`,
 * `branches.ts` and `sales-routes.ts`. Balances are `./balances.ts`, built on this store.
 */
export function createMasterDataStore(db: Database, clock: SandboxClock) {
  const records = createRecordStore(db, clock);
  const salesRoutes = createSalesRouteStore(db, records);
  const branches = createBranchStore(db, clock, records, salesRoutes);
  const customers = createCustomerStore(clock, records, branches, salesRoutes);
  const { pushUnit } = createUnitStore(records);
  const { pushProduct } = createProductStore(records);
  const { pushProductUnits } = createProductUnitStore(db, records);
  const { pushPriceList, pushPrices } = createPriceListStore(db, records);

  return {
    nextVersion: records.nextVersion,
    byRef: records.byRef,
    byId: records.byId,
    byCode: records.byCode,
    pushUnit,
    pushProduct,
    pushProductUnits,
    pushPriceList,
    pushPrices,
    pushCustomer: customers.pushCustomer,
    pushBranch: branches.pushBranch,
    deleteCustomer: customers.deleteCustomer,
    deleteBranch: branches.deleteBranch,
    setRoute: salesRoutes.setRoute,
    createServiceCustomer: customers.createServiceCustomer,
    touch: records.touch,
  };
}
