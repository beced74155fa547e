import type { Static, TSchema } from 'typebox';
import {
  BatchPushBodySchema,
  RecordKeySchema,
  endpoints,
  type BatchPushItemResult,
  type EndpointDef,
  type PushResponseData,
  type Scope,
} from '../../src-shared/wire';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import type { BalanceStore } from '../store/balances';
import type { MasterDataStore } from '../store/master-data';
import { checkItem, needsScope } from './push-validation';

/**
 * `POST /batch/{products|units|balances}` (spec, Push master data: Batch): at most 500 items, each
 * applied on its own in a SAVEPOINT so a failed item writes nothing while the others apply; HTTP
 * 200 with `ok`/`result`/`error` per item and `meta` `applied`/`failed`. The whole batch is one
 * request for the rate limit and one `Idempotency-Key`.
 *
 * Items are checked against the single PUT's body schema on their own; `stale` and `unchanged`
 * items count as applied (docs/decisions/036-batch-items.md).
 */
export async function batchRoutes(
  app: SandboxApp,
  store: MasterDataStore,
  balances: BalanceStore,
): Promise<void> {
  const { db, idempotentWrite } = app.sandbox;
  // A nested better-sqlite3 transaction is a SAVEPOINT: a throw rolls back this item only.
  const inSavepoint = db.transaction((apply: () => PushResponseData) => apply());

  function batch<T extends TSchema>(
    def: EndpointDef & { readonly itemBody: T; readonly scope: Scope },
    apply: (companyId: string, ref: string, body: Static<T>) => PushResponseData,
  ): void {
    app.post(
      def.path,
      {
        schema: { body: BatchPushBodySchema, response: { 200: def.response } },
        preValidation: needsScope(def.scope),
      },
      async (request, reply) => {
        const companyId = request.principal?.companyId ?? '';
        return idempotentWrite(request, reply, () => {
          const data: BatchPushItemResult[] = [];
          let failed = 0;
          for (const item of request.body.items) {
            const ref = checkItem(request, RecordKeySchema, item.ref, 'ref');
            const body = checkItem(request, def.itemBody, item.body, 'body');
            try {
              if (!ref.ok || !body.ok) {
                const details = [...(ref.ok ? [] : ref.details), ...(body.ok ? [] : body.details)];
                throw new ApiError(
                  'INVALID_REQUEST',
                  'The item is not valid; see details. It was not written.',
                  {
                    status: 422,
                    details,
                  },
                );
              }
              const result = inSavepoint(() => apply(companyId, ref.value, body.value));
              data.push({ ref: item.ref, ok: true, result, error: null });
            } catch (error) {
              if (!(error instanceof ApiError)) throw error;
              failed += 1;
              const { code, message, details } = error;
              data.push({ ref: item.ref, ok: false, result: null, error: { code, message, details } });
            }
          }
          return { status: 200, body: { data, meta: { applied: data.length - failed, failed } } };
        });
      },
    );
  }

  batch(endpoints.batchProducts, (companyId, ref, body) => store.pushProduct(companyId, ref, body));
  batch(endpoints.batchUnits, (companyId, ref, body) => store.pushUnit(companyId, ref, body));
  batch(endpoints.batchBalances, (companyId, ref, body) => balances.pushBalance(companyId, ref, body));
}
