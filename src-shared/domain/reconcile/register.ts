/**
 * The ERP register: an export of what the ERP booked (invoices, receipts, credit notes, orders),
 * read with a column mapping the clerk chooses once per file layout, into register lines the
 * reconciliation engine (./engine.ts) compares with the service's documents.
 *
 * Reuses the master-data import machinery: files are decoded and split by ../master-data/text.ts
 * and ../master-data/csv.ts, headers are matched by `normaliseHeader`, cells are read by
 * `parseNumber` and `parseDate` (../master-data/values.ts). Nothing is half-imported: one bad row
 * and the whole register is refused with the list of bad rows, so that the totals the clerk sees
 * are always those of the whole export.
 */
import type { FeedKind } from '../../wire';
import type { CsvDelimiter, CsvRow } from '../master-data/csv';
import { columnChoiceProblems, normaliseHeader } from '../master-data/mapping';
import {
  readCsvFile,
  tableFromRows,
  type CsvFileRead,
  type ImportTable,
  type RowLimit,
} from '../master-data/table';
import { normaliseDigits, parseDate, parseNumber, type DateOrder } from '../master-data/values';
import { maxExternalNumberLength } from '../acks';

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/**
 * One booking of the ERP register, as read from one row of the export.
 *
 * Amounts are whole cents (spec, Resources: money has 2 decimals), in the sign the service uses:
 * positive for an invoice, a receipt or a credit note (see `RegisterMapping.isCreditNegative`).
 */
export interface RegisterLine {
  /**
   * The line's id within its register: the ERP number, with `#2`, `#3`, … for its second and later
   * rows in file order (an ERP may split one receipt into several lines under one number). Clerk
   * decisions name lines by it.
   */
  id: string;
  /** The file's line (CSV) or sheet row (XLSX), 1-based, for messages. */
  line: number;
  /** The feed of the service this booking answers: from the document type column, else the register's. */
  kind: FeedKind;
  /** The ERP's document number (what an ACCEPTED ack carries as `external_number`). */
  erpNumber: string;
  /** The ERP's key of the document (an ack's `external_ref`), when the export has it. */
  erpKey: string | null;
  /** The reference naming the service's document: its number or its id, as the ERP keeps it. */
  serviceRef: string | null;
  /** The customer as the ERP names it: its ERP key, or the service's customer code. */
  customer: string | null;
  /**
   * The customer's name as the register writes it (QuickBooks `Name`, Odoo's partner display name,
   * ERPNext `Customer Name`), when the column is mapped. Registers stored before names were read lack it.
   */
  customerName?: string | null;
  /** The posting date, `YYYY-MM-DD`. */
  date: string | null;
  /** The amount in cents, with or without tax as `Register.isTaxIncluded` says. */
  amountCents: number;
  /** ISO 4217 code, upper case; blank cells take `ReadRegisterOptions.defaultCurrency`. */
  currency: string;
  /** A receipt's cheque number. */
  chequeNumber: string | null;
}

/** A register as read: its lines (in file order) and whether their amounts include tax. */
export interface Register {
  lines: RegisterLine[];
  /**
   * Whether amounts include tax. When they do not, a document is compared by its amount less its
   * tax (`ServiceDocument.taxCents`).
   */
  isTaxIncluded: boolean;
}

// ---------------------------------------------------------------------------------------------
// Columns and mapping
// ---------------------------------------------------------------------------------------------

/** The columns a clerk maps. */
export const registerFields = [
  'erpNumber',
  'erpKey',
  'serviceRef',
  'customer',
  'date',
  'amount',
  'currency',
  'chequeNumber',
  'documentType',
] as const;

/** One column a clerk maps. */
export type RegisterField = (typeof registerFields)[number];

/** What the desk knows of one register column. */
export interface RegisterFieldDef {
  field: RegisterField;
  /** What the clerk sees. */
  label: string;
  /** The column must be mapped and its cells filled. */
  isRequired: boolean;
  /** Header words that suggest the column, normalised (`normaliseHeader`), in order of preference. */
  synonyms: readonly string[];
}

/** Amount headers that say the amount is without tax. */
const taxExcludedAmountWords: readonly string[] = [
  'amountexcludingvat',
  'amountexclvat',
  'amountexcludingtax',
  'amountexcltax',
  'netamount',
];

/**
 * Every register column with its label and the header words that suggest it.
 *
 * The words come from common ERP exports: Business Central (`Document No.`, `External Document
 * No.`, `Your Reference`, `Sell-to Customer No.`, `Posting Date`, `Amount Including VAT`,
 * `Currency Code`), SAP Business One (`DocNum`, `DocEntry`, `NumAtCard`, `CardCode`, `DocTotal`,
 * `DocCur`), Odoo and generic ledgers.
 */
export const registerFieldDefs: Readonly<Record<RegisterField, RegisterFieldDef>> = {
  erpNumber: {
    field: 'erpNumber',
    label: 'ERP document number',
    isRequired: true,
    synonyms: [
      'documentno',
      'documentnumber',
      'docno',
      'docnum',
      'erpnumber',
      'erpno',
      'invoiceno',
      'invoicenumber',
      'receiptno',
      'receiptnumber',
      'creditmemono',
      'creditnoteno',
      'orderno',
      'ordernumber',
      'voucherno',
      'number',
      'no',
    ],
  },
  erpKey: {
    field: 'erpKey',
    label: 'ERP key',
    isRequired: false,
    synonyms: [
      'externalref',
      'erpkey',
      'erpref',
      'erpid',
      'systemid',
      'docentry',
      'entryno',
      'entrynumber',
      'guid',
      'key',
      'id',
    ],
  },
  serviceRef: {
    field: 'serviceRef',
    label: 'Service document (number or id)',
    isRequired: false,
    synonyms: [
      'externaldocumentno',
      'externaldocumentnumber',
      'extdocno',
      'yourreference',
      'yourref',
      'servicenumber',
      'serviceno',
      'serviceref',
      'serviceid',
      'numatcard',
      'referenceno',
      'reference',
      'ref',
    ],
  },
  customer: {
    field: 'customer',
    label: 'Customer (ERP key or service code)',
    isRequired: false,
    synonyms: [
      'selltocustomerno',
      'billtocustomerno',
      'customerno',
      'customernumber',
      'customercode',
      'customerkey',
      'customerref',
      'customerid',
      'customeraccount',
      'custaccount',
      'cardcode',
      'accountno',
      'customer',
      'account',
    ],
  },
  date: {
    field: 'date',
    label: 'Date',
    isRequired: false,
    synonyms: [
      'postingdate',
      'documentdate',
      'docdate',
      'date',
      'invoicedate',
      'receiptdate',
      'paymentdate',
      'orderdate',
      'transdate',
      'entrydate',
      'valuedate',
    ],
  },
  amount: {
    field: 'amount',
    label: 'Amount',
    isRequired: true,
    synonyms: [
      'amountincludingvat',
      'amountinclvat',
      'amountincludingtax',
      'amountincltax',
      'totalincludingvat',
      'totalinclvat',
      'grossamount',
      'doctotal',
      'totalamount',
      'total',
      'amount',
      ...taxExcludedAmountWords,
    ],
  },
  currency: {
    field: 'currency',
    label: 'Currency',
    isRequired: false,
    synonyms: ['currencycode', 'currency', 'doccur', 'curr', 'cur', 'currencyid'],
  },
  chequeNumber: {
    field: 'chequeNumber',
    label: 'Cheque number',
    isRequired: false,
    synonyms: ['chequeno', 'chequenumber', 'checkno', 'checknumber', 'cheque', 'check'],
  },
  documentType: {
    field: 'documentType',
    label: 'Document type',
    isRequired: false,
    synonyms: ['documenttype', 'doctype', 'type', 'transtype', 'entrytype'],
  },
};

/**
 * Where each register column is read from, and how its amounts are written. Remembered per file
 * layout (`registerLayoutSignature`).
 */
export interface RegisterMapping {
  /** Register column to the header's column index. */
  columns: Partial<Record<RegisterField, number>>;
  /** Whether the amount column includes tax (`Amount Including VAT`) or not (`Amount` in some ERPs). */
  isTaxIncluded: boolean;
  /**
   * Whether the ERP writes receipts and credit notes as negative amounts (a customer ledger, where a
   * payment is a credit): their sign is turned to the service's, which shows them positive.
   */
  isCreditNegative: boolean;
}

/**
 * The signature of a register layout: its headers, normalised, in order. The next export with the
 * same columns takes the mapping saved for this one.
 */
export function registerLayoutSignature(headers: readonly string[]): string {
  return `erp-register:${headers.map(normaliseHeader).join('|')}`;
}

/**
 * A first mapping for a register: each column takes the first unused header that is one of its
 * words (`registerFieldDefs`, in order of preference). The amounts include tax unless the amount
 * header says otherwise (`Amount Excl. VAT`, `Net Amount`); credits are taken as positive.
 */
export function suggestRegisterMapping(headers: readonly string[]): RegisterMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const columns: Partial<Record<RegisterField, number>> = {};
  for (const field of registerFields) {
    for (const word of registerFieldDefs[field].synonyms) {
      const index = normalised.findIndex((header, i) => header === word && !used.has(i));
      if (index >= 0) {
        columns[field] = index;
        used.add(index);
        break;
      }
    }
  }
  const amountHeader = columns.amount === undefined ? '' : (normalised[columns.amount] ?? '');
  return { columns, isTaxIncluded: !taxExcludedAmountWords.includes(amountHeader), isCreditNegative: false };
}

/**
 * What keeps a mapping from being used, in plain words: a required column not chosen, a column the
 * file does not have, one column chosen twice.
 */
export function registerMappingProblems(mapping: RegisterMapping, headers: readonly string[]): string[] {
  const problems: string[] = [];
  for (const field of registerFields) {
    const def = registerFieldDefs[field];
    if (def.isRequired && mapping.columns[field] === undefined)
      problems.push(`Choose the column for "${def.label}".`);
  }
  const targets = registerFields.flatMap((field): Array<[string, number]> => {
    const index = mapping.columns[field];
    return index === undefined ? [] : [[registerFieldDefs[field].label, index]];
  });
  return [...problems, ...columnChoiceProblems(targets, headers)];
}

// ---------------------------------------------------------------------------------------------
// Reading files
// ---------------------------------------------------------------------------------------------

/**
 * The most lines one register may hold. Larger than the master-data import's `maxImportRows`: a
 * register is compared on this computer and never crosses the bridge as a push plan does.
 */
export const maxRegisterLines = 250_000;

/** A register file read: its table and how it was read (as ../master-data/table.ts `CsvFileRead`). */
export type RegisterFileRead = CsvFileRead;

/** The register's row limit (`maxRegisterLines`), in the words of ../master-data/table.ts `RowLimit`. */
export const registerRowLimit: RowLimit = {
  maxRows: maxRegisterLines,
  tooLarge: (rows) =>
    `The register has ${rows} rows; the desk compares at most ${maxRegisterLines} at once. Export a shorter period.`,
};

/**
 * A register table from rows of cells (a CSV file's, or the rows of an XLSX sheet): the first row
 * that is not blank is the header, blank rows are dropped, cells are trimmed. Throws
 * UnreadableFileError (`EMPTY`, `TOO_LARGE`) with plain words.
 */
export function registerTableFromRows(rows: readonly CsvRow[]): ImportTable {
  return tableFromRows(rows, registerRowLimit);
}

/**
 * Reads a register exported as CSV: encoding (UTF-8, UTF-16, Windows-1256), delimiter (given, or
 * found from the file) and rows. Throws UnreadableFileError with plain words when the file cannot
 * be read.
 */
export function readRegisterFile(
  bytes: Uint8Array,
  options: { delimiter?: CsvDelimiter } = {},
): RegisterFileRead {
  return readCsvFile(bytes, { ...options, limit: registerRowLimit });
}

// ---------------------------------------------------------------------------------------------
// Reading cells
// ---------------------------------------------------------------------------------------------

/**
 * How a date like 03/04/2025 is read: day first, month first (as the master-data import), or year
 * first, where `20250403` is also read and a date not written year first is refused.
 */
export type RegisterDateOrder = DateOrder | 'ymd';

/** How the cells of one register are read. */
export interface ReadRegisterOptions {
  /** The feed the register books; a document type cell, when mapped and filled, decides per line. */
  kind: FeedKind;
  dateOrder: RegisterDateOrder;
  /**
   * The currency of a blank currency cell, or of every line when no currency column is mapped:
   * the company's own currency, which exports often leave blank (Business Central's `Currency Code`).
   */
  defaultCurrency: string;
}

/** A row the register cannot take, and why, in plain words. */
export interface BadRegisterRow {
  /** The file's line or sheet row (1-based). */
  line: number;
  problems: string[];
}

/**
 * A register read with a mapping: every line, or nothing and the reasons (mapping problems, or the
 * bad rows, every one of them, in file order).
 */
export type RegisterRead =
  { ok: true; register: Register } | { ok: false; mappingProblems: string[]; badRows: BadRegisterRow[] };

/** A cell read: a value, or why not. */
type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const documentTypeWords: ReadonlyArray<[FeedKind, readonly string[]]> = [
  ['orders', ['order', 'salesorder', 'so', 'طلب', 'طلبية', 'أمربيع', 'امربيع']],
  ['invoices', ['invoice', 'salesinvoice', 'inv', 'فاتورة', 'فاتورةمبيعات']],
  [
    'payments',
    [
      'payment',
      'reversal',
      'paymentreversal',
      'receipt',
      'cashreceipt',
      'collection',
      'cheque',
      'check',
      'pmt',
      'سندقبض',
      'قبض',
      'دفعة',
      'تحصيل',
    ],
  ],
  [
    'returns',
    [
      'creditmemo',
      'creditnote',
      'return',
      'salesreturn',
      'cn',
      'مرتجع',
      'مرتجعمبيعات',
      'إشعاردائن',
      'اشعاردائن',
    ],
  ],
];

const kindByDocumentType = new Map<string, FeedKind>(
  documentTypeWords.flatMap(([kind, words]) => words.map((word): [string, FeedKind] => [word, kind])),
);

/**
 * The feed a document type cell names: `Invoice`, `Payment`, `Receipt`, `Reversal` (a payment taken
 * back, booked as a negative line), `Credit Memo`, `Order`, and their Arabic words (`فاتورة`,
 * `سند قبض`, `مرتجع`, …).
 */
export function kindOfDocumentType(raw: string): FeedKind | null {
  return kindByDocumentType.get(normaliseHeader(raw)) ?? null;
}

/**
 * A date cell as `YYYY-MM-DD`: as ../master-data/values.ts `parseDate` reads it, with a time after
 * it (`31/03/2025 00:00:00`, as many exports write dates) ignored, and under `ymd` also `20250331`.
 */
export function parseRegisterDate(raw: string, order: RegisterDateOrder): Read<string> {
  const text = normaliseDigits(raw).trim();
  const timed = /^(\S+)[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(
    text,
  );
  const day = timed ? (timed[1] ?? '') : text;
  if (order !== 'ymd') {
    const read = parseDate(day, order);
    return read.ok ? read : { ok: false, problem: `the date ${read.problem}` };
  }
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  const yearFirst = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : day;
  if (!/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/.test(yearFirst))
    return { ok: false, problem: `the date "${raw}" is not written year first (2025-03-31)` };
  const read = parseDate(yearFirst, 'dmy');
  return read.ok ? read : { ok: false, problem: `the date ${read.problem}` };
}

/**
 * An amount cell as whole cents: as ../master-data/values.ts `parseNumber` reads numbers
 * (`1,234.50`, `1.234,50`, `(100.00)`, Arabic-Indic digits). More than two decimals that are not
 * zeros is refused rather than rounded: the service's amounts have two (spec, Resources).
 */
export function parseAmountCents(raw: string): Read<number> {
  const read = parseNumber(raw);
  if (!read.ok) return { ok: false, problem: `the amount ${read.problem}` };
  const scaled = read.value * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-3)
    return { ok: false, problem: `the amount "${raw}" has more than 2 decimals` };
  if (!Number.isSafeInteger(cents)) return { ok: false, problem: `the amount "${raw}" is too large` };
  return { ok: true, value: cents === 0 ? 0 : cents };
}

/**
 * Reads every row of a register table with a mapping.
 *
 * A row is bad when its ERP number is empty or longer than an ack carries (64 characters), its
 * amount is empty or unreadable, a date, currency or document type cell is filled but unreadable, or
 * its currency is blank with no default. Any bad row, or a mapping problem, and no line is returned:
 * the caller shows the list and the clerk fixes the export or the mapping.
 */
export function readRegister(
  table: ImportTable,
  mapping: RegisterMapping,
  options: ReadRegisterOptions,
): RegisterRead {
  const mappingProblems = registerMappingProblems(mapping, table.headers);
  if (mappingProblems.length > 0) return { ok: false, mappingProblems, badRows: [] };
  const column = mapping.columns;
  const defaultCurrency = options.defaultCurrency.trim().toUpperCase();
  const lines: RegisterLine[] = [];
  const badRows: BadRegisterRow[] = [];
  const seenNumbers = new Map<string, number>();
  const ids = new Set<string>();
  for (const row of table.rows) {
    const cell = (field: RegisterField): string => {
      const index = column[field];
      return index === undefined ? '' : (row.cells[index] ?? '').trim();
    };
    const problems: string[] = [];
    const erpNumber = cell('erpNumber');
    if (erpNumber === '') problems.push('the ERP document number is empty');
    else if (erpNumber.length > maxExternalNumberLength)
      problems.push(
        `the ERP document number has ${erpNumber.length} characters; an answer carries at most ${maxExternalNumberLength}`,
      );
    let kind = options.kind;
    const typeCell = cell('documentType');
    if (typeCell !== '') {
      const named = kindOfDocumentType(typeCell);
      if (named === null)
        problems.push(`the document type "${typeCell}" is not an order, invoice, payment or credit note`);
      else kind = named;
    }
    let amountCents = 0;
    const amountCell = cell('amount');
    if (amountCell === '') problems.push('the amount is empty');
    else {
      const read = parseAmountCents(amountCell);
      if (read.ok) {
        const isCredit = kind === 'payments' || kind === 'returns';
        amountCents = mapping.isCreditNegative && isCredit && read.value !== 0 ? -read.value : read.value;
      } else problems.push(read.problem);
    }
    let date: string | null = null;
    const dateCell = cell('date');
    if (dateCell !== '') {
      const read = parseRegisterDate(dateCell, options.dateOrder);
      if (read.ok) date = read.value;
      else problems.push(read.problem);
    }
    const currency = (cell('currency') || defaultCurrency).toUpperCase();
    if (currency === '') problems.push('the currency is empty and no currency is set for blank cells');
    else if (!/^[A-Z]{3}$/.test(currency)) problems.push(`the currency "${currency}" is not a currency code`);
    if (problems.length > 0) {
      badRows.push({ line: row.line, problems });
      continue;
    }
    let seen = seenNumbers.get(erpNumber) ?? 0;
    let id = erpNumber;
    // A number written like a suffixed one (`A#2` beside two `A`) must not take its id.
    while (ids.has(id)) {
      seen += 1;
      id = `${erpNumber}#${seen + 1}`;
    }
    seenNumbers.set(erpNumber, seen);
    ids.add(id);
    lines.push({
      id,
      line: row.line,
      kind,
      erpNumber,
      erpKey: cell('erpKey') || null,
      serviceRef: cell('serviceRef') || null,
      customer: cell('customer') || null,
      date,
      amountCents,
      currency,
      chequeNumber: cell('chequeNumber') || null,
    });
  }
  if (badRows.length > 0) return { ok: false, mappingProblems: [], badRows };
  return { ok: true, register: { lines, isTaxIncluded: mapping.isTaxIncluded } };
}

/** A bad row in plain words: `Line 7: the amount is empty; the date "31/02/2025" is not a day of the calendar.` */
export function describeBadRow(row: BadRegisterRow): string {
  return `Line ${row.line}: ${row.problems.join('; ')}.`;
}
