// words: none of this file is shown (English names of kinds and fields for developers and the CLI,
// header synonyms read from files; screens say kinds and fields from the catalogue: master-data-words.ts).
/**
 * The kinds of master data a clerk pushes from ERP exports, in the order the service needs them, and
 * the fields of each file kind.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push semantics ("Dependency order of pushes (a
 * record naming another requires that one first): units, price lists, products, product units,
 * prices, customers, branches, balances") and Push bodies (the fields of each record).
 */

/**
 * Every kind of file the desk imports, in the spec's dependency order.
 *
 * Spec, Push semantics: units, price lists, products, product units, prices, customers, branches,
 * balances.
 */
export const recordKinds = [
  'units',
  'price-lists',
  'products',
  'product-units',
  'prices',
  'customers',
  'branches',
  'balances',
] as const;

/** One kind of master-data file. */
export type RecordKind = (typeof recordKinds)[number];

/** How a cell is read. */
export type FieldType = 'key' | 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'timestamp';

/** One field a column can be mapped to. `id` is the push body's own member (spec, Push bodies). */
export interface FieldDef {
  /** The body member (snake_case as in the spec) or, for keys in the path, `ref`, `customer_ref`, `product_ref`, `price_list_ref`. */
  id: string;
  /** What the clerk sees. */
  label: string;
  type: FieldType;
  /** The column must be mapped and the cell filled. */
  isRequired: boolean;
  /** Another kind the value names by its ERP key (spec, Push semantics: dependency order). */
  references?: RecordKind;
  /** Lower and upper bounds of a number (spec, Push bodies and Errors: no negative price). */
  min?: number;
  max?: number;
  /** Header words that suggest this field when a file is first seen (lower case, no spaces). */
  synonyms: readonly string[];
}

/** What the desk knows of one kind of file. */
export interface KindDef {
  kind: RecordKind;
  /** Plural, for headings ("Units", "Price lists"). */
  label: string;
  /** Singular, in sentences ("unit", "price list"). */
  noun: string;
  /** Whether rows carry a multilingual `name` (spec, Push bodies: names are maps from language to text). */
  hasNames: boolean;
  /** Whether a row needs a name (required on units, price lists, products, customers, branches). */
  isNameRequired: boolean;
  fields: readonly FieldDef[];
  /** The fields whose values together identify a row: two rows with the same values are duplicates. */
  keyFields: readonly string[];
}

const sourceVersion: FieldDef = {
  id: 'source_version',
  label: 'Source version',
  type: 'text',
  isRequired: false,
  synonyms: ['sourceversion', 'version', 'rowversion', 'modified', 'modifiedat', 'updatedat', 'lastmodified'],
};

function refField(
  id: string,
  label: string,
  references: RecordKind | undefined,
  isRequired: boolean,
  synonyms: readonly string[],
): FieldDef {
  return references === undefined
    ? { id, label, type: 'key', isRequired, synonyms }
    : { id, label, type: 'key', isRequired, references, synonyms };
}

const creditLimit: FieldDef = {
  id: 'credit_limit',
  label: 'Credit limit',
  type: 'number',
  isRequired: false,
  synonyms: ['creditlimit', 'credit', 'limit'],
};
const latitude: FieldDef = {
  id: 'latitude',
  label: 'Latitude',
  type: 'number',
  isRequired: false,
  min: -90,
  max: 90,
  synonyms: ['latitude', 'lat'],
};
const longitude: FieldDef = {
  id: 'longitude',
  label: 'Longitude',
  type: 'number',
  isRequired: false,
  min: -180,
  max: 180,
  synonyms: ['longitude', 'lng', 'lon', 'long'],
};
const radius: FieldDef = {
  id: 'radius_metres',
  label: 'Radius (metres)',
  type: 'integer',
  isRequired: false,
  min: 0,
  max: 2147483647,
  synonyms: ['radiusmetres', 'radiusmeters', 'radius'],
};
const blocked: FieldDef = {
  id: 'blocked',
  label: 'Blocked',
  type: 'boolean',
  isRequired: false,
  synonyms: ['blocked', 'isblocked', 'onhold', 'stopped'],
};
const address: FieldDef = {
  id: 'address',
  label: 'Address',
  type: 'text',
  isRequired: false,
  synonyms: ['address', 'street', 'addressline', 'العنوان'],
};
const priceListRef = refField('price_list_ref', 'Price list key', 'price-lists', false, [
  'pricelistref',
  'pricelist',
  'pricelistcode',
  'pricelistkey',
  'pricegroup',
]);

/**
 * Every kind with its fields.
 *
 * Spec, Push bodies. Required members follow the spec and docs/decisions/001 (product: `name`,
 * `base_unit_ref`), 002 (price row: product, unit, price, `valid_from`), 009 (balance: `balance`,
 * `as_of`). `blocked` is required in customer and branch bodies; a file without that column sends
 * `false` (an ERP export usually lists only active accounts).
 */
export const kindDefs: Readonly<Record<RecordKind, KindDef>> = {
  units: {
    kind: 'units',
    label: 'Units',
    noun: 'unit',
    hasNames: true,
    isNameRequired: true,
    fields: [
      refField('ref', 'Unit key', undefined, true, [
        'ref',
        'key',
        'code',
        'unitcode',
        'unitref',
        'unit',
        'uom',
        'uomcode',
        'id',
      ]),
      sourceVersion,
    ],
    keyFields: ['ref'],
  },
  'price-lists': {
    kind: 'price-lists',
    label: 'Price lists',
    noun: 'price list',
    hasNames: true,
    isNameRequired: true,
    fields: [
      refField('ref', 'Price list key', undefined, true, [
        'ref',
        'key',
        'code',
        'pricelistcode',
        'pricelistref',
        'pricelist',
        'id',
      ]),
      {
        id: 'currency',
        label: 'Currency',
        type: 'text',
        isRequired: true,
        synonyms: ['currency', 'currencycode', 'curr', 'ccy'],
      },
      sourceVersion,
    ],
    keyFields: ['ref'],
  },
  products: {
    kind: 'products',
    label: 'Products',
    noun: 'product',
    hasNames: true,
    isNameRequired: true,
    fields: [
      refField('ref', 'Product key', undefined, true, [
        'ref',
        'key',
        'code',
        'itemcode',
        'productcode',
        'sku',
        'item',
        'itemno',
        'id',
      ]),
      refField('base_unit_ref', 'Base unit key', 'units', true, [
        'baseunitref',
        'baseunit',
        'unit',
        'uom',
        'baseuom',
        'unitcode',
      ]),
      {
        id: 'active',
        label: 'Active',
        type: 'boolean',
        isRequired: false,
        synonyms: ['active', 'isactive', 'enabled'],
      },
      {
        id: 'category_code',
        label: 'Category code',
        type: 'text',
        isRequired: false,
        synonyms: ['categorycode', 'category', 'group', 'itemgroup'],
      },
      sourceVersion,
    ],
    keyFields: ['ref'],
  },
  'product-units': {
    kind: 'product-units',
    label: 'Product units',
    noun: 'product unit',
    hasNames: false,
    isNameRequired: false,
    fields: [
      refField('product_ref', 'Product key', 'products', true, [
        'productref',
        'product',
        'productcode',
        'itemcode',
        'item',
        'sku',
      ]),
      refField('unit_ref', 'Unit key', 'units', true, ['unitref', 'unit', 'unitcode', 'uom', 'uomcode']),
      {
        id: 'factor_to_base',
        label: 'Factor to base unit',
        type: 'number',
        isRequired: true,
        min: 0,
        synonyms: ['factortobase', 'factor', 'conversion', 'multiplier', 'qtyperunit'],
      },
      {
        id: 'order_default',
        label: 'Default order unit',
        type: 'boolean',
        isRequired: false,
        synonyms: ['orderdefault', 'default', 'isdefault', 'defaultunit'],
      },
    ],
    keyFields: ['product_ref', 'unit_ref'],
  },
  prices: {
    kind: 'prices',
    label: 'Prices',
    noun: 'price',
    hasNames: false,
    isNameRequired: false,
    fields: [
      refField('price_list_ref', 'Price list key', 'price-lists', true, [
        'pricelistref',
        'pricelist',
        'pricelistcode',
        'list',
        'listcode',
      ]),
      refField('product_ref', 'Product key', 'products', true, [
        'productref',
        'product',
        'productcode',
        'itemcode',
        'item',
        'sku',
      ]),
      refField('unit_ref', 'Unit key', 'units', true, ['unitref', 'unit', 'unitcode', 'uom']),
      {
        id: 'price',
        label: 'Price',
        type: 'number',
        isRequired: true,
        min: 0,
        synonyms: ['price', 'unitprice', 'amount', 'السعر'],
      },
      {
        id: 'valid_from',
        label: 'Valid from',
        type: 'date',
        isRequired: true,
        synonyms: ['validfrom', 'from', 'startdate', 'effectivefrom', 'start'],
      },
      {
        id: 'valid_to',
        label: 'Valid to',
        type: 'date',
        isRequired: false,
        synonyms: ['validto', 'to', 'enddate', 'effectiveto', 'end'],
      },
      {
        id: 'min_price',
        label: 'Minimum price',
        type: 'number',
        isRequired: false,
        min: 0,
        synonyms: ['minprice', 'minimumprice', 'floorprice', 'min'],
      },
    ],
    keyFields: ['price_list_ref', 'product_ref', 'unit_ref', 'valid_from'],
  },
  customers: {
    kind: 'customers',
    label: 'Customers',
    noun: 'customer',
    hasNames: true,
    isNameRequired: true,
    fields: [
      refField('ref', 'Customer key', undefined, true, [
        'ref',
        'key',
        'code',
        'customercode',
        'customerref',
        'account',
        'accountno',
        'customerno',
        'id',
      ]),
      blocked,
      address,
      creditLimit,
      latitude,
      longitude,
      priceListRef,
      radius,
      sourceVersion,
    ],
    keyFields: ['ref'],
  },
  branches: {
    kind: 'branches',
    label: 'Branches',
    noun: 'branch',
    hasNames: true,
    isNameRequired: true,
    fields: [
      refField('customer_ref', 'Customer key', 'customers', true, [
        'customerref',
        'customer',
        'customercode',
        'account',
        'accountno',
      ]),
      refField('ref', 'Branch key', undefined, true, [
        'ref',
        'key',
        'branchref',
        'branch',
        'branchcode',
        'code',
        'shipto',
        'id',
      ]),
      blocked,
      address,
      {
        id: 'contact_name',
        label: 'Contact name',
        type: 'text',
        isRequired: false,
        synonyms: ['contactname', 'contact', 'person'],
      },
      {
        id: 'phone',
        label: 'Phone',
        type: 'text',
        isRequired: false,
        synonyms: ['phone', 'telephone', 'tel', 'mobile'],
      },
      creditLimit,
      latitude,
      longitude,
      {
        id: 'payment_terms_days',
        label: 'Payment terms (days)',
        type: 'integer',
        isRequired: false,
        min: 0,
        max: 2147483647,
        synonyms: ['paymenttermsdays', 'paymentterms', 'terms', 'termsdays'],
      },
      priceListRef,
      radius,
      sourceVersion,
    ],
    keyFields: ['customer_ref', 'ref'],
  },
  balances: {
    kind: 'balances',
    label: 'Balances',
    noun: 'balance',
    hasNames: false,
    isNameRequired: false,
    fields: [
      refField('customer_ref', 'Customer key', 'customers', true, [
        'customerref',
        'customer',
        'customercode',
        'account',
        'accountno',
        'ref',
        'code',
      ]),
      {
        id: 'balance',
        label: 'Balance',
        type: 'number',
        isRequired: true,
        synonyms: ['balance', 'amount', 'owed', 'outstanding', 'الرصيد'],
      },
      creditLimit,
      // Optional per row: the file's own `as_of` is given once for the whole file (ImportOptions).
      {
        id: 'as_of',
        label: 'As of',
        type: 'timestamp',
        isRequired: false,
        synonyms: ['asof', 'balancedate', 'date', 'at'],
      },
    ],
    keyFields: ['customer_ref'],
  },
};

/** The field of a kind by id, if any. */
export function fieldOf(kind: RecordKind, id: string): FieldDef | undefined {
  return kindDefs[kind].fields.find((field) => field.id === id);
}
