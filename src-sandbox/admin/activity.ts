import { Type } from 'typebox';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import { runActivity } from '../simulator/activity';
import { UnchangeablePaymentError } from '../simulator/activities/payments';
import { officeUser } from '../simulator/catalog';
import { dateOf } from '../simulator/format';
import { createPrng, seedOf } from '../simulator/prng';
import { loadWorld, seedMasterData } from '../simulator/world';
import { createDocumentStore, reserveCounter } from '../store/documents';
import { companyByCode } from '../store/platform';

/** At most this many of one activity per call: a call runs in one transaction. */
const maxPerActivity = 20_000;

const count = Type.Optional(Type.Integer({ minimum: 0, maximum: maxPerActivity }));
const SimulateBody = Type.Object(
  {
    company: Type.Optional(Type.String({ minLength: 1 })),
    orders: count,
    invoices: count,
    payments: count,
    returns: count,
    reversals: count,
    cheque_bounces: count,
    receipt_voids: count,
    // The payments the reversals, cheque bounces and receipt voids change, in that order (a test that
    // needs a given payment changed); changes beyond them pick a payment at random.
    payment_ids: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
const OrderParams = Type.Object({ id: Type.String({ minLength: 1 }) });
const ReturnDecisionBody = Type.Object(
  { approved: Type.Boolean(), note: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);

/**
 * The console's field activity (../shared/spec/sandbox-contract.md, Admin API):
 *
 * - `POST /_sandbox/simulate`: orders, invoices, payments, returns, reversals, cheque bounces and
 *   receipt voids made now through the flows a rep's phone would take; answers
 *   `{created: {kind: [ids]}}` (docs/decisions/026-demo-data-and-simulator.md). A company with no
 *   catalogue of its own gets the demo catalogue first.
 * - `POST /_sandbox/orders/{id}/resend`: the office sends an `ERP_FAILED` order again: `ERP_PENDING`
 *   at a new version, awaiting a new answer (docs/decisions/023-order-lifecycle.md); answers the order.
 * - `POST /_sandbox/returns/{id}/decide` `{approved, note?}`: the office decides a return's approval:
 *   the return changes at a new version (pending again); answers the return.
 */
export async function activityAdminRoutes(app: SandboxApp): Promise<void> {
  const { db, clock } = app.sandbox;
  const store = createDocumentStore(db);

  app.post('/simulate', { schema: { body: SimulateBody } }, async (request) => {
    const body = request.body;
    const company = companyByCode(db, body.company ?? 'DEMO');
    const simulate = db.transaction(() => {
      const seedRow = db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as
        { value: string } | undefined;
      const version = db
        .prepare("SELECT value FROM counters WHERE company_id = ? AND name = 'version'")
        .get(company.id) as { value: number } | undefined;
      // Deterministic from the store's seed and how far the company has come (docs/decisions/026).
      const rng = createPrng(seedOf(seedRow?.value ?? '1', company.code, version?.value ?? 0));
      const today = dateOf(clock.nowMs());
      if (
        !db
          .prepare("SELECT 1 FROM records WHERE company_id = ? AND entity = 'sales_rep' LIMIT 1")
          .get(company.id)
      ) {
        seedMasterData(db, company.id, rng, clock.nowMs() - 30 * 86_400_000);
      }
      const world = loadWorld(db, company.id, today);
      return runActivity(
        db,
        world,
        {
          orders: body.orders ?? 0,
          invoices: body.invoices ?? 0,
          payments: body.payments ?? 0,
          returns: body.returns ?? 0,
          reversals: body.reversals ?? 0,
          chequeBounces: body.cheque_bounces ?? 0,
          receiptVoids: body.receipt_voids ?? 0,
        },
        { rng, nowMs: () => clock.nowMs(), targets: body.payment_ids ?? [] },
      );
    });
    let created: ReturnType<typeof simulate>;
    try {
      created = simulate();
    } catch (error) {
      // Nothing was made: the call is one transaction.
      if (!(error instanceof UnchangeablePaymentError)) throw error;
      throw new ApiError('INVALID_REQUEST', error.message, {
        status: 422,
        details: [{ field: 'payment_ids', value: error.paymentId }],
      });
    }
    return { created };
  });

  app.post('/orders/:id/resend', { schema: { params: OrderParams } }, async (request, reply) => {
    const text = db.transaction(() => {
      const row = store.findById(request.params.id);
      if (!row || row.kind !== 'order')
        throw new ApiError('NOT_FOUND', `No order has the id ${request.params.id}.`);
      if (row.status !== 'ERP_FAILED') {
        throw new ApiError(
          'INVALID_REQUEST',
          `Order ${row.number} is ${row.status}; only an ERP_FAILED order can be sent again.`,
          {
            status: 409,
            details: [{ field: 'status', value: row.status }],
          },
        );
      }
      store.setStatus(row, 'ERP_PENDING', clock.nowIso(), true);
      return store.serveOne(row.company_id, 'order', row.id);
    })();
    return reply.type('application/json; charset=utf-8').send(text);
  });

  // The office decides a return's approval: the return changes at a new version, and an answer to an
  // earlier version is no longer current (spec, Ack: "when the document changes later it is pending
  // again"; docs/decisions/024-payment-return-invoice-states.md).
  app.post(
    '/returns/:id/decide',
    { schema: { params: OrderParams, body: ReturnDecisionBody } },
    async (request, reply) => {
      const text = db.transaction(() => {
        const row = store.findById(request.params.id);
        if (!row || row.kind !== 'return')
          throw new ApiError('NOT_FOUND', `No return has the id ${request.params.id}.`);
        const now = clock.nowIso();
        const body = JSON.parse(row.body) as { version: number; updated_at: string; status: string } & Record<
          string,
          unknown
        >;
        body.approval = {
          decided_at: now,
          decided_by: officeUser,
          note:
            request.body.note ??
            (request.body.approved ? 'Approved by the office.' : 'Refused by the office.'),
          ...(request.body.approved ? {} : { held_reason: 'Refused by the office' }),
        };
        body.version = reserveCounter(db, row.company_id, 'version');
        body.updated_at = now;
        store.change(row.id, 'return', body);
        return store.serveOne(row.company_id, 'return', row.id);
      })();
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );
}
