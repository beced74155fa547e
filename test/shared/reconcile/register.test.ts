import { describe, expect, it } from 'vitest';
import {
  kindOfDocumentType,
  parseAmountCents,
  parseRegisterDate,
  readRegister,
  readRegisterFile,
  registerLayoutSignature,
  registerMappingProblems,
  suggestRegisterMapping,
  type ReadRegisterOptions,
} from '../../../src-shared/domain/reconcile';
import type { ImportTable } from '../../../src-shared/domain/master-data';

/** A table from lines of cells split on `|`, the header on line 1. */
function table(...lines: string[]): ImportTable {
  const [header = '', ...rows] = lines;
  return { headers: header.split('|'), rows: rows.map((row, i) => ({ line: i + 2, cells: row.split('|') })) };
}

const options: ReadRegisterOptions = { kind: 'invoices', dateOrder: 'dmy', defaultCurrency: 'egp' };

describe('mapping a register', () => {
  it('suggests every column from Business Central and SAP Business One headers', () => {
    const businessCentral = [
      'No.',
      'Sell-to Customer No.',
      'External Document No.',
      'Your Reference',
      'Posting Date',
      'Amount',
      'Amount Including VAT',
      'Currency Code',
      'Cheque No.',
    ];
    const ledger = ['Entry No.', 'Document Type', 'Document No.', 'Customer No.', 'Posting Date', 'Amount'];
    const sap = ['DocEntry', 'DocNum', 'CardCode', 'NumAtCard', 'DocDate', 'DocTotal', 'DocCur'];
    const net = ['Document No.', 'Your Reference', 'Amount Excl. VAT'];
    expect([businessCentral, ledger, sap, net].map((headers) => suggestRegisterMapping(headers))).toEqual([
      {
        columns: {
          erpNumber: 0,
          customer: 1,
          serviceRef: 2,
          date: 4,
          amount: 6,
          currency: 7,
          chequeNumber: 8,
        },
        isTaxIncluded: true,
        isCreditNegative: 'auto',
      },
      {
        columns: { erpKey: 0, documentType: 1, erpNumber: 2, customer: 3, date: 4, amount: 5 },
        isTaxIncluded: true,
        isCreditNegative: 'auto',
      },
      {
        columns: { erpKey: 0, erpNumber: 1, customer: 2, serviceRef: 3, date: 4, amount: 5, currency: 6 },
        isTaxIncluded: true,
        isCreditNegative: 'auto',
      },
      { columns: { erpNumber: 0, serviceRef: 1, amount: 2 }, isTaxIncluded: false, isCreditNegative: 'auto' },
    ]);
  });

  it('names what keeps a mapping from being used', () => {
    expect(
      registerMappingProblems(
        { columns: { customer: 0, date: 0, currency: 9 }, isTaxIncluded: true, isCreditNegative: false },
        ['Customer', 'Date'],
      ),
    ).toEqual([
      { code: 'choose-column', field: 'erpNumber' },
      { code: 'choose-column', field: 'amount' },
      { code: 'chosen-twice', column: 'Customer', first: { field: 'customer' }, second: { field: 'date' } },
      { code: 'not-in-file', target: { field: 'currency' } },
    ]);
  });

  it('gives one signature to exports with the same columns', () => {
    expect(registerLayoutSignature(['Document No.', 'Posting Date'])).toBe(
      registerLayoutSignature(['document no', 'POSTING_DATE']),
    );
    expect(registerLayoutSignature(['Document No.', 'Posting Date'])).not.toBe(
      registerLayoutSignature(['Posting Date', 'Document No.']),
    );
  });
});

describe('reading cells', () => {
  it('reads amounts into cents without rounding away a third decimal', () => {
    expect(
      ['1,234.50', '1.234,50', '(100.00)', '١٢٫٥', '0.1', '12.340', '1.005', 'abc'].map(parseAmountCents),
    ).toEqual([
      { ok: true, value: 123450 },
      { ok: true, value: 123450 },
      { ok: true, value: -10000 },
      { ok: true, value: 1250 },
      { ok: true, value: 10 },
      { ok: true, value: 1234 },
      { ok: false, problem: 'too-many-decimals' },
      { ok: false, problem: 'not-a-number' },
    ]);
  });

  it('reads dates day first, month first or year first, with a time after them', () => {
    const read = (raw: string, order: 'dmy' | 'mdy' | 'ymd'): string =>
      ((result) => (result.ok ? result.value : result.problem))(parseRegisterDate(raw, order));
    expect([
      read('03/04/2025', 'dmy'),
      read('03/04/2025', 'mdy'),
      read('31/03/2025 00:00:00', 'dmy'),
      read('2025-03-31T00:00:00Z', 'mdy'),
      read('20250331', 'ymd'),
      read('2025/3/31', 'ymd'),
      read('31/03/2025', 'ymd'),
      read('31/02/2025', 'dmy'),
    ]).toEqual([
      '2025-04-03',
      '2025-03-04',
      '2025-03-31',
      '2025-03-31',
      '2025-03-31',
      '2025-03-31',
      'not-year-first',
      'not-a-day',
    ]);
  });

  it('knows document types in English and Arabic', () => {
    expect(
      ['Invoice', 'Credit Memo', 'Payment', 'سند قبض', 'مرتجع', 'Order', 'Journal'].map(kindOfDocumentType),
    ).toEqual(['invoices', 'returns', 'payments', 'payments', 'returns', 'orders', null]);
  });
});

describe('reading a register', () => {
  it("reads one line per document of the register's feed, folding rows under one number and turning credits positive", () => {
    const source = table(
      'Document No.|Document Type|External Document No.|Customer No.|Posting Date|Amount|Currency Code|Cheque No.',
      'SI-1|Invoice| INV-7 |C1|31/03/2025|1,150.00||',
      'PR-1|Payment|R-9|C1|01/04/2025 00:00:00|-500.00|USD|CHQ 1',
      'PR-1|Payment|R-9|C1|01/04/2025|-250.50|usd|',
      'CM-1||RET-1|C2|02/04/2025|(80.00)||',
    );
    const mapping = { ...suggestRegisterMapping(source.headers), isCreditNegative: true };
    const payments = readRegister(source, mapping, { ...options, kind: 'payments' });
    expect(payments.ok && { lines: payments.register.lines, reading: payments.reading }).toEqual({
      lines: [
        {
          id: 'PR-1',
          line: 3,
          kind: 'payments',
          erpNumber: 'PR-1',
          erpKey: null,
          serviceRef: 'R-9',
          customer: 'C1',
          customerName: null,
          date: '2025-04-01',
          amountCents: 75050,
          currency: 'USD',
          chequeNumber: 'CHQ 1',
        },
        // A blank type is the register's feed.
        {
          id: 'CM-1',
          line: 5,
          kind: 'payments',
          erpNumber: 'CM-1',
          erpKey: null,
          serviceRef: 'RET-1',
          customer: 'C2',
          customerName: null,
          date: '2025-04-02',
          amountCents: 8000,
          currency: 'EGP',
          chequeNumber: null,
        },
      ],
      reading: {
        skipped: [{ line: 2, text: 'SI-1', why: 'other-kind' }],
        folded: { documents: 1, rows: 1 },
        dateOrder: { order: 'dmy', found: null },
        currencyNames: [],
        creditNegative: { value: true, isFound: false },
        negativeAsCredit: 0,
        formulaGuards: 0,
        codesInNames: 0,
      },
    });
    const returns = readRegister(source, mapping, { ...options, kind: 'returns' });
    expect(returns.ok && returns.register.lines).toEqual([
      {
        id: 'CM-1',
        line: 5,
        kind: 'returns',
        erpNumber: 'CM-1',
        erpKey: null,
        serviceRef: 'RET-1',
        customer: 'C2',
        customerName: null,
        date: '2025-04-02',
        amountCents: 8000,
        currency: 'EGP',
        chequeNumber: null,
      },
    ]);
    // Found from the file: both receipts and the credit note are written negative.
    const found = readRegister(
      source,
      { ...mapping, isCreditNegative: 'auto' },
      { ...options, kind: 'payments' },
    );
    expect(found.ok && [found.register.lines[0]?.amountCents, found.reading.creditNegative]).toEqual([
      75050,
      { value: true, isFound: true },
    ]);
  });

  it('imports nothing when any row is bad, and lists every bad row with its problems', () => {
    const source = table(
      'Document No.|Document Type|Posting Date|Amount|Currency Code',
      'SI-1|Invoice|31/03/2025|100.00|',
      '|Invoice|31/02/2025|12,3x|',
      `${'X'.repeat(65)}|Gutschrift|01/04/2025||EURX`,
      'SI-4|Invoice|01/04/2025|5.00|',
    );
    const read = readRegister(source, suggestRegisterMapping(source.headers), {
      ...options,
      defaultCurrency: '',
    });
    expect(read).toEqual({
      ok: false,
      mappingProblems: [],
      badRows: [
        {
          line: 2,
          problems: [{ code: 'currency-empty' }],
        },
        {
          line: 3,
          problems: [
            { code: 'number-empty' },
            { code: 'amount-unreadable', column: 'amount', text: '12,3x', why: 'not-a-number' },
            { code: 'date-unreadable', text: '31/02/2025', why: 'not-a-day' },
            { code: 'currency-empty' },
          ],
        },
        {
          line: 4,
          problems: [
            { code: 'number-too-long', length: 65, most: 64 },
            { code: 'currency-unknown', text: 'EURX' },
            { code: 'amount-empty' },
            { code: 'type-unknown', text: 'Gutschrift' },
          ],
        },
        { line: 5, problems: [{ code: 'currency-empty' }] },
      ],
    });
    expect(
      readRegister(source, { columns: {}, isTaxIncluded: true, isCreditNegative: false }, options),
    ).toEqual({
      ok: false,
      mappingProblems: [
        { code: 'choose-column', field: 'erpNumber' },
        { code: 'choose-column', field: 'amount' },
      ],
      badRows: [],
    });
  });

  it('reads a CSV export with the master-data reader: BOM, semicolons, decimal commas', () => {
    const text = '\ufeffBelegnr.;Document No.;Posting Date;Amount\r\n\r\nx;SI-1;31.03.2025;1.234,50\r\n';
    const read = readRegisterFile(new TextEncoder().encode(text));
    expect(read).toEqual({
      table: {
        headers: ['Belegnr.', 'Document No.', 'Posting Date', 'Amount'],
        rows: [{ line: 3, cells: ['x', 'SI-1', '31.03.2025', '1.234,50'] }],
        headerLine: 1,
        rowsAbove: [],
      },
      encoding: 'utf-8',
      hasBom: true,
      delimiter: ';',
      xmlSheet: null,
    });
    const lines = readRegister(read.table, suggestRegisterMapping(read.table.headers), options);
    expect(
      lines.ok && lines.register.lines.map((line) => [line.erpNumber, line.date, line.amountCents]),
    ).toEqual([['SI-1', '2025-03-31', 123450]]);
  });
});
