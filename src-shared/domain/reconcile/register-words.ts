// words: none of this file is shown (headers, layouts and type words as ERP exports write them, read from files).
/**
 * The words of ERP registers: the headers that suggest each register column (English and Arabic,
 * with the labels named ERPs really write, mistranslations included), the layouts of named ERPs'
 * exports recognised by their headers, document type words, and the words of total rows.
 *
 * Every word is compared folded (../text/fold.ts `foldToken`: case, spaces, punctuation and Arabic
 * spellings ignored), so `Customer's Purchase Order`, `*InvoiceNumber` and `رقم الفاتورة` are found
 * as ERPs write them. Sources: docs/decisions/104-erp-register-layouts.md.
 */
import type { FeedKind } from '../../wire';
import { foldToken, foldWords } from '../text/fold';

/** The columns a clerk maps, in the order the screen shows them (and suggestions are made). */
export const registerFields = [
  'erpNumber',
  'erpKey',
  'serviceRef',
  'customer',
  'customerName',
  'date',
  'amount',
  'lineAmount',
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
  /** The column must be mapped. */
  isRequired: boolean;
  /** Header words that suggest the column, in order of preference (compared folded). */
  synonyms: readonly string[];
}

/** Amount headers that say the amount is without tax. */
export const taxExcludedAmountWords: readonly string[] = [
  'Amount Excluding VAT',
  'Amount Excl. VAT',
  'Amount Excluding Tax',
  'Amount Excl. Tax',
  'Net Amount',
  'Untaxed Amount Signed',
  'Untaxed Amount',
  'المبلغ دون الضريبة غير موقّع',
  'المبلغ دون الضريبة',
  'Net Total',
  'Net',
  'SubTotal',
  'المبلغ بدون ضريبة',
  'الصافي',
].map(foldToken);

/**
 * Every register column with its label and the header words that suggest it, from common ERP
 * exports: Business Central, SAP Business One, Odoo (English and Arabic labels), ERPNext, QuickBooks
 * Online, Xero, Sage 50, Zoho Books, NetSuite, and generic Arabic ledgers.
 */
export const registerFieldDefs: Readonly<Record<RegisterField, RegisterFieldDef>> = {
  erpNumber: {
    field: 'erpNumber',
    label: 'ERP document number',
    isRequired: true,
    synonyms: [
      'Document No.',
      'Document Number',
      'Doc No',
      'DocNum',
      'ERP Number',
      'ERP No',
      'Invoice No',
      'Invoice Number',
      '*InvoiceNumber',
      'Receipt No',
      'Receipt Number',
      'Payment Number',
      'Payment No',
      'Credit Memo No.',
      'Credit Note No',
      'Credit Note Number',
      'CreditNote Number',
      'Order No',
      'Order Number',
      'Order Reference',
      '*QuoteNumber',
      'Quote Number',
      'SalesOrder Number',
      'Voucher No',
      'Voucher',
      'Num',
      'Number',
      'No.',
      'ID',
      'رقم الفاتورة',
      'رقم المستند',
      'رقم السند',
      'رقم القيد',
      'رقم الإيصال',
      'رقم الطلب',
      'رقم الإشعار',
      'الرقم',
      'رقم',
      'عدد',
    ],
  },
  erpKey: {
    field: 'erpKey',
    label: 'ERP key',
    isRequired: false,
    synonyms: [
      'External Ref',
      'ERP Key',
      'ERP Ref',
      'ERP ID',
      'System ID',
      'DocEntry',
      'Entry No.',
      'Entry Number',
      'Internal ID',
      'GUID',
      'Key',
    ],
  },
  serviceRef: {
    field: 'serviceRef',
    label: 'Service document (number or id)',
    isRequired: false,
    synonyms: [
      'External Document No.',
      'External Document Number',
      'Ext. Doc. No.',
      'Your Reference',
      'Your Ref',
      "Customer's Purchase Order",
      'Customer Purchase Order',
      'PurchaseOrder',
      'Purchase Order',
      'PO Number',
      'PO/Check Number',
      'Service Number',
      'Service No',
      'Service Ref',
      'Service ID',
      'NumAtCard',
      'Ex.Ref',
      'Ext Ref',
      'Reference No',
      'Reference Number',
      'Customer Reference',
      'Cust. Order No.',
      'Customer Order No',
      'Cheque/Reference No',
      'Payment Reference',
      'Reference',
      'Memo/Description',
      'Memo',
      'Ref',
      'الرقم المرجعي',
      'رقم المرجع',
      'رقم المرتجع',
      'رقم الطلبية',
      'المرجع',
      'مرجع',
      'مرجع العميل',
      'البيان',
    ],
  },
  customer: {
    field: 'customer',
    label: 'Customer (ERP key or service code)',
    isRequired: false,
    synonyms: [
      'Sell-to Customer No.',
      'Bill-to Customer No.',
      'Customer No.',
      'Customer Number',
      'Customer Code',
      'Customer Key',
      'Customer Ref',
      'Customer ID',
      'CustomerID',
      'Customer Account',
      'Partner/Reference',
      'Customer/Vendor/Reference',
      'Customer/Reference',
      'Customer Number',
      'Cust Account',
      'CardCode',
      'Account No',
      'A/C',
      'Account Ref',
      'Customer',
      'Account',
      'كود العميل',
      'رمز العميل',
      'رقم العميل',
      'حساب العميل',
    ],
  },
  customerName: {
    field: 'customerName',
    label: 'Customer name',
    isRequired: false,
    synonyms: [
      'Customer Name',
      'Sell-to Customer Name',
      'Bill-to Customer Name',
      'Invoice Partner Display Name',
      'Customer/Vendor',
      'Partner/Display Name',
      'اسم عرض شريك الفاتورة',
      'اسم العرض لشريك الفاتورة',
      '*ContactName',
      'ContactName',
      'Contact Name',
      'Partner',
      'Customer Display Name',
      'Client',
      'Client Name',
      'Name',
      'اسم العميل',
      'العميل',
      'الشريك',
      'اسم الشريك',
      'الزبون',
    ],
  },
  date: {
    field: 'date',
    label: 'Date',
    isRequired: false,
    synonyms: [
      'Posting Date',
      'Document Date',
      'Doc Date',
      'Invoice/Bill Date',
      'Invoice Date',
      '*InvoiceDate',
      '*QuoteDate',
      'Credit Note Date',
      'Receipt Date',
      'Payment Date',
      'Order Date',
      'Trans Date',
      'Transaction Date',
      'Entry Date',
      'Value Date',
      'Date',
      'تاريخ الفاتورة',
      'تاريخ المستند',
      'تاريخ الترحيل',
      'تاريخ السند',
      'التاريخ',
      'تاريخ',
    ],
  },
  amount: {
    field: 'amount',
    label: 'Amount',
    isRequired: true,
    synonyms: [
      'Amount Including VAT',
      'Amount Incl. VAT',
      'Amount Including Tax',
      'Amount Incl. Tax',
      'Total Including VAT',
      'Total Incl. VAT',
      'Total Signed',
      'Amount Total Signed',
      'Grand Total',
      'Rounded Total',
      'Amount Signed',
      'Paid Amount',
      'Gross Amount',
      'Gross',
      'DocTotal',
      'Total Amount',
      'Invoice Total',
      'Amount (Foreign Currency)',
      'Original Amount',
      'Total',
      'Amount',
      'الإجمالي',
      'الاجمالي شامل الضريبة',
      'الإجمالي شامل الضريبة',
      'إجمالي الفاتورة',
      'المبلغ الإجمالي',
      'الإجمالي الموقع',
      'مجموع الموقّع عليهم',
      'قيمة الإشعار',
      'قيمة الفاتورة',
      'قيمة السند',
      'قيمة الإيصال',
      'المبلغ',
      'القيمة',
      'الإجمالي بعملة الشركة',
      ...taxExcludedAmountWords,
    ],
  },
  lineAmount: {
    field: 'lineAmount',
    label: 'Item amount (one row per item)',
    isRequired: false,
    synonyms: [
      'LineAmount',
      'Line Amount',
      'Line Total',
      'Item Total',
      'Amount Applied to Invoice',
      'Amount (Items)',
      'Invoice lines/Total',
      'Invoice lines/Subtotal',
      'Order Lines/Total',
      'Invoice lines/Balance',
      'Order Lines/Total',
      'Order Lines/Subtotal',
      'بنود الفاتورة/الإجمالي',
      'بنود الفاتورة/الإجمالي الفرعي',
      'إجمالي البند',
    ],
  },
  currency: {
    field: 'currency',
    label: 'Currency',
    isRequired: false,
    synonyms: ['Currency Code', 'Currency', 'DocCur', 'Curr', 'Cur', 'Currency ID', 'العملة', 'رمز العملة'],
  },
  chequeNumber: {
    field: 'chequeNumber',
    label: 'Cheque number',
    isRequired: false,
    synonyms: [
      'Cheque No',
      'Cheque Number',
      'Check No',
      'Check Number',
      'Cheque',
      'Check',
      'رقم الشيك',
      'الشيك',
    ],
  },
  documentType: {
    field: 'documentType',
    label: 'Document type',
    isRequired: false,
    synonyms: [
      'Document Type',
      'Doc Type',
      'Transaction type',
      'Payment Type',
      'Type',
      'Trans Type',
      'Entry Type',
      'Move Type',
      'نوع المستند',
      'نوع الحركة',
      'النوع',
    ],
  },
};

const foldedSynonymsByField = new Map<RegisterField, readonly string[]>(
  registerFields.map((field) => [field, registerFieldDefs[field].synonyms.map(foldToken)]),
);

/** The header words of a field, folded (../text/fold.ts `foldToken`), in order of preference. */
export function foldedSynonyms(field: RegisterField): readonly string[] {
  return foldedSynonymsByField.get(field) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Named layouts
// ---------------------------------------------------------------------------------------------

/** An export of a named ERP the desk recognises by its headers. */
export interface RegisterLayout {
  /** `odoo`, `erpnext`, … (the sandbox's `layout` names). */
  id: string;
  /** What the clerk reads: "Odoo invoices export". */
  name: string;
  /** Headers every file of the layout has (any one of each inner list), as ERPs write them. */
  marks: ReadonlyArray<readonly string[]>;
  /** Columns this layout names its own way, taking precedence over the general synonyms. */
  columns: Partial<Record<RegisterField, readonly string[]>>;
  /** Headers the general words would take wrongly in this layout (QuickBooks' `Account` is a ledger account). */
  ignore?: readonly string[];
}

/**
 * The named ERPs' exports, most particular first. Marks are headers that only that export has
 * together; `columns` says where it keeps what the general words would guess wrongly (Sage's `Ref`
 * is its own number, ERPNext's `ID` is its number, QuickBooks' `Name` is the customer's name).
 */
export const registerLayouts: readonly RegisterLayout[] = [
  {
    id: 'odoo',
    name: 'Odoo invoice lines export',
    marks: [
      ['Number', 'عدد', 'الرقم'],
      ['Invoice lines/Label', 'Invoice lines/Subtotal', 'بنود الفاتورة/الوصف'],
    ],
    columns: {},
  },
  {
    id: 'odoo',
    name: 'Odoo invoices export',
    marks: [
      ['Number', 'عدد', 'الرقم'],
      [
        'مجموع الموقّع عليهم',
        'اسم عرض شريك الفاتورة',
        'Total Signed',
        'Untaxed Amount Signed',
        'Invoice Partner Display Name',
        'الإجمالي الموقع',
        'اسم العرض لشريك الفاتورة',
      ],
    ],
    columns: {},
  },
  {
    id: 'odoo',
    name: 'Odoo payments export',
    marks: [
      ['Number', 'عدد', 'الرقم'],
      [
        'Amount Signed',
        'Payment Type',
        'Journal',
        'اليومية',
        'المبلغ الموقع عليه',
        'نوع السداد',
        'دفتر اليومية',
      ],
    ],
    columns: {
      customer: ['Customer/Vendor/Reference', 'العميل/المورد/الرقم المرجعي'],
      customerName: ['Customer/Vendor', 'Partner', 'العميل/المورد', 'الشريك'],
      serviceRef: ['Memo', 'بيان'],
      amount: ['Amount Signed', 'المبلغ الموقع عليه'],
      documentType: ['Payment Type', 'نوع السداد'],
    },
  },
  {
    id: 'odoo',
    name: 'Odoo sales orders export',
    marks: [
      ['Order Reference', 'رقم إشارة الأمر'],
      [
        'Order Lines/Total',
        'Order Lines/Product',
        'Customer Reference',
        'بنود الأمر/الإجمالي',
        'رقم إشارة العميل',
      ],
    ],
    columns: {
      erpNumber: ['Order Reference', 'رقم إشارة الأمر'],
      customer: ['Customer/Reference', 'العميل/الرقم المرجعي'],
      customerName: ['Customer', 'العميل'],
      serviceRef: ['Customer Reference', 'رقم إشارة العميل'],
      date: ['Order Date', 'تاريخ الأمر'],
      amount: ['Total', 'الإجمالي'],
      lineAmount: ['Order Lines/Total', 'بنود الأمر/الإجمالي'],
    },
  },
  {
    id: 'erpnext',
    name: 'ERPNext data export (one row per item)',
    marks: [['ID'], ['Amount (Items)', 'Item Code (Items)']],
    columns: { erpNumber: ['ID'] },
  },
  {
    id: 'erpnext',
    name: 'ERPNext Payment Entry export',
    marks: [['ID'], ['Paid Amount', 'Received Amount'], ['Party', 'Party Name']],
    columns: {
      erpNumber: ['ID'],
      documentType: ['Payment Type'],
      amount: ['Paid Amount', 'Received Amount'],
      customer: ['Party'],
      customerName: ['Party Name'],
      serviceRef: ['Reference No', 'Cheque/Reference No'],
    },
  },
  {
    id: 'erpnext',
    name: 'ERPNext Sales Register',
    marks: [['Voucher'], ['Voucher Type'], ['Grand Total']],
    columns: { erpNumber: ['Voucher'], documentType: ['Voucher Type'], serviceRef: ['Remarks'] },
  },
  {
    id: 'erpnext',
    name: 'ERPNext report export',
    marks: [
      ['ID', 'Invoice', 'Sales Invoice', 'Name'],
      ['Grand Total', 'Rounded Total', 'Invoiced Amount'],
    ],
    columns: { erpNumber: ['ID', 'Invoice', 'Sales Invoice', 'Name'], customerName: ['Customer Name'] },
  },
  {
    id: 'quickbooks',
    name: 'QuickBooks Online report',
    marks: [['Num'], ['Transaction type', 'Transaction Type']],
    columns: {
      erpNumber: ['Num'],
      customerName: ['Name', 'Customer'],
      serviceRef: ['Memo/Description', 'Memo'],
    },
    ignore: ['Account', 'Posting', 'Split', 'Due date', 'Open balance'],
  },
  {
    id: 'xero',
    name: 'Xero invoices export',
    marks: [
      ['*InvoiceNumber', 'InvoiceNumber'],
      ['*ContactName', 'ContactName'],
    ],
    columns: {},
  },
  {
    id: 'xero',
    name: 'Xero quotes export',
    marks: [
      ['*QuoteNumber', 'QuoteNumber'],
      ['*ContactName', 'ContactName'],
    ],
    columns: {},
  },
  {
    id: 'xero',
    name: 'Xero credit notes export',
    marks: [
      ['*CreditNoteNumber', 'CreditNoteNumber'],
      ['*ContactName', 'ContactName'],
    ],
    columns: { erpNumber: ['*CreditNoteNumber', 'CreditNoteNumber'] },
  },
  {
    id: 'business-central',
    name: 'Business Central customer ledger entries',
    marks: [['Document No.'], ['Document Type'], ['Customer No.']],
    columns: {},
  },
  {
    id: 'business-central',
    name: 'Business Central posted sales documents',
    marks: [['No.'], ['Sell-to Customer No.', 'Customer No.'], ['External Document No.', 'Your Reference']],
    columns: { erpNumber: ['No.'] },
  },
  {
    id: 'sage',
    name: 'Sage 50 transactions',
    marks: [['Ex.Ref', 'Ex Ref'], ['Ref'], ['Type'], ['Gross', 'Net']],
    columns: {
      erpNumber: ['Ref'],
      serviceRef: ['Ex.Ref', 'Ex Ref'],
      customer: ['A/C', 'Account Ref', 'Account'],
      amount: ['Gross', 'Amount', 'Net'],
    },
  },
  {
    id: 'zoho',
    name: 'Zoho Books customer payments export',
    marks: [['Payment Number'], ['Amount Applied to Invoice']],
    columns: {
      erpNumber: ['Payment Number'],
      serviceRef: ['Reference Number'],
      amount: ['Amount'],
      date: ['Date'],
    },
  },
  {
    id: 'sage',
    name: 'Sage 50 sales orders',
    marks: [['Order No.'], ['A/C'], ['Cust. Order No.']],
    columns: { customer: ['A/C'], serviceRef: ['Cust. Order No.'] },
  },
  {
    id: 'zoho',
    name: 'Zoho Books sales orders export',
    marks: [['SalesOrder Number'], ['Item Total', 'Item Name']],
    columns: {},
  },
  {
    id: 'zoho',
    name: 'Zoho Books invoices export',
    marks: [
      ['Invoice Number'],
      ['Invoice Status', 'Invoice ID', 'Customer Number'],
      ['Item Total', 'Item Name'],
    ],
    columns: { erpKey: ['Invoice ID'], customer: ['Customer ID'] },
  },
  {
    id: 'zoho',
    name: 'Zoho Books credit notes export',
    marks: [
      ['Credit Note Number', 'CreditNote Number'],
      ['Item Total', 'Item Name'],
    ],
    columns: { erpNumber: ['Credit Note Number', 'CreditNote Number'] },
  },
  {
    id: 'netsuite',
    name: 'NetSuite saved search',
    marks: [['Document Number'], ['Type'], ['Name'], ['Memo']],
    columns: {
      erpNumber: ['Document Number'],
      customerName: ['Name'],
      serviceRef: ['Memo', 'PO/Check Number'],
      amount: ['Amount (Foreign Currency)', 'Amount'],
    },
  },
];

/** A layout with its words folded (its columns kept as written: `Customer/Reference` is not `Customer Reference`). */
interface FoldedLayout {
  layout: RegisterLayout;
  marks: ReadonlyArray<ReadonlySet<string>>;
  columns: Partial<Record<RegisterField, readonly string[]>>;
  ignore: ReadonlySet<string>;
}

const foldedLayouts: readonly FoldedLayout[] = registerLayouts.map((layout) => ({
  layout,
  marks: layout.marks.map((any) => new Set(any.map(foldToken))),
  columns: layout.columns,
  ignore: new Set((layout.ignore ?? []).map(foldToken)),
}));

/** The named layout whose marks the headers (folded) all have, or null. */
export function recogniseLayout(foldedHeaders: readonly string[]): {
  layout: RegisterLayout;
  columns: Partial<Record<RegisterField, readonly string[]>>;
  ignore: ReadonlySet<string>;
} | null {
  const present = new Set(foldedHeaders);
  for (const folded of foldedLayouts) {
    if (folded.marks.every((any) => [...any].some((word) => present.has(word))))
      return { layout: folded.layout, columns: folded.columns, ignore: folded.ignore };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Document types
// ---------------------------------------------------------------------------------------------

/** What a document type cell names: a feed, a payment taken back, or a kind the desk leaves out. */
export type DocumentTypeRead = { kind: FeedKind; isReversal: boolean } | { kind: null; isReversal: false };

const documentTypeWords: ReadonlyArray<[FeedKind | null, boolean, readonly string[]]> = [
  [
    'orders',
    false,
    [
      'Order',
      'Sales Order',
      'SO',
      'SalesOrd',
      'Estimate',
      'Quote',
      'طلب',
      'طلبية',
      'أمر بيع',
      'امر بيع',
      'أمر بيع',
    ],
  ],
  [
    'invoices',
    false,
    [
      'Invoice',
      'Sales Invoice',
      'Customer Invoice',
      'Sales invoice',
      'INV',
      'SI',
      'ACCREC',
      'CustInvc',
      'out_invoice',
      'فاتورة',
      'فاتورة مبيعات',
      'فاتورة عميل',
      'فاتورة العميل',
    ],
  ],
  [
    'payments',
    false,
    [
      'Payment',
      'Receipt',
      'Cash Receipt',
      'Customer Payment',
      'Customer Receipt',
      'Payment Received',
      'Receive',
      'استلام',
      'Collection',
      'Cheque',
      'Check',
      'PMT',
      'SR',
      'SA',
      'CustPymt',
      'Cust Pymt',
      'RECEIVE',
      'inbound',
      'سند قبض',
      'قبض',
      'دفعة',
      'تحصيل',
      'دفعة عميل',
    ],
  ],
  // A payment taken back, as each ERP books it in a receipts register: its own reversal, a refund
  // (Business Central, NetSuite), a journal entry (QuickBooks), money sent back (Odoo, ERPNext).
  [
    'payments',
    true,
    [
      'Reversal',
      'Payment Reversal',
      'Reversed',
      'Refund',
      'Customer Refund',
      'CustRfnd',
      'Journal Entry',
      'Pay',
      'Send',
      'عكس',
      'إلغاء قبض',
      'الغاء قبض',
      'إرسال',
      'ارسال',
      'رد مبلغ',
    ],
  ],
  [
    'returns',
    false,
    [
      'Credit Memo',
      'Credit Note',
      'Customer Credit Note',
      'Sales credit note',
      'Sales Credit Note',
      'Sales Credit Memo',
      'Return',
      'Sales Return',
      'CN',
      'SC',
      'ACCRECCREDIT',
      'CustCred',
      'out_refund',
      'مرتجع',
      'مرتجع مبيعات',
      'إشعار دائن',
      'اشعار دائن',
      'إشعار دائن عميل',
      'إشعار دائن للعميل',
    ],
  ],
  [
    null,
    false,
    [
      'Finance Charge Memo',
      'Reminder',
      'Journal',
      'General Journal',
      'Deposit',
      'Statement Charge',
      'Opening Balance',
      'Bill',
      'Expense',
      'Transfer',
      'SD',
      'JD',
      'JC',
      'قيد',
      'قيد يومية',
      'رصيد افتتاحي',
    ],
  ],
];

const typeByWord = new Map<string, DocumentTypeRead>(
  documentTypeWords.flatMap(([kind, isReversal, words]) =>
    words.map((word): [string, DocumentTypeRead] => [
      foldToken(word),
      kind === null ? { kind: null, isReversal: false } : { kind, isReversal },
    ]),
  ),
);

/**
 * The document type a cell names: `Invoice`, `Payment`, `Receipt`, `Reversal` (a payment taken back,
 * booked as a negative line), `Credit Memo`, `Order`, ERPs' codes (Sage `SI`/`SC`/`SR`, Xero
 * `ACCREC`, NetSuite `CustInvc`), the Arabic words (`فاتورة`, `سند قبض`, `مرتجع`, …), or a kind the
 * desk leaves out (`Refund`, `Journal`, `Opening Balance`: `kind` null). Undefined when it names none.
 */
export function readDocumentType(raw: string): DocumentTypeRead | undefined {
  return typeByWord.get(foldToken(raw));
}

/** The feed a document type cell names, or null (kept for callers that only need the feed). */
export function kindOfDocumentType(raw: string): FeedKind | null {
  return readDocumentType(raw)?.kind ?? null;
}

// ---------------------------------------------------------------------------------------------
// Total and group rows
// ---------------------------------------------------------------------------------------------

const totalWords = new Set(
  [
    'Total',
    'Totals',
    'Grand Total',
    'Sub Total',
    'Subtotal',
    'Sum',
    'Balance',
    'Net Total',
    'الإجمالي',
    'الاجمالي',
    'إجمالي',
    'المجموع',
    'الإجمالي العام',
    'المجموع الكلي',
    'الإجمالي الفرعي',
  ].map(foldWords),
);

/**
 * Whether a cell opens a total row: `Total`, `TOTAL`, `Grand Total`, `Subtotal`, `Total for Ahmed`,
 * `Total Invoice`, `المجموع`, `الإجمالي`, `إجمالي العميل`.
 */
export function isTotalCell(cell: string): boolean {
  const words = foldWords(cell);
  if (words === '') return false;
  if (totalWords.has(words)) return true;
  const [first] = words.split(' ');
  return first === 'total' || first === 'subtotal' || first === 'اجمالي' || first === 'مجموع';
}

/** Whether a cell is a group heading of a grouped export: `29 Jun 2026 (95)`, `Ahmed Co (3)`. */
export function isGroupCell(cell: string): boolean {
  const text = cell.trim();
  return text.endsWith(')') && /^.+\s\(\d+\)$/.test(text);
}
