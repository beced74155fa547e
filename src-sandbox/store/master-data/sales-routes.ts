import type { Database } from 'better-sqlite3';
import { ApiError } from '../../errors';
import type { RecordRow, RecordStore } from './records';

/**
 * Routes: which branches a rep's route visits (`routes`). Set only through the console
 * (`POST/DELETE /_sandbox/routes`); a branch on a route cannot be deleted
 * (docs/decisions/032-tombstones-and-routes.md).
 */
export function createSalesRouteStore(db: Database, records: RecordStore) {
  const q = {
    onRoute: db.prepare('SELECT 1 FROM routes WHERE company_id = ? AND branch_id = ?'),
    addRoute: db.prepare('INSERT OR IGNORE INTO routes(company_id, branch_id) VALUES (?, ?)'),
    removeRoute: db.prepare('DELETE FROM routes WHERE company_id = ? AND branch_id = ?'),
  };

  /** Refuses a delete with `409 BRANCH_ON_ROUTE` while a route visits any of `branches`. */
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
   * Finds a customer for the admin API by ERP key, then code, then service id (a customer that
   * started in the service has no ERP key yet).
   */
  function adminCustomer(companyId: string, key: string): RecordRow {
    const found =
      records.byRef(companyId, 'customer', key) ??
      records.byCode(companyId, 'customer', key, '') ??
      records.byId(companyId, 'customer', key);
    if (!found) throw new ApiError('NOT_FOUND', `No customer has the ERP key, code or id ${key}.`);
    return found;
  }

  /** Finds a branch of a customer for the admin API by ERP key, then code, then service id. */
  function adminBranch(companyId: string, customerKey: string, branchKey: string): RecordRow {
    const customer = adminCustomer(companyId, customerKey);
    const byItsId = records.byId(companyId, 'branch', branchKey);
    const found =
      records.byRef(companyId, 'branch', branchKey, customer.id) ??
      records.byCode(companyId, 'branch', branchKey, customer.id) ??
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

  return { refuseOnRoute, setRoute };
}

/** What the branch and customer deletes ask of routes. */
export type SalesRouteStore = ReturnType<typeof createSalesRouteStore>;
