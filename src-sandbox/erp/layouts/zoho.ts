import type { RegisterKind } from '../registers';
import {
  appliedAllocations,
  customerKey,
  customerName,
  documentColumn,
  itemColumn,
  itemRows,
  newestFirst,
  productName,
  rowSink,
  type ItemRowColumn,
  type LaidOut,
  type Layout,
  type LayoutContext,
} from './common';
import { day, int, money, num, plainMoney, row, text, type GridCell } from './grid';

/**
 * Zoho Books' module exports (Export Invoices, Credit Notes, Sales Orders, Customer Payments), the
 * files named Invoice.csv, Credit_Note.csv, Sales_Order.csv and Customer_Payment.csv: one row per
 * line item with the document's own cells and its `Total` repeated on each, `Item Total` without
 * tax; a payment one row per invoice it was applied to, its `Amount` repeated and `Amount Applied
 * to Invoice` on each, with no invoice cells when it was applied to none. Dates `yyyy-mm-dd`,
 * amounts `1045.50`, credit notes positive. The service's number is `PurchaseOrder` on an invoice,
 * `Reference#` on a credit note or sales order, `Reference Number` on a payment.
 * docs/decisions/104-erp-register-layouts.md.
 */

type Column = ItemRowColumn;
const own = documentColumn;
const item = itemColumn;

function itemColumns(context: LayoutContext, withTax: boolean): Column[] {
  return [
    item('Item Name', (it) => text(productName(context, it))),
    item('SKU', (it) => text(it.productCode)),
    item('Item Desc', (it) => text(it.description)),
    item('Quantity', (it) => num(it.quantity)),
    item('Item Price', (it) => money(it.unitPriceCents)),
    item('Item Total', (it) => money(it.netCents ?? it.amountCents)),
    ...(withTax
      ? [
          item('Item Tax', (it) => text(it.taxCode)),
          item('Item Tax %', (it) => int(Number(/(\d+)$/.exec(it.taxCode)?.[1] ?? 0))),
          item('Item Tax Amount', (it) => money(it.amountCents - (it.netCents ?? it.amountCents))),
        ]
      : []),
  ];
}

function documentColumns(kind: 'invoices' | 'returns' | 'orders', context: LayoutContext): Column[] {
  const key = own('Customer Number', (line) => text(customerKey(context, line)));
  const name = own('Customer Name', (line) => text(customerName(context, line)));
  const money3 = [
    own('Currency Code', (line) => text(line.currency)),
    own('Exchange Rate', () => num(1)),
    own('SubTotal', (line) => money(line.netCents ?? line.amountCents)),
    own('Total', (line) => money(line.amountCents)),
  ];
  switch (kind) {
    case 'invoices':
      return [
        own('Invoice Date', (line) => day(line.date)),
        own('Invoice Number', (line) => text(line.erpNumber)),
        own('Invoice Status', () => text('Sent')),
        name,
        key,
        own('PurchaseOrder', (line) => text(line.reference)),
        ...money3,
        own('Balance', (line) => money(line.amountCents)),
        ...itemColumns(context, true),
      ];
    case 'returns':
      return [
        own('Credit Note Date', (line) => day(line.date)),
        own('Credit Note Number', (line) => text(line.erpNumber)),
        own('Credit Note Status', () => text('Open')),
        name,
        key,
        own('Reference#', (line) => text(line.reference)),
        own('Reason', (line) => text(line.fields.reasonCode ?? '')),
        ...money3,
        own('Balance', (line) => money(line.amountCents)),
        ...itemColumns(context, false),
      ];
    case 'orders':
      return [
        own('Order Date', (line) => day(line.date)),
        own('SalesOrder Number', (line) => text(line.erpNumber)),
        own('Status', () => text('Confirmed')),
        name,
        key,
        own('Reference#', (line) => text(line.reference)),
        ...money3,
        ...itemColumns(context, true),
      ];
  }
}

function buildDocuments(kind: 'invoices' | 'returns' | 'orders', context: LayoutContext): LaidOut {
  const columns = documentColumns(kind, context);
  const sink = rowSink();
  for (const line of newestFirst(context.booked.lines)) {
    sink.add(line, ...itemRows(line, columns, { blankAfterFirst: false }));
  }
  const sheets = { invoices: 'Invoice', returns: 'Credit_Note', orders: 'Sales_Order' } as const;
  return {
    grid: { sheet: sheets[kind], above: [], header: columns.map((column) => column.header), rows: sink.rows },
    firstRows: sink.firstRows,
  };
}

const modes: Record<string, { mode: string; depositTo: string }> = {
  CASH: { mode: 'Cash', depositTo: 'Petty Cash' },
  CHEQUE: { mode: 'Check', depositTo: 'Undeposited Funds' },
  BANK: { mode: 'Bank Transfer', depositTo: 'Undeposited Funds' },
};

function buildPayments(context: LayoutContext): LaidOut {
  const header = [
    'Payment Number',
    'Date',
    'Customer Name',
    'Customer Number',
    'Mode',
    'Description',
    'Exchange Rate',
    'Amount',
    'Unused Amount',
    'Bank Charges',
    'Reference Number',
    'Currency Code',
    'Deposit To',
    'Invoice Number',
    'Invoice Date',
    'Amount Applied to Invoice',
  ];
  const sink = rowSink();
  for (const line of newestFirst(context.booked.lines)) {
    const method = modes[line.fields.method ?? ''] ?? {
      mode: line.fields.method ?? '',
      depositTo: 'Undeposited Funds',
    };
    // A payment taken back is written as a refund of it: a negative amount applied to nothing.
    const applied = line.isReversal ? [] : appliedAllocations(line);
    const unused = line.isReversal
      ? 0
      : line.amountCents - applied.reduce((sum, a) => sum + a.amountCents, 0);
    const own: GridCell[] = [
      text(line.erpNumber),
      day(line.date),
      text(customerName(context, line)),
      text(customerKey(context, line)),
      text(method.mode),
      text(line.fields.description ?? ''),
      num(1),
      money(line.amountCents),
      money(unused),
      money(0),
      text(line.reference),
      text(line.currency),
      text(method.depositTo),
    ];
    if (applied.length === 0) {
      sink.add(line, row([...own, text(''), text(''), text('')]));
      continue;
    }
    sink.add(
      line,
      ...applied.map((allocation) => {
        const invoice =
          allocation.invoiceId === null ? undefined : context.bookedInvoice(allocation.invoiceId);
        return row([
          ...own,
          text(invoice?.erpNumber ?? allocation.reference),
          invoice === undefined ? text('') : day(invoice.date),
          money(allocation.amountCents),
        ]);
      }),
    );
  }
  return {
    grid: { sheet: 'Customer_Payment', above: [], header, rows: sink.rows },
    firstRows: sink.firstRows,
  };
}

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  return kind === 'payments' ? buildPayments(context) : buildDocuments(kind, context);
}

/** Zoho Books (global edition). */
export const zohoLayout: Layout = {
  name: 'zoho',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv', 'xlsx'],
  style: {
    text: {
      quoting: 'minimal',
      bom: false,
      formulaGuard: false,
      date: (isoDay) => isoDay,
      datetime: (iso) => iso.slice(0, 10),
      money: (cents) => plainMoney(cents),
      number: String,
    },
    sheet: {
      dateFormat: 'yyyy-mm-dd',
      datetimeFormat: 'yyyy-mm-dd hh:mm',
      moneyFormat: '0.00',
      freezeHeader: false,
    },
  },
  build,
};
