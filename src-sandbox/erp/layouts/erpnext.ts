import type { RegisterKind } from '../registers';
import {
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
import { day, int, money, num, pythonFloat, pythonMoney, row, text } from './grid';

/**
 * ERPNext (Frappe) exports.
 *
 * Invoices, credit notes (a Sales Invoice with "Is Return (Credit Note)") and sales orders come as
 * Data Import's "Export Data" (frappe/frappe `frappe/core/doctype/data_import/exporter.py`): header
 * labels, a child table's fields as "Item Code (Items)", one row per child row with the parent's
 * cells blank after the first, newest first (`creation DESC`). Payments come as the Report View's
 * export of Payment Entry (`frappe/desk/reportview.py`: a first column "Sr", "ID" for the name, and
 * with "Add Totals Row" a last row whose first text cell says "Total" and whose number columns are
 * summed). CSV through `frappe/utils/csvutils.py`: Python's csv with QUOTE_NONNUMERIC (every cell
 * quoted but numbers), floats as Python writes them, no byte-order mark.
 * docs/decisions/104-erp-register-layouts.md.
 */

type Column = ItemRowColumn;
const parent = documentColumn;
const child = itemColumn;

function salesColumns(kind: 'invoices' | 'returns' | 'orders', context: LayoutContext): Column[] {
  // A return is a Sales Invoice with Is Return set: its total and quantities are negative.
  const sign = kind === 'returns' ? -1 : 1;
  const items = (label: string): string => `${label} (Items)`;
  return [
    parent('ID', (line) => text(line.erpNumber)),
    parent('Customer', (line) => text(customerKey(context, line))),
    parent('Customer Name', (line) => text(customerName(context, line))),
    parent(kind === 'orders' ? 'Date' : 'Posting Date', (line) => day(line.date)),
    parent('Currency', (line) => text(line.currency)),
    parent("Customer's Purchase Order", (line) => text(line.reference)),
    ...(kind === 'orders' ? [] : [parent('Is Return (Credit Note)', () => int(kind === 'returns' ? 1 : 0))]),
    parent('Net Total', (line) => money(sign * (line.netCents ?? line.amountCents))),
    parent('Grand Total', (line) => money(sign * line.amountCents)),
    child(items('Item Code'), (item) => text(item.productCode)),
    child(items('Item Name'), (item) => text(productName(context, item))),
    child(items('Quantity'), (item) => num(sign * item.quantity)),
    child(items('Rate'), (item) => money(item.unitPriceCents)),
    child(items('Amount'), (item) => money(sign * (item.netCents ?? item.amountCents))),
  ];
}

function buildSales(kind: 'invoices' | 'returns' | 'orders', context: LayoutContext): LaidOut {
  const columns = salesColumns(kind, context);
  const sink = rowSink();
  for (const line of newestFirst(context.booked.lines)) {
    sink.add(line, ...itemRows(line, columns, { blankAfterFirst: true }));
  }
  return {
    grid: {
      sheet: kind === 'orders' ? 'Sales Order' : 'Sales Invoice',
      above: [],
      header: columns.map((column) => column.header),
      rows: sink.rows,
    },
    firstRows: sink.firstRows,
  };
}

const modes: Record<string, string> = { CASH: 'Cash', CHEQUE: 'Cheque', BANK: 'Wire Transfer' };

function buildPayments(context: LayoutContext): LaidOut {
  const sink = rowSink();
  const lines = newestFirst(context.booked.lines);
  lines.forEach((line, index) => {
    sink.add(
      line,
      row([
        int(index + 1),
        text(line.erpNumber),
        day(line.date),
        // A payment taken back is a Payment Entry of type Pay: its paid amount stays positive.
        text(line.isReversal ? 'Pay' : 'Receive'),
        text(modes[line.fields.method ?? ''] ?? line.fields.method ?? ''),
        text('Customer'),
        text(customerKey(context, line)),
        text(customerName(context, line)),
        text(line.reference),
        money(Math.abs(line.amountCents)),
        text(line.fields.description ?? ''),
      ]),
    );
  });
  // "Add Totals Row": number columns summed, "Total" in the first text column, and "Sr" numbered on.
  const paid = lines.reduce((sum, line) => sum + Math.abs(line.amountCents), 0);
  sink.add(
    null,
    row(
      [
        int(lines.length + 1),
        text('Total'),
        text(''),
        text(''),
        text(''),
        text(''),
        text(''),
        text(''),
        text(''),
        money(paid),
        text(''),
      ],
      'total',
    ),
  );
  return {
    grid: {
      sheet: 'Payment Entry',
      above: [],
      header: [
        'Sr',
        'ID',
        'Posting Date',
        'Payment Type',
        'Mode of Payment',
        'Party Type',
        'Party',
        'Party Name',
        'Cheque/Reference No',
        'Paid Amount',
        'Remarks',
      ],
      rows: sink.rows,
    },
    firstRows: sink.firstRows,
  };
}

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  return kind === 'payments' ? buildPayments(context) : buildSales(kind, context);
}

/** ERPNext v14-v15. */
export const erpnextLayout: Layout = {
  name: 'erpnext',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv', 'xlsx'],
  style: {
    text: {
      quoting: 'nonnumeric',
      bom: false,
      formulaGuard: false,
      date: (isoDay) => isoDay,
      datetime: (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`,
      money: (cents) => pythonMoney(cents),
      number: pythonFloat,
    },
    // openpyxl writes numbers in General and dates as date cells.
    sheet: { dateFormat: 'yyyy-mm-dd', datetimeFormat: 'yyyy-mm-dd hh:mm:ss', freezeHeader: false },
  },
  build,
};
