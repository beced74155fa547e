import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AckResponseSchema,
  AckBodySchema,
  AckEntitySchema,
  BatchAckResponseSchema,
  BatchAckItemSchema,
  IdParamsSchema,
  OrderIdParamsSchema,
  ackEntityScope,
  type BatchAckItemResult,
} from '../../src-shared/wire';
import { requireScope, type Principal } from '../auth';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import { createDocumentStore, type DocumentKind } from '../store/documents';
import { checkItem } from './push-validation';

/**
 * The body of `POST /acks` as the route checks it whole: `entity`, at most 500 `items`, each an object
 * with a string `id` (spec, Acknowledge documents and Limits). The rest of an item is checked against
 * the wire's `BatchAckItemSchema` on its own, so one bad item is that item's error and the others
 * apply (spec: "Each item is applied on its own"; docs/decisions/062-batch-ack-invalid-items.md).
 */
const BatchAckEnvelopeSchema = Type.Object({
  entity: AckEntitySchema,
  items: Type.Array(Type.Object({ id: BatchAckItemSchema.properties.id }), {
    maxItems: 500, // spec, Limits: a batch holds at most 500 items, as in BatchAckBodySchema
  }),
});

/** A hook that refuses the call before its body is checked unless the client holds `scope`. */
function scopeHook(scope: string) {
  return async function checkScope(request: FastifyRequest): Promise<void> {
    requireScope(request, scope);
  };
}

function principalOf(request: FastifyRequest): Principal {
  const principal = request.principal;
  if (!principal)
    throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
  return principal;
}

/**
 * Acks are the ERP's answers, so they are taken only while the company's ERP mode is `api`
 * (docs/decisions/022-ack-conflicts.md: `409 ERP_MODE_NOT_API` for every ack, single or batch).
 */
function requireApiMode(principal: Principal): void {
  if (principal.erpMode === 'api') return;
  throw new ApiError(
    'ERP_MODE_NOT_API',
    `The company ${principal.companyCode} works in ERP mode "${principal.erpMode}": its office answers documents by hand, so the interface takes no acks. An administrator can switch the ERP mode to "api".`,
    { details: [{ field: 'erp_mode', value: principal.erpMode }] },
  );
}

/**
 * Acknowledge documents (spec, Acknowledge documents): `POST /orders/{orderId}/ack`,
 * `/invoices/{id}/ack` (docs/decisions/006-single-invoice-ack-path.md; what it does:
 * docs/decisions/020-invoice-acks.md), `/payments/{id}/ack`,
 * `/returns/{id}/ack`, and the batch `POST /acks`. Every one is a write under an Idempotency-Key,
 * applied in one transaction with its stored answer.
 */
export async function ackRoutes(app: SandboxApp): Promise<void> {
  const { db, clock, idempotentWrite } = app.sandbox;
  const store = createDocumentStore(db);

  const single: ReadonlyArray<{ kind: Exclude<DocumentKind, 'order'>; path: string; scope: string }> = [
    { kind: 'invoice', path: '/invoices/:id/ack', scope: 'invoices:write' },
    { kind: 'payment', path: '/payments/:id/ack', scope: 'payments:write' },
    { kind: 'return', path: '/returns/:id/ack', scope: 'returns:write' },
  ];

  app.post(
    '/orders/:orderId/ack',
    {
      schema: { params: OrderIdParamsSchema, body: AckBodySchema, response: { 200: AckResponseSchema } },
      preValidation: scopeHook('orders:write'),
    },
    async (request, reply) =>
      idempotentWrite(request, reply, () => {
        const principal = principalOf(request);
        requireApiMode(principal);
        const data = store.applyAck(
          principal.companyId,
          'order',
          request.params.orderId,
          request.body,
          principal.clientId,
          clock.nowIso(),
          {
            id: 'params.orderId',
            body: 'body.',
          },
        );
        return { status: 200, body: { data } };
      }),
  );

  for (const { kind, path, scope } of single) {
    app.post(
      path,
      {
        schema: { params: IdParamsSchema, body: AckBodySchema, response: { 200: AckResponseSchema } },
        preValidation: scopeHook(scope),
      },
      async (request, reply) =>
        idempotentWrite(request, reply, () => {
          const principal = principalOf(request);
          requireApiMode(principal);
          const data = store.applyAck(
            principal.companyId,
            kind,
            request.params.id,
            request.body,
            principal.clientId,
            clock.nowIso(),
            {
              id: 'params.id',
              body: 'body.',
            },
          );
          return { status: 200, body: { data } };
        }),
    );
  }

  // Batch: each item is checked and applied on its own (a savepoint each), and an item's refusal is
  // reported in its result, never thrown (spec, Acknowledge documents and Errors: "A batch call answers
  // 200 with per-item errors"). A failed item answers `result: "failed"`
  // (docs/decisions/007-ack-bodies.md); an item that fails its schema is failed with 422
  // INVALID_REQUEST in its `error` (docs/decisions/062-batch-ack-invalid-items.md).
  app.post(
    '/acks',
    { schema: { body: BatchAckEnvelopeSchema, response: { 200: BatchAckResponseSchema } } },
    async (request, reply) => {
      requireScope(request, ackEntityScope(request.body.entity));
      return idempotentWrite(request, reply, () => {
        const principal = principalOf(request);
        requireApiMode(principal);
        const { entity, items } = request.body;
        const now = clock.nowIso();
        const meta = { applied: 0, failed: 0, unchanged: 0 };
        const data = items.map((sent, index): BatchAckItemResult => {
          const fields = { id: `body.items.${index}.id`, body: `body.items.${index}.` };
          try {
            const item = checkItem(request, BatchAckItemSchema, sent, `body.items.${index}`);
            if (!item.ok) {
              throw new ApiError(
                'INVALID_REQUEST',
                'The item is not a valid ack; see details. It was not applied; each other item was applied on its own.',
                { status: 422, details: item.details },
              );
            }
            const result = db.transaction(() =>
              store.applyAck(
                principal.companyId,
                entity,
                sent.id,
                item.value,
                principal.clientId,
                now,
                fields,
              ),
            )();
            meta[result.result] += 1;
            return result;
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            meta.failed += 1;
            const row = store.find(principal.companyId, entity, sent.id);
            return {
              result: 'failed',
              id: sent.id,
              ...(row ? { status: row.status, version: row.version } : {}),
              error: {
                code: error.code,
                details: error.details,
                message: error.message,
                retryable: error.retryable,
                status: error.status,
              },
            };
          }
        });
        return { status: 200, body: { data, meta } };
      });
    },
  );
}
