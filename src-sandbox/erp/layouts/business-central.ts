import { compareText } from '../records';
import type { RegisterKind, RegisterLine } from '../registers';
import { customerKey, customerName, rowSink, type LaidOut, type Layout, type LayoutContext } from './common';
import { day, mdy, money, plainMoney, row, text, type GridCell } from './grid';

/**
 * Microsoft Dynamics 365 Business Central's list pages opened in Excel ("Open in Excel" / "Export
 * to Excel"): a sheet with the page's columns on the first row, one row per record. Posted Sales
 * Invoices (page 143), Posted Sales Credit Memos (page 144, amounts positive as the page shows
 * them), Sales Orders (page 9305), and for payments the Customer Ledger Entries (page 25) filtered
 * to payments and refunds: Document Type "Payment" with a negative Amount, a bounced or voided
 * payment taken back by a "Refund" with a positive one. Currency Code is blank for the local
 * currency (what BC shows for LCY). The service's number is in External Document No.
 * Business Central has no CSV export of a list: its `csv` is the sheet as Excel saves it.
 * docs/decisions/104-erp-register-layouts.md.
 */

interface Column {
  header: string;
  value(line: RegisterLine): GridCell;
}

/** BC shows the company's local currency as an empty Currency Code. */
const localCurrency = 'EGP';
const currencyCode = (line: RegisterLine): GridCell =>
  text(line.currency === localCurrency ? '' : line.currency);

function columnsOf(kind: RegisterKind, context: LayoutContext): Column[] {
  const key = (line: RegisterLine): GridCell => text(customerKey(context, line));
  const name = (line: RegisterLine): GridCell => text(customerName(context, line));
  switch (kind) {
    case 'invoices':
    case 'returns':
      return [
        { header: 'No.', value: (line) => text(line.erpNumber) },
        { header: 'Sell-to Customer No.', value: key },
        { header: 'Sell-to Customer Name', value: name },
        { header: 'External Document No.', value: (line) => text(line.reference) },
        { header: 'Posting Date', value: (line) => day(line.date) },
        { header: 'Currency Code', value: currencyCode },
        { header: 'Amount', value: (line) => money(line.netCents ?? line.amountCents) },
        { header: 'Amount Including VAT', value: (line) => money(line.amountCents) },
      ];
    case 'orders':
      return [
        { header: 'No.', value: (line) => text(line.erpNumber) },
        { header: 'Sell-to Customer No.', value: key },
        { header: 'Sell-to Customer Name', value: name },
        { header: 'External Document No.', value: (line) => text(line.reference) },
        { header: 'Order Date', value: (line) => day(line.date) },
        { header: 'Status', value: () => text('Released') },
        { header: 'Currency Code', value: currencyCode },
        { header: 'Amount', value: (line) => money(line.netCents ?? line.amountCents) },
        { header: 'Amount Including VAT', value: (line) => money(line.amountCents) },
      ];
    case 'payments':
      return [
        { header: 'Posting Date', value: (line) => day(line.date) },
        { header: 'Document Type', value: (line) => text(line.isReversal ? 'Refund' : 'Payment') },
        { header: 'Document No.', value: (line) => text(line.erpNumber) },
        { header: 'External Document No.', value: (line) => text(line.reference) },
        { header: 'Customer No.', value: key },
        { header: 'Customer Name', value: name },
        { header: 'Description', value: (line) => text(line.fields.description ?? '') },
        { header: 'Currency Code', value: currencyCode },
        // The ledger's sign: a payment credits the customer (negative), a refund debits it back.
        { header: 'Amount', value: (line) => money(-line.amountCents) },
      ];
  }
}

const sheets: Record<RegisterKind, string> = {
  invoices: 'Posted Sales Invoices',
  returns: 'Posted Sales Credit Memos',
  orders: 'Sales Orders',
  payments: 'Customer Ledger Entries',
};

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const columns = columnsOf(kind, context);
  const sink = rowSink();
  // Lists open sorted by their key (No.); the ledger by entry number, which follows posting.
  const lines =
    kind === 'payments'
      ? context.booked.lines
      : [...context.booked.lines].sort((a, b) => compareText(a.erpNumber, b.erpNumber));
  for (const line of lines) sink.add(line, row(columns.map((column) => column.value(line))));
  return {
    grid: { sheet: sheets[kind], above: [], header: columns.map((column) => column.header), rows: sink.rows },
    firstRows: sink.firstRows,
  };
}

/** Business Central online (2023 and later), English (United States). */
export const businessCentralLayout: Layout = {
  name: 'business-central',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['xlsx'],
  style: {
    csvIsExcelResave: true,
    text: {
      quoting: 'minimal',
      bom: true,
      formulaGuard: false,
      date: mdy,
      datetime: (iso) => mdy(iso.slice(0, 10)),
      money: (cents) => plainMoney(cents),
      number: String,
    },
    sheet: {
      dateFormat: 'm/d/yyyy',
      datetimeFormat: 'm/d/yyyy h:mm',
      moneyFormat: '#,##0.00',
      freezeHeader: true,
    },
  },
  build,
};
