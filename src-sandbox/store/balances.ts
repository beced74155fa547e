import type { Database } from 'better-sqlite3';
import type { BalanceBody, LookupBalance, PushResponseData } from '../../src-shared/wire';
import type { SandboxClock } from '../clock';
import { refuseMissing, type MasterDataStore, type RecordRow } from './master-data';

interface BalanceRow {
  customer_id: string;
  company_id: string;
  balance: number;
  credit_limit: number | null;
  as_of: string;
  updated_at: string;
}

interface DocumentRow {
  kind: string;
  body: string;
  outcome: string | null;
}

/** The member at `path` of parsed JSON, or undefined: documents are read, never cast. */
function member(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in current)) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

/** Cents of a decimal string such as `"1250.50"` (amounts of pulled documents have 2 decimals). */
function cents(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** Milliseconds of an ISO time, or NaN. */
function timeMs(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Whether a payment still stands as money collected: not reversed, its cheque not bounced, its
 * receipt not voided (docs/decisions/035-balances-and-current-balance.md).
 */
function paymentStands(body: unknown): boolean {
  if (isPresent(member(body, 'reversal'))) return false;
  if (isPresent(member(body, 'cheque', 'bounce_reason')) || member(body, 'cheque', 'status') === 'BOUNCED')
    return false;
  return !isPresent(member(body, 'receipt', 'voided_at'));
}

/** What the balance store offers the push and lookup routes. */
export type BalanceStore = ReturnType<typeof createBalanceStore>;

/**
 * Customer balances (spec, Push master data: Balances): the ERP's balance taken at `as_of`, and
 * the service's current balance built on it.
 *
 * docs/decisions/035-balances-and-current-balance.md.
 */
export function createBalanceStore(db: Database, clock: SandboxClock, records: MasterDataStore) {
  const q = {
    get: db.prepare('SELECT * FROM balances WHERE customer_id = ?'),
    put: db.prepare(`INSERT INTO balances(customer_id, company_id, balance, credit_limit, as_of, updated_at)
      VALUES (@customer_id, @company_id, @balance, @credit_limit, @as_of, @updated_at)
      ON CONFLICT(customer_id) DO UPDATE SET balance = excluded.balance, credit_limit = excluded.credit_limit,
        as_of = excluded.as_of, updated_at = excluded.updated_at`),
    documents:
      db.prepare(`SELECT d.kind, d.body, a.outcome FROM documents d LEFT JOIN acks a ON a.id = d.ack_id
      WHERE d.company_id = ? AND d.customer_id = ? AND d.kind IN ('invoice', 'payment')`),
  };

  /**
   * `PUT /customers/{ref}/balance`: `updated` each time, taken at its `as_of`, unless that is
   * older than the last pushed one (`stale`, nothing written). The customer is addressed by its
   * ERP key and may be tombstoned; an `updated` balance moves the customer's version, since phones
   * show it with the customer.
   */
  function pushBalance(companyId: string, ref: string, body: BalanceBody): PushResponseData {
    const customer = records.byRef(companyId, 'customer', ref);
    if (!customer) refuseMissing([{ entity: 'customer', ref, field: 'ref' }]);
    const id = customer?.id ?? '';
    const asOf = new Date(Date.parse(body.as_of)).toISOString();
    const stored = q.get.get(id) as BalanceRow | undefined;
    if (stored && Date.parse(stored.as_of) > Date.parse(asOf)) {
      return { entity: 'balance', external_ref: ref, id, result: 'stale' };
    }
    q.put.run({
      customer_id: id,
      company_id: companyId,
      balance: body.balance,
      credit_limit: body.credit_limit ?? null,
      as_of: asOf,
      updated_at: clock.nowIso(),
    });
    records.touch(companyId, id);
    return { entity: 'balance', external_ref: ref, id, result: 'updated' };
  }

  /**
   * The service's current balance of a customer: the ERP's balance at `as_of` (0 if none was
   * pushed) plus invoices issued after it, minus payments collected after it, counting only
   * documents whose ack is not `ACCEPTED`; returns are not counted (spec, Push master data:
   * Balances). Sums are in cents so that no float error creeps in.
   */
  function currentBalance(customer: RecordRow): LookupBalance {
    const stored = q.get.get(customer.id) as BalanceRow | undefined;
    const asOfMs = stored ? Date.parse(stored.as_of) : -Infinity;
    let total = stored ? Math.round(stored.balance * 100) : 0;
    for (const row of q.documents.all(customer.company_id, customer.id) as DocumentRow[]) {
      if (row.outcome === 'ACCEPTED') continue;
      const body: unknown = JSON.parse(row.body);
      if (row.kind === 'invoice') {
        if (timeMs(member(body, 'issued_at')) > asOfMs) total += cents(member(body, 'totals', 'total'));
      } else if (timeMs(member(body, 'collected_at')) > asOfMs && paymentStands(body)) {
        total -= cents(member(body, 'amount'));
      }
    }
    const customerLimit = member(JSON.parse(customer.body), 'credit_limit');
    return {
      erp_balance: stored ? stored.balance : null,
      as_of: stored ? stored.as_of : null,
      current_balance: total / 100,
      credit_limit: stored?.credit_limit ?? (typeof customerLimit === 'number' ? customerLimit : null),
    };
  }

  return { pushBalance, currentBalance };
}
