import { compareText } from '../records';
import type { BookedItem, RegisterKind, RegisterLine } from '../registers';
import {
  customerKey,
  customerName,
  productName,
  rowSink,
  type LaidOut,
  type Layout,
  type LayoutContext,
  type LayoutLang,
} from './common';
import {
  datetime,
  day,
  isoSeconds,
  money,
  num,
  pythonFloat,
  pythonMoney,
  row,
  text,
  ymd,
  type GridCell,
} from './grid';

/**
 * Odoo's export of a list view (the "Export" action, not import-compatible), of customer invoices
 * and credit notes (`account.move`), payments (`account.payment`) and sales orders (`sale.order`),
 * with the lines' one2many ("Invoice lines/…", "Order Lines/…"): the record's cells on its first
 * row only, blank on the rows of its further lines. Read in odoo/odoo `addons/web/controllers/export.py`
 * (CSV: Python's csv with every cell quoted, a text cell starting with = - + given a leading ', floats
 * as Python writes them; XLSX: dates `yyyy-mm-dd`, money `#,##0.00`, grouped lists as bold group rows
 * "label (count)" with the sums of money columns), `addons/account/models/account_move.py` and
 * `odoo/orm/fields_numeric.py`; Arabic labels from `addons/account/i18n/ar.po` and
 * `addons/sale/i18n/ar.po`. docs/decisions/104-erp-register-layouts.md.
 */

/** The labels and values an Odoo in English or Arabic writes (ar.po, trailing spaces kept in values). */
const words = {
  en: {
    number: 'Number',
    partnerRef: 'Partner/Reference',
    partnerName: 'Invoice Partner Display Name',
    invoiceDate: 'Invoice/Bill Date',
    reference: 'Reference',
    type: 'Type',
    currency: 'Currency',
    untaxedSigned: 'Untaxed Amount Signed',
    totalSigned: 'Total Signed',
    status: 'Status',
    invoiceLines: 'Invoice lines',
    product: 'Product',
    label: 'Label',
    quantity: 'Quantity',
    unitPrice: 'Unit Price',
    subtotal: 'Subtotal',
    total: 'Total',
    customerInvoice: 'Customer Invoice',
    customerCreditNote: 'Customer Credit Note',
    posted: 'Posted',
    date: 'Date',
    journal: 'Journal',
    paymentType: 'Payment Type',
    customerVendor: 'Customer/Vendor',
    memo: 'Memo',
    amountSigned: 'Amount Signed',
    receive: 'Receive',
    send: 'Send',
    cash: 'Cash',
    bank: 'Bank',
    orderReference: 'Order Reference',
    customer: 'Customer',
    orderDate: 'Order Date',
    customerReference: 'Customer Reference',
    untaxedAmount: 'Untaxed Amount',
    orderLines: 'Order Lines',
    description: 'Description',
    orderSubtotal: 'Subtotal',
    salesOrder: 'Sales Order',
  },
  ar: {
    // "Number" is "عدد" (a count) in Odoo's Arabic: a known mistranslation, kept as Odoo writes it.
    number: 'عدد',
    partnerRef: 'الشريك/الرقم المرجعي',
    partnerName: 'اسم عرض شريك الفاتورة',
    invoiceDate: 'تاريخ الفاتورة',
    reference: 'الرقم المرجعي',
    type: 'النوع',
    currency: 'العملة',
    untaxedSigned: 'المبلغ دون الضريبة غير موقّع',
    totalSigned: 'مجموع الموقّع عليهم',
    status: 'الحالة',
    invoiceLines: 'بنود الفاتورة',
    product: 'المنتج',
    label: 'بطاقة عنوان',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    subtotal: 'الناتج الفرعي',
    total: 'الإجمالي',
    customerInvoice: 'فاتورة العميل',
    customerCreditNote: 'إشعار دائن للعميل ',
    posted: 'مُرحّل ',
    date: 'التاريخ',
    journal: 'دفتر اليومية',
    paymentType: 'نوع السداد',
    customerVendor: 'العميل/المورد',
    memo: 'بيان',
    amountSigned: 'المبلغ الموقع عليه',
    receive: 'استلام ',
    send: 'إرسال',
    cash: 'نقدي',
    bank: 'البنك',
    orderReference: 'رقم إشارة الأمر',
    customer: 'العميل',
    orderDate: 'تاريخ الأمر',
    customerReference: 'رقم إشارة العميل',
    untaxedAmount: 'المبلغ بدون ضرائب',
    orderLines: 'بنود الأمر',
    description: 'الوصف',
    orderSubtotal: 'الإجمالي الفرعي',
    salesOrder: 'أمر البيع',
  },
} as const;

type Words = (typeof words)[LayoutLang];

const monthsShort = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ar: [
    'يناير',
    'فبراير',
    'مارس',
    'أبريل',
    'مايو',
    'يونيو',
    'يوليو',
    'أغسطس',
    'سبتمبر',
    'أكتوبر',
    'نوفمبر',
    'ديسمبر',
  ],
} as const;

/** A day group's label as Odoo's `read_group` names a `date:day` group (`14 Jan 2026`). */
function dayLabel(isoDay: string, lang: LayoutLang): string {
  const { y, m, d } = ymd(isoDay);
  return `${String(d).padStart(2, '0')} ${monthsShort[lang][m - 1] ?? ''} ${y}`;
}

/** One exported column: its label, its cell for a booking's row, and whether a group row sums it. */
interface OdooColumn {
  label: string;
  /** Cells of the record itself (blank on further line rows); the rest are the line's. */
  isRecordField: boolean;
  /** Money of the record: group rows show its sum (Odoo aggregates stored monetary fields). */
  isSummed: boolean;
  /** A number column: a group row leaves it empty rather than ''. */
  isNumeric: boolean;
  value(line: RegisterLine, item: BookedItem | undefined): GridCell;
}

const record = (
  label: string,
  value: OdooColumn['value'],
  isSummed = false,
  isNumeric = isSummed,
): OdooColumn => ({
  label,
  isRecordField: true,
  isSummed,
  isNumeric,
  value,
});
const lineField = (label: string, value: (item: BookedItem) => GridCell, isNumeric: boolean): OdooColumn => ({
  label,
  isRecordField: false,
  isSummed: false,
  isNumeric,
  value: (_line, item) => (item === undefined ? text('') : value(item)),
});

const productDisplay = (context: LayoutContext, item: BookedItem): GridCell =>
  text(
    item.productCode === ''
      ? productName(context, item)
      : `[${item.productCode}] ${productName(context, item)}`,
  );

function moveColumns(kind: 'invoices' | 'returns', context: LayoutContext, w: Words): OdooColumn[] {
  const sign = kind === 'returns' ? -1 : 1;
  const lines = (label: string): string => `${w.invoiceLines}/${label}`;
  return [
    record(w.number, (line) => text(line.erpNumber)),
    record(w.partnerRef, (line) => text(customerKey(context, line))),
    record(w.partnerName, (line) => text(customerName(context, line))),
    record(w.invoiceDate, (line) => day(line.date)),
    record(w.reference, (line) => text(line.reference)),
    record(w.type, () => text(kind === 'returns' ? w.customerCreditNote : w.customerInvoice)),
    record(w.currency, (line) => text(line.currency)),
    // A credit note's signed amounts are negative (the company's currency, debit minus credit).
    record(w.untaxedSigned, (line) => money(sign * (line.netCents ?? line.amountCents)), true),
    record(w.totalSigned, (line) => money(sign * line.amountCents), true),
    record(w.status, () => text(w.posted)),
    lineField(lines(w.product), (item) => productDisplay(context, item), false),
    lineField(lines(w.label), (item) => text(item.description), false),
    lineField(lines(w.quantity), (item) => num(item.quantity), true),
    lineField(lines(w.unitPrice), (item) => money(item.unitPriceCents), true),
    lineField(lines(w.subtotal), (item) => money(item.netCents ?? item.amountCents), true),
    lineField(lines(w.total), (item) => money(item.amountCents), true),
  ];
}

function paymentColumns(context: LayoutContext, w: Words): OdooColumn[] {
  return [
    record(w.number, (line) => text(line.erpNumber)),
    record(w.date, (line) => day(line.date)),
    record(w.journal, (line) => text(line.fields.method === 'CASH' ? w.cash : w.bank)),
    record(w.paymentType, (line) => text(line.isReversal ? w.send : w.receive)),
    record(w.customerVendor, (line) => text(customerName(context, line))),
    record(`${w.customerVendor}/${w.reference}`, (line) => text(customerKey(context, line))),
    record(w.memo, (line) => text(line.reference)),
    // Negative when money goes out: the reversal of a payment is a payment sent back.
    record(w.amountSigned, (line) => money(line.amountCents), true),
    record(w.currency, (line) => text(line.currency)),
    record(w.status, () => text(w.posted)),
  ];
}

function orderColumns(context: LayoutContext, w: Words): OdooColumn[] {
  const lines = (label: string): string => `${w.orderLines}/${label}`;
  return [
    record(w.orderReference, (line) => text(line.erpNumber)),
    record(w.customer, (line) => text(customerName(context, line))),
    record(`${w.customer}/${w.reference}`, (line) => text(customerKey(context, line))),
    // A datetime field: the order's time, in the exporting user's time zone (UTC here).
    record(w.orderDate, (line) => datetime(line.time)),
    record(w.customerReference, (line) => text(line.reference)),
    record(w.currency, (line) => text(line.currency)),
    record(w.untaxedAmount, (line) => money(line.netCents ?? line.amountCents), true),
    record(w.total, (line) => money(line.amountCents), true),
    record(w.status, () => text(w.salesOrder)),
    lineField(lines(w.product), (item) => productDisplay(context, item), false),
    lineField(lines(w.description), (item) => text(item.description), false),
    lineField(lines(w.quantity), (item) => num(item.quantity), true),
    lineField(lines(w.unitPrice), (item) => money(item.unitPriceCents), true),
    lineField(lines(w.orderSubtotal), (item) => money(item.netCents ?? item.amountCents), true),
    lineField(lines(w.total), (item) => money(item.amountCents), true),
  ];
}

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const w = words[context.lang];
  const columns =
    kind === 'payments'
      ? paymentColumns(context, w)
      : kind === 'orders'
        ? orderColumns(context, w)
        : moveColumns(kind, context, w);
  // The models' own order: account.move `date desc, name desc`, account.payment `date desc, name desc`,
  // sale.order `date_order desc`.
  const dayOf = (line: RegisterLine): string => (kind === 'orders' ? line.time.slice(0, 10) : line.date);
  const lines = [...context.booked.lines].sort(
    (a, b) =>
      (kind === 'orders' ? compareText(b.time, a.time) : compareText(b.date, a.date)) ||
      compareText(b.erpNumber, a.erpNumber),
  );
  const sink = rowSink();
  const rowsOf = (line: RegisterLine) => {
    const items: Array<BookedItem | undefined> = line.items.length > 0 ? line.items : [undefined];
    return items.map((item, index) =>
      row(columns.map((column) => (column.isRecordField && index > 0 ? text('') : column.value(line, item)))),
    );
  };
  if (context.variant === 'text') {
    // The CSV export refuses a grouped list ("Exporting grouped data to csv is not supported").
    for (const line of lines) sink.add(line, ...rowsOf(line));
  } else {
    // The XLSX of the list grouped by day (Invoice/Bill Date, Date, Order Date: Day), groups oldest first.
    const days = [...new Set(lines.map(dayOf))].sort(compareText);
    for (const groupDay of days) {
      const inGroup = lines.filter((line) => dayOf(line) === groupDay);
      sink.add(
        null,
        row(
          columns.map((column, index): GridCell => {
            if (index === 0) return text(`${dayLabel(groupDay, context.lang)} (${inGroup.length})`);
            if (!column.isRecordField || !column.isSummed) return column.isNumeric ? null : text('');
            return money(
              inGroup.reduce((sum, line) => {
                const cell = column.value(line, undefined);
                return sum + (cell !== null && cell.t === 'money' ? cell.cents : 0);
              }, 0),
            );
          }),
          'group',
        ),
      );
      for (const line of inGroup) sink.add(line, ...rowsOf(line));
    }
  }
  return {
    grid: { sheet: 'Sheet1', above: [], header: columns.map((column) => column.label), rows: sink.rows },
    firstRows: sink.firstRows,
  };
}

/** Odoo 17-19 (Community and Enterprise), list view Export. */
export const odooLayout: Layout = {
  name: 'odoo',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv', 'xlsx'],
  style: {
    text: {
      quoting: 'all',
      bom: false,
      formulaGuard: true,
      date: (isoDay) => isoDay,
      datetime: isoSeconds,
      money: (cents) => pythonMoney(cents),
      number: pythonFloat,
    },
    sheet: {
      dateFormat: 'yyyy-mm-dd',
      datetimeFormat: 'yyyy-mm-dd hh:mm:ss',
      moneyFormat: '#,##0.00',
      numberFormat: '#,##0.00',
      freezeHeader: false,
      groupFill: '#e9ecef',
    },
  },
  build,
};
