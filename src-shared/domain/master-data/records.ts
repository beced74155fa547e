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
import { kindDefs, recordKinds, type FieldDef, type RecordKind } from './kinds';
import type { ColumnMapping } from './mapping';
import type { ImportTable } from './table';
import {
  keyProblem,
  parseBoolean,
  parseDate,
  parseInteger,
  parseNumber,
  parseTimestamp,
  type CellProblem,
  type CellValue,
  type DateOrder,
  type KeyProblem,
} from './values';

/**
 * What is wrong with a row, with the values the clerk needs (field ids of ./kinds.ts, the cell as
 * written): cells beyond the header, a required cell empty, a cell unreadable (./values.ts
 * `CellProblem`), a bad key, a number out of its field's bounds, no name, a price valid to before valid
 * from or a floor above the price, a currency that is not a code, no `as_of`, a key twice in the files
 * (where first: its line, and its file when another), two default units, a reference to a record with
 * errors or neither in the files nor pushed. The renderer words it in the clerk's language.
 */
export type RowProblem =
  | { code: 'extra-cells'; cells: number; headers: number }
  | { code: 'empty'; field: string }
  | { code: 'unreadable'; field: string; cell: CellProblem }
  | { code: 'bad-key'; field: string; key: string; problem: KeyProblem }
  | { code: 'negative' | 'not-above-zero'; field: string; text: string }
  | { code: 'below-min'; field: string; min: number; text: string }
  | { code: 'above-max'; field: string; max: number; text: string }
  | { code: 'no-name' }
  | { code: 'valid-to-before-from'; from: string; to: string }
  | { code: 'min-above-price'; minPrice: number; price: number }
  | { code: 'currency-not-code'; currency: string }
  | { code: 'no-as-of' }
  | { code: 'key-twice'; kind: RecordKind; key: string; line: number; fileName: string | null }
  | { code: 'default-unit-twice'; product: string }
  | { code: 'reference-has-errors' | 'reference-unknown'; field: string; value: string; target: RecordKind };

/** A problem found before sending: an error keeps the row out of the push, a warning does not. */
export interface RowIssue {
  severity: 'error' | 'warning';
  /** The field id (./kinds.ts), `name`, or `row`. */
  field: string;
  problem: RowProblem;
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

/** A cell read as its field's type, or the row's problem with it. */
function readCell(
  field: FieldDef,
  raw: string,
  options: ReadOptions,
): { ok: true; value: FieldValue } | { ok: false; problem: RowProblem } {
  const cell = readCellValue(field, raw, options);
  return cell.ok ? cell : { ok: false, problem: { code: 'unreadable', field: field.id, cell: cell.problem } };
}

function readCellValue(field: FieldDef, raw: string, options: ReadOptions): CellValue<FieldValue> {
  switch (field.type) {
    case 'key':
      return { ok: true, value: raw };
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

function boundProblem(field: FieldDef, value: number, text: string): RowProblem | null {
  if (field.min !== undefined && value < field.min) {
    if (field.min === 0)
      return { code: field.id === 'factor_to_base' ? 'not-above-zero' : 'negative', field: field.id, text };
    return { code: 'below-min', field: field.id, min: field.min, text };
  }
  if (field.max !== undefined && value > field.max)
    return { code: 'above-max', field: field.id, max: field.max, text };
  if (field.id === 'factor_to_base' && value <= 0) return { code: 'not-above-zero', field: field.id, text };
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
        problem: { code: 'extra-cells', cells: source.cells.length, headers: table.headers.length },
      });
    }
    for (const field of def.fields) {
      const index = mapping.fields[field.id];
      const raw = index === undefined ? '' : (source.cells[index] ?? '');
      if (raw === '') {
        if (field.isRequired)
          issues.push({ severity: 'error', field: field.id, problem: { code: 'empty', field: field.id } });
        continue;
      }
      const key = field.type === 'key' ? keyProblem(raw) : null;
      if (key !== null) {
        issues.push({
          severity: 'error',
          field: field.id,
          problem: { code: 'bad-key', field: field.id, key: raw.slice(0, 80), problem: key },
        });
        continue;
      }
      const read = readCell(field, raw, options);
      if (!read.ok) {
        issues.push({ severity: 'error', field: field.id, problem: read.problem });
        continue;
      }
      const bound = typeof read.value === 'number' ? boundProblem(field, read.value, raw) : null;
      if (bound !== null) {
        issues.push({ severity: 'error', field: field.id, problem: bound });
        continue;
      }
      values[field.id] = read.value;
    }
    for (const [language, index] of Object.entries(mapping.names)) {
      const text = source.cells[index] ?? '';
      if (text !== '') names[language] = text;
    }
    if (def.isNameRequired && Object.keys(names).length === 0)
      issues.push({ severity: 'error', field: 'name', problem: { code: 'no-name' } });
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
        problem: { code: 'valid-to-before-from', from, to },
      });
    }
    if (typeof price === 'number' && typeof minPrice === 'number' && minPrice > price) {
      issues.push({
        severity: 'error',
        field: 'min_price',
        problem: { code: 'min-above-price', minPrice, price },
      });
    }
  }
  if (kind === 'price-lists' && typeof values.currency === 'string') {
    const currency = values.currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      issues.push({
        severity: 'warning',
        field: 'currency',
        problem: { code: 'currency-not-code', currency: values.currency },
      });
    values.currency = currency;
  }
  if (kind === 'balances' && values.as_of === undefined) {
    if (options.asOf === undefined)
      issues.push({
        severity: 'error',
        field: 'as_of',
        problem: { code: 'no-as-of' },
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
          row.issues.push({
            severity: 'error',
            field: 'row',
            problem: {
              code: 'key-twice',
              kind,
              key: row.key,
              line: seen.line,
              fileName: seen.fileName === file.fileName ? null : seen.fileName,
            },
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
              problem: { code: 'default-unit-twice', product },
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
        const code = withErrors.get(target)?.has(value) ? 'reference-has-errors' : 'reference-unknown';
        row.issues.push({
          severity: 'warning',
          field: field.id,
          problem: { code, field: field.id, value, target },
        });
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
