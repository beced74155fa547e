import type { RegisterKind, RegisterLine } from '../registers';
import { customerKey, customerName, rowSink, type LaidOut, type Layout, type LayoutContext } from './common';
import { day, ddmmyyyy, int, money, plainMoney, row, text, type GridCell } from './grid';

/**
 * Sage 50 Accounts (UK) customer transactions as its lists export them to CSV (the audit trail's
 * columns): `No` (the transaction number), `Type` (SI invoice, SC credit note, SR receipt), `A/C`
 * (the customer's account reference), `Date` dd/mm/yyyy, `Ref` (Sage's own document number),
 * `Ex.Ref` (the service's number), `Details`, then `Net`, `Tax` and `Gross`, all positive: the type
 * says which way the money goes; a receipt taken back (a returned cheque) is an SR with negative
 * amounts. Sales orders come from Sales Order Processing's list: `Order No.`, `Order Date`, `A/C`,
 * `Name`, `Cust. Order No.` (the service's number), `Net`, `VAT`, `Gross`. Sage writes the Windows
 * code page of the machine: on an Arabic Windows, Windows-1256 (the samples' file).
 * docs/decisions/104-erp-register-layouts.md.
 */

const types: Record<Exclude<RegisterKind, 'orders'>, string> = {
  invoices: 'SI',
  returns: 'SC',
  payments: 'SR',
};

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const sink = rowSink();
  const name = (line: RegisterLine): GridCell => text(customerName(context, line));
  const key = (line: RegisterLine): GridCell => text(customerKey(context, line));
  if (kind === 'orders') {
    for (const line of context.booked.lines) {
      const net = line.netCents ?? line.amountCents;
      sink.add(
        line,
        row([
          text(line.erpNumber),
          day(line.date),
          key(line),
          name(line),
          text(line.reference),
          money(net),
          money(line.amountCents - net),
          money(line.amountCents),
        ]),
      );
    }
    return {
      grid: {
        sheet: 'Sales Orders',
        above: [],
        header: ['Order No.', 'Order Date', 'A/C', 'Name', 'Cust. Order No.', 'Net', 'VAT', 'Gross'],
        rows: sink.rows,
      },
      firstRows: sink.firstRows,
    };
  }
  context.booked.lines.forEach((line, index) => {
    const net = line.netCents ?? line.amountCents;
    const details = kind === 'payments' ? (line.fields.description ?? '') : customerName(context, line);
    sink.add(
      line,
      row([
        int(index + 1),
        text(types[kind]),
        key(line),
        day(line.date),
        text(line.erpNumber),
        text(line.reference),
        text(details),
        money(net),
        money(line.amountCents - net),
        money(line.amountCents),
      ]),
    );
  });
  return {
    grid: {
      sheet: 'Audit Trail',
      above: [],
      header: ['No', 'Type', 'A/C', 'Date', 'Ref', 'Ex.Ref', 'Details', 'Net', 'Tax', 'Gross'],
      rows: sink.rows,
    },
    firstRows: sink.firstRows,
  };
}

/** Sage 50 Accounts (UK edition). */
export const sageLayout: Layout = {
  name: 'sage',
  kinds: ['invoices', 'payments', 'returns', 'orders'],
  sampleFormats: ['csv-1256'],
  style: {
    text: {
      quoting: 'minimal',
      bom: false,
      formulaGuard: false,
      date: ddmmyyyy,
      datetime: (iso) => ddmmyyyy(iso.slice(0, 10)),
      money: (cents) => plainMoney(cents),
      number: String,
    },
    sheet: {
      dateFormat: 'dd/mm/yyyy',
      datetimeFormat: 'dd/mm/yyyy hh:mm',
      moneyFormat: '0.00',
      freezeHeader: false,
    },
  },
  build,
};
