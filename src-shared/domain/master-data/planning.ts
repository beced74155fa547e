/**
 * From checked files to a push plan: each row without errors becomes its push body, and the bodies
 * are cut into calls in dependency order.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push master data: `/batch/{entity}` for
 * products, units and balances (at most 500 items, one request for the rate limit), single PUTs
 * otherwise, at most 500 price rows per call; `mode=merge` by default, `replace` "only when the
 * whole list fits in one call"; Push semantics: dependency order, DELETE is a tombstone.
 */
import type {
  BalanceBody,
  BranchBody,
  CustomerBody,
  NameMap,
  PriceListBody,
  PriceMode,
  PriceRow,
  ProductBody,
  ProductUnit,
  UnitBody,
} from '../../wire';
import { recordKinds, type RecordKind } from './kinds';
import { isPushable, type FieldValue, type ImportFile, type ImportedRow } from './records';
import {
  callOrder,
  maxItemsPerCall,
  maxPlanCalls,
  maxPlanRecords,
  type PushCall,
  type PushPlan,
} from './push-plan';

/** What the clerk decided beyond the files. */
export interface PlanOptions {
  label: string;
  /**
   * Price lists (by key) whose prices replace the list's other prices. Merge is the default; replace
   * is allowed only when the list's rows fit one call, after the clerk saw the warning.
   */
  replacePriceLists?: readonly string[];
  /** Customers to tombstone (confirmed by the clerk). */
  removeCustomers?: readonly string[];
  /** Branches to tombstone (confirmed by the clerk). */
  removeBranches?: ReadonlyArray<{ customerRef: string; branchRef: string }>;
  /** The file name shown for removals. */
  removalsFile?: string;
}

/**
 * Why no plan can be built from the files: a product with more units than one call takes, a price list
 * in replace mode with more prices than one call takes, nothing to push, or more records or calls
 * than one push takes (with the counts and the limits). The renderer words it.
 */
export type PlanProblem =
  | { code: 'too-many-units'; product: string; units: number; most: number }
  | { code: 'replace-too-long'; list: string; prices: number; most: number }
  | { code: 'nothing-to-push' }
  | { code: 'too-large'; records: number; calls: number; maxRecords: number; maxCalls: number };

/** A plan, or why none can be made. */
export type PlanBuild =
  { ok: true; plan: PushPlan; records: number; skippedRows: number } | { ok: false; problems: PlanProblem[] };

function text(values: Record<string, FieldValue>, id: string): string | undefined {
  const value = values[id];
  return typeof value === 'string' ? value : undefined;
}
function num(values: Record<string, FieldValue>, id: string): number | undefined {
  const value = values[id];
  return typeof value === 'number' ? value : undefined;
}
function bool(values: Record<string, FieldValue>, id: string): boolean | undefined {
  const value = values[id];
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * Drops the members without a value, so a body carries only what the file gave (spec, Resources:
 * optional fields may be absent). Member order stays as written: the stored body is the sent body.
 */
function compact<T extends object>(body: T): T {
  for (const key of Object.keys(body))
    if (Reflect.get(body, key) === undefined) Reflect.deleteProperty(body, key);
  return body;
}

function names(row: ImportedRow): NameMap {
  return { ...row.names };
}

/** The push body of a unit row (spec, Push bodies: Unit). */
export function unitBody(row: ImportedRow): UnitBody {
  return compact<UnitBody>({ name: names(row), source_version: text(row.values, 'source_version') });
}

/** The push body of a price list row (spec, Push bodies: Price list). */
export function priceListBody(row: ImportedRow): PriceListBody {
  return compact<PriceListBody>({
    currency: text(row.values, 'currency') ?? '',
    name: names(row),
    source_version: text(row.values, 'source_version'),
  });
}

/** The push body of a product row (spec, Push bodies: Product; docs/decisions/001). */
export function productBody(row: ImportedRow): ProductBody {
  return compact<ProductBody>({
    name: names(row),
    base_unit_ref: text(row.values, 'base_unit_ref') ?? '',
    active: bool(row.values, 'active'),
    category_code: text(row.values, 'category_code'),
    source_version: text(row.values, 'source_version'),
  });
}

/** One sellable unit from a product-units row (spec, Push bodies: Product units). */
export function productUnit(row: ImportedRow): ProductUnit {
  return {
    unit_ref: text(row.values, 'unit_ref') ?? '',
    factor_to_base: num(row.values, 'factor_to_base') ?? 0,
    order_default: bool(row.values, 'order_default') ?? false,
  };
}

/** One price row (spec, Push bodies: Prices; docs/decisions/002). */
export function priceRow(row: ImportedRow): PriceRow {
  return compact<PriceRow>({
    product_ref: text(row.values, 'product_ref') ?? '',
    unit_ref: text(row.values, 'unit_ref') ?? '',
    price: num(row.values, 'price') ?? 0,
    valid_from: text(row.values, 'valid_from') ?? '',
    valid_to: text(row.values, 'valid_to'),
    min_price: num(row.values, 'min_price'),
  });
}

/** The push body of a customer row (spec, Push bodies: Customer; `blocked` false when the file has none). */
export function customerBody(row: ImportedRow): CustomerBody {
  const v = row.values;
  return compact<CustomerBody>({
    name: names(row),
    blocked: bool(v, 'blocked') ?? false,
    address: text(v, 'address'),
    credit_limit: num(v, 'credit_limit'),
    latitude: num(v, 'latitude'),
    longitude: num(v, 'longitude'),
    price_list_ref: text(v, 'price_list_ref'),
    radius_metres: num(v, 'radius_metres'),
    source_version: text(v, 'source_version'),
  });
}

/** The push body of a branch row (spec, Push bodies: Branch; an absent override reads the customer's value). */
export function branchBody(row: ImportedRow): BranchBody {
  const v = row.values;
  return compact<BranchBody>({
    name: names(row),
    blocked: bool(v, 'blocked') ?? false,
    address: text(v, 'address'),
    contact_name: text(v, 'contact_name'),
    phone: text(v, 'phone'),
    credit_limit: num(v, 'credit_limit'),
    latitude: num(v, 'latitude'),
    longitude: num(v, 'longitude'),
    payment_terms_days: num(v, 'payment_terms_days'),
    price_list_ref: text(v, 'price_list_ref'),
    radius_metres: num(v, 'radius_metres'),
    source_version: text(v, 'source_version'),
  });
}

/** The push body of a balance row (spec, Push bodies: Balance; docs/decisions/009). */
export function balanceBody(row: ImportedRow): BalanceBody {
  return compact<BalanceBody>({
    balance: num(row.values, 'balance') ?? 0,
    credit_limit: num(row.values, 'credit_limit'),
    as_of: text(row.values, 'as_of') ?? '',
  });
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

interface Sourced {
  file: string;
  row: ImportedRow;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  }
  return groups;
}

/** The calls of one kind. */
function callsOf(
  kind: RecordKind,
  rows: readonly Sourced[],
  replace: ReadonlySet<string>,
  problems: PlanProblem[],
): PushCall[] {
  const ref = (s: Sourced): string => String(s.row.values.ref ?? '');
  switch (kind) {
    case 'units':
      return chunk(rows, maxItemsPerCall).map((part) => ({
        call: 'units-batch',
        file: part[0]?.file ?? '',
        items: part.map((s) => ({ ref: ref(s), body: unitBody(s.row), line: s.row.line })),
      }));
    case 'price-lists':
      return rows.map((s) => ({
        call: 'price-list',
        file: s.file,
        line: s.row.line,
        ref: ref(s),
        body: priceListBody(s.row),
      }));
    case 'products':
      return chunk(rows, maxItemsPerCall).map((part) => ({
        call: 'products-batch',
        file: part[0]?.file ?? '',
        items: part.map((s) => ({ ref: ref(s), body: productBody(s.row), line: s.row.line })),
      }));
    case 'product-units':
      return [...groupBy(rows, (s) => String(s.row.values.product_ref)).entries()].map(([product, group]) => {
        if (group.length > maxItemsPerCall)
          problems.push({ code: 'too-many-units', product, units: group.length, most: maxItemsPerCall });
        return {
          call: 'product-units',
          file: group[0]?.file ?? '',
          lines: group.map((s) => s.row.line),
          ref: product,
          body: { units: group.map((s) => productUnit(s.row)) },
        };
      });
    case 'prices':
      return [...groupBy(rows, (s) => String(s.row.values.price_list_ref)).entries()].flatMap(
        ([list, group]) => {
          const mode: PriceMode = replace.has(list) ? 'replace' : 'merge';
          // spec, Push master data (Prices): "Use replace only when the whole list fits in one call".
          if (mode === 'replace' && group.length > maxItemsPerCall) {
            problems.push({ code: 'replace-too-long', list, prices: group.length, most: maxItemsPerCall });
          }
          return chunk(group, maxItemsPerCall).map((part): PushCall => ({
            call: 'prices',
            file: part[0]?.file ?? '',
            lines: part.map((s) => s.row.line),
            ref: list,
            mode,
            body: { prices: part.map((s) => priceRow(s.row)) },
          }));
        },
      );
    case 'customers':
      return rows.map((s) => ({
        call: 'customer',
        file: s.file,
        line: s.row.line,
        ref: ref(s),
        body: customerBody(s.row),
      }));
    case 'branches':
      return rows.map((s) => ({
        call: 'branch',
        file: s.file,
        line: s.row.line,
        ref: String(s.row.values.customer_ref ?? ''),
        branchRef: ref(s),
        body: branchBody(s.row),
      }));
    case 'balances':
      return chunk(rows, maxItemsPerCall).map((part) => ({
        call: 'balances-batch',
        file: part[0]?.file ?? '',
        items: part.map((s) => ({
          ref: String(s.row.values.customer_ref ?? ''),
          body: balanceBody(s.row),
          line: s.row.line,
        })),
      }));
  }
}

/**
 * How many result records a call has (./results.ts `recordsOfCall`): one per batch item, one for a
 * price call (it answers counts), one for a product's unit list, one for a single push.
 */
export function recordCount(call: PushCall): number {
  switch (call.call) {
    case 'units-batch':
    case 'products-batch':
    case 'balances-batch':
      return call.items.length;
    default:
      return 1;
  }
}

/** How many result records a plan's run has: its calls' records (`recordCount`). */
export function planRecordCount(plan: Pick<PushPlan, 'calls'>): number {
  return plan.calls.reduce((sum, call) => sum + recordCount(call), 0);
}

/** How many file rows a call carries (a batch item, a price row, a unit line, a single push). */
export function rowCount(call: PushCall): number {
  switch (call.call) {
    case 'prices':
      return call.body.prices.length;
    case 'product-units':
      return Math.max(1, call.body.units.length);
    default:
      return recordCount(call);
  }
}

/**
 * Builds the plan of checked files: rows with errors are left out (and counted); the rest become
 * calls in dependency order (./push-plan.ts `callOrder`), removals last.
 */
export function buildPushPlan(files: readonly ImportFile[], options: PlanOptions): PlanBuild {
  const problems: PlanProblem[] = [];
  const replace = new Set(options.replacePriceLists ?? []);
  let skippedRows = 0;
  const calls: PushCall[] = [];
  for (const kind of recordKinds) {
    const rows: Sourced[] = [];
    for (const file of files.filter((f) => f.kind === kind)) {
      for (const row of file.rows) {
        if (isPushable(row)) rows.push({ file: file.fileName, row });
        else skippedRows += 1;
      }
    }
    if (rows.length > 0) calls.push(...callsOf(kind, rows, replace, problems));
  }
  const removalsFile = options.removalsFile ?? 'removals';
  for (const removal of options.removeBranches ?? [])
    calls.push({
      call: 'branch-delete',
      file: removalsFile,
      ref: removal.customerRef,
      branchRef: removal.branchRef,
    });
  for (const ref of options.removeCustomers ?? [])
    calls.push({ call: 'customer-delete', file: removalsFile, ref });
  calls.sort((a, b) => callOrder.indexOf(a.call) - callOrder.indexOf(b.call));
  const records = calls.reduce((sum, call) => sum + rowCount(call), 0);
  if (calls.length === 0) problems.push({ code: 'nothing-to-push' });
  if (calls.length > maxPlanCalls || records > maxPlanRecords) {
    problems.push({
      code: 'too-large',
      records,
      calls: calls.length,
      maxRecords: maxPlanRecords,
      maxCalls: maxPlanCalls,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    // The desk always names its runs in the clerk's language (PushPanel); this only stops an empty name.
    plan: { label: options.label.slice(0, 200) || 'Master data', calls }, // words: not shown
    records,
    skippedRows,
  };
}

/**
 * The price lists that may be pushed in replace mode: those whose rows in the files fit one call.
 *
 * Spec, Push master data (Prices): "Use replace only when the whole list fits in one call (at most
 * 500 rows)."
 */
export function replaceablePriceLists(
  files: readonly ImportFile[],
): Array<{ ref: string; rows: number; isReplaceable: boolean }> {
  const counts = new Map<string, number>();
  for (const file of files.filter((f) => f.kind === 'prices')) {
    for (const row of file.rows) {
      if (!isPushable(row)) continue;
      const list = String(row.values.price_list_ref);
      counts.set(list, (counts.get(list) ?? 0) + 1);
    }
  }
  return [...counts.entries()].map(([ref, rows]) => ({ ref, rows, isReplaceable: rows <= maxItemsPerCall }));
}

/**
 * The records of a full export's kind that were pushed before but are missing from the files now:
 * candidates for a tombstone, which the clerk confirms one list at a time.
 *
 * Spec, Push semantics: "DELETE of a customer or branch is a tombstone, never a hard delete."
 * `known` are live keys pushed before (branches as `customer / branch`).
 */
export function findRemovals(
  kind: 'customers' | 'branches',
  files: readonly ImportFile[],
  known: readonly string[],
): string[] {
  const present = new Set<string>();
  for (const file of files.filter((f) => f.kind === kind))
    for (const row of file.rows) present.add(kind === 'branches' ? row.key : String(row.values.ref ?? ''));
  return known.filter((key) => !present.has(key)).sort();
}
