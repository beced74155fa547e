import type { RegisterKind, RegisterLine } from '../registers';
import {
  customerKey,
  customerName,
  periodOf,
  rowSink,
  type LaidOut,
  type Layout,
  type LayoutContext,
} from './common';
import { day, mdy, money, plainMoney, row, text } from './grid';

/**
 * Oracle NetSuite's report export (a "Transaction Detail" report filtered to the kind's type), to
 * CSV or to Excel, whose ".xls" is a SpreadsheetML 2003 XML file: the company's name, the report's
 * title and its date range above the header, then a blank row; one row per transaction in date
 * order; a last row "Total" with the amount columns summed. Dates M/D/YYYY; `Name` is the entity as
 * NetSuite names it, its ID then its name (`C-1030 محلات الفيروز`); `Currency` is the currency's name
 * ("Egyptian Pound"); amounts signed as the receivable moves: invoices and sales orders positive,
 * credit memos and payments negative, a customer refund (a payment taken back) positive.
 * docs/decisions/104-erp-register-layouts.md.
 */

const types: Record<RegisterKind, string> = {
  invoices: 'Invoice',
  returns: 'Credit Memo',
  payments: 'Payment',
  orders: 'Sales Order',
};

const currencyNames: Record<string, string> = {
  EGP: 'Egyptian Pound',
  USD: 'US Dollar',
  EUR: 'Euro',
  SAR: 'Saudi Riyal',
  AED: 'UAE Dirham',
};

function signedAmount(kind: RegisterKind, line: RegisterLine): number {
  if (kind === 'returns') return -line.amountCents;
  // A payment lowers the receivable; its reversal (negative in the register) is a refund raising it.
  if (kind === 'payments') return -line.amountCents;
  return line.amountCents;
}

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const header = [
    'Type',
    'Date',
    'Document Number',
    'Name',
    'Memo',
    'Currency',
    'Amount (Foreign Currency)',
    'Amount',
  ];
  const sink = rowSink();
  let total = 0;
  for (const line of context.booked.lines) {
    const amount = signedAmount(kind, line);
    total += amount;
    sink.add(
      line,
      row([
        text(kind === 'payments' && line.isReversal ? 'Customer Refund' : types[kind]),
        day(line.date),
        text(line.erpNumber),
        text(`${customerKey(context, line)} ${customerName(context, line)}`),
        text(line.reference),
        text(currencyNames[line.currency] ?? line.currency),
        money(amount),
        money(amount),
      ]),
    );
  }
  sink.add(null, row([text('Total'), null, null, null, null, null, money(total), money(total)], 'total'));
  const period = periodOf(context.booked.lines, context.asOf.slice(0, 10));
  return {
    grid: {
      sheet: 'Transaction Detail',
      above: [
        row([text(context.company.name)]),
        row([text('Transaction Detail')]),
        row([text(`${mdy(period.from)} - ${mdy(period.to)}`)]),
        row([]),
      ],
      header,
      rows: sink.rows,
    },
    firstRows: sink.firstRows,
  };
}

/** NetSuite (OneWorld, English (U.S.) date preference M/D/YYYY). */
export const netsuiteLayout: Layout = {
  name: 'netsuite',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv', 'xls'],
  style: {
    text: {
      quoting: 'minimal',
      bom: false,
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
      freezeHeader: false,
    },
  },
  build,
};
