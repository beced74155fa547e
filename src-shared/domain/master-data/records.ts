/**
 * Reading the rows of a mapped file into records, and the checks made before anything is sent:
 * required fields, types, key rules, negative prices, duplicate keys in the files, and references to
 * records neither in the files nor pushed before.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push semantics (keys, dependency order,
 * `UNKNOWN_REFERENCE`), Push bodies, Errors (422: malformed key, negative price);
 * docs/decisions/002 (price rows), 033 (a row twice in one price call, `valid_to` before
 * `valid_from`, `min_price` above `price`, a unit twice or two defaults in product units).
 */
import { fieldOf, kindDefs, recordKinds, type FieldDef, type RecordKind } from './kinds';
import type { ColumnMapping } from './mapping';
import type { ImportTable } from './table';
import {
  keyProblem,
  parseBoolean,
  parseDate,
  parseInteger,
  parseNumber,
  parseTimestamp,
  type CellValue,
  type DateOrder,
} from './values';

/** A problem found before sending: an error keeps the row out of the push, a warning does not. */
export interface RowIssue {
  severity: 'error' | 'warning';
  /** The field id (./kinds.ts), `name`, or `row`. */
  field: string;
  message: string;
}

/** A value read from a cell. */
export type FieldValue = string | number | boolean;

/** One row of a file, read. */
export interface ImportedRow {
  /** The file's line or sheet row (1-based; the header is line 1 or later). */
  line: number;
  /** Field id to value; a blank cell is absent. */
  values: Record<string, FieldValue>;
  /** Language to name. */
  names: Record<string, string>;
  /** The row's key as shown to the clerk: the kind's key fields joined with " / ". */
  key: string;
  issues: RowIssue[];
}

/** How cells are read for one file. */
export interface ReadOptions {
  dateOrder: DateOrder;
  /** Minutes east of UTC of the clerk's computer, for times written without a zone. */
  offsetMinutes: number;
  /** Balances: the `as_of` of the whole file (ISO time), used where a row has none. */
  asOf?: string;
}

/** A file as read: its kind, its name, its rows. */
export interface ImportFile {
  /** The app's own id of this import (several files of one kind may be pushed together). */
  id: string;
  kind: RecordKind;
  fileName: string;
  rows: ImportedRow[];
}

function readCell(field: FieldDef, raw: string, options: ReadOptions): CellValue<FieldValue> {
  switch (field.type) {
    case 'key': {
      const problem = keyProblem(raw);
      return problem === null
        ? { ok: true, value: raw }
        : { ok: false, problem: `the key "${raw.slice(0, 80)}" ${problem}` };
    }
    case 'text':
      return { ok: true, value: raw };
    case 'number':
      return parseNumber(raw);
    case 'integer':
      return parseInteger(raw);
    case 'boolean':
      return parseBoolean(raw);
    case 'date':
      return parseDate(raw, options.dateOrder);
    case 'timestamp':
      return parseTimestamp(raw, { offsetMinutes: options.offsetMinutes, order: options.dateOrder });
  }
}

function boundProblem(field: FieldDef, value: number): string | null {
  if (field.min !== undefined && value < field.min) {
    if (field.min === 0) return field.id === 'factor_to_base' ? 'must be above 0' : 'may not be negative';
    return `must be at least ${field.min}`;
  }
  if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
  if (field.id === 'factor_to_base' && value <= 0) return 'must be above 0';
  return null;
}

/** The display key of a row from its key fields. */
function keyOf(kind: RecordKind, values: Record<string, FieldValue>): string {
  return kindDefs[kind].keyFields.map((id) => String(values[id] ?? '')).join(' / ');
}

/**
 * Reads every row of a table with a mapping: each mapped cell is read as its field's type; a blank
 * required cell, an unreadable value or a value out of range is an error of that row.
 */
export function readRows(
  kind: RecordKind,
  table: ImportTable,
  mapping: ColumnMapping,
  options: ReadOptions,
): ImportedRow[] {
  const def = kindDefs[kind];
  return table.rows.map((source) => {
    const values: Record<string, FieldValue> = {};
    const names: Record<string, string> = {};
    const issues: RowIssue[] = [];
    if (
      source.cells.length > table.headers.length &&
      source.cells.slice(table.headers.length).some((cell) => cell !== '')
    ) {
      issues.push({
        severity: 'warning',
        field: 'row',
        message: `has ${source.cells.length} cells but the header has ${table.headers.length}; the extra cells are ignored`,
      });
    }
    for (const field of def.fields) {
      const index = mapping.fields[field.id];
      const raw = index === undefined ? '' : (source.cells[index] ?? '');
      if (raw === '') {
        if (field.isRequired)
          issues.push({ severity: 'error', field: field.id, message: `${field.label} is empty` });
        continue;
      }
      const read = readCell(field, raw, options);
      if (!read.ok) {
        issues.push({ severity: 'error', field: field.id, message: `${field.label}: ${read.problem}` });
        continue;
      }
      const bound = typeof read.value === 'number' ? boundProblem(field, read.value) : null;
      if (bound !== null) {
        issues.push({ severity: 'error', field: field.id, message: `${field.label} ${bound} (${raw})` });
        continue;
      }
      values[field.id] = read.value;
    }
    for (const [language, index] of Object.entries(mapping.names)) {
      const text = source.cells[index] ?? '';
      if (text !== '') names[language] = text;
    }
    if (def.isNameRequired && Object.keys(names).length === 0)
      issues.push({ severity: 'error', field: 'name', message: 'has no name in any language' });
    rowRules(kind, values, issues, options);
    return { line: source.line, values, names, key: keyOf(kind, values), issues };
  });
}

/** Rules of one row across its fields. */
function rowRules(
  kind: RecordKind,
  values: Record<string, FieldValue>,
  issues: RowIssue[],
  options: ReadOptions,
): void {
  if (kind === 'prices') {
    const { valid_from: from, valid_to: to, price, min_price: minPrice } = values;
    // docs/decisions/033: valid_to before valid_from, a floor above the price.
    if (typeof from === 'string' && typeof to === 'string' && to < from) {
      issues.push({
        severity: 'error',
        field: 'valid_to',
        message: `Valid to (${to}) is before valid from (${from})`,
      });
    }
    if (typeof price === 'number' && typeof minPrice === 'number' && minPrice > price) {
      issues.push({
        severity: 'error',
        field: 'min_price',
        message: `Minimum price ${minPrice} is above the price ${price}`,
      });
    }
  }
  if (kind === 'price-lists' && typeof values.currency === 'string') {
    const currency = values.currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      issues.push({
        severity: 'warning',
        field: 'currency',
        message: `Currency "${values.currency}" is not a three-letter code`,
      });
    values.currency = currency;
  }
  if (kind === 'balances' && values.as_of === undefined) {
    if (options.asOf === undefined)
      issues.push({
        severity: 'error',
        field: 'as_of',
        message: 'As of is missing: give the date and time the balances were taken',
      });
    else values.as_of = options.asOf;
  }
}

/** Keys known to the service already (pushed before from this computer), per kind. Branch keys are `customer / branch`. */
export type KnownKeys = Partial<Record<RecordKind, readonly string[]>>;

/** A key of a row of `kind` as the rows of other kinds name it. */
function referenceKeyOf(kind: RecordKind, row: ImportedRow): string {
  return kind === 'branches' ? row.key : String(row.values.ref ?? row.key);
}

function hasErrors(row: ImportedRow): boolean {
  return row.issues.some((issue) => issue.severity === 'error');
}

/**
 * The checks across files: a key twice in the files of one kind (the later rows are errors naming
 * the first), two default units for one product, and references to records that are neither in the
 * files (without errors) nor known to have been pushed (warnings: they may have been pushed from
 * elsewhere, and the service answers `UNKNOWN_REFERENCE` if not).
 *
 * Answers new files; the input is not changed.
 */
export function checkFiles(files: readonly ImportFile[], known: KnownKeys = {}): ImportFile[] {
  const checked = files.map((file) => ({
    ...file,
    rows: file.rows.map((row) => ({ ...row, issues: [...row.issues] })),
  }));
  for (const kind of recordKinds) {
    const first = new Map<string, { fileName: string; line: number }>();
    const defaults = new Map<string, number>();
    for (const file of checked.filter((f) => f.kind === kind)) {
      for (const row of file.rows) {
        const complete = kindDefs[kind].keyFields.every((id) => row.values[id] !== undefined);
        if (!complete) continue;
        const seen = first.get(row.key);
        if (seen) {
          const where =
            seen.fileName === file.fileName ? `line ${seen.line}` : `${seen.fileName} line ${seen.line}`;
          row.issues.push({
            severity: 'error',
            field: 'row',
            message: `${kindDefs[kind].noun} ${row.key} is already on ${where}`,
          });
        } else {
          first.set(row.key, { fileName: file.fileName, line: row.line });
        }
        if (kind === 'product-units' && row.values.order_default === true) {
          const product = String(row.values.product_ref);
          const count = (defaults.get(product) ?? 0) + 1;
          defaults.set(product, count);
          if (count > 1)
            row.issues.push({
              severity: 'error',
              field: 'order_default',
              message: `product ${product} already has a default order unit`,
            });
        }
      }
    }
  }
  const available = new Map<RecordKind, Set<string>>();
  const withErrors = new Map<RecordKind, Set<string>>();
  for (const kind of recordKinds) {
    available.set(kind, new Set(known[kind] ?? []));
    withErrors.set(kind, new Set());
  }
  for (const file of checked) {
    for (const row of file.rows) {
      const key = referenceKeyOf(file.kind, row);
      (hasErrors(row) ? withErrors : available).get(file.kind)?.add(key);
    }
  }
  for (const file of checked) {
    const def = kindDefs[file.kind];
    for (const row of file.rows) {
      for (const field of def.fields) {
        const target = field.references;
        const value = row.values[field.id];
        if (target === undefined || typeof value !== 'string') continue;
        if (available.get(target)?.has(value)) continue;
        const targetDef = kindDefs[target];
        const message = withErrors.get(target)?.has(value)
          ? `${fieldOf(file.kind, field.id)?.label ?? field.id} ${value}: that ${targetDef.noun} has errors in its file and will not be pushed`
          : `${fieldOf(file.kind, field.id)?.label ?? field.id} ${value} is not in the ${targetDef.label.toLowerCase()} files and was not pushed from this computer; push the ${targetDef.label.toLowerCase()} file first unless it is already on the service`;
        row.issues.push({ severity: 'warning', field: field.id, message });
      }
    }
  }
  return checked;
}

/** Counts of a file's rows: all, with errors (not pushed), with warnings only. */
export function countRows(rows: readonly ImportedRow[]): { total: number; errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const row of rows) {
    if (hasErrors(row)) errors += 1;
    else if (row.issues.length > 0) warnings += 1;
  }
  return { total: rows.length, errors, warnings };
}

/** Whether a row will be pushed (it has no error). */
export function isPushable(row: ImportedRow): boolean {
  return !hasErrors(row);
}
