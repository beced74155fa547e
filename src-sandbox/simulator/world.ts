import type { Database } from 'better-sqlite3';
import type { Ref } from '../../src-shared/wire';
import { reserveCounter } from '../store/documents';
import {
  categoryTax,
  contactNames,
  customers as catalogCustomers,
  defaultTax,
  districts,
  priceLists,
  products as catalogProducts,
  salesReps,
  units as catalogUnits,
  warehouses as catalogWarehouses,
} from './catalog';
import { dateOf, isoOf } from './format';
import type { Prng } from './prng';

/**
 * What the activity simulator knows of a company: its master data (from `records`, whoever made
 * them: the seed, the ERP's pushes, the console) and what it remembers between calls in
 * `sim_customers` and `sim_invoices` (docs/decisions/026-demo-data-and-simulator.md).
 */

/** A sellable unit of a product, with its price in cents per price list. */
export interface SimUnit {
  ref: Ref;
  code: string;
  factor: number;
  isDefault: boolean;
  priceCents: Map<string, number>;
}

/** A product the reps can sell. */
export interface SimProduct {
  ref: Ref;
  en: string;
  ar: string;
  tax: { code: string; rateBp: number };
  units: SimUnit[];
}

/** A customer the reps visit, with its branches and what it owes the service's books. */
export interface SimCustomer {
  ref: Ref;
  branches: Ref[];
  blocked: boolean;
  priceListId: string;
  rep: SimRep;
  balanceCents: number;
  /** Its invoices with money still open, oldest first. */
  open: SimInvoice[];
  dirty: boolean;
}

/** A sales rep. */
export interface SimRep {
  ref: Ref;
  user: string;
}

/** One line of an issued invoice, as a return needs it. */
export interface SimInvoiceLine {
  lineNumber: number;
  product: Ref;
  unit: Ref;
  quantityMilli: number;
  unitPriceCents: number;
  lineTotalCents: number;
  isFreeGoods: boolean;
}

/** An issued invoice the simulator may still collect or take returns against. */
export interface SimInvoice {
  id: string;
  number: string;
  seq: number;
  customerId: string;
  branchId: string;
  openCents: number;
  /** [line_number, thousandths still returnable]. */
  returnable: Array<[number, number]>;
  /** Loaded from the stored invoice when a return needs them. */
  lines?: SimInvoiceLine[];
  dirty: boolean;
}

/** Everything the simulator draws on for one company. */
export interface World {
  companyId: string;
  companyCode: string;
  customers: SimCustomer[];
  customersById: Map<string, SimCustomer>;
  branchesById: Map<string, Ref>;
  products: SimProduct[];
  reps: SimRep[];
  warehouses: Ref[];
  /** The warehouse returned goods go to. */
  returnsLocation: Ref;
  invoices: Map<string, SimInvoice>;
  /** Invoices with something left to return. */
  returnable: SimInvoice[];
}

// ---------------------------------------------------------------------------------------------
// Reading stored JSON without casts
// ---------------------------------------------------------------------------------------------

function member(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object' || !(key in value)) return undefined;
  return Reflect.get(value, key);
}

function text(value: unknown, key: string): string | undefined {
  const found = member(value, key);
  return typeof found === 'string' ? found : undefined;
}

function refOf(id: string, code: string | null): Ref {
  return code === null ? { id } : { id, code };
}

// ---------------------------------------------------------------------------------------------
// Seeding master data
// ---------------------------------------------------------------------------------------------

/** JSON with sorted keys: the canonical record body the master-data store compares pushes against. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/**
 * Writes the demo catalogue and people into `records` (with `code` and no `external_ref`: the ERP
 * has pushed nothing yet), `product_units`, `prices` and `sim_customers`: units, about forty
 * products in English and Arabic, two price lists with prices, thirty customers with one to three
 * branches each, six sales reps and three warehouses. Record bodies have the shape of the push
 * bodies (spec, Push bodies) so a later push compares like with like.
 */
export function seedMasterData(db: Database, companyId: string, rng: Prng, createdMs: number): void {
  const createdAt = isoOf(createdMs);
  const insertRecord =
    db.prepare(`INSERT INTO records(id, company_id, entity, parent_id, code, external_ref, version, source_version, body, deleted, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, ?, 0, ?, ?)`);
  const record = (prefix: string, entity: string, code: string, body: unknown, parentId = ''): string => {
    const id = rng.id(prefix);
    insertRecord.run(
      id,
      companyId,
      entity,
      parentId,
      code,
      reserveCounter(db, companyId, 'version'),
      canonicalJson(body),
      createdAt,
      createdAt,
    );
    return id;
  };

  const unitIds = new Map<string, string>();
  for (const unit of catalogUnits)
    unitIds.set(unit.code, record('unit', 'unit', unit.code, { name: { ar: unit.ar, en: unit.en } }));

  const listIds = priceLists.map((list) =>
    record('pl', 'price_list', list.code, { currency: 'EGP', name: { ar: list.ar, en: list.en } }),
  );

  const insertUnit = db.prepare(
    'INSERT INTO product_units(product_id, unit_id, factor_to_base, order_default, position) VALUES (?, ?, ?, ?, ?)',
  );
  const insertPrice = db.prepare(
    'INSERT INTO prices(list_id, product_id, unit_id, valid_from, valid_to, price, min_price) VALUES (?, ?, ?, ?, NULL, ?, ?)',
  );
  const validFrom = dateOf(createdMs);
  for (const product of catalogProducts) {
    const id = record('prd', 'product', product.code, {
      active: true,
      base_unit_ref: null, // the ERP's unit key: none until the ERP pushes its units
      category_code: product.category,
      name: { ar: product.ar, en: product.en },
    });
    product.units.forEach((sell, position) => {
      const unitId = unitIds.get(sell.unit);
      if (unitId === undefined) throw new Error(`catalogue unit ${sell.unit} is missing`);
      insertUnit.run(id, unitId, sell.factor, sell.isDefault ? 1 : 0, position);
      priceLists.forEach((list, index) => {
        const listId = listIds[index];
        if (listId === undefined) return;
        const cents = Math.round((product.basePriceCents * sell.factor * list.factorBp) / 10000);
        insertPrice.run(listId, id, unitId, validFrom, cents / 100, Math.round(cents * 0.9) / 100);
      });
    });
  }

  const repIds = salesReps.map((rep, index) => {
    const code = `R${String(index + 1).padStart(2, '0')}`;
    return record('rep', 'sales_rep', code, {
      name: { ar: rep.ar, en: rep.en },
      user: `${code.toLowerCase()}@demo`,
    });
  });
  for (const warehouse of catalogWarehouses) {
    record('wh', 'warehouse', warehouse.code, { active: true, name: { ar: warehouse.ar, en: warehouse.en } });
  }

  const insertSimCustomer = db.prepare(
    'INSERT INTO sim_customers(customer_id, company_id, price_list_id, sales_rep_id, balance_cents) VALUES (?, ?, ?, ?, ?)',
  );
  catalogCustomers.forEach((customer, index) => {
    const code = `C-${1001 + index}`;
    const places = districts[customer.city];
    const home = rng.pick(places);
    const street = rng.int(1, 140);
    const id = record('cus', 'customer', code, {
      address: `${street} ${home.en} Main St., ${home.en}, ${customer.city}`,
      blocked: index === 11, // one blocked account: reps take no new orders from it
      credit_limit: rng.int(20, 200) * 1000,
      latitude: round6(home.lat + (rng.next() - 0.5) / 100),
      longitude: round6(home.lng + (rng.next() - 0.5) / 100),
      name: { ar: customer.ar, en: customer.en },
      price_list_ref: null,
      radius_metres: 150,
    });
    const branchCount = rng.int(1, 3);
    for (let b = 0; b < branchCount; b++) {
      const place = b === 0 ? home : rng.pick(places);
      record(
        'br',
        'branch',
        `${code}-${b + 1}`,
        {
          address: `${rng.int(1, 200)} ${place.en} St., ${place.en}, ${customer.city}`,
          blocked: false,
          contact_name: rng.pick(contactNames),
          credit_limit: null,
          latitude: round6(place.lat + (rng.next() - 0.5) / 100),
          longitude: round6(place.lng + (rng.next() - 0.5) / 100),
          name: { ar: `${customer.ar} - ${place.ar}`, en: `${customer.en} - ${place.en}` },
          payment_terms_days: b === 0 ? null : 30,
          phone: `+20 1${rng.int(0, 2)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
          price_list_ref: null,
          radius_metres: null,
        },
        id,
      );
    }
    const listId = index % 10 < 3 ? listIds[1] : listIds[0]; // three in ten buy at wholesale prices
    insertSimCustomer.run(
      id,
      companyId,
      listId ?? null,
      repIds[index % repIds.length] ?? null,
      rng.int(0, 400) * 10000,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Loading a company's world
// ---------------------------------------------------------------------------------------------

interface RecordRow {
  id: string;
  entity: string;
  parent_id: string;
  code: string | null;
  external_ref: string | null;
  body: string;
}

/**
 * Reads what the simulator needs of a company: live records (not tombstoned), each product's
 * sellable units and their prices valid on `todayDate`, and the simulator's own memory. Products
 * without a price on a customer's list are not offered to that customer; customers without a branch
 * are not visited.
 */
export function loadWorld(db: Database, companyId: string, todayDate: string): World {
  const company = db.prepare('SELECT code FROM companies WHERE id = ?').get(companyId) as
    { code: string } | undefined;
  if (!company) throw new Error(`no company ${companyId}`);
  const rows = db
    .prepare(
      'SELECT id, entity, parent_id, code, external_ref, body FROM records WHERE company_id = ? AND deleted = 0 ORDER BY entity, code, id',
    )
    .all(companyId) as RecordRow[];
  const byEntity = (entity: string): RecordRow[] => rows.filter((row) => row.entity === entity);

  const units = new Map<string, RecordRow>();
  for (const row of byEntity('unit')) units.set(row.id, row);
  const lists = byEntity('price_list');
  const defaultList = lists.find((row) => row.code === 'STD') ?? lists[0];

  const prices = new Map<string, number>(); // `${list} ${product} ${unit}` → cents
  const priceRows = db
    .prepare(
      `SELECT p.list_id, p.product_id, p.unit_id, p.price FROM prices p JOIN records l ON l.id = p.list_id
        WHERE l.company_id = ? AND p.valid_from <= ? AND (p.valid_to IS NULL OR p.valid_to >= ?) ORDER BY p.valid_from`,
    )
    .all(companyId, todayDate, todayDate) as Array<{
    list_id: string;
    product_id: string;
    unit_id: string;
    price: number;
  }>;
  for (const row of priceRows)
    prices.set(`${row.list_id} ${row.product_id} ${row.unit_id}`, Math.round(row.price * 100));

  const unitRows = db
    .prepare(
      `SELECT pu.product_id, pu.unit_id, pu.factor_to_base, pu.order_default FROM product_units pu JOIN records r ON r.id = pu.product_id
        WHERE r.company_id = ? ORDER BY pu.product_id, pu.position`,
    )
    .all(companyId) as Array<{
    product_id: string;
    unit_id: string;
    factor_to_base: number;
    order_default: number;
  }>;
  const unitsOfProduct = new Map<string, typeof unitRows>();
  for (const row of unitRows)
    unitsOfProduct.set(row.product_id, [...(unitsOfProduct.get(row.product_id) ?? []), row]);

  const products: SimProduct[] = [];
  for (const row of byEntity('product')) {
    const body: unknown = JSON.parse(row.body);
    if (member(body, 'active') === false) continue;
    const name = member(body, 'name');
    const category = text(body, 'category_code');
    const sellable: SimUnit[] = [];
    for (const unitRow of unitsOfProduct.get(row.id) ?? []) {
      const unit = units.get(unitRow.unit_id);
      if (!unit) continue;
      const priceCents = new Map<string, number>();
      for (const list of lists) {
        const cents = prices.get(`${list.id} ${row.id} ${unit.id}`);
        if (cents !== undefined) priceCents.set(list.id, cents);
      }
      if (priceCents.size === 0) continue;
      sellable.push({
        ref: refOf(unit.id, unit.code),
        code: unit.code ?? unit.external_ref ?? unit.id,
        factor: unitRow.factor_to_base,
        isDefault: unitRow.order_default === 1,
        priceCents,
      });
    }
    if (sellable.length === 0) continue;
    const en = text(name, 'en') ?? text(name, 'ar') ?? row.code ?? row.id;
    products.push({
      ref: refOf(row.id, row.code),
      en,
      ar: text(name, 'ar') ?? en,
      tax: (category !== undefined ? categoryTax[category] : undefined) ?? defaultTax,
      units: sellable,
    });
  }

  const reps: SimRep[] = byEntity('sales_rep').map((row) => ({
    ref: refOf(row.id, row.code),
    user: text(JSON.parse(row.body), 'user') ?? `${(row.code ?? row.id).toLowerCase()}@demo`,
  }));
  const warehouses = byEntity('warehouse').map((row) => refOf(row.id, row.code));

  const simCustomers = new Map<
    string,
    { price_list_id: string | null; sales_rep_id: string | null; balance_cents: number }
  >();
  for (const row of db
    .prepare(
      'SELECT customer_id, price_list_id, sales_rep_id, balance_cents FROM sim_customers WHERE company_id = ?',
    )
    .all(companyId) as Array<{
    customer_id: string;
    price_list_id: string | null;
    sales_rep_id: string | null;
    balance_cents: number;
  }>) {
    simCustomers.set(row.customer_id, row);
  }
  const listByRef = new Map(
    lists.filter((row) => row.external_ref !== null).map((row) => [row.external_ref, row.id]),
  );
  const branchesById = new Map<string, Ref>();
  const branchesOf = new Map<string, Ref[]>();
  for (const row of byEntity('branch')) {
    const ref = refOf(row.id, row.code);
    branchesById.set(row.id, ref);
    branchesOf.set(row.parent_id, [...(branchesOf.get(row.parent_id) ?? []), ref]);
  }
  const customers: SimCustomer[] = [];
  if (reps.length > 0 && defaultList) {
    byEntity('customer').forEach((row, index) => {
      const branches = branchesOf.get(row.id) ?? [];
      if (branches.length === 0) return;
      const body: unknown = JSON.parse(row.body);
      const sim = simCustomers.get(row.id);
      const pushedList = text(body, 'price_list_ref');
      const priceListId =
        (pushedList !== undefined ? listByRef.get(pushedList) : undefined) ??
        sim?.price_list_id ??
        defaultList.id;
      const rep = reps.find((r) => r.ref.id === sim?.sales_rep_id) ?? reps[index % reps.length];
      if (!rep) return;
      customers.push({
        ref: refOf(row.id, row.code),
        branches,
        blocked: member(body, 'blocked') === true,
        priceListId,
        rep,
        balanceCents: sim?.balance_cents ?? 0,
        open: [],
        dirty: sim === undefined,
      });
    });
  }
  const customersById = new Map(customers.map((customer) => [customer.ref.id, customer]));

  const invoices = new Map<string, SimInvoice>();
  const returnable: SimInvoice[] = [];
  const invoiceRows = db
    .prepare(
      'SELECT invoice_id, customer_id, branch_id, number, seq, open_cents, returnable FROM sim_invoices WHERE company_id = ? ORDER BY seq',
    )
    .all(companyId) as Array<{
    invoice_id: string;
    customer_id: string;
    branch_id: string;
    number: string;
    seq: number;
    open_cents: number;
    returnable: string;
  }>;
  for (const row of invoiceRows) {
    const parsed: unknown = JSON.parse(row.returnable);
    const lines: Array<[number, number]> = [];
    if (Array.isArray(parsed)) {
      for (const entry of parsed) {
        if (Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'number')
          lines.push([entry[0], entry[1]]);
      }
    }
    const invoice: SimInvoice = {
      id: row.invoice_id,
      number: row.number,
      seq: row.seq,
      customerId: row.customer_id,
      branchId: row.branch_id,
      openCents: row.open_cents,
      returnable: lines,
      dirty: false,
    };
    invoices.set(invoice.id, invoice);
    if (invoice.openCents > 0) customersById.get(invoice.customerId)?.open.push(invoice);
    if (lines.length > 0) returnable.push(invoice);
  }

  const fallbackLocation: Ref = { id: 'wh_none', code: 'NONE' };
  return {
    companyId,
    companyCode: company.code,
    customers,
    customersById,
    branchesById,
    products,
    reps,
    warehouses,
    returnsLocation: warehouses.find((w) => w.code === 'RET') ?? warehouses[0] ?? fallbackLocation,
    invoices,
    returnable,
  };
}

/** Writes what the simulator remembers of customers and invoices that changed. */
export function saveWorld(db: Database, world: World): void {
  const saveCustomer =
    db.prepare(`INSERT INTO sim_customers(customer_id, company_id, price_list_id, sales_rep_id, balance_cents) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT(customer_id) DO UPDATE SET balance_cents = excluded.balance_cents`);
  for (const customer of world.customers) {
    if (!customer.dirty) continue;
    saveCustomer.run(
      customer.ref.id,
      world.companyId,
      customer.priceListId,
      customer.rep.ref.id,
      customer.balanceCents,
    );
    customer.dirty = false;
  }
  const saveInvoice =
    db.prepare(`INSERT INTO sim_invoices(invoice_id, company_id, customer_id, branch_id, number, seq, open_cents, returnable)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(invoice_id) DO UPDATE SET open_cents = excluded.open_cents, returnable = excluded.returnable`);
  for (const invoice of world.invoices.values()) {
    if (!invoice.dirty) continue;
    saveInvoice.run(
      invoice.id,
      world.companyId,
      invoice.customerId,
      invoice.branchId,
      invoice.number,
      invoice.seq,
      invoice.openCents,
      JSON.stringify(invoice.returnable),
    );
    invoice.dirty = false;
  }
}
