import { compareText } from '../records';
import type { BookedItem, RegisterKind, RegisterLine } from '../registers';
import {
  customerAddress,
  customerName,
  rowSink,
  type LaidOut,
  type Layout,
  type LayoutContext,
} from './common';
import { day, dmy, money, num, plainMoney, row, text, type GridCell } from './grid';

/**
 * Xero's CSV export of sales invoices and credit notes (Business → Invoices → Export) and of quotes:
 * the columns of its import template (required ones starred), one row per line item with the
 * invoice's own cells (contact, number, reference, dates, `Total`) repeated on every row; line
 * amounts without tax (`LineAmount`, `TaxAmount`); credit notes negative with Type "Sales credit
 * note"; dates D/M/YYYY (a United Kingdom organisation); every cell quoted; a byte-order mark.
 * Xero has no sales orders (quotes are the nearest) and no export listing received payments one
 * by one with a number, so it has no payments register. docs/decisions/104-erp-register-layouts.md.
 */

const address = [
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
];
const tracking = ['TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2'];

/** The day `days` after an ISO day. */
function addDays(isoDay: string, days: number): string {
  const at = new Date(`${isoDay}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Xero's tax rate name for a service tax code (`VAT14` → `VAT 14%`), `Tax Exempt` without one. */
function taxType(item: BookedItem): string {
  const rate = /(\d+)$/.exec(item.taxCode)?.[1];
  return rate === undefined ? 'Tax Exempt' : Number(rate) === 0 ? 'Zero Rated' : `VAT ${Number(rate)}%`;
}

/** The one line of a booking that has none: its whole amount. */
function noItem(line: RegisterLine): BookedItem {
  return {
    productId: null,
    productCode: '',
    description: line.reference,
    quantity: 1,
    unitPriceCents: line.netCents ?? line.amountCents,
    amountCents: line.amountCents,
    netCents: line.netCents,
    taxCode: '',
  };
}

function build(kind: RegisterKind, context: LayoutContext): LaidOut {
  const isQuote = kind === 'orders';
  const sign = kind === 'returns' ? -1 : 1;
  const header = [
    '*ContactName',
    'EmailAddress',
    ...address,
    isQuote ? '*QuoteNumber' : '*InvoiceNumber',
    'Reference',
    isQuote ? '*QuoteDate' : '*InvoiceDate',
    isQuote ? 'ExpiryDate' : '*DueDate',
    'Total',
    'TaxTotal',
    ...(isQuote ? [] : ['InvoiceAmountPaid', 'InvoiceAmountDue']),
    'InventoryItemCode',
    '*Description',
    '*Quantity',
    '*UnitAmount',
    'Discount',
    'LineAmount',
    '*AccountCode',
    '*TaxType',
    'TaxAmount',
    ...tracking,
    'Currency',
    ...(isQuote ? ['Status'] : ['Type', 'Sent', 'Status']),
  ];
  const sink = rowSink();
  // The export lists invoices by number.
  const lines = [...context.booked.lines].sort((a, b) => compareText(a.erpNumber, b.erpNumber));
  for (const line of lines) {
    const taxTotal = line.netCents === null ? 0 : line.amountCents - line.netCents;
    const own = (): GridCell[] => [
      text(customerName(context, line)),
      text(''),
      text(customerAddress(context, line)),
      ...address.slice(1, -1).map(() => text('')),
      text('Egypt'),
      text(line.erpNumber),
      text(line.reference),
      day(line.date),
      day(addDays(line.date, 30)),
      money(sign * line.amountCents),
      money(sign * taxTotal),
      ...(isQuote ? [] : [money(0), money(sign * line.amountCents)]),
    ];
    // A document without lines still has its row (Xero writes an invoice's cells on each line row).
    const items: BookedItem[] = line.items.length > 0 ? line.items : [noItem(line)];
    sink.add(
      line,
      ...items.map((item) => {
        const net = item.netCents ?? item.amountCents;
        return row([
          ...own(),
          text(item.productCode),
          text(item.description),
          num(item.quantity),
          money(sign * item.unitPriceCents),
          text(''),
          money(sign * net),
          text('200'),
          text(taxType(item)),
          money(sign * (item.amountCents - net)),
          ...tracking.map(() => text('')),
          text(line.currency),
          ...(isQuote
            ? [text('ACCEPTED')]
            : [
                text(kind === 'returns' ? 'Sales credit note' : 'Sales invoice'),
                text('Sent'),
                text('Awaiting Payment'),
              ]),
        ]);
      }),
    );
  }
  return {
    grid: { sheet: isQuote ? 'Quotes' : 'Invoices', above: [], header, rows: sink.rows },
    firstRows: sink.firstRows,
  };
}

/** Xero (United Kingdom organisation). */
export const xeroLayout: Layout = {
  name: 'xero',
  kinds: ['invoices', 'returns', 'orders'],
  sampleFormats: ['csv'],
  style: {
    text: {
      quoting: 'all',
      bom: true,
      formulaGuard: false,
      date: dmy,
      datetime: (iso) => dmy(iso.slice(0, 10)),
      money: (cents) => plainMoney(cents),
      number: String,
    },
    sheet: {
      dateFormat: 'd/m/yyyy',
      datetimeFormat: 'd/m/yyyy h:mm',
      moneyFormat: '0.00',
      freezeHeader: false,
    },
  },
  build,
};
