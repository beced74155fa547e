// words: none of this file is shown (generated exports for measuring the reader and for the sandbox's tests).
/**
 * Generated data for measuring the register reader: an ERP's invoice export written one row per line
 * item, as Xero writes it (every invoice column repeated on each of its item rows, `Total` among them,
 * `LineAmount` the item's own), as the UTF-8 bytes of the file, with the service's invoices it books.
 * For tests and benchmarks only; nothing in the app imports it (./index.ts does not export it).
 *
 * The columns are those of Xero's sales invoice export (`*ContactName` … `BrandingTheme`), contacts
 * named in Arabic, dates written day first without padding (`5/1/2025`, Xero UK and Arabic locales),
 * amounts plain with two decimals, CRLF line ends, a byte-order mark.
 */
import { generator } from './fixture';
import type { ServiceDocument } from './model';

/** What a correct read and reconciliation of the export give: what a benchmark checks before it times. */
export interface RegisterExportCounts {
  /** Data rows of the file (the header left out). */
  rows: number;
  /** Invoices in the file: register lines once their item rows are folded. */
  lines: number;
  /** Item rows folded into an invoice's first row (`rows - lines`). */
  foldedRows: number;
  /** The service's documents. */
  documents: number;
  /** Groups of each state `reconcile` makes with every rule on and no decision. */
  groups: { matched: number; differs: number; serviceOnly: number; erpOnly: number };
}

/** The export's bytes, the service's documents, and what reading and reconciling them gives. */
export interface RegisterExportFixture {
  bytes: Uint8Array;
  documents: ServiceDocument[];
  counts: RegisterExportCounts;
}

/** Xero's sales invoice export columns, in its order. */
export const xeroInvoiceHeaders = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'TaxTotal',
  'InvoiceAmountPaid',
  'InvoiceAmountDue',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  'LineAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

const companyForms = ['شركة', 'مؤسسة', 'مكتب', 'معرض', 'صيدلية', 'سوبر ماركت', 'مخازن', 'بقالة'];
const familyNames = [
  'النور',
  'الأمل',
  'الفجر',
  'السلام',
  'الهدى',
  'الرحمة',
  'المصري',
  'الحسيني',
  'عبد الرحمن',
  'أبو العلا',
  'الشربيني',
  'القاضي',
  'البدري',
  'الجوهري',
  'إخوان سليمان',
  'الزهراء',
];
const trades = ['للتجارة', 'للتوزيع', 'للمواد الغذائية', 'وشركاه', 'للأدوية', ''];
const cities = ['القاهرة', 'الإسكندرية', 'الجيزة', 'طنطا', 'المنصورة', 'أسيوط', 'الزقازيق', 'بورسعيد'];
const streets = ['شارع التحرير', 'شارع الجمهورية', 'طريق الحرية', 'شارع النصر', 'شارع 26 يوليو'];
const items: ReadonlyArray<readonly [code: string, description: string]> = [
  ['TEA-250', 'شاي العروسة 250 جم'],
  ['RICE-5', 'أرز الضحى 5 كجم, عبوة'],
  ['OIL-1', 'زيت عباد الشمس 1 لتر'],
  ['SUG-1', 'سكر أبيض 1 كجم'],
  ['NES-200', 'Nescafe Classic 200g'],
  ['PAS-400', 'مكرونة الملكة 400 جم'],
  ['CHE-500', 'جبنة "دومتي" 500 جم'],
  ['', 'خصم كمية'],
  ['WAT-15', 'مياه معدنية 1.5 لتر × 6'],
  ['DET-3', 'Persil detergent 3kg'],
];

/** A CSV cell as Xero writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A day of 2025 (0 is 1 January) as Xero writes it day first, unpadded: `5/1/2025`. */
function dayFirst(offset: number): string {
  const date = new Date(Date.UTC(2025, 0, 1 + offset));
  return `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
}

function isoDay(offset: number): string {
  return new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
}

/**
 * An export of `rows` item rows (3 to 5 a invoice, about 4.2 on average: 250,000 rows are about
 * 60,000 invoices over 90 days) and the service's invoices. Of the invoices: about 84% are booked
 * with the service's number in `Reference` (1 in 50 of them as the service's id, 1 in 40 in lower
 * case), 5% without a reference but already accepted under their ERP number (the `erp-key` rule), 3%
 * booked by reference at another total (`differs`), 3% booked without any reference the service can
 * use (the service's document and the ERP's line each alone), 3% not booked, and 2% are bookings of
 * no document of the service. No customer column: Xero names contacts only by name.
 */
export function makeRegisterExport(rows: number, seed = 1): RegisterExportFixture {
  const random = generator(seed);
  const pick = (max: number): number => Math.floor(random() * max);
  const customerCount = Math.max(1, Math.round(rows / 80));
  const customers = Array.from({ length: customerCount }, (_, c) => {
    const form = companyForms[c % companyForms.length]!;
    const family = familyNames[Math.floor(c / companyForms.length) % familyNames.length]!;
    const trade = trades[c % trades.length]!;
    const city = cities[c % cities.length]!;
    // Some contacts carry their branch after a comma: the cell is quoted.
    const branch = c % 9 === 0 ? `, فرع ${city}` : '';
    return {
      code: `C${1000 + c}`,
      name: `${form} ${family}${trade ? ` ${trade}` : ''} ${c + 1}${branch}`,
      email: c % 3 === 0 ? `accounts${c + 1}@example.com` : '',
      street: `${streets[c % streets.length]!} ${1 + (c % 90)}`,
      city,
    };
  });

  const lines: string[] = [xeroInvoiceHeaders.join(',')];
  const documents: ServiceDocument[] = [];
  const groups = { matched: 0, differs: 0, serviceOnly: 0, erpOnly: 0 };
  let invoices = 0;
  let written = 0;
  for (let i = 0; written < rows; i += 1) {
    const customer = customers[pick(customerCount)]!;
    const day = pick(90);
    const currency = random() < 0.03 ? 'USD' : 'EGP';
    const itemCount = Math.min(rows - written, random() < 0.25 ? 3 : random() < 0.44 ? 4 : 5);
    const itemRows: Array<{ code: string; description: string; quantity: number; unitCents: number }> = [];
    let totalCents = 0;
    for (let k = 0; k < itemCount; k += 1) {
      const [code, description] = items[pick(items.length)]!;
      const quantity = 1 + pick(24);
      const unitCents = 500 + pick(49_500);
      itemRows.push({ code, description, quantity, unitCents });
      totalCents += quantity * unitCents;
    }
    const taxCents = Math.round((totalCents * 14) / 114);
    const number = `FS-${100000 + i}`;
    const doc: ServiceDocument = {
      id: `inv_${i}`,
      kind: 'invoices',
      number,
      customerId: `cus_${customer.code}`,
      customerCode: customer.code,
      customerErpKey: null,
      date: isoDay(day),
      amountCents: totalCents,
      taxCents,
      currency,
      isPending: true,
    };
    const erpNumber = `INV-${String(invoices + 1).padStart(6, '0')}`;
    let reference = '';
    let bookedCents = totalCents;
    let isBooked = true;
    let hasDocument = true;
    const roll = random();
    if (roll < 0.84) {
      const spelling = random();
      reference = spelling < 0.02 ? doc.id : spelling < 0.045 ? number.toLowerCase() : number;
      groups.matched += 1;
    } else if (roll < 0.89) {
      doc.ack = { outcome: 'ACCEPTED', externalNumber: erpNumber, externalRef: null };
      doc.isPending = false;
      groups.matched += 1;
    } else if (roll < 0.92) {
      // The ERP booked another total than its items (a charge added by hand, a discount left out).
      const delta = (1 + pick(50)) * 100;
      reference = number;
      bookedCents = totalCents > 2 * delta && random() < 0.5 ? totalCents - delta : totalCents + delta;
      groups.differs += 1;
    } else if (roll < 0.95) {
      reference = random() < 0.5 ? '' : `PO ${4000 + pick(5000)}`;
      groups.serviceOnly += 1;
      groups.erpOnly += 1;
    } else if (roll < 0.98) {
      isBooked = false;
      groups.serviceOnly += 1;
    } else {
      hasDocument = false;
      reference = random() < 0.5 ? '' : `FS-${900000 + i}`;
      groups.erpOnly += 1;
    }
    if (hasDocument) documents.push(doc);
    if (!isBooked) continue;
    invoices += 1;
    const bookedTax = Math.round((bookedCents * 14) / 114);
    const invoiceCells = [
      csvCell(customer.name),
      customer.email,
      csvCell(customer.street),
      '',
      '',
      '',
      customer.city,
      '',
      '',
      'Egypt',
      erpNumber,
      csvCell(reference),
      dayFirst(day),
      dayFirst(day + 30),
      money(bookedCents),
      money(bookedTax),
      '0.00',
      money(bookedCents),
    ].join(',');
    const trailing = `Region,${customer.city},,,${currency},Standard`;
    for (const item of itemRows) {
      const lineCents = item.quantity * item.unitCents;
      lines.push(
        [
          invoiceCells,
          item.code,
          csvCell(item.description),
          String(item.quantity),
          money(item.unitCents),
          '',
          money(lineCents),
          '200',
          'Tax on Sales',
          money(Math.round((lineCents * 14) / 114)),
          trailing,
        ].join(','),
      );
    }
    written += itemRows.length;
  }
  const text = `\ufeff${lines.join('\r\n')}\r\n`;
  return {
    bytes: new TextEncoder().encode(text),
    documents,
    counts: {
      rows: written,
      lines: invoices,
      foldedRows: written - invoices,
      documents: documents.length,
      groups,
    },
  };
}
