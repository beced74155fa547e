/**
 * The ERP register: an export of what the ERP booked (invoices, receipts, credit notes, orders),
 * read as the ERP wrote it into one register line per document, which the reconciliation engine
 * (./engine.ts) compares with the service's documents.
 *
 * - ./register-sheet.ts finds the header under any rows above it and reads CSV and SpreadsheetML;
 * - ./register-words.ts holds the header words, the named ERPs' layouts, document types, total words;
 * - ./register-cells.ts reads amounts, currencies and dates, and a column's date order;
 * - this file maps columns and reads the rows: total, subtotal and group rows left out, one row per
 *   item folded into its document, credits read by their type and sign.
 *
 * Every decision the reader takes on its own is in `RegisterReading`, for the clerk to see and
 * override before the import is kept. Nothing is half-imported: one bad row and the whole register is
 * refused with the list of bad rows, so that the totals the clerk sees are those of the whole export.
 */
import type { FeedKind } from '../../wire';
import type { ImportTable } from '../master-data/table';
import {
  columnChoiceProblems,
  normaliseHeader,
  type MappingProblem,
  type MappingTarget,
} from '../master-data/mapping';
import { maxExternalNumberLength } from '../acks';
import { unguardedCell } from '../master-data/csv';
import { foldToken } from '../text/fold';
import {
  currencyCode,
  findDateOrder,
  type AmountProblem,
  type CellRead,
  type RegisterDateProblem,
  parseRegisterDate,
  readAmount,
  type DateOrderFound,
  type RegisterDateOrder,
} from './register-cells';
import {
  foldedSynonyms,
  isGroupCell,
  isTotalCell,
  readDocumentType,
  recogniseLayout,
  registerFields,
  taxExcludedAmountWords,
  type RegisterField,
} from './register-words';

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
   * The line's id within its register: the ERP number (every row under one number is one line).
   * Registers read before rows were folded may hold `#2`, `#3`, … for a number's later rows. Clerk
   * decisions name lines by it.
   */
  id: string;
  /** The file's line (CSV) or sheet row (XLSX) of the document's first row, 1-based, for messages. */
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
  /**
   * The amount in cents, with or without tax as `Register.isTaxIncluded` says: the document's total,
   * or the sum of its item rows where the export has no total.
   */
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
// Mapping
// ---------------------------------------------------------------------------------------------

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
   * payment is a credit): their sign is turned to the service's, which shows them positive. `auto`
   * (what a new mapping starts with) decides from the file: negative when most of them are.
   */
  isCreditNegative: boolean | 'auto';
}

/**
 * The signature of a register layout: its headers, normalised, in order. The next export with the
 * same columns takes the mapping saved for this one.
 */
export function registerLayoutSignature(headers: readonly string[]): string {
  return `erp-register:${headers.map(normaliseHeader).join('|')}`;
}

/** A header as written, case and spacing aside: `Customer/Reference` stays apart from `Customer Reference`. */
function writtenForm(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A first mapping for a register, and the named ERP export it was recognised as, if any. */
export interface RegisterSuggestion {
  mapping: RegisterMapping;
  /** "Odoo invoices export", or null when the headers are not a named ERP's. */
  layoutName: string | null;
}

/**
 * A first mapping for a register: a recognised ERP layout's own columns first, then each column
 * takes the first unused header that is one of its words (`registerFieldDefs`, in order of
 * preference), compared folded (../text/fold.ts). The amounts include tax unless the amount header
 * says otherwise (`Amount Excl. VAT`, `Net Amount`); the sign of credits is found from the file.
 */
export function suggestRegister(headers: readonly string[]): RegisterSuggestion {
  const folded = headers.map(foldToken);
  const recognised = recogniseLayout(folded);
  const used = new Set<number>(
    folded.flatMap((header, index) => (recognised?.ignore.has(header) ? [index] : [])),
  );
  const columns: Partial<Record<RegisterField, number>> = {};
  const asWritten = headers.map(writtenForm);
  /** The first unused header that is one of `words`: as written (case and spacing aside), else folded. */
  const take = (field: RegisterField, words: readonly string[], isFolded: boolean): void => {
    if (columns[field] !== undefined) return;
    for (const word of words) {
      const index = isFolded
        ? folded.findIndex((header, i) => header === word && !used.has(i))
        : asWritten.findIndex((header, i) => header === writtenForm(word) && !used.has(i));
      if (index >= 0) {
        columns[field] = index;
        used.add(index);
        return;
      }
    }
  };
  if (recognised) {
    for (const field of registerFields) take(field, recognised.columns[field] ?? [], false);
    for (const field of registerFields) take(field, (recognised.columns[field] ?? []).map(foldToken), true);
  }
  for (const field of registerFields) take(field, foldedSynonyms(field), true);
  const amountHeader = columns.amount === undefined ? '' : (folded[columns.amount] ?? '');
  return {
    mapping: {
      columns,
      isTaxIncluded: !taxExcludedAmountWords.includes(amountHeader),
      isCreditNegative: 'auto',
    },
    layoutName: recognised?.layout.name ?? null,
  };
}

/** A first mapping for a register (`suggestRegister` without the layout's name). */
export function suggestRegisterMapping(headers: readonly string[]): RegisterMapping {
  return suggestRegister(headers).mapping;
}

/**
 * What keeps a register's mapping from being used: a column problem (../master-data/mapping.ts, fields
 * by `RegisterField`), or a date column that cannot say how its dates are written (some day first and
 * others month first, or every one either, with one of them).
 */
export type RegisterMappingProblem =
  MappingProblem | { code: 'dates-mixed' } | { code: 'dates-ambiguous'; example: string | null };

/**
 * What keeps a mapping from being used: a required column not chosen, a column the file does not
 * have, one column chosen twice.
 */
export function registerMappingProblems(
  mapping: RegisterMapping,
  headers: readonly string[],
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const columns = mapping.columns;
  if (columns.erpNumber === undefined) problems.push({ code: 'choose-column', field: 'erpNumber' });
  if (columns.amount === undefined && columns.lineAmount === undefined)
    problems.push({ code: 'choose-column', field: 'amount' });
  const targets = registerFields.flatMap((field): Array<[MappingTarget, number]> => {
    const index = columns[field];
    return index === undefined ? [] : [[{ field }, index]];
  });
  return [...problems, ...columnChoiceProblems(targets, headers)];
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** How the cells of one register are read. */
export interface ReadRegisterOptions {
  /** The feed the register books; a document type cell, when mapped and filled, decides per document. */
  kind: FeedKind;
  /** How numeric dates are written; `auto` finds it from the date column (`findDateOrder`). */
  dateOrder: RegisterDateOrder | 'auto';
  /**
   * The currency of a blank currency cell, or of every line when no currency column is mapped:
   * the company's own currency, which exports often leave blank (Business Central's `Currency Code`).
   */
  defaultCurrency: string;
  /**
   * The clerk's override: rows the reader would leave out as totals or group headings are read as
   * documents (a document numbered `Total`, a customer named `Total Egypt (2)`).
   */
  keepsTotalRows?: boolean;
  /**
   * The clerk's override: rows under one number stay lines of their own (`SI-1`, `SI-1#2`, …), and a
   * row without a number is never the next item of the document above.
   */
  keepsRowsApart?: boolean;
}

/** A row the register cannot take, and why, in plain words. */
/**
 * Why a register's document cannot be read, with what the clerk needs to find it: its number empty or
 * too long for an answer, an amount or line amount that is not one (the cell as written), a date that
 * is not one, a currency that is not one, its rows in different currencies or giving different totals,
 * no amount, a document type the desk does not know, no currency and none set for blank cells, or a
 * default currency that is not a code. The renderer words it.
 */
export type RegisterRowProblem =
  | { code: 'number-empty' }
  | { code: 'number-too-long'; length: number; most: number }
  | { code: 'amount-unreadable'; column: 'amount' | 'lineAmount'; text: string; why: AmountProblem }
  | { code: 'date-unreadable'; text: string; why: RegisterDateProblem }
  | { code: 'currency-unknown'; text: string }
  | { code: 'currencies-differ'; first: string; second: string }
  | { code: 'totals-differ'; cents: number[] }
  | { code: 'amount-empty' }
  | { code: 'type-unknown'; text: string }
  | { code: 'currency-empty' }
  | { code: 'default-currency-not-code'; currency: string };

export interface BadRegisterRow {
  /** The file's line or sheet row (1-based). */
  line: number;
  problems: RegisterRowProblem[];
}

/** A row left out of the register on purpose, and why. */
export interface SkippedRegisterRow {
  line: number;
  /** The row's first cell that holds something (`TOTAL`, `Total for Ahmed`, `29 Jun 2026 (95)`). */
  text: string;
  /**
   * `total`: a total or subtotal row; `group`: a group heading or a note row (a grouped export's
   * `29 Jun 2026 (95)`, a report's footer); `other-type`: a document of a type the desk does not
   * reconcile (a refund, a journal); `other-kind`: a document of another feed than the register's
   * (a credit note in an invoice list), to reconcile under that feed.
   */
  why: 'total' | 'group' | 'other-type' | 'other-kind';
}

/** Every decision the reader took on its own, for the clerk to see (and override) before the import is kept. */
export interface RegisterReading {
  /** Rows the register left out, in file order. */
  skipped: SkippedRegisterRow[];
  /** Documents written on several rows (one per item, or split), and how many rows were folded into them. */
  folded: { documents: number; rows: number };
  /** The date order used, and how it was found. */
  dateOrder: { order: RegisterDateOrder; found: DateOrderFound | null };
  /** Currency cells written as names or symbols, and the code each was read as. */
  currencyNames: Array<{ text: string; code: string }>;
  /** Whether receipts and credit notes were written negative, and whether that was found from the file. */
  creditNegative: { value: boolean; isFound: boolean };
  /** Documents of an invoice or order register written with a minus amount, read as credit notes. */
  negativeAsCredit: number;
  /** Cells with the formula guard `'` removed. */
  formulaGuards: number;
  /** Documents whose customer name began with the customer's code, read apart (NetSuite). */
  codesInNames: number;
}

/** A register read with a mapping: every line and how it was read, or nothing and the reasons. */
export type RegisterRead =
  | { ok: true; register: Register; reading: RegisterReading }
  | {
      ok: false;
      mappingProblems: RegisterMappingProblem[];
      badRows: BadRegisterRow[];
      /** The date column cannot say how its dates are written: the clerk must choose. */
      needsDateOrder?: DateOrderFound;
    };

/** One document as its rows are read, before its amount and kind are settled. */
interface Draft {
  /** The line's id: its ERP number, `number#2`, … for rows kept apart (`keepsRowsApart`). */
  id: string;
  line: number;
  erpNumber: string;
  erpKey: string;
  serviceRef: string;
  customer: string;
  customerName: string;
  date: string | null;
  currency: string;
  chequeNumber: string;
  typeCell: string;
  /** Amount cells of its rows (raw sign). */
  totals: number[];
  /** Item amount cells of its rows (raw sign). */
  lineSum: number;
  hasLineAmount: boolean;
  /** Whether any of its rows has an amount or item amount cell filled (read or not). */
  hasAmountCell: boolean;
  /** Whether any of its rows has a currency cell filled (read or not). */
  hasCurrencyCell: boolean;
  rows: number;
  problems: RegisterRowProblem[];
}

/** The date order to read with, or why the clerk must choose. */
function settleDateOrder(
  table: ImportTable,
  column: number | undefined,
  chosen: RegisterDateOrder | 'auto',
): { order: RegisterDateOrder; found: DateOrderFound | null } | { needs: DateOrderFound } {
  if (chosen !== 'auto') return { order: chosen, found: null };
  if (column === undefined) return { order: 'ymd', found: null };
  const cells: Array<{ line: number; text: string }> = [];
  for (const row of table.rows) {
    const text = row.cells[column] ?? '';
    if (text !== '') cells.push({ line: row.line, text });
  }
  const found = findDateOrder(cells);
  return found.order === null ? { needs: found } : { order: found.order, found };
}

/** A name cell that begins with the customer's code: `CUST-0012 سوبر ماركت النور` (NetSuite's entity). */
const codeAndName = /^([\p{L}]{0,10}[-_.]?\d[\w./-]*)\s+(\S.*)$/u;

/**
 * Where no customer column is mapped and every name cell begins with a code (NetSuite writes its
 * customers as `CUST-0012 Name`), the code is the customer and the rest its name. Answers how many
 * documents were split so (0 when the names are not written so).
 */
function splitCodesFromNames(drafts: Iterable<Draft>, hasNoCustomerColumn: boolean): number {
  if (!hasNoCustomerColumn) return 0;
  const named = [...drafts].filter((draft) => draft.customerName !== '');
  if (named.length === 0 || !named.every((draft) => codeAndName.test(draft.customerName))) return 0;
  for (const draft of named) {
    const match = codeAndName.exec(draft.customerName)!;
    draft.customer = match[1] ?? '';
    draft.customerName = match[2] ?? '';
  }
  return named.length;
}

/** Whether a feed's documents are what a customer owes (invoices, orders), not credits. */
function isDebit(kind: FeedKind): boolean {
  return kind === 'invoices' || kind === 'orders';
}

/** A text cell, or '' when it holds only punctuation (Odoo's `-` for no reference). */
function textOf(cell: string): string {
  return /^[\p{P}\p{S}\s]*$/u.test(cell) ? '' : cell;
}

/** Whether a heading is a date (a grouped export's day) rather than a name. */
function isDateLike(text: string): boolean {
  return /\d{1,4}[-/. ]\w{1,9}[-/. ]\d{2,4}/u.test(text);
}

/** Whether a number cell is a total row's label rather than a number (`Total`, `المجموع`). */
function isTotalNumber(cell: string): boolean {
  return /^(?:total|sub|grand|sum|ال|إ|ا|م)/iu.test(cell) && isTotalCell(cell);
}

/**
 * Reads every row of a register table with a mapping, into one line per document.
 *
 * - A total row (`Total`, `TOTAL`, `Total for Ahmed`, `المجموع`: in the number cell, or first in a
 *   row without a number) and a grouped export's heading (`29 Jun 2026 (95)`) are left out and listed;
 *   so is a row with neither number nor amount (a title, a footer).
 * - Rows under one number are one document: its amount is its total, taken once when every row
 *   repeats it and an item amount column is mapped (Xero, Zoho), else the sum of its rows' amounts (a
 *   receipt split in two, a payment and its reversal under one number), or, with no total on any
 *   row, the sum of its item amounts. A row without a number but with item cells (ERPNext, Odoo) is
 *   the previous document's next item.
 * - The document type cell says the feed (`Invoice`, `SR`, `Credit Memo`; `Refund`, `Journal Entry`,
 *   `Pay` are a payment taken back); a type the desk does not reconcile (`Journal`, `Opening Balance`)
 *   and a document of another feed than the register's are left out and listed, whatever their cells
 *   say. An invoice or order with a minus amount is a credit note (Odoo's `RINV/…`, ERPNext's
 *   returns), left out and listed too unless the register is of credit notes.
 * - Receipts and credit notes written negative (a ledger) are turned positive (`isCreditNegative`);
 *   a payment taken back is minus, whatever its sign in the file.
 * - A customer name that begins with the customer's code (NetSuite) gives both, when no customer
 *   column is mapped; a group heading names the customer of the rows under it (QuickBooks by
 *   customer) when no customer column at all is mapped.
 * - `keepsTotalRows` and `keepsRowsApart` are the clerk's overrides of the first two rules.
 *
 * A document is bad when it has no number, its number is longer than an ack carries (64 characters), its amount is
 * missing or unreadable, its rows give different totals or currencies, a date, currency or type cell
 * is filled but unreadable, or its currency is blank with no default. Any bad row, or a mapping
 * problem, and no line is returned: the caller shows the list and the clerk fixes the export or the
 * mapping.
 */
export function readRegister(
  table: ImportTable,
  mapping: RegisterMapping,
  options: ReadRegisterOptions,
): RegisterRead {
  const mappingProblems = registerMappingProblems(mapping, table.headers);
  if (mappingProblems.length > 0) return { ok: false, mappingProblems, badRows: [] };
  const column = mapping.columns;
  const dates = settleDateOrder(table, column.date, options.dateOrder);
  if ('needs' in dates)
    return {
      ok: false,
      mappingProblems: [
        dates.needs.reason === 'mixed'
          ? { code: 'dates-mixed' }
          : { code: 'dates-ambiguous', example: dates.needs.example?.text ?? null },
      ],
      badRows: [],
      needsDateOrder: dates.needs,
    };
  const defaultCurrency = options.defaultCurrency.trim().toUpperCase();
  const badRows: BadRegisterRow[] = [];
  const skipped: SkippedRegisterRow[] = [];
  const drafts = new Map<string, Draft>();
  const currencyNames = new Map<string, string>();
  let formulaGuards = 0;
  /** Each distinct date cell read once (a register holds a few hundred days in many rows). */
  const datesRead = new Map<string, CellRead<string, RegisterDateProblem>>();
  /** Each distinct currency cell read once, as its code or null. */
  const currenciesRead = new Map<string, string | null>();
  let current: Draft | null = null;
  /**
   * The heading of the group the rows are under (QuickBooks' "Transaction List by Customer" heads
   * each customer's rows with the customer's name): the customer's name of its documents when no
   * customer column is mapped.
   */
  let heading = '';
  const isNamedByHeading = column.customer === undefined && column.customerName === undefined;
  const index = (field: RegisterField): number => column[field] ?? -1;
  const [numberAt, amountAt, lineAmountAt] = [index('erpNumber'), index('amount'), index('lineAmount')];
  const mapped = new Set(Object.values(column));

  for (const row of table.rows) {
    const cells = row.cells;
    const cell = (at: number): string => {
      if (at < 0) return '';
      const raw = cells[at] ?? '';
      if (raw.charCodeAt(0) !== 39) return raw;
      const unguarded = unguardedCell(raw);
      if (unguarded !== raw) formulaGuards += 1;
      return unguarded;
    };
    const field = (name: RegisterField): string => cell(index(name));
    const erpNumber = cell(numberAt);
    const first = cells.find((text) => text !== '') ?? '';
    const isTotal =
      !options.keepsTotalRows &&
      ((erpNumber !== '' && isTotalNumber(erpNumber)) || (erpNumber === '' && isTotalCell(first)));
    if (isTotal) {
      skipped.push({ line: row.line, text: first, why: 'total' });
      current = null;
      heading = '';
      continue;
    }
    if (!options.keepsTotalRows && isGroupCell(first) && (erpNumber === '' || erpNumber === first)) {
      skipped.push({ line: row.line, text: first, why: 'group' });
      current = null;
      heading = '';
      continue;
    }
    const amountCell = cell(amountAt);
    const lineAmountCell = cell(lineAmountAt);
    let draft: Draft | undefined;
    if (erpNumber === '') {
      const unmappedFilled = cells.some((text, at) => text !== '' && !mapped.has(at));
      const isItem =
        !options.keepsRowsApart &&
        current !== null &&
        amountCell === '' &&
        (lineAmountCell !== '' || unmappedFilled);
      if (isItem) draft = current!;
      else if (amountCell === '' && lineAmountCell === '') {
        skipped.push({ line: row.line, text: first, why: 'group' });
        current = null;
        heading = cells.filter((text) => text !== '').length === 1 && !isDateLike(first) ? first : '';
        continue;
      }
    } else if (!options.keepsRowsApart) {
      draft = drafts.get(erpNumber);
    }
    if (!draft) {
      // A row without a number is bad on its own: it is never the next row of another document.
      let id = erpNumber === '' ? `\u0000${row.line}` : erpNumber;
      // Rows kept apart: the second row of a number is `number#2` (a number written `A#2` beside two
      // `A` rows must not take its id).
      for (let seen = 2; drafts.has(id); seen += 1) id = `${erpNumber}#${seen}`;
      draft = {
        id,
        line: row.line,
        erpNumber,
        erpKey: '',
        serviceRef: '',
        customer: '',
        customerName: '',
        date: null,
        currency: '',
        chequeNumber: '',
        typeCell: '',
        totals: [],
        lineSum: 0,
        hasLineAmount: false,
        hasAmountCell: false,
        hasCurrencyCell: false,
        rows: 0,
        problems: [],
      };
      if (erpNumber === '') draft.problems.push({ code: 'number-empty' });
      else if (erpNumber.length > maxExternalNumberLength)
        draft.problems.push({
          code: 'number-too-long',
          length: erpNumber.length,
          most: maxExternalNumberLength,
        });
      drafts.set(id, draft);
    }
    current = erpNumber === '' && draft.rows === 0 ? null : draft;
    draft.rows += 1;
    if (amountCell !== '' || lineAmountCell !== '') draft.hasAmountCell = true;
    if (amountCell !== '') {
      const read = readAmount(amountCell);
      if (read.ok) {
        draft.totals.push(read.value.cents);
        if (read.value.currency && draft.currency === '') draft.currency = read.value.currency;
      } else
        draft.problems.push({
          code: 'amount-unreadable',
          column: 'amount',
          text: amountCell,
          why: read.problem,
        });
    }
    if (lineAmountCell !== '') {
      const read = readAmount(lineAmountCell);
      if (read.ok) {
        draft.lineSum += read.value.cents;
        draft.hasLineAmount = true;
      } else
        draft.problems.push({
          code: 'amount-unreadable',
          column: 'lineAmount',
          text: lineAmountCell,
          why: read.problem,
        });
    }
    // The rest is read from the document's first row that has it.
    if (draft.date === null) {
      const dateCell = field('date');
      if (dateCell !== '') {
        let read = datesRead.get(dateCell);
        if (read === undefined) {
          read = parseRegisterDate(dateCell, dates.order);
          datesRead.set(dateCell, read);
        }
        if (read.ok) draft.date = read.value;
        else draft.problems.push({ code: 'date-unreadable', text: dateCell, why: read.problem });
      }
    }
    const currencyCell = field('currency');
    if (currencyCell !== '') {
      draft.hasCurrencyCell = true;
      let code = currenciesRead.get(currencyCell);
      if (code === undefined) {
        code = currencyCode(currencyCell);
        currenciesRead.set(currencyCell, code);
        // A name or symbol rather than a code: the clerk is told what it was read as.
        if (code !== null && !/^[A-Za-z]{3}$/.test(currencyCell)) currencyNames.set(currencyCell, code);
      }
      if (code === null) draft.problems.push({ code: 'currency-unknown', text: currencyCell });
      else {
        if (draft.currency !== '' && draft.currency !== code && draft.rows > 1)
          draft.problems.push({ code: 'currencies-differ', first: draft.currency, second: code });
        draft.currency = code;
      }
    }
    if (draft.erpKey === '') draft.erpKey = textOf(field('erpKey'));
    if (draft.serviceRef === '') draft.serviceRef = textOf(field('serviceRef'));
    if (draft.customer === '') draft.customer = textOf(field('customer'));
    if (draft.customerName === '')
      draft.customerName = isNamedByHeading ? heading : textOf(field('customerName'));
    if (draft.chequeNumber === '') draft.chequeNumber = textOf(field('chequeNumber'));
    if (draft.typeCell === '') draft.typeCell = field('documentType');
  }

  // Settle each document's amount and feed.
  interface Settled {
    draft: Draft;
    kind: FeedKind;
    cents: number;
    isReversal: boolean;
    isNegativeCredit: boolean;
  }
  const settled: Settled[] = [];
  const codesInNames = splitCodesFromNames(drafts.values(), column.customer === undefined);
  let foldedDocuments = 0;
  let foldedRows = 0;
  const isSigned = (kind: FeedKind): boolean => kind === 'payments' || kind === 'returns';
  for (const draft of drafts.values()) {
    if (draft.rows > 1) {
      foldedDocuments += 1;
      foldedRows += draft.rows - 1;
    }
    const problems = [...draft.problems];
    let cents = 0;
    if (draft.totals.length > 0) {
      if (lineAmountAt >= 0) {
        const distinct = [...new Set(draft.totals)];
        if (distinct.length > 1) problems.push({ code: 'totals-differ', cents: distinct });
        cents = distinct[0] ?? 0;
      } else cents = draft.totals.reduce((sum, value) => sum + value, 0);
    } else if (draft.hasLineAmount) cents = draft.lineSum;
    else if (!draft.hasAmountCell) problems.push({ code: 'amount-empty' });
    let kind = options.kind;
    let isReversal = false;
    if (draft.typeCell !== '') {
      const type = readDocumentType(draft.typeCell);
      if (type === undefined) problems.push({ code: 'type-unknown', text: draft.typeCell });
      else if (type.kind === null) {
        // A type the desk does not reconcile is left out, whatever its cells say.
        skipped.push({ line: draft.line, text: draft.typeCell, why: 'other-type' });
        continue;
      } else {
        kind = type.kind;
        isReversal = type.isReversal;
      }
    }
    // A document of another feed is left out, whatever its cells say; an invoice may still be a
    // credit note (a minus amount), so only a credit note register reads its amount first.
    if (kind !== options.kind && !(options.kind === 'returns' && isDebit(kind))) {
      skipped.push({ line: draft.line, text: draft.erpNumber || draft.typeCell, why: 'other-kind' });
      continue;
    }
    if (draft.currency === '' && !draft.hasCurrencyCell) {
      if (defaultCurrency === '') problems.push({ code: 'currency-empty' });
      else if (!/^[A-Z]{3}$/.test(defaultCurrency))
        problems.push({ code: 'default-currency-not-code', currency: defaultCurrency });
    }
    if (problems.length > 0) {
      badRows.push({ line: draft.line, problems });
      continue;
    }
    // An invoice or order with a minus amount is a credit note (Odoo RINV/…, ERPNext's returns).
    const isNegativeCredit = isDebit(kind) && cents < 0;
    if (isNegativeCredit) kind = 'returns';
    settled.push({ draft, kind, cents, isReversal, isNegativeCredit });
  }
  if (badRows.length > 0) {
    badRows.sort((a, b) => a.line - b.line);
    return { ok: false, mappingProblems: [], badRows };
  }

  // Credits written negative: as chosen, or as most of the file's receipts and credit notes are.
  let creditNegative: RegisterReading['creditNegative'];
  if (mapping.isCreditNegative === 'auto') {
    let negative = 0;
    let positive = 0;
    for (const item of settled) {
      if (!isSigned(item.kind) || item.isReversal || item.isNegativeCredit || item.cents === 0) continue;
      if (item.cents < 0) negative += 1;
      else positive += 1;
    }
    creditNegative = { value: negative > positive, isFound: true };
  } else creditNegative = { value: mapping.isCreditNegative, isFound: false };

  const lines: RegisterLine[] = [];
  let negativeAsCredit = 0;
  for (const item of settled) {
    const { draft } = item;
    let cents = item.cents;
    if (item.isNegativeCredit) {
      cents = -cents;
      negativeAsCredit += 1;
    } else if (creditNegative.value && isSigned(item.kind) && cents !== 0) cents = -cents;
    // A payment taken back takes back: minus, whichever sign the ERP writes it with (ERPNext's `Pay`
    // and NetSuite's refund are positive beside positive or negative payments).
    if (item.isReversal) cents = -Math.abs(cents);
    if (item.kind !== options.kind) {
      skipped.push({ line: draft.line, text: draft.erpNumber, why: 'other-kind' });
      continue;
    }
    lines.push({
      id: draft.id,
      line: draft.line,
      kind: item.kind,
      erpNumber: draft.erpNumber,
      erpKey: draft.erpKey || null,
      serviceRef: draft.serviceRef || null,
      customer: draft.customer || null,
      customerName: draft.customerName || null,
      date: draft.date,
      amountCents: cents === 0 ? 0 : cents,
      currency: draft.currency || defaultCurrency,
      chequeNumber: draft.chequeNumber || null,
    });
  }
  skipped.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    register: { lines, isTaxIncluded: mapping.isTaxIncluded },
    reading: {
      skipped,
      folded: { documents: foldedDocuments, rows: foldedRows },
      dateOrder: dates,
      currencyNames: [...currencyNames].map(([text, code]) => ({ text, code })),
      creditNegative,
      negativeAsCredit,
      formulaGuards,
      codesInNames,
    },
  };
}
