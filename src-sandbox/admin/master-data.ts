import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { createMasterDataStore } from '../store/master-data';
import { companyByCode } from '../store/platform';

const ServiceCustomerBody = Type.Object({
  company: Type.Optional(Type.String({ minLength: 1 })),
  code: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ minLength: 1 }),
});
const RouteBody = Type.Object({
  company: Type.Optional(Type.String({ minLength: 1 })),
  customer_ref: Type.String({ minLength: 1 }),
  branch_ref: Type.String({ minLength: 1 }),
});

/**
 * The console's master-data actions of ../shared/spec/sandbox-contract.md: a customer created in the
 * service (no ERP key), and routes visiting branches (`BRANCH_ON_ROUTE`). `customer_ref` and
 * `branch_ref` are ERP keys, or, for records that started in the service, their code or service id
 * (docs/decisions/032-tombstones-and-routes.md).
 */
export async function masterDataAdminRoutes(app: SandboxApp): Promise<void> {
  const { db, clock } = app.sandbox;
  const store = createMasterDataStore(db, clock);
  const companyId = (code: string | undefined): string => companyByCode(db, code ?? 'DEMO').id;

  app.post('/customers', { schema: { body: ServiceCustomerBody } }, async (request) => {
    const { company, code, name } = request.body;
    const serviceId = db.transaction(() => store.createServiceCustomer(companyId(company), code, name))();
    return { service_id: serviceId };
  });

  app.post('/routes', { schema: { body: RouteBody } }, async (request) => {
    const { company, customer_ref: customerRef, branch_ref: branchRef } = request.body;
    store.setRoute(companyId(company), customerRef, branchRef, true);
    return { ok: true };
  });

  app.delete('/routes', { schema: { body: RouteBody } }, async (request) => {
    const { company, customer_ref: customerRef, branch_ref: branchRef } = request.body;
    store.setRoute(companyId(company), customerRef, branchRef, false);
    return { ok: true };
  });
}
