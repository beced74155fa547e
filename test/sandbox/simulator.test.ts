import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  InvoiceSchema,
  OrderSchema,
  PaymentSchema,
  ReturnSchema,
  type Invoice,
  type Order,
  type Payment,
  type Return,
} from '../../src-shared/wire';
import { buildSandbox } from '../../src-sandbox/app';
import { fixedClock } from '../support/fixed-clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { ensureDemo } from '../../src-sandbox/demo';
import { staticReferenceLists } from '../../src-sandbox/routes/reference';
import { seedDemoCompany } from '../../src-sandbox/simulator/seed';
import { openStore } from '../../src-sandbox/store/db';
import { createDocumentStore, type DocumentKind } from '../../src-sandbox/store/documents';
import { createCompany } from '../../src-sandbox/store/platform';

// The demo data and the activity simulator (docs/decisions/024 and 026): deterministic by seed,
// every document valid against the wire schemas, money that adds up, returns naming real invoice
// lines, and the console's /simulate making activity through the same flows.

const dirs: string[] = [];
function tempStore(): { db: Database; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sim-test-'));
  dirs.push(dir);
  return { db: openStore(dir), dir };
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function seeded(seed: number, docs: number): Database {
  const { db } = tempStore();
  db.transaction(() =>
    seedDemoCompany(db, fixedClock, createCompany(db, fixedClock, 'DEMO', 'Demo').id, { seed, docs }),
  )();
  return db;
}

function snapshot(db: Database): unknown[] {
  return [
    db
      .prepare(
        'SELECT id, kind, number, version, seq, status, updated_at, body FROM documents ORDER BY version',
      )
      .all(),
    db.prepare('SELECT id, entity, parent_id, code, version, body FROM records ORDER BY version').all(),
    db.prepare('SELECT * FROM prices ORDER BY list_id, product_id, unit_id').all(),
  ];
}

const cents = (text: string): number => Math.round(Number(text) * 100);
const milli = (text: string): number => Math.round(Number(text) * 1000);
const codes = (kind: keyof typeof staticReferenceLists): string[] =>
  staticReferenceLists[kind].map((entry) => entry.code);

describe('the demo seed', () => {
  it('is deterministic by seed', () => {
    const a = snapshot(seeded(3, 15));
    expect(snapshot(seeded(3, 15))).toEqual(a);
    expect(snapshot(seeded(4, 15))).not.toEqual(a);
  });

  describe('with 30 documents of each kind', () => {
    let db: Database;
    const served = new Map<DocumentKind, unknown[]>();
    beforeAll(() => {
      db = seeded(1, 30);
      const store = createDocumentStore(db);
      const rows = db.prepare('SELECT company_id, kind, id FROM documents ORDER BY version').all() as Array<{
        company_id: string;
        kind: DocumentKind;
        id: string;
      }>;
      for (const row of rows)
        served.set(row.kind, [
          ...(served.get(row.kind) ?? []),
          JSON.parse(store.serveOne(row.company_id, row.kind, row.id).toString()),
        ]);
    });
    const orders = (): Order[] =>
      served.get('order')!.filter((d): d is Order => Compile(OrderSchema).Check(d));
    const invoices = (): Invoice[] =>
      served.get('invoice')!.filter((d): d is Invoice => Compile(InvoiceSchema).Check(d));
    const payments = (): Payment[] =>
      served.get('payment')!.filter((d): d is Payment => Compile(PaymentSchema).Check(d));
    const returns = (): Return[] =>
      served.get('return')!.filter((d): d is Return => Compile(ReturnSchema).Check(d));

    it('makes the documents of docs/decisions/026, each valid against its wire schema', () => {
      expect(served.get('order')).toHaveLength(60);
      expect(orders()).toHaveLength(60);
      expect(invoices()).toHaveLength(30);
      expect(payments()).toHaveLength(30);
      expect(returns()).toHaveLength(30);
      expect(orders().filter((o) => o.status === 'ERP_PENDING')).toHaveLength(30);
      expect(orders().filter((o) => o.status === 'DELIVERED')).toHaveLength(30);
      const statuses = payments()
        .map((p) => p.status)
        .sort();
      expect(statuses.filter((s) => s === 'REVERSED')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'BOUNCED')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'VOIDED')).toHaveLength(1);
    });

    it('gives every change its own version, and issued documents gap-free seqs', () => {
      const versions = db
        .prepare('SELECT version FROM documents UNION ALL SELECT version FROM records')
        .all() as Array<{ version: number }>;
      expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
      for (const docs of [invoices(), payments(), returns()]) {
        expect(docs.map((d) => d.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          Array.from({ length: 30 }, (_, i) => i + 1),
        );
      }
    });

    it('has order and invoice lines, taxes and totals that add up', () => {
      for (const order of orders()) {
        let subtotal = 0,
          discount = 0,
          tax = 0;
        for (const line of order.lines) {
          const taxed = cents(line.amount) - cents(line.discount);
          expect(cents(line.amount)).toBe(Math.round((milli(line.quantity) * cents(line.unit_price)) / 1000));
          for (const t of line.tax) expect(cents(t.amount)).toBe(Math.round((taxed * Number(t.rate)) / 100));
          expect(cents(line.line_total)).toBe(taxed + line.tax.reduce((a, t) => a + cents(t.amount), 0));
          if (line.is_free_goods)
            expect([line.line_total, line.promotion_code]).toEqual(['0.00', 'PROMO-12+1']);
          subtotal += cents(line.amount);
          discount += cents(line.discount);
          tax += line.tax.reduce((a, t) => a + cents(t.amount), 0);
        }
        expect(order.totals).toEqual({
          subtotal: (subtotal / 100).toFixed(2),
          discount: (discount / 100).toFixed(2),
          tax: (tax / 100).toFixed(2),
          net: ((subtotal - discount) / 100).toFixed(2),
          gross: ((subtotal - discount + tax) / 100).toFixed(2),
        });
        for (const t of order.lines.flatMap((l) => l.tax)) expect(codes('tax-codes')).toContain(t.code);
      }
      const byId = new Map(orders().map((o) => [o.id, o]));
      for (const invoice of invoices()) {
        const order = byId.get(invoice.handover_id ?? '');
        expect(order?.status).toBe('DELIVERED');
        expect(invoice.order).toMatchObject({
          id: order!.id,
          number: order!.number,
          status: 'DELIVERED',
          customer: order!.customer,
          branch: order!.branch,
        });
        expect(invoice.number.endsWith(String(invoice.seq).padStart(6, '0'))).toBe(true);
        let subtotal = 0,
          discount = 0,
          tax = 0;
        invoice.lines.forEach((line, i) => {
          const orderLine = order!.lines[i]!;
          expect([
            line.product,
            line.unit,
            line.quantity,
            line.unit_price,
            line.discount,
            line.line_total,
          ]).toEqual([
            orderLine.product,
            orderLine.unit,
            orderLine.quantity,
            orderLine.unit_price,
            orderLine.discount,
            orderLine.line_total,
          ]);
          expect(line.description).toMatch(/ \/ /);
          subtotal += Math.round((milli(line.quantity) * cents(line.unit_price)) / 1000);
          discount += cents(line.discount);
          tax += line.tax.reduce((a, t) => a + cents(t.amount), 0);
        });
        expect(invoice.totals).toEqual({
          subtotal: (subtotal / 100).toFixed(2),
          discount: (discount / 100).toFixed(2),
          tax: (tax / 100).toFixed(2),
          total: ((subtotal - discount + tax) / 100).toFixed(2),
        });
        expect(['VALID', 'INVALID']).toContain(invoice.tax_submission?.status);
      }
    });

    it('has payments whose allocations and on_account make the amount, on real invoices of the customer', () => {
      const byId = new Map(invoices().map((i) => [i.id, i]));
      const allocated = new Map<string, number>();
      for (const payment of payments()) {
        const allocations = payment.allocations.reduce((a, x) => a + cents(x.amount), 0);
        expect(allocations + cents(payment.on_account)).toBe(cents(payment.amount));
        expect(cents(payment.on_account)).toBeGreaterThanOrEqual(0);
        for (const allocation of payment.allocations) {
          const invoice = byId.get(allocation.invoice?.id ?? '');
          expect(invoice?.customer.id).toBe(payment.customer.id);
          expect(allocation.reference).toBe(invoice!.number);
          if (payment.status === 'RECORDED')
            allocated.set(invoice!.id, (allocated.get(invoice!.id) ?? 0) + cents(allocation.amount));
        }
        expect(codes('payment-methods')).toContain(payment.method);
        expect(payment.cheque != null).toBe(payment.method === 'CHEQUE');
        if (payment.cheque) {
          expect(payment.reference).toBe(payment.cheque.number);
          expect(payment.cheque.due_on! >= payment.collection_date).toBe(true);
          expect(codes('cheque-statuses')).toContain(payment.cheque.status);
        }
        expect(payment.receipt).toMatchObject({ seq: payment.seq, issued_at: payment.collected_at });
        expect(payment.receipt!.balance_after).toMatch(/^-?\d+\.\d{2}$/);
        if (payment.status === 'REVERSED')
          expect(payment.reversal).toMatchObject({ reversed_by: 'office@demo' });
        if (payment.status === 'VOIDED') expect(payment.receipt?.voided_at).toBe(payment.updated_at);
        if (payment.status === 'BOUNCED') expect(payment.cheque).toMatchObject({ status: 'BOUNCED' });
      }
      for (const [id, sum] of allocated) expect(sum).toBeLessThanOrEqual(cents(byId.get(id)!.totals.total));
    });

    it('has returns naming real invoice lines, never more than was invoiced', () => {
      const byId = new Map(invoices().map((i) => [i.id, i]));
      const taken = new Map<string, number>();
      for (const ret of returns()) {
        const invoice = byId.get(ret.invoice.id)!;
        expect(ret.invoice).toMatchObject({ number: invoice.number, seq: invoice.seq });
        expect([ret.customer.id, ret.branch.id]).toEqual([invoice.customer.id, invoice.branch.id]);
        expect(codes('return-reasons')).toContain(ret.reason);
        expect(ret.location.code).toBe('RET');
        let total = 0;
        for (const line of ret.lines) {
          const source = invoice.lines.find((l) => l.line_number === line.invoice_line_number)!;
          expect([line.product, line.unit, line.unit_price]).toEqual([
            source.product,
            source.unit,
            source.unit_price,
          ]);
          expect(source.is_free_goods).toBe(false);
          expect(cents(line.line_total)).toBe(
            Math.round((cents(source.line_total) * milli(line.quantity)) / milli(source.quantity)),
          );
          expect(line.is_expired).toBe(ret.reason === 'EXPIRED');
          const key = `${invoice.id} ${source.line_number}`;
          taken.set(key, (taken.get(key) ?? 0) + milli(line.quantity));
          expect(taken.get(key)!).toBeLessThanOrEqual(milli(source.quantity));
          total += cents(line.line_total);
        }
        expect(cents(ret.total)).toBe(total);
        expect(ret.credit_note_number != null).toBe(ret.approval?.decided_at != null);
      }
    });

    it('seeds master data with codes, no ERP keys, and names in English and Arabic', () => {
      const counts = Object.fromEntries(
        (
          db.prepare('SELECT entity, COUNT(*) AS n FROM records GROUP BY entity').all() as Array<{
            entity: string;
            n: number;
          }>
        ).map((r) => [r.entity, r.n]),
      );
      expect(counts).toMatchObject({
        unit: 6,
        product: 40,
        price_list: 2,
        customer: 30,
        sales_rep: 6,
        warehouse: 3,
      });
      expect(counts.branch).toBeGreaterThanOrEqual(30);
      expect(
        db.prepare('SELECT COUNT(*) AS n FROM records WHERE external_ref IS NOT NULL OR code IS NULL').get(),
      ).toEqual({ n: 0 });
      for (const row of db
        .prepare("SELECT body FROM records WHERE entity IN ('product', 'customer', 'unit')")
        .all() as Array<{ body: string }>) {
        const name = (JSON.parse(row.body) as { name: Record<string, string> }).name;
        expect(name.en).toBeTruthy();
        expect(name.ar).toMatch(/[\u0600-\u06FF]/);
      }
      expect((db.prepare('SELECT COUNT(*) AS n FROM prices').get() as { n: number }).n).toBeGreaterThan(80);
    });
  });
});

describe('POST /_sandbox/simulate', () => {
  let app: SandboxApp;
  let token: string;
  let adminSecret: string;
  beforeAll(async () => {
    const { db, dir } = tempStore();
    const clock = {
      nowMs: () => Date.now(),
      nowIso: () => new Date().toISOString(),
      advance: () => new Date().toISOString(),
    };
    adminSecret = ensureDemo(db, clock, dir, { seed: 2, docs: 10, rateLimitPerMinute: 100_000 });
    token = readFileSync(join(dir, 'demo-token'), 'utf8').trim();
    app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 100_000, writeDelayMs: 0 }, adminSecret);
  });
  afterAll(async () => {
    await app?.close();
  });

  const admin = async <T>(path: string, body: unknown): Promise<{ status: number; body: T }> => {
    const answer = await app.inject({
      method: 'POST',
      url: `/_sandbox${path}`,
      headers: { authorization: `Bearer ${adminSecret}` },
      payload: body as object,
    });
    return { status: answer.statusCode, body: answer.json<T>() };
  };
  const get = async <T>(path: string): Promise<T> =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/integration/v1${path}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ data: T }>().data;

  it('makes each activity through the flows a phone takes', async () => {
    const answer = await admin<{ created: Record<string, string[]> }>('/simulate', {
      orders: 2,
      invoices: 2,
      payments: 2,
      returns: 2,
      reversals: 1,
      cheque_bounces: 1,
      receipt_voids: 1,
    });
    expect(answer.status).toBe(200);
    const created = answer.body.created;
    expect(created.orders!.length).toBeGreaterThanOrEqual(2);
    expect(
      [
        created.invoices,
        created.returns,
        created.reversals,
        created.cheque_bounces,
        created.receipt_voids,
      ].map((ids) => ids!.length),
    ).toEqual([2, 2, 1, 1, 1]);
    expect(created.payments!.length).toBeGreaterThanOrEqual(2); // a bounce needs a cheque in hand: one may be collected first
    for (const id of created.returns!) {
      const ret = await get<Return>(`/returns/${id}`);
      const invoice = await get<Invoice>(`/invoices/${ret.invoice.id}`);
      for (const line of ret.lines)
        expect(invoice.lines.map((l) => l.line_number)).toContain(line.invoice_line_number);
    }
    const bounced = await get<Payment>(`/payments/${created.cheque_bounces![0]}`);
    expect([bounced.status, bounced.method, bounced.cheque?.status]).toEqual([
      'BOUNCED',
      'CHEQUE',
      'BOUNCED',
    ]);
    expect(bounced.cheque?.bounce_reason).toBeTruthy();
    const reversed = await get<Payment>(`/payments/${created.reversals![0]}`);
    expect(reversed.status).toBe('REVERSED');
    expect(reversed.reversal?.reversed_at).toBe(reversed.updated_at);
  });

  it('reverses, bounces or voids the payments asked for by id, in order, and refuses one it cannot change', async () => {
    const { created } = (await admin<{ created: Record<string, string[]> }>('/simulate', { payments: 3 }))
      .body;
    const [first, second] = created.payments!;
    const changed = await admin<{ created: Record<string, string[]> }>('/simulate', {
      reversals: 1,
      receipt_voids: 1,
      payment_ids: [second, first],
    });
    expect(changed.status).toBe(200);
    expect([changed.body.created.reversals, changed.body.created.receipt_voids]).toEqual([[second], [first]]);
    expect((await get<Payment>(`/payments/${second}`)).status).toBe('REVERSED');
    expect((await get<Payment>(`/payments/${first}`)).status).toBe('VOIDED');

    // A reversed payment cannot be reversed again: nothing is made, and the call says which one.
    const refused = await admin<{ error: { code: string; details: Array<{ value: string }> } }>('/simulate', {
      orders: 1,
      reversals: 1,
      payment_ids: [second],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('INVALID_REQUEST');
    expect(refused.body.error.details[0]!.value).toBe(second);
  });

  it('delivers an order the ERP confirmed, carrying its ERP number into the invoice', async () => {
    const pending = (
      await app.inject({
        method: 'GET',
        url: '/api/integration/v1/orders?filter[ack]=pending&per_page=1',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ data: Order[] }>().data[0]!;
    const ack = await app.inject({
      method: 'POST',
      url: `/api/integration/v1/orders/${pending.id}/ack`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'confirm-1' },
      payload: { outcome: 'ACCEPTED', external_number: 'ERP-SO-555', external_ref: 'SO-555' },
    });
    expect(ack.statusCode).toBe(200);
    const answer = await admin<{ created: { invoices: string[]; orders: string[] } }>('/simulate', {
      invoices: 1,
    });
    expect(answer.body.created.orders).toEqual([]);
    const invoice = await get<Invoice>(`/invoices/${answer.body.created.invoices[0]}`);
    expect(invoice.handover_id).toBe(pending.id);
    expect(invoice.order).toMatchObject({
      id: pending.id,
      status: 'DELIVERED',
      external_number: 'ERP-SO-555',
      external_ref: 'SO-555',
    });
    const order = await get<Order>(`/orders/${pending.id}`);
    expect(order).toMatchObject({
      status: 'DELIVERED',
      ack: { outcome: 'ACCEPTED', acked_version: pending.version },
      external_number: 'ERP-SO-555',
    });
  });

  it('gives a new company the demo catalogue before its first activity, and refuses bad counts', async () => {
    expect((await admin('/companies', { code: 'NEWCO', name: 'New Co' })).status).toBe(200);
    const answer = await admin<{ created: { orders: string[] } }>('/simulate', {
      company: 'NEWCO',
      orders: 3,
    });
    expect(answer.body.created.orders).toHaveLength(3);
    expect((await admin('/simulate', { orders: -1 })).status).toBe(422);
    expect((await admin('/simulate', { company: 'NOPE', orders: 1 })).status).toBe(404);
  });
});
