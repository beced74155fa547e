import { compareText } from '../records';
import type { RegisterKind, RegisterLine } from '../registers';
import { customerName, periodOf, rowSink, type LaidOut, type Layout, type LayoutContext } from './common';
import { day, groupedMoney, mdy, money, monthName, row, text, ymd, type GridCell } from './grid';

/**
 * QuickBooks Online's report export ("Transaction List by Customer", filtered to the kind's
 * transaction types), to CSV or Excel: the company's name, the report's title and its period above
 * the header, then a blank row; a first, unnamed column holding each customer's group row and its
 * "Total for <customer>" row, a "TOTAL" row at the end, then two blank rows and the basis with the
 * time the report ran. Dates M/D/YYYY; amounts `1,045.50`, on total rows with the currency sign
 * (`E£1,045.50`); credit memos and a payment's reversal negative. QuickBooks keeps no customer code:
 * "Name" is the customer's display name. docs/decisions/104-erp-register-layouts.md.
 */

const transactionTypes: Record<RegisterKind, { booking: string; reversal: string }> = {
  invoices: { booking: 'Invoice', reversal: 'Invoice' },
  returns: { booking: 'Credit Memo', reversal: 'Credit Memo' },
  // A bounced or voided payment is taken back by a journal entry against the customer.
  payments: { booking: 'Payment', reversal: 'Journal Entry' },
  // QuickBooks Online has no sales orders; an estimate is the nearest document it lists.
  orders: { booking: 'Estimate', reversal: 'Estimate' },
};

/** The sign QuickBooks shows: a credit memo lowers what the customer owes. */
const signOf = (kind: RegisterKind): number => (kind === 'returns' ? -1 : 1);

/** QuickBooks' period text: `March 1-15, 2026`, `January 14 - March 15, 2026`, `December 5, 2025 - March 15, 2026`. */
function periodText(from: string, to: string): string {
  const a = ymd(from);
  const b = ymd(to);
  if (a.y !== b.y) return `${monthName(a.m)} ${a.d}, ${a.y} - ${monthName(b.m)} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${monthName(a.m)} ${a.d} - ${monthName(b.m)} ${b.d}, ${b.y}`;
  return a.d === b.d ? `${monthName(a.m)} ${a.d}, ${a.y}` : `${monthName(a.m)} ${a.d}-${b.d}, ${a.y}`;
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The footer's run time: `Accrual Basis Sunday, March 15, 2026 10:30 AM GMT+00:00` (UTC). */
function footerText(asOf: string): string {
  const at = new Date(asOf);
  const hours = at.getUTCHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `Accrual Basis ${weekdays[at.getUTCDay()] ?? ''}, ${monthName(at.getUTCMonth() + 1)} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${clock} GMT+00:00`;
}

const blank = (count: number): GridCell[] => Array.from({ length: count }, () => null);

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const header = ['', 'Date', 'Transaction type', 'Num', 'Name', 'Memo/Description', 'Amount'];
  const sign = signOf(kind);
  const amountOf = (line: RegisterLine): number => sign * line.amountCents;
  const byCustomer = new Map<string, RegisterLine[]>();
  for (const line of context.booked.lines) {
    const name = customerName(context, line);
    byCustomer.set(name, [...(byCustomer.get(name) ?? []), line]);
  }
  const sink = rowSink();
  let total = 0;
  for (const name of [...byCustomer.keys()].sort(compareText)) {
    const lines = byCustomer.get(name) ?? [];
    sink.add(null, row([text(name), ...blank(header.length - 1)], 'group'));
    for (const line of lines)
      sink.add(
        line,
        row([
          null,
          day(line.date),
          text(line.isReversal ? transactionTypes[kind].reversal : transactionTypes[kind].booking),
          text(line.erpNumber),
          text(name),
          text(line.reference),
          money(amountOf(line)),
        ]),
      );
    const subtotal = lines.reduce((sum, line) => sum + amountOf(line), 0);
    total += subtotal;
    sink.add(null, row([text(`Total for ${name}`), ...blank(header.length - 2), money(subtotal)], 'total'));
  }
  sink.add(null, row([text('TOTAL'), ...blank(header.length - 2), money(total)], 'total'));
  sink.add(null, row([]), row([]), row([text(footerText(context.asOf))]));
  const period = periodOf(context.booked.lines, context.asOf.slice(0, 10));
  return {
    grid: {
      sheet: 'Transaction List by Customer',
      above: [
        row([text(context.company.name)]),
        row([text('Transaction List by Customer')]),
        row([text(periodText(period.from, period.to))]),
        row([]),
      ],
      header,
      rows: sink.rows,
    },
    firstRows: sink.firstRows,
  };
}

const currencySign = 'E£';

/** QuickBooks Online (Plus, Advanced), report Export to CSV or Excel. */
export const quickbooksLayout: Layout = {
  name: 'quickbooks',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv', 'xlsx'],
  style: {
    text: {
      quoting: 'minimal',
      bom: false,
      formulaGuard: false,
      date: mdy,
      datetime: (iso) => mdy(iso.slice(0, 10)),
      money: (cents, isTotal) => {
        if (!isTotal) return groupedMoney(cents);
        return cents < 0
          ? `-${currencySign}${groupedMoney(-cents)}`
          : `${currencySign}${groupedMoney(cents)}`;
      },
      number: String,
    },
    sheet: {
      dateFormat: 'm/d/yyyy',
      datetimeFormat: 'm/d/yyyy h:mm',
      moneyFormat: '#,##0.00',
      totalMoneyFormat: `"${currencySign}"#,##0.00`,
      freezeHeader: false,
    },
  },
  build,
};
