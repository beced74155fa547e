/**
 * The records and codes a pulled document names, which the desk shows by name
 * (docs/decisions/107-names-not-codes.md): records by reference (spec, Reference object: branch,
 * product, unit, sales_rep, location) and codes of the reference lists (spec, Identity and lookup:
 * `GET /reference/{kind}`).
 */
import type { LookupEntity, Ref, ReferenceKind } from '../wire';
import type { KindedDocument } from './feeds';

/**
 * A record a document names that the desk keeps a name of, apart from its customer (whose names have
 * their own table since version 3): a branch, a product, a unit, a warehouse (a return's `location`),
 * and a sales rep (whom no v1 call names: the clerk does).
 */
export type RecordRefEntity = 'branch' | 'product' | 'unit' | 'warehouse' | 'sales_rep';

/**
 * A record `GET /lookup` names by its service id, whose name the desk keeps (store version 10): every
 * lookup entity but the customer.
 */
export type NamedEntity = Exclude<LookupEntity, 'customer'>;

/** Every `NamedEntity`. */
export const namedEntities: readonly NamedEntity[] = ['product', 'branch', 'unit', 'warehouse', 'price_list'];

/**
 * The reference list that also names the records of an entity (decision 015: units, warehouses and
 * price lists are the company's own records, listed with their service ids), needing no scope.
 */
export const referenceListOf: Partial<Record<NamedEntity, ReferenceKind>> = {
  unit: 'units',
  warehouse: 'warehouses',
  price_list: 'price-lists',
};

/** One record a document names: which entity, and the reference as the document carries it. */
export interface RecordRefOf {
  entity: RecordRefEntity;
  ref: Ref;
}

/** A line's product and unit. */
function lineRefs(lines: ReadonlyArray<{ product: Ref; unit: Ref }>): RecordRefOf[] {
  return lines.flatMap((line) => [
    { entity: 'product' as const, ref: line.product },
    { entity: 'unit' as const, ref: line.unit },
  ]);
}

/**
 * The records a document names, each once (by entity and id), in the document's order: its branch, its
 * lines' products and units (an invoice's order summary's too), its sales rep, a return's location
 * (a warehouse: the sandbox gives returns its `RET` warehouse). Its customer is left out (customer
 * names are their own table), and so are invoices an allocation names.
 */
export function documentRecordRefs(item: KindedDocument): RecordRefOf[] {
  const refs: RecordRefOf[] = [{ entity: 'branch', ref: item.doc.branch }];
  switch (item.kind) {
    case 'orders':
      refs.push(...lineRefs(item.doc.lines), { entity: 'sales_rep', ref: item.doc.sales_rep });
      break;
    case 'invoices':
      refs.push(
        ...lineRefs(item.doc.lines),
        { entity: 'branch', ref: item.doc.order.branch },
        ...lineRefs(item.doc.order.lines),
        { entity: 'sales_rep', ref: item.doc.order.sales_rep },
      );
      break;
    case 'payments':
      if (item.doc.collected_by.sales_rep)
        refs.push({ entity: 'sales_rep', ref: item.doc.collected_by.sales_rep });
      break;
    case 'returns':
      refs.push(
        ...lineRefs(item.doc.lines),
        { entity: 'sales_rep', ref: item.doc.sales_rep },
        { entity: 'warehouse', ref: item.doc.location },
      );
      break;
  }
  const seen = new Set<string>();
  return refs.filter(({ entity, ref }) => {
    const key = `${entity}\u0000${ref.id}`;
    if (ref.id === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The reference lists whose codes documents carry, so the desk shows their names: a payment's
 * `method`, a return's `reason`, a line's tax `code`, every document's `currency`, the status lists,
 * and the lists that name the company's units, warehouses and price lists. All ten kinds of v1.
 */
export const namedReferenceKinds: readonly ReferenceKind[] = [
  'payment-methods',
  'return-reasons',
  'tax-codes',
  'currencies',
  'units',
  'warehouses',
  'price-lists',
  'order-statuses',
  'return-statuses',
  'cheque-statuses',
];

/**
 * Whether a payment method needs a reference (a cheque's number, a transfer's id): its reference-list
 * entry's `needs_reference` attribute, the string `true` (spec, Payment). Unknown (no entry, no
 * attribute) is null.
 */
export function needsReference(attributes: Readonly<Record<string, string>> | undefined): boolean | null {
  const value = attributes?.['needs_reference']?.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}
