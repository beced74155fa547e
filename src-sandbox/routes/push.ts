import type { FastifyRequest } from 'fastify';
import { endpoints } from '../../src-shared/wire';
import type { SandboxApp } from '../context';
import { createBalanceStore } from '../store/balances';
import { createMasterDataStore } from '../store/master-data';
import { batchRoutes } from './push-batch';
import { needsScope } from './push-validation';

/**
 * The master-data pushes (spec, Push master data): units, products and their sellable units, price
 * lists and prices, customers, branches and their tombstones, balances, and the batches.
 *
 * Every write goes through `idempotentWrite`: the store runs inside its transaction and refuses by
 * throwing `ApiError`, so a refused call writes nothing. Schema failures are answered by the app's
 * error handler (422 for a body or a malformed `{ref}`: spec, Errors).
 */
export async function pushRoutes(app: SandboxApp): Promise<void> {
  const { db, clock, idempotentWrite } = app.sandbox;
  const store = createMasterDataStore(db, clock);
  const balances = createBalanceStore(db, clock, store);
  const company = (request: FastifyRequest): string => request.principal?.companyId ?? '';

  const { unitPush, productPush, productUnitsPush, priceListPush, pricesPush } = endpoints;
  const { customerPush, customerDelete, branchPush, branchDelete, balancePush } = endpoints;

  app.put(
    unitPush.path,
    {
      schema: { params: unitPush.params, body: unitPush.body, response: { 200: unitPush.response } },
      preValidation: needsScope(unitPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushUnit(company(request), request.params.ref, request.body) },
      })),
  );

  app.put(
    productPush.path,
    {
      schema: { params: productPush.params, body: productPush.body, response: { 200: productPush.response } },
      preValidation: needsScope(productPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushProduct(company(request), request.params.ref, request.body) },
      })),
  );

  app.put(
    productUnitsPush.path,
    {
      schema: {
        params: productUnitsPush.params,
        body: productUnitsPush.body,
        response: { 200: productUnitsPush.response },
      },
      preValidation: needsScope(productUnitsPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushProductUnits(company(request), request.params.ref, request.body) },
      })),
  );

  app.put(
    priceListPush.path,
    {
      schema: {
        params: priceListPush.params,
        body: priceListPush.body,
        response: { 200: priceListPush.response },
      },
      preValidation: needsScope(priceListPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushPriceList(company(request), request.params.ref, request.body) },
      })),
  );

  app.put(
    pricesPush.path,
    {
      schema: {
        params: pricesPush.params,
        querystring: pricesPush.query,
        body: pricesPush.body,
        response: { 200: pricesPush.response },
      },
      preValidation: needsScope(pricesPush.scope),
    },
    async (request, reply) => {
      const mode = request.query.mode ?? 'merge'; // spec, Push master data: merge is the default
      return idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushPrices(company(request), request.params.ref, mode, request.body) },
      }));
    },
  );

  app.put(
    customerPush.path,
    {
      schema: {
        params: customerPush.params,
        body: customerPush.body,
        response: { 200: customerPush.response },
      },
      preValidation: needsScope(customerPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.pushCustomer(company(request), request.params.ref, request.body) },
      })),
  );

  app.delete(
    customerDelete.path,
    {
      schema: { params: customerDelete.params, response: { 200: customerDelete.response } },
      preValidation: needsScope(customerDelete.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.deleteCustomer(company(request), request.params.ref) },
      })),
  );

  app.put(
    branchPush.path,
    {
      schema: { params: branchPush.params, body: branchPush.body, response: { 200: branchPush.response } },
      preValidation: needsScope(branchPush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: {
          data: store.pushBranch(
            company(request),
            request.params.ref,
            request.params.branch_ref,
            request.body,
          ),
        },
      })),
  );

  app.delete(
    branchDelete.path,
    {
      schema: { params: branchDelete.params, response: { 200: branchDelete.response } },
      preValidation: needsScope(branchDelete.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: store.deleteBranch(company(request), request.params.ref, request.params.branch_ref) },
      })),
  );

  app.put(
    balancePush.path,
    {
      schema: { params: balancePush.params, body: balancePush.body, response: { 200: balancePush.response } },
      preValidation: needsScope(balancePush.scope),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => ({
        status: 200,
        body: { data: balances.pushBalance(company(request), request.params.ref, request.body) },
      })),
  );

  await batchRoutes(app, store, balances);
}
