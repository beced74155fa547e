import { describe, expect, it } from 'vitest';
import {
  currencyCode,
  findDateOrder,
  mergeRegisters,
  parseRegisterDate,
  readAmount,
  readRegister,
  readRegisterFile,
  suggestRegister,
  type ReadRegisterOptions,
  type RegisterLine,
} from '../../../src-shared/domain/reconcile';

// The register reader against exports shaped as ERPs write them (issue "Real ERP files"): rows above
// the header, total and group rows, one row per item, currencies by name, signs, date orders. The
// fixtures of whole files are in test/fixtures/erp-registers (./erp-fixtures.test.ts); these are the
// reader's rules one by one, each on the smallest file that shows it.

const options: ReadRegisterOptions = { kind: 'invoices', dateOrder: 'auto', defaultCurrency: 'EGP' };

/** A CSV file's bytes from lines. */
function csv(...lines: string[]): Uint8Array {
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

/** A file read with the suggested columns, as the import does before the clerk changes anything. */
function readSuggested(bytes: Uint8Array, readOptions: Partial<ReadRegisterOptions> = {}) {
  const file = readRegisterFile(bytes);
  const suggestion = suggestRegister(file.table.headers);
  return {
    file,
    suggestion,
    read: readRegister(file.table, suggestion.mapping, { ...options, ...readOptions }),
  };
}

function brief(lines: readonly RegisterLine[]): string[] {
  return lines.map(
    (line) =>
      `${line.erpNumber} ${line.kind} ${line.amountCents} ${line.currency} ${line.date} ref=${line.serviceRef} cust=${line.customer}/${line.customerName ?? ''}`,
  );
}

describe('the header under rows above it', () => {
  it('skips a QuickBooks report title, leaves out TOTAL and "Total for" rows, and reads M/D/YYYY and $ amounts', () => {
    const { file, suggestion, read } = readSuggested(
      csv(
        'Demo Trading Co',
        'Invoice List',
        'June 1-30, 2026',
        '',
        'Date,Transaction type,Num,Name,Memo/Description,Amount',
        'شركة النور',
        '06/29/2026,Invoice,1045,شركة النور,INV-2026-000123,"$1,045.50"',
        '06/30/2026,Invoice,1046,شركة النور,INV-2026-000124,$200.00',
        'Total for شركة النور,,,,,"$1,245.50"',
        'TOTAL,,,,,"$1,245.50"',
        '',
        '"Cash Basis Wednesday, July 1, 2026 10:00 AM GMT+02:00"',
      ),
    );
    expect([file.table.headerLine, file.table.rowsAbove.length, suggestion.layoutName]).toEqual([
      5,
      3,
      'QuickBooks Online report',
    ]);
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      '1045 invoices 104550 USD 2026-06-29 ref=INV-2026-000123 cust=null/شركة النور',
      '1046 invoices 20000 USD 2026-06-30 ref=INV-2026-000124 cust=null/شركة النور',
    ]);
    expect(read.reading.skipped).toEqual([
      { line: 6, text: 'شركة النور', why: 'group' },
      { line: 9, text: 'Total for شركة النور', why: 'total' },
      { line: 10, text: 'TOTAL', why: 'total' },
      { line: 12, text: 'Cash Basis Wednesday, July 1, 2026 10:00 AM GMT+02:00', why: 'group' },
    ]);
    expect(read.reading.dateOrder).toEqual({
      order: 'mdy',
      found: { order: 'mdy', reason: 'decided', example: { line: 7, text: '06/29/2026' } },
    });
  });

  it("skips ERPNext's filter rows and leaves out its Total row", () => {
    const { file, read } = readSuggested(
      csv(
        'Filters:',
        'Company,Demo Trading Co',
        'Status,Paid',
        '',
        "ID,Customer,Customer Name,Posting Date,Currency,Grand Total,Customer's Purchase Order",
        'ACC-SINV-2026-00001,CUST-0001,شركة النور,29-06-2026,EGP,1140,INV-2026-000123',
        'ACC-SINV-2026-00002,CUST-0002,Cairo Foods,30-06-2026,EGP,570,INV-2026-000124',
        'Total,,,,,1710,',
      ),
    );
    expect([file.table.headerLine, file.table.rowsAbove.map((row) => row.cells[0])]).toEqual([
      5,
      ['Filters:', 'Company', 'Status'],
    ]);
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'ACC-SINV-2026-00001 invoices 114000 EGP 2026-06-29 ref=INV-2026-000123 cust=CUST-0001/شركة النور',
      'ACC-SINV-2026-00002 invoices 57000 EGP 2026-06-30 ref=INV-2026-000124 cust=CUST-0002/Cairo Foods',
    ]);
    expect(read.reading.skipped).toEqual([{ line: 8, text: 'Total', why: 'total' }]);
  });
});

describe('one row per item', () => {
  it("folds ERPNext's continuation rows (parent cells blank) and sums the items where no total is given", () => {
    const { read } = readSuggested(
      csv(
        "ID,Customer,Posting Date,Customer's Purchase Order,Item Code (Items),Quantity (Items),Amount (Items)",
        'SINV-1,CUST-1,2026-06-29,INV-1,SKU-1,2,100',
        ',,,,SKU-2,1,40.50',
        'SINV-2,CUST-2,2026-06-30,INV-2,SKU-1,1,50',
      ),
    );
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'SINV-1 invoices 14050 EGP 2026-06-29 ref=INV-1 cust=CUST-1/',
      'SINV-2 invoices 5000 EGP 2026-06-30 ref=INV-2 cust=CUST-2/',
    ]);
    expect(read.reading.folded).toEqual({ documents: 1, rows: 1 });
  });

  it("takes Xero's total once when every item row repeats it, and refuses rows that disagree", () => {
    const header = '*ContactName,*InvoiceNumber,Reference,*InvoiceDate,Total,Description,LineAmount,Currency';
    const { suggestion, read } = readSuggested(
      csv(
        header,
        'Cairo Foods,INV-0001,INV-2026-000123,29/06/2026,114.00,Tea,57.00,EGP',
        'Cairo Foods,INV-0001,INV-2026-000123,29/06/2026,114.00,Sugar,57.00,EGP',
        'شركة النور,INV-0002,,30/06/2026,10.00,Rice,10.00,EGP',
      ),
    );
    expect(suggestion.layoutName).toBe('Xero invoices export');
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'INV-0001 invoices 11400 EGP 2026-06-29 ref=INV-2026-000123 cust=null/Cairo Foods',
      'INV-0002 invoices 1000 EGP 2026-06-30 ref=null cust=null/شركة النور',
    ]);
    const disagreeing = readSuggested(
      csv(
        header,
        'Cairo Foods,INV-0001,INV-2026-000123,29/06/2026,114.00,Tea,57.00,EGP',
        'Cairo Foods,INV-0001,INV-2026-000123,29/06/2026,115.00,Sugar,57.00,EGP',
      ),
    ).read;
    expect(disagreeing).toEqual({
      ok: false,
      mappingProblems: [],
      badRows: [{ line: 2, problems: [{ code: 'totals-differ', cents: [11400, 11500] }] }],
    });
  });
});

describe("the clerk's overrides", () => {
  const receipts = csv(
    'Document No.,Posting Date,Amount',
    'PAY-1,2026-06-29,100.00',
    'PAY-1,2026-06-29,50.00',
    'TOTAL,,150.00',
  );

  it('keeps rows under one number apart, as lines of their own, when the clerk says so', () => {
    const folded = readSuggested(receipts, { kind: 'payments' }).read;
    expect(folded.ok && folded.register.lines.map((line) => `${line.id} ${line.amountCents}`)).toEqual([
      'PAY-1 15000',
    ]);
    const apart = readSuggested(receipts, { kind: 'payments', keepsRowsApart: true }).read;
    expect(apart.ok && apart.register.lines.map((line) => `${line.id} ${line.amountCents}`)).toEqual([
      'PAY-1 10000',
      'PAY-1#2 5000',
    ]);
  });

  it('reads total rows as documents when the clerk says so, and says why one cannot be', () => {
    const kept = readSuggested(receipts, { kind: 'payments', keepsTotalRows: true }).read;
    expect(kept.ok && kept.register.lines.map((line) => `${line.id} ${line.amountCents}`)).toEqual([
      'PAY-1 15000',
      'TOTAL 15000',
    ]);
    const noNumber = readSuggested(csv('Document No.,Amount', 'SI-1,10.00', ',10.00'), {
      keepsTotalRows: true,
    }).read;
    expect(noNumber).toEqual({
      ok: false,
      mappingProblems: [],
      badRows: [{ line: 3, problems: [{ code: 'number-empty' }] }],
    });
  });
});

describe('kinds and signs', () => {
  it('reads an Odoo export: group rows left out, a negative RINV a credit note, the formula guard removed', () => {
    const { suggestion, read } = readSuggested(
      csv(
        'Number,Invoice Partner Display Name,Invoice/Bill Date,Reference,Currency,Total Signed',
        '29 Jun 2026 (2),,,,,1254.00',
        'INV/2026/00001,شركة النور,2026-06-29,INV-2026-000123,EGP,1140.00',
        "RINV/2026/00001,شركة النور,2026-06-29,'-RET-7,EGP,-114.00",
        'INV/2026/00002,Cairo Foods,2026-06-30,INV-2026-000124,ج.م.,228.00',
      ),
    );
    expect(suggestion.layoutName).toBe('Odoo invoices export');
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'INV/2026/00001 invoices 114000 EGP 2026-06-29 ref=INV-2026-000123 cust=null/شركة النور',
      'INV/2026/00002 invoices 22800 EGP 2026-06-30 ref=INV-2026-000124 cust=null/Cairo Foods',
    ]);
    expect(read.reading).toMatchObject({
      skipped: [
        { line: 2, text: '29 Jun 2026 (2)', why: 'group' },
        { line: 4, text: 'RINV/2026/00001', why: 'other-kind' },
      ],
      negativeAsCredit: 1,
      formulaGuards: 1,
      currencyNames: [{ text: 'ج.م.', code: 'EGP' }],
    });
    const returns = readSuggested(
      csv(
        'Number,Invoice Partner Display Name,Invoice/Bill Date,Reference,Currency,Total Signed',
        "RINV/2026/00001,شركة النور,2026-06-29,'-RET-7,EGP,-114.00",
      ),
      { kind: 'returns' },
    ).read;
    expect(returns.ok && brief(returns.register.lines)).toEqual([
      'RINV/2026/00001 returns 11400 EGP 2026-06-29 ref=-RET-7 cust=null/شركة النور',
    ]);
  });

  it('reads a Business Central ledger by its type column, payments written negative found and turned', () => {
    const { suggestion, read } = readSuggested(
      csv(
        'Entry No.,Posting Date,Document Type,Document No.,Customer No.,External Document No.,Amount',
        '101,29/06/2026,Payment,PAY-1,C-1,PAY-2026-000001,-500.00',
        '102,29/06/2026,Invoice,SI-1,C-1,INV-2026-000001,1140.00',
        '103,30/06/2026,Payment,PAY-2,C-2,PAY-2026-000002,-20.00',
        '104,30/06/2026,Refund,RF-1,C-2,PAY-2026-000002,20.00',
        '106,30/06/2026,Finance Charge Memo,FC-1,C-2,,5.00',
        '105,30/06/2026,Payment,PAY-3,C-2,PAY-2026-000003,20.00',
      ),
      { kind: 'payments' },
    );
    expect(suggestion.layoutName).toBe('Business Central customer ledger entries');
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'PAY-1 payments 50000 EGP 2026-06-29 ref=PAY-2026-000001 cust=C-1/',
      'PAY-2 payments 2000 EGP 2026-06-30 ref=PAY-2026-000002 cust=C-2/',
      // A refund takes a payment back: minus.
      'RF-1 payments -2000 EGP 2026-06-30 ref=PAY-2026-000002 cust=C-2/',
      // A payment written positive in a ledger of negative payments is one taken back.
      'PAY-3 payments -2000 EGP 2026-06-30 ref=PAY-2026-000003 cust=C-2/',
    ]);
    expect(read.reading.creditNegative).toEqual({ value: true, isFound: true });
    expect(read.reading.skipped).toEqual([
      { line: 3, text: 'SI-1', why: 'other-kind' },
      { line: 6, text: 'Finance Charge Memo', why: 'other-type' },
    ]);
  });
});

describe('cells', () => {
  it('reads currencies as codes, names and symbols, English and Arabic', () => {
    expect(
      [
        'egp',
        'Egyptian Pound',
        'جنيه مصري',
        'ج.م',
        'ج.م.',
        'E£',
        'LE',
        'US Dollar',
        '$',
        'ريال سعودي',
        'Dinars',
        '',
      ].map(currencyCode),
    ).toEqual(['EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'USD', 'USD', 'SAR', null, null]);
  });

  it('reads amounts with symbols, codes, CR and DR, and the formula guard', () => {
    expect(
      [
        '$1,045.50',
        'EGP 1,045.50',
        '1,045.50 ج.م',
        'E£1,045.50',
        '1,234.56 CR',
        '1,234.56 DR',
        "'-114.00",
        '1.045,50',
        '12.345',
      ].map((raw) => {
        const read = readAmount(raw);
        return read.ok ? `${read.value.cents} ${read.value.currency ?? ''}`.trim() : read.problem;
      }),
    ).toEqual([
      '104550 USD',
      '104550 EGP',
      '104550 EGP',
      '104550 EGP',
      '-123456',
      '123456',
      '-11400',
      '104550',
      'too-many-decimals',
    ]);
    // Read from the digits: a large amount is never refused for a float's last bit.
    expect(
      ['632263110426.05', '-0.00', '5973.6000', '1.005'].map((raw) => {
        const read = readAmount(raw);
        return read.ok ? read.value.cents : read.problem;
      }),
    ).toEqual([63226311042605, 0, 597360, 'too-many-decimals']);
  });

  it('finds the date order from the whole column, and asks only when nothing decides', () => {
    const cells = (...texts: string[]) => texts.map((text, i) => ({ line: i + 2, text }));
    expect(
      [
        cells('02/11/2026', '29/06/2026'),
        cells('11/02/2026', '06/29/2026'),
        cells('2026-06-29', '2026-06-30'),
        cells('02/11/2026', '03/04/2026'),
        cells('29/06/2026', '06/29/2026'),
        cells('29 Jun 2026', 'Jun 30, 2026'),
      ].map((column) => {
        const found = findDateOrder(column);
        return `${found.order} ${found.reason}`;
      }),
    ).toEqual([
      'dmy decided',
      'mdy decided',
      'ymd year-first',
      'null ambiguous',
      'null mixed',
      'ymd no-numeric',
    ]);
    const ambiguous = readSuggested(
      csv('Document No.,Posting Date,Amount', 'SI-1,02/11/2026,10', 'SI-2,03/04/2026,10'),
    );
    expect(ambiguous.read).toMatchObject({
      ok: false,
      mappingProblems: [{ code: 'dates-ambiguous', example: '02/11/2026' }],
      needsDateOrder: { reason: 'ambiguous' },
    });
  });

  it('reads named months, a time after the date, 2-digit years and spreadsheet serial days', () => {
    expect(
      [
        '31 Mar 2026',
        'Mar 31, 2026',
        '31-Mar-2026',
        'March 31 2026',
        '31 مارس 2026',
        '6/29/2026 10:00 AM',
        '29/06/26',
        '46112',
        '31 Feb 2026',
      ].map((raw) => {
        const read = parseRegisterDate(raw, raw.startsWith('6/') ? 'mdy' : 'dmy');
        return read.ok ? read.value : read.problem;
      }),
    ).toEqual([
      '2026-03-31',
      '2026-03-31',
      '2026-03-31',
      '2026-03-31',
      '2026-03-31',
      '2026-06-29',
      '2026-06-29',
      '2026-03-31',
      'not-a-day',
    ]);
  });

  it('suggests the columns from Arabic headers, Odoo\'s mistranslated "عدد" included', () => {
    const arabic = suggestRegister([
      'رقم الفاتورة',
      'التاريخ',
      'العميل',
      'الرقم المرجعي',
      'الإجمالي',
      'العملة',
    ]);
    expect(arabic.mapping.columns).toEqual({
      erpNumber: 0,
      date: 1,
      customerName: 2,
      serviceRef: 3,
      amount: 4,
      currency: 5,
    });
    const odoo = suggestRegister([
      'عدد',
      'اسم العرض لشريك الفاتورة',
      'تاريخ الفاتورة',
      'المرجع',
      'الإجمالي الموقع',
    ]);
    expect([odoo.layoutName, odoo.mapping.columns.erpNumber, odoo.mapping.columns.amount]).toEqual([
      'Odoo invoices export',
      0,
      4,
    ]);
  });
});

describe('files', () => {
  it('reads NetSuite\'s SpreadsheetML ".xls" with its rows above the header', () => {
    const xml = `<?xml version="1.0"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
<Worksheet ss:Name="Invoices"><Table>
<Row><Cell><Data ss:Type="String">Demo Trading Co</Data></Cell></Row>
<Row><Cell><Data ss:Type="String">Sales Invoices</Data></Cell></Row>
<Row></Row>
<Row><Cell><Data ss:Type="String">Date</Data></Cell><Cell><Data ss:Type="String">Type</Data></Cell><Cell><Data ss:Type="String">Document Number</Data></Cell><Cell><Data ss:Type="String">Name</Data></Cell><Cell><Data ss:Type="String">Memo</Data></Cell><Cell><Data ss:Type="String">Amount (Foreign Currency)</Data></Cell><Cell><Data ss:Type="String">Currency</Data></Cell></Row>
<Row><Cell><Data ss:Type="DateTime">2026-06-29T00:00:00.000</Data></Cell><Cell><Data ss:Type="String">Invoice</Data></Cell><Cell><Data ss:Type="String">INV1045</Data></Cell><Cell><Data ss:Type="String">Cairo Foods &amp; Co</Data></Cell><Cell><Data ss:Type="String">INV-2026-000123</Data></Cell><Cell><Data ss:Type="Number">1045.5</Data></Cell><Cell><Data ss:Type="String">Egyptian Pound</Data></Cell></Row>
<Row><Cell><Data ss:Type="String">Total</Data></Cell><Cell ss:Index="6"><Data ss:Type="Number">1045.5</Data></Cell></Row>
</Table></Worksheet></Workbook>`;
    const { file, suggestion, read } = readSuggested(new TextEncoder().encode(xml));
    expect([file.xmlSheet, file.table.headerLine, suggestion.layoutName]).toEqual([
      'Invoices',
      4,
      'NetSuite saved search',
    ]);
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(brief(read.register.lines)).toEqual([
      'INV1045 invoices 104550 EGP 2026-06-29 ref=INV-2026-000123 cust=null/Cairo Foods & Co',
    ]);
    expect(read.reading.skipped).toEqual([{ line: 6, text: 'Total', why: 'total' }]);
  });

  it('tells an old binary .xls from a CSV', () => {
    expect(() =>
      readRegisterFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])),
    ).toThrow(expect.objectContaining({ code: 'SPREADSHEET', problem: { code: 'old-xls' } }));
  });
});

describe('importing again', () => {
  const line = (erpNumber: string, amountCents: number): RegisterLine => ({
    id: erpNumber,
    line: 2,
    kind: 'invoices',
    erpNumber,
    erpKey: null,
    serviceRef: null,
    customer: null,
    customerName: null,
    date: '2026-06-29',
    amountCents,
    currency: 'EGP',
    chequeNumber: null,
  });

  it("adds only numbers it lacks, updates changed ones under their id, and drops a folded number's old rows", () => {
    const current = {
      isTaxIncluded: true,
      lines: [line('SI-1', 100), line('SI-2', 200), { ...line('SI-2', 50), id: 'SI-2#2' }, line('SI-3', 300)],
    };
    const merged = mergeRegisters(current, {
      isTaxIncluded: true,
      lines: [line('SI-2', 250), line('SI-3', 300), line('SI-4', 400)],
    });
    expect({
      ids: merged.register.lines.map((each) => `${each.id} ${each.amountCents}`),
      added: merged.added,
      unchanged: merged.unchanged,
      updated: merged.updated,
    }).toEqual({ ids: ['SI-1 100', 'SI-2 250', 'SI-3 300', 'SI-4 400'], added: 1, unchanged: 1, updated: 1 });
    // The same file twice adds nothing.
    const again = mergeRegisters(merged.register, merged.register);
    expect([again.added, again.updated, again.register.lines.length]).toEqual([0, 0, 4]);
  });
});
