import type { Database } from 'better-sqlite3';
import {
  compareText,
  liveRecords,
  loadRecords,
  member,
  numberMember,
  textMember,
  type ErpRecord,
} from './records';
import type { Cell, Column, Table } from './table';

/**
 * The ERP's exports of a company's master data (sandbox contract, Additions:
 * `GET /_sandbox/erp/master-data`), one per kind of the spec's dependency order, made from the
 * sandbox's records. Headers are ones an ERP writes and the desk's Master data import suggests a
 * field for (src-shared/domain/master-data/kinds.ts, `synonyms`); records are named by the ERP's key
 * when the ERP pushed them, else by the service's code. docs/decisions/027-erp-registers-and-samples.md.
 */

/** The master-data kinds, as the desk names its import files (spec, Push semantics: dependency order). */
export const masterDataKinds = [
  'units',
  'price-lists',
  'products',
  'product-units',
  'prices',
  'customers',
  'branches',
  'balances',
] as const;
/** One master-data kind. */
export type MasterDataKind = (typeof masterDataKinds)[number];

interface Sources {
  db: Database;
  companyId: string;
  records: ReadonlyMap<string, ErpRecord>;
}

const keyOf = (records: ReadonlyMap<string, ErpRecord>, id: string | null | undefined): string =>
  id === null || id === undefined ? '' : (records.get(id)?.key ?? '');

/** A money value of a record (a JSON number) as cents, or empty. */
function moneyCents(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** What the simulator keeps of each customer: its price list, sales rep and running balance. */
function simCustomers(
  sources: Sources,
): Map<string, { price_list_id: string | null; sales_rep_id: string | null; balance_cents: number }> {
  const rows = sources.db
    .prepare(
      'SELECT customer_id, price_list_id, sales_rep_id, balance_cents FROM sim_customers WHERE company_id = ?',
    )
    .all(sources.companyId) as Array<{
    customer_id: string;
    price_list_id: string | null;
    sales_rep_id: string | null;
    balance_cents: number;
  }>;
  return new Map(rows.map((row) => [row.customer_id, row]));
}

function table(sheet: string, columns: ReadonlyArray<[string, Column['type']]>, rows: Cell[][]): Table {
  return { sheet, columns: columns.map(([header, type]) => ({ header, type })), rows };
}

const builders: Record<MasterDataKind, (sources: Sources) => Table> = {
  units: ({ records }) =>
    table(
      'Units of Measure',
      [
        ['Code', 'text'],
        ['Description', 'text'],
        ['Description (AR)', 'text'],
      ],
      liveRecords(records, 'unit').map((unit) => [unit.key, unit.name.en ?? '', unit.name.ar ?? '']),
    ),

  'price-lists': ({ records }) =>
    table(
      'Price Lists',
      [
        ['Code', 'text'],
        ['Description', 'text'],
        ['Description (AR)', 'text'],
        ['Currency Code', 'text'],
      ],
      liveRecords(records, 'price_list').map((list) => [
        list.key,
        list.name.en ?? '',
        list.name.ar ?? '',
        textMember(list.body, 'currency') ?? '',
      ]),
    ),

  products: (sources) => {
    const { db, companyId, records } = sources;
    // The base unit: the ERP's unit key when it pushed one, else the sellable unit of factor 1.
    const baseUnits = new Map<string, string>();
    for (const row of db
      .prepare(
        `SELECT pu.product_id, pu.unit_id FROM product_units pu JOIN records r ON r.id = pu.product_id
          WHERE r.company_id = ? AND pu.factor_to_base = 1 ORDER BY pu.position`,
      )
      .all(companyId) as Array<{ product_id: string; unit_id: string }>) {
      if (!baseUnits.has(row.product_id)) baseUnits.set(row.product_id, keyOf(records, row.unit_id));
    }
    return table(
      'Items',
      [
        ['Item Code', 'text'],
        ['Description', 'text'],
        ['Description (AR)', 'text'],
        ['Base Unit', 'text'],
        ['Category Code', 'text'],
        ['Active', 'flag'],
      ],
      liveRecords(records, 'product').map((product) => [
        product.key,
        product.name.en ?? '',
        product.name.ar ?? '',
        textMember(product.body, 'base_unit_ref') ?? baseUnits.get(product.id) ?? '',
        textMember(product.body, 'category_code') ?? '',
        flag(member(product.body, 'active'), true),
      ]),
    );
  },

  'product-units': ({ db, companyId, records }) => {
    const rows = db
      .prepare(
        `SELECT pu.product_id, pu.unit_id, pu.factor_to_base, pu.order_default, pu.position FROM product_units pu
           JOIN records r ON r.id = pu.product_id WHERE r.company_id = ? AND r.deleted = 0`,
      )
      .all(companyId) as Array<{
      product_id: string;
      unit_id: string;
      factor_to_base: number;
      order_default: number;
      position: number;
    }>;
    rows.sort(
      (a, b) =>
        compareText(keyOf(records, a.product_id), keyOf(records, b.product_id)) ||
        a.position - b.position ||
        compareText(a.unit_id, b.unit_id),
    );
    return table(
      'Item Units of Measure',
      [
        ['Item Code', 'text'],
        ['Unit Code', 'text'],
        ['Qty. per Unit', 'number'],
        ['Default Unit', 'flag'],
      ],
      rows.map((row) => [
        keyOf(records, row.product_id),
        keyOf(records, row.unit_id),
        row.factor_to_base,
        row.order_default === 1,
      ]),
    );
  },

  prices: ({ db, companyId, records }) => {
    const rows = db
      .prepare(
        `SELECT p.list_id, p.product_id, p.unit_id, p.valid_from, p.valid_to, p.price, p.min_price FROM prices p
           JOIN records l ON l.id = p.list_id WHERE l.company_id = ? AND l.deleted = 0`,
      )
      .all(companyId) as Array<{
      list_id: string;
      product_id: string;
      unit_id: string;
      valid_from: string;
      valid_to: string | null;
      price: number;
      min_price: number | null;
    }>;
    const sortKey = (row: (typeof rows)[number]): string[] => [
      keyOf(records, row.list_id),
      keyOf(records, row.product_id),
      keyOf(records, row.unit_id),
      row.valid_from,
    ];
    rows.sort((a, b) => {
      const [ka, kb] = [sortKey(a), sortKey(b)];
      for (let i = 0; i < ka.length; i++) {
        const order = compareText(ka[i] ?? '', kb[i] ?? '');
        if (order !== 0) return order;
      }
      return 0;
    });
    return table(
      'Sales Prices',
      [
        ['Price List Code', 'text'],
        ['Item Code', 'text'],
        ['Unit Code', 'text'],
        ['Start Date', 'date'],
        ['End Date', 'date'],
        ['Unit Price', 'amount'],
        ['Minimum Price', 'amount'],
      ],
      rows.map((row) => [
        keyOf(records, row.list_id),
        keyOf(records, row.product_id),
        keyOf(records, row.unit_id),
        row.valid_from,
        row.valid_to,
        moneyCents(row.price),
        moneyCents(row.min_price),
      ]),
    );
  },

  customers: (sources) => {
    const { records } = sources;
    const sim = simCustomers(sources);
    return table(
      'Customers',
      [
        ['Customer Code', 'text'],
        ['Name', 'text'],
        ['Name (AR)', 'text'],
        ['Address', 'text'],
        ['Blocked', 'flag'],
        ['Credit Limit', 'amount'],
        ['Price List', 'text'],
        ['Salesperson Code', 'text'],
        ['Latitude', 'number'],
        ['Longitude', 'number'],
        ['Radius (metres)', 'integer'],
      ],
      liveRecords(records, 'customer').map((customer) => {
        const body = customer.body;
        const kept = sim.get(customer.id);
        return [
          customer.key,
          customer.name.en ?? '',
          customer.name.ar ?? '',
          textMember(body, 'address') ?? '',
          flag(member(body, 'blocked'), false),
          moneyCents(member(body, 'credit_limit')),
          textMember(body, 'price_list_ref') ?? keyOf(records, kept?.price_list_id),
          keyOf(records, kept?.sales_rep_id),
          numberMember(body, 'latitude') ?? null,
          numberMember(body, 'longitude') ?? null,
          numberMember(body, 'radius_metres') ?? null,
        ];
      }),
    );
  },

  branches: ({ records }) => {
    const customers = liveRecords(records, 'customer');
    const rows: Cell[][] = [];
    for (const customer of customers) {
      for (const branch of liveRecords(records, 'branch').filter((b) => b.parentId === customer.id)) {
        const body = branch.body;
        // A null override reads the customer's value (spec, Push bodies: Branch): left empty here too.
        rows.push([
          customer.key,
          branch.key,
          branch.name.en ?? '',
          branch.name.ar ?? '',
          textMember(body, 'address') ?? '',
          textMember(body, 'contact_name') ?? '',
          textMember(body, 'phone') ?? '',
          flag(member(body, 'blocked'), false),
          moneyCents(member(body, 'credit_limit')),
          numberMember(body, 'payment_terms_days') ?? null,
          textMember(body, 'price_list_ref') ?? '',
          numberMember(body, 'latitude') ?? null,
          numberMember(body, 'longitude') ?? null,
          numberMember(body, 'radius_metres') ?? null,
        ]);
      }
    }
    return table(
      'Ship-to Addresses',
      [
        ['Customer Code', 'text'],
        ['Branch Code', 'text'],
        ['Name', 'text'],
        ['Name (AR)', 'text'],
        ['Address', 'text'],
        ['Contact', 'text'],
        ['Phone', 'text'],
        ['Blocked', 'flag'],
        ['Credit Limit', 'amount'],
        ['Payment Terms (Days)', 'integer'],
        ['Price List', 'text'],
        ['Latitude', 'number'],
        ['Longitude', 'number'],
        ['Radius (metres)', 'integer'],
      ],
      rows,
    );
  },

  balances: (sources) => {
    const { db, companyId, records } = sources;
    const sim = simCustomers(sources);
    // The books are taken at the company's last activity, so the same data gives the same file.
    const latest = db
      .prepare(
        `SELECT MAX(t) AS t FROM (SELECT MAX(updated_at) AS t FROM documents WHERE company_id = ?
           UNION ALL SELECT MAX(updated_at) FROM records WHERE company_id = ?
           UNION ALL SELECT created_at FROM companies WHERE id = ?)`,
      )
      .get(companyId, companyId, companyId) as { t: string | null };
    const asOf = latest.t ?? '';
    const currency = textMember(liveRecords(records, 'price_list')[0]?.body, 'currency') ?? 'EGP';
    return table(
      'Customer Balances',
      [
        ['Customer Code', 'text'],
        ['Customer Name', 'text'],
        ['Balance', 'amount'],
        ['Credit Limit', 'amount'],
        ['Currency', 'text'],
        ['As Of', 'timestamp'],
      ],
      liveRecords(records, 'customer').map((customer) => [
        customer.key,
        customer.name.en ?? customer.name.ar ?? '',
        sim.get(customer.id)?.balance_cents ?? 0,
        moneyCents(member(customer.body, 'credit_limit')),
        currency,
        asOf,
      ]),
    );
  },
};

/** The ERP's export of one kind of a company's master data. */
export function buildMasterData(db: Database, companyId: string, kind: MasterDataKind): Table {
  return builders[kind]({ db, companyId, records: loadRecords(db, companyId) });
}
